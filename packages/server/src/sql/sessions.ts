import type { Queryable } from '../db/Db.js';
import { prefixedColumns, splitUserRow, type UserRow } from './users.js';

export interface SessionRow {
  id: number;
  kind: string;
  user_id: number;
  acting_seller_id: number | null;
  access_user: number | null;
  /** Stores an admin signed in as the seller is limited to; null for every store. */
  store_ids: number[] | null;
  expires_at: Date;
}

export async function insertSession(
  db: Queryable,
  session: {
    tokenHash: string;
    kind: 'access' | 'tfa';
    userId: number;
    actingSellerId?: number | null;
    accessUser?: number | null;
    storeIds?: number[] | null;
    ttlSeconds: number;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO sessions (token_hash, kind, user_id, acting_seller_id, access_user, expires_at, store_ids)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6), $7::bigint[])`,
    [
      session.tokenHash,
      session.kind,
      session.userId,
      session.actingSellerId ?? null,
      session.accessUser ?? null,
      session.ttlSeconds,
      session.storeIds ?? null,
    ],
  );
}

/** A live session of that kind: not revoked and not expired. */
export async function findLiveSession(
  db: Queryable,
  tokenHash: string,
  kind: 'access' | 'tfa',
): Promise<SessionRow | undefined> {
  return (
    await db.query<SessionRow>(
      `SELECT id, kind, user_id, acting_seller_id, access_user, store_ids, expires_at FROM sessions
       WHERE token_hash = $1 AND kind = $2 AND revoked_at IS NULL AND expires_at > now()`,
      [tokenHash, kind],
    )
  )[0];
}

const SESSION_COLUMNS = [
  'id',
  'kind',
  'user_id',
  'acting_seller_id',
  'access_user',
  'store_ids',
  'expires_at',
] as const;

/**
 * A live session of that kind and the user it was issued to, in one query: every authenticated
 * request reads both, and a bulk worker makes one request per row.
 */
export async function findLiveSessionWithUser(
  db: Queryable,
  tokenHash: string,
  kind: 'access' | 'tfa',
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT u.*, ${prefixedColumns('s', SESSION_COLUMNS, 'session')}
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.kind = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [tokenHash, kind],
  );
  if (!row) return undefined;
  const { user, other } = splitUserRow<SessionRow>(row, 'session');
  return { session: other, user };
}

/**
 * When the user last signed in before the session `beforeSessionId`: their latest own access
 * session before it (an admin signed in as them does not count). Null for a first sign-in.
 */
export async function previousSignIn(
  db: Queryable,
  userId: number,
  /** The current session; null for an API key, which has none (the latest sign-in counts). */
  beforeSessionId: number | null,
): Promise<Date | null> {
  const [row] = await db.query<{ at: Date | null }>(
    `SELECT max(created_at) AS at FROM sessions
     WHERE user_id = $1 AND kind = 'access' AND access_user IS NULL AND ($2::bigint IS NULL OR id < $2)`,
    [userId, beforeSessionId],
  );
  return row?.at ?? null;
}

export async function revokeSession(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
    id,
  ]);
}

/**
 * Counts a wrong code against a two-factor challenge and ends it at `max` wrong codes; answers
 * whether the challenge is still live.
 */
export async function failTfaChallenge(db: Queryable, id: number, max: number): Promise<boolean> {
  const [row] = await db.query<{ failed_codes: number }>(
    `UPDATE sessions SET failed_codes = failed_codes + 1,
       revoked_at = CASE WHEN failed_codes + 1 >= $2 THEN now() ELSE revoked_at END
     WHERE id = $1 AND kind = 'tfa' RETURNING failed_codes`,
    [id, max],
  );
  return row !== undefined && row.failed_codes < max;
}

export async function revokeUserSessions(db: Queryable, userId: number): Promise<void> {
  await db.query(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
}

export async function insertUserToken(
  db: Queryable,
  token: { tokenHash: string; purpose: 'reset' | 'verify'; userId: number; ttlSeconds: number },
): Promise<void> {
  await db.query(
    `INSERT INTO user_tokens (token_hash, purpose, user_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [token.tokenHash, token.purpose, token.userId, token.ttlSeconds],
  );
}

/** Marks a live single-use token used and returns its user, or undefined. */
export async function useUserToken(
  db: Queryable,
  tokenHash: string,
  purpose: 'reset' | 'verify',
): Promise<number | undefined> {
  const rows = await db.query<{ user_id: number }>(
    `UPDATE user_tokens SET used_at = now()
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
     RETURNING user_id`,
    [tokenHash, purpose],
  );
  return rows[0]?.user_id;
}

