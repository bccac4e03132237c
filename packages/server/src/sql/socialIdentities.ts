import type { SocialIntent, SocialProvider } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

/** A provider account linked to a user (migration 048). */
export interface IdentityRow {
  user_id: number;
  provider: SocialProvider;
  subject: string;
  email: string | null;
  created_at: Date;
}

export async function identityBySubject(
  db: Queryable,
  provider: SocialProvider,
  subject: string,
): Promise<IdentityRow | undefined> {
  return (
    await db.query<IdentityRow>(
      `SELECT user_id, provider, subject, email, created_at FROM user_identities
       WHERE provider = $1 AND subject = $2`,
      [provider, subject],
    )
  )[0];
}

export async function userIdentities(db: Queryable, userId: number): Promise<IdentityRow[]> {
  return db.query<IdentityRow>(
    `SELECT user_id, provider, subject, email, created_at FROM user_identities
     WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
}

/**
 * Links a provider account; false when it is taken meanwhile (by this or another user) or the
 * user already has an account of that provider.
 */
export async function insertIdentity(
  db: Queryable,
  identity: { userId: number; provider: SocialProvider; subject: string; email: string | null },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO user_identities (user_id, provider, subject, email) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING id`,
    [identity.userId, identity.provider, identity.subject, identity.email],
  );
  return rows.length > 0;
}

/**
 * Unlinks a provider from a user unless it is the user's only way to sign in (no password and no
 * other provider): answers `unlinked`, `missing` or `last`, checked and deleted in one statement.
 */
export async function deleteIdentityUnlessLast(
  db: Queryable,
  userId: number,
  provider: SocialProvider,
): Promise<'unlinked' | 'missing' | 'last'> {
  const [row] = await db.query<{ deleted: number; present: number }>(
    `WITH target AS (
       SELECT id FROM user_identities WHERE user_id = $1 AND provider = $2
     ), allowed AS (
       SELECT t.id FROM target t JOIN users u ON u.id = $1
       WHERE u.has_password
          OR EXISTS (SELECT 1 FROM user_identities o WHERE o.user_id = $1 AND o.provider <> $2)
     ), gone AS (
       DELETE FROM user_identities WHERE id IN (SELECT id FROM allowed) RETURNING id
     )
     SELECT (SELECT count(*) FROM gone)::int AS deleted, (SELECT count(*) FROM target)::int AS present`,
    [userId, provider],
  );
  if (row && row.deleted > 0) return 'unlinked';
  return row && row.present > 0 ? 'last' : 'missing';
}

/** An account signed up through a provider: no password of its own (migration 048). */
export async function markNoPassword(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE users SET has_password = false WHERE id = $1', [userId]);
}

export interface SocialStateRow {
  provider: SocialProvider;
  intent: SocialIntent;
  user_id: number | null;
  code_verifier: string;
  nonce: string;
}

export async function insertSocialState(
  db: Queryable,
  state: {
    stateHash: string;
    provider: SocialProvider;
    intent: SocialIntent;
    userId: number | null;
    codeVerifier: string;
    nonce: string;
    ttlSeconds: number;
  },
): Promise<void> {
  // Abandoned sign-ins are cleared as new ones start.
  await db.query('DELETE FROM social_auth_states WHERE expires_at < now()');
  await db.query(
    `INSERT INTO social_auth_states (state_hash, provider, intent, user_id, code_verifier, nonce, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    [
      state.stateHash,
      state.provider,
      state.intent,
      state.userId,
      state.codeVerifier,
      state.nonce,
      state.ttlSeconds,
    ],
  );
}

/** Takes a live sign-in state once: a second callback with the same state finds nothing. */
export async function takeSocialState(
  db: Queryable,
  stateHash: string,
): Promise<SocialStateRow | undefined> {
  return (
    await db.query<SocialStateRow>(
      `DELETE FROM social_auth_states WHERE state_hash = $1 AND expires_at > now()
       RETURNING provider, intent, user_id, code_verifier, nonce`,
      [stateHash],
    )
  )[0];
}

export interface LinkRequestRow {
  id: number;
  user_id: number;
  provider: SocialProvider;
  subject: string;
  email: string;
}

export async function insertLinkRequest(
  db: Queryable,
  request: {
    tokenHash: string;
    userId: number;
    provider: SocialProvider;
    subject: string;
    email: string;
    ttlSeconds: number;
  },
): Promise<void> {
  await db.query('DELETE FROM social_link_requests WHERE expires_at < now()');
  await db.query(
    `INSERT INTO social_link_requests (token_hash, user_id, provider, subject, email, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [
      request.tokenHash,
      request.userId,
      request.provider,
      request.subject,
      request.email,
      request.ttlSeconds,
    ],
  );
}

/** A live link request by the browser's token, or by the mailed token. */
export async function findLinkRequest(
  db: Queryable,
  tokenHash: string,
  by: 'browser' | 'mail',
): Promise<LinkRequestRow | undefined> {
  const column = by === 'browser' ? 'token_hash' : 'mail_token_hash';
  return (
    await db.query<LinkRequestRow>(
      `SELECT id, user_id, provider, subject, email FROM social_link_requests
       WHERE ${column} = $1 AND expires_at > now()`,
      [tokenHash],
    )
  )[0];
}

/** Gives a link request a mailed token (a new mail replaces the previous token). */
export async function setLinkMailToken(
  db: Queryable,
  id: number,
  mailTokenHash: string,
): Promise<void> {
  await db.query('UPDATE social_link_requests SET mail_token_hash = $2 WHERE id = $1', [
    id,
    mailTokenHash,
  ]);
}

/** Ends a link request once used; false when another request used it first. */
export async function deleteLinkRequest(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM social_link_requests WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}
