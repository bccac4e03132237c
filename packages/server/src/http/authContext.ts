import { createHash, randomBytes } from 'node:crypto';
import { ApiKeyScope, can, isApiKey, type KnownPermission } from '@printloom/core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/Db.js';
import { findLiveApiKeyWithSeller, isLastUseStale, touchApiKey } from '../sql/apiKeys.js';
import { findLiveSessionWithUser, type GrantRow, grantOf } from '../sql/sessions.js';
import { getUserById, type UserRow } from '../sql/users.js';

/**
 * Cookie holding the dashboard's session token: HttpOnly, so page scripts never read it; the
 * dashboard's requests carry it with the CSRF header. The CLI sends the Bearer header instead.
 */
export const SESSION_COOKIE = 'auth_token';
/**
 * A readable cookie naming the session without revealing its token (a prefix of its hash), so
 * a tab sees when another tab signed out or switched account.
 */
export const SESSION_MARKER_COOKIE = 'auth_session';

export function sessionMarkerOf(token: string): string {
  return hashToken(token).slice(0, 16);
}

/**
 * Who is calling and for which seller. `sellerId` is the tenant every query is scoped to;
 * `actorId` is the real person (the admin while signed in as a seller, the team member while
 * switched) and is what the audit log records.
 */
export interface AuthContext {
  /** The session behind the token; null when the caller used an API key. */
  sessionId: number | null;
  /** The API key the caller used, with the only permissions it carries; null for a session. */
  apiKey: { id: number; scopes: readonly KnownPermission[] } | null;
  /** The user the session was issued to. */
  userId: number;
  actorId: number;
  sellerId: number;
  accessUser: number | null;
  /** The tenant's user row. */
  seller: UserRow;
  roles: string[];
  permissions: string[];
  grant: GrantRow | null;
  /**
   * Stores of the seller this session may touch (spec §6: an admin signed in as a seller with
   * store ids; a team member limited to some stores); null for every store. See
   * http/storeScope.ts.
   */
  storeIds: number[] | null;
  isAdmin: boolean;
  viaCookie: boolean;
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function tokenOf(request: FastifyRequest): { token: string; viaCookie: boolean } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token) return { token, viaCookie: false };
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, viaCookie: true } : null;
}

/** The session of a route only sessions may call (`sessionOnly` keeps API keys out). */
export function sessionIdOf(auth: AuthContext): number {
  if (auth.sessionId === null) throw new Error('sessionOnly route reached with an API key');
  return auth.sessionId;
}

/**
 * Whether the caller may do what `permission` names: the account's rule (spec §6), and for an
 * API key also the key's scopes, so a key never does more than its seller nor than it was given.
 */
export function allows(auth: AuthContext, permission: KnownPermission): boolean {
  if (!can(auth, permission)) return false;
  return auth.apiKey === null || auth.apiKey.scopes.includes(permission);
}

/** Reads the session (or API key) behind a token; null when unknown, expired or revoked. */
export async function resolveAuth(
  db: Db,
  token: string,
  viaCookie: boolean,
): Promise<AuthContext | null> {
  if (isApiKey(token)) return resolveApiKey(db, token, viaCookie);
  const found = await findLiveSessionWithUser(db, hashToken(token), 'access');
  if (!found) return null;
  const { session, user: signedIn } = found;
  let grant: GrantRow | null = null;
  let seller = signedIn;
  if (session.acting_seller_id !== null) {
    // Re-read the grant on every request so a revoked or narrowed grant takes effect at once.
    grant = (await grantOf(db, signedIn.id, session.acting_seller_id)) ?? null;
    if (!grant) return null;
    const target = await getUserById(db, session.acting_seller_id);
    if (!target) return null;
    seller = target;
  }
  return {
    sessionId: session.id,
    apiKey: null,
    userId: signedIn.id,
    actorId: session.access_user ?? signedIn.id,
    sellerId: seller.id,
    accessUser: session.access_user,
    seller,
    roles: grant ? [grant.role] : signedIn.roles,
    permissions: grant ? grant.permissions : [],
    grant,
    storeIds: sessionStores(
      session.access_user !== null ? (session.store_ids?.map(Number) ?? null) : null,
      grant?.store_ids?.map(Number) ?? null,
    ),
    isAdmin: signedIn.is_admin && session.access_user === null && grant === null,
    viaCookie,
  };
}

/**
 * The stores a session may touch: an admin's list (signed in as the seller for some stores) and a
 * team member's store limit both narrow it; null when neither limits anything.
 */
function sessionStores(admin: number[] | null, member: number[] | null): number[] | null {
  if (admin === null) return member;
  if (member === null) return admin;
  return admin.filter((id) => member.includes(id));
}

/** An API key acts as its seller, limited to its scopes; its last use is written now and then. */
async function resolveApiKey(
  db: Db,
  token: string,
  viaCookie: boolean,
): Promise<AuthContext | null> {
  const found = await findLiveApiKeyWithSeller(db, hashToken(token));
  if (!found) return null;
  const { key, seller } = found;
  if (isLastUseStale(key, new Date())) await touchApiKey(db, key.id);
  // Scopes are checked on the way in; a name dropped from the known list no longer grants.
  const scopes = key.scopes.flatMap((scope) => {
    const parsed = ApiKeyScope.safeParse(scope);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    sessionId: null,
    apiKey: { id: key.id, scopes },
    userId: seller.id,
    actorId: seller.id,
    sellerId: seller.id,
    accessUser: null,
    seller,
    roles: seller.roles,
    permissions: scopes,
    grant: null,
    storeIds: null,
    isAdmin: false,
    viaCookie,
  };
}
