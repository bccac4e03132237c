import { createHmac, randomUUID } from 'node:crypto';

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

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * A JSON Web Token (HS256) the personalisation design tool verifies with the secret it shares
 * with this server: issuer `printloom`, audience the tool's API origin, subject `seller:{id}`,
 * one hour. Nothing else is stored: the tool trusts the signature and the expiry.
 */
export function signDesignToolToken(
  config: { apiUrl: string; tokenSecret: string },
  claims: DesignToolClaims,
  nowSeconds: number,
): string {
  const header = { alg: 'HS256', typ: 'JWT' };
  const payload = {
    iss: 'printloom',
    aud: new URL(config.apiUrl).origin,
    sub: `seller:${claims.sellerId}`,
    seller_id: claims.sellerId,
    actor_id: claims.actorId,
    store_ids: claims.storeIds,
    iat: nowSeconds,
    exp: nowSeconds + DESIGN_TOOL_TOKEN_TTL_SECONDS,
    jti: randomUUID(),
  };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature = createHmac('sha256', config.tokenSecret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}
