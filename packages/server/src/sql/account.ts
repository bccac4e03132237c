/**
 * The signed-in person's own account (issue 15): profile, sessions, and the seller's general
 * settings. Each verb takes the user id of the session (the person, or the seller for general
 * settings), never an id from the request.
 */
import type { Queryable } from '../db/Db.js';

export async function updateProfile(
  db: Queryable,
  userId: number,
  profile: { name: string; phone: string | null; facebook: string | null },
): Promise<void> {
  await db.query('UPDATE users SET name = $2, phone = $3, facebook = $4 WHERE id = $1', [
    userId,
    profile.name,
    profile.phone,
    profile.facebook,
  ]);
}

/** Sets or clears the person's picture (an address of their own upload). */
export async function updateAvatar(
  db: Queryable,
  userId: number,
  avatar: string | null,
): Promise<void> {
  await db.query('UPDATE users SET avatar = $2 WHERE id = $1', [userId, avatar]);
}

export interface AccountSessionRow {
  id: number;
  created_at: Date;
  expires_at: Date;
  acting_for: string | null;
}

/** Live access sessions of the person, newest first, with the seller each acts for. */
export async function liveSessionsOf(db: Queryable, userId: number): Promise<AccountSessionRow[]> {
  return db.query<AccountSessionRow>(
    `SELECT s.id, s.created_at, s.expires_at, seller.name AS acting_for
     FROM sessions s LEFT JOIN users seller ON seller.id = s.acting_seller_id
     WHERE s.user_id = $1 AND s.kind = 'access' AND s.access_user IS NULL
       AND s.revoked_at IS NULL AND s.expires_at > now()
     ORDER BY s.id DESC`,
    [userId],
  );
}

/** Ends every session of the person but `keepId` (also two-factor challenges under way). */
export async function revokeOtherSessions(
  db: Queryable,
  userId: number,
  keepId: number,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `UPDATE sessions SET revoked_at = now()
     WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL RETURNING id`,
    [userId, keepId],
  );
  return rows.length;
}

export interface GeneralSettingsRow {
  utc_offset: number | string;
  currency: string;
}

export async function getGeneralSettings(
  db: Queryable,
  sellerId: number,
): Promise<GeneralSettingsRow | undefined> {
  return (
    await db.query<GeneralSettingsRow>('SELECT utc_offset, currency FROM users WHERE id = $1', [
      sellerId,
    ])
  )[0];
}

export async function setGeneralSettings(
  db: Queryable,
  sellerId: number,
  settings: { utcOffset: number; currency: string },
): Promise<GeneralSettingsRow | undefined> {
  return (
    await db.query<GeneralSettingsRow>(
      'UPDATE users SET utc_offset = $2, currency = $3 WHERE id = $1 RETURNING utc_offset, currency',
      [sellerId, settings.utcOffset, settings.currency],
    )
  )[0];
}

/**
 * A link for changing the email to `newEmail`; earlier pending changes of the user end, so only
 * the newest link works.
 */
export async function insertEmailChangeToken(
  db: Queryable,
  token: { tokenHash: string; userId: number; newEmail: string; ttlSeconds: number },
): Promise<void> {
  await db.query(
    `UPDATE user_tokens SET used_at = now()
     WHERE user_id = $1 AND purpose = 'email_change' AND used_at IS NULL`,
    [token.userId],
  );
  await db.query(
    `INSERT INTO user_tokens (token_hash, purpose, user_id, new_email, expires_at)
     VALUES ($1, 'email_change', $2, $3, now() + make_interval(secs => $4))`,
    [token.tokenHash, token.userId, token.newEmail, token.ttlSeconds],
  );
}

/** Spends a live email-change link: its user and the new address, or undefined. */
export async function useEmailChangeToken(
  db: Queryable,
  tokenHash: string,
): Promise<{ user_id: number; new_email: string } | undefined> {
  return (
    await db.query<{ user_id: number; new_email: string }>(
      `UPDATE user_tokens SET used_at = now()
       WHERE token_hash = $1 AND purpose = 'email_change' AND used_at IS NULL AND expires_at > now()
       RETURNING user_id, new_email`,
      [tokenHash],
    )
  )[0];
}

/** Sets the email (verified: the link reached it); false when another account holds it. */
export async function setVerifiedEmail(
  db: Queryable,
  userId: number,
  email: string,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE users SET email = $2, email_verified_at = now()
     WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users other WHERE other.email = $2 AND other.id <> $1)
     RETURNING id`,
    [userId, email],
  );
  return rows.length > 0;
}
