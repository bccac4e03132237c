import type { Queryable } from '../db/Db.js';

export interface LoginFailureRow {
  failures: number;
  /** Seconds since the last failure, by the database's clock. */
  elapsed_seconds: number;
}

/** Failed logins of an account (its normalised email) since its last successful login. */
export async function loginFailuresOf(
  db: Queryable,
  account: string,
): Promise<LoginFailureRow | undefined> {
  const [row] = await db.query<{ failures: number; elapsed_seconds: string | number }>(
    `SELECT failures, EXTRACT(EPOCH FROM (now() - last_failed_at)) AS elapsed_seconds
     FROM account_login_failures WHERE account = $1`,
    [account],
  );
  return row && { failures: row.failures, elapsed_seconds: Number(row.elapsed_seconds) };
}

/** Counts one more failed login of the account; answers the new count. */
export async function recordLoginFailure(db: Queryable, account: string): Promise<number> {
  const [row] = await db.query<{ failures: number }>(
    `INSERT INTO account_login_failures (account, failures, last_failed_at) VALUES ($1, 1, now())
     ON CONFLICT (account) DO UPDATE
       SET failures = account_login_failures.failures + 1, last_failed_at = now()
     RETURNING failures`,
    [account],
  );
  return row?.failures ?? 1;
}

/** Forgets the account's failures: a successful login, or a password reset (which unlocks). */
export async function clearLoginFailures(db: Queryable, account: string): Promise<void> {
  await db.query('DELETE FROM account_login_failures WHERE account = $1', [account]);
}
