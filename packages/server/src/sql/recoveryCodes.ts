/**
 * Two-factor recovery codes (issue 15): given when two-factor is confirmed, stored only as their
 * SHA-256, each accepted once. Confirming again replaces them; turning two-factor off drops them.
 */
import type { Queryable } from '../db/Db.js';

export async function replaceRecoveryCodes(
  db: Queryable,
  userId: number,
  codeHashes: readonly string[],
): Promise<void> {
  await db.query('DELETE FROM tfa_recovery_codes WHERE user_id = $1', [userId]);
  await db.query(
    `INSERT INTO tfa_recovery_codes (user_id, code_hash)
     SELECT $1, unnest($2::text[])`,
    [userId, codeHashes],
  );
}

/** Spends an unused code of the user; false when unknown or already used. */
export async function spendRecoveryCode(
  db: Queryable,
  userId: number,
  codeHash: string,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE tfa_recovery_codes SET used_at = now()
     WHERE id = (SELECT id FROM tfa_recovery_codes
                 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL LIMIT 1)
       AND used_at IS NULL
     RETURNING id`,
    [userId, codeHash],
  );
  return rows.length > 0;
}

export async function deleteRecoveryCodes(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM tfa_recovery_codes WHERE user_id = $1', [userId]);
}