/** Ends every outstanding token of that purpose of a user (a reset ends all older reset links). */
export async function endUserTokens(
  db: Queryable,
  userId: number,
  purpose: 'reset' | 'verify',
): Promise<void> {
  await db.query(
    `UPDATE user_tokens SET used_at = now()
     WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
    [userId, purpose],
  );
}

export async function insertAudit(
  db: Queryable,
  entry: { actorId: number | null; sellerId: number | null; action: string; detail?: unknown },
): Promise<void> {
  await db.query(
    'INSERT INTO audit_log (actor_id, seller_id, action, detail) VALUES ($1, $2, $3, $4)',
    [entry.actorId, entry.sellerId, entry.action, JSON.stringify(entry.detail ?? null)],
  );
}

export async function insertOutbox(
  db: Queryable,
  mail: { to: string; subject: string; body: string },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO outbox (to_address, subject, body) VALUES ($1, $2, $3) RETURNING id',
    [mail.to, mail.subject, mail.body],
  );
  return row?.id ?? 0;
}

export interface GrantRow {
  id: number;
  seller_id: number;
  member_id: number;
  role: string;
  permissions: string[];
  /** Stores of the seller the member is limited to; null for every store. */
  store_ids: Array<number | string> | null;
  name: string;
  avatar: string | null;
}

export async function grantsOfMember(db: Queryable, memberId: number): Promise<GrantRow[]> {
  return db.query<GrantRow>(
    `SELECT a.id, a.seller_id, a.member_id, a.role, a.permissions, a.store_ids, u.name, u.avatar
     FROM authorized_accounts a JOIN users u ON u.id = a.seller_id
     WHERE a.member_id = $1 ORDER BY a.id`,
    [memberId],
  );
}

export async function grantOf(
  db: Queryable,
  memberId: number,
  sellerId: number,
): Promise<GrantRow | undefined> {
  return (await grantsOfMember(db, memberId)).find((g) => g.seller_id === sellerId);
}

export async function insertGrant(
  db: Queryable,
  grant: {
    sellerId: number;
    memberId: number;
    role: string;
    permissions: string[];
    storeIds?: number[] | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO authorized_accounts (seller_id, member_id, role, permissions, store_ids)
     VALUES ($1, $2, $3, $4, $5::bigint[])
     ON CONFLICT (seller_id, member_id) DO UPDATE SET role = EXCLUDED.role,
       permissions = EXCLUDED.permissions, store_ids = EXCLUDED.store_ids`,
    [grant.sellerId, grant.memberId, grant.role, grant.permissions, grant.storeIds ?? null],
  );
}

export interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  sent_at: Date | null;
  created_at: Date;
}

/** The newest mails of the outbox (the demo outbox page; not scoped: a demo server's own). */
export async function listOutbox(db: Queryable, limit: number): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `SELECT id, to_address, subject, body, sent_at, created_at FROM outbox
     ORDER BY id DESC LIMIT $1`,
    [limit],
  );
}

/** A seller-center hand-over token: single use, bound to a nonce hash and its source session. */
export async function insertHandoverToken(
  db: Queryable,
  token: {
    tokenHash: string;
    nonceHash: string;
    userId: number;
    sessionId: number;
    ttlSeconds: number;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO user_tokens (token_hash, purpose, user_id, nonce_hash, session_id, expires_at)
     VALUES ($1, 'handover', $2, $3, $4, now() + make_interval(secs => $5))`,
    [token.tokenHash, token.userId, token.nonceHash, token.sessionId, token.ttlSeconds],
  );
}

/** A live, unused hand-over token and the nonce hash it is bound to. */
export async function findHandoverToken(
  db: Queryable,
  tokenHash: string,
): Promise<{ user_id: number; nonce_hash: string | null } | undefined> {
  const [row] = await db.query<{ user_id: number; nonce_hash: string | null }>(
    `SELECT user_id, nonce_hash FROM user_tokens
     WHERE token_hash = $1 AND purpose = 'handover' AND used_at IS NULL AND expires_at > now()`,
    [tokenHash],
  );
  return row;
}

/**
 * Spends a live hand-over token bound to `nonceHash` and answers the live session it was minted
 * from, or undefined (unknown, used, expired, another nonce, or the session ended meanwhile).
 */
export async function useHandoverToken(
  db: Queryable,
  tokenHash: string,
  nonceHash: string,
): Promise<SessionRow | undefined> {
  const [row] = await db.query<SessionRow>(
    `WITH spent AS (
       UPDATE user_tokens SET used_at = now()
       WHERE token_hash = $1 AND purpose = 'handover' AND nonce_hash = $2
         AND used_at IS NULL AND expires_at > now()
       RETURNING session_id
     )
     SELECT s.id, s.kind, s.user_id, s.acting_seller_id, s.access_user, s.store_ids, s.expires_at
     FROM spent JOIN sessions s ON s.id = spent.session_id
     WHERE s.kind = 'access' AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [tokenHash, nonceHash],
  );
  return row;
}
