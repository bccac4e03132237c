import type { Queryable } from '../db/Db.js';

/**
 * Marks a bot-check solution used until `expiresAt`; false when it already was (a replay).
 * Expired marks are swept on the way: their challenges are refused as expired anyway.
 */
export async function claimBotCheckSolution(
  db: Queryable,
  id: string,
  expiresAt: Date,
): Promise<boolean> {
  await db.query('DELETE FROM bot_check_used WHERE expires_at < now()');
  const rows = await db.query(
    `INSERT INTO bot_check_used (id, expires_at) VALUES ($1, $2)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [id, expiresAt],
  );
  return rows.length > 0;
}

/** The most failed logins any of `keys` counts within the last `windowSeconds`. */
export async function botCheckFailures(
  db: Queryable,
  keys: readonly string[],
  windowSeconds: number,
): Promise<number> {
  const [row] = await db.query<{ failures: number | null }>(
    `SELECT max(failures) AS failures FROM bot_check_failures
     WHERE key = ANY($1::text[]) AND last_failed_at > now() - make_interval(secs => $2)`,
    [keys, windowSeconds],
  );
  return Number(row?.failures ?? 0);
}

/** Counts one failed login for each key; a count older than the window starts again at 1. */
export async function recordBotCheckFailure(
  db: Queryable,
  keys: readonly string[],
  windowSeconds: number,
): Promise<void> {
  for (const key of keys) {
    await db.query(
      `INSERT INTO bot_check_failures (key, failures, last_failed_at) VALUES ($1, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN bot_check_failures.last_failed_at > now() - make_interval(secs => $2)
                         THEN bot_check_failures.failures + 1 ELSE 1 END,
         last_failed_at = now()`,
      [key, windowSeconds],
    );
  }
}

export async function clearBotCheckFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM bot_check_failures WHERE key = $1', [key]);
}
