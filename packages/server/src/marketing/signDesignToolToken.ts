import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

/** Life of a design-tool access token: the tool asks again when it expires. */
export const DESIGN_TOOL_TOKEN_TTL_SECONDS = 3600;

export interface DesignToolClaims {
  /** The seller the tool works for. */
  sellerId: number;
  /** The person at the keyboard (the admin or team member acting for the seller). */
  actorId: number;
  /** Stores the tool may touch; null for every store of the seller. */
  storeIds: number[] | null;
}

/**
 * A JSON Web Token (HS256, signed with jose) the personalisation design tool verifies with the
 * secret it shares with this server: issuer `printloom`, audience the tool's API origin, subject
 * `seller:{id}`, one hour. Nothing else is stored: the tool trusts the signature and the expiry.
 */
export async function signDesignToolToken(
  config: { apiUrl: string; tokenSecret: string },
  claims: DesignToolClaims,
  nowSeconds: number,
): Promise<string> {
  return new SignJWT({
    seller_id: claims.sellerId,
    actor_id: claims.actorId,
    store_ids: claims.storeIds,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('printloom')
    .setAudience(new URL(config.apiUrl).origin)
    .setSubject(`seller:${claims.sellerId}`)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + DESIGN_TOOL_TOKEN_TTL_SECONDS)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(config.tokenSecret));
}
