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
