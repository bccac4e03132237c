/**
 * The one lease protocol of bulk work, shared by multi-space rows (`bulk_rows`) and regular
 * jobs (`bulk_regular_jobs`).
 *
 * Lease states of a row:
 * - pending: claimable.
 * - processing with lease_token T and lease_expires_at E: held by whoever got T.
 *
 * Transitions:
 * - claim: pending, or processing with E in the past → processing with a fresh random T and
 *   E = now + lease seconds. Rows are picked with `FOR UPDATE SKIP LOCKED`, so concurrent
 *   claimers pass each other's rows; a reclaimed row's old token becomes stale.
 * - lock (before committing a result): the row is locked `FOR UPDATE` and acted on only when it
 *   is processing with the caller's T; otherwise the caller gets not_found (not the seller's)
 *   or stale (409: nothing changes).
 * - release: processing with the caller's T → pending, token and expiry cleared; the row is
 *   claimable at once. A stale token changes nothing.
 * - stop, complete, fail (in the table's own verbs) clear T and E.
 *
 * Attempts: every claim counts one (`attempts`). A row claimed BULK_ROW_MAX_ATTEMPTS times is
 * never handed out again: when it would be (pending, expired, or claimable by the table's own
 * rule), failSpentLeases fails it instead, so an artwork no worker can render does not go round
 * the workers forever. The table's verbs reset the count when the seller retries or starts it.
 */
import { BULK_ROW_MAX_ATTEMPTS } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

/** The tables under this protocol, and what each clears besides the lease when released. */
export const LEASED_TABLES = {
  bulk_rows: { releaseSet: 'updated_at = now()' },
  // A regular job also remembers the tab it was handed to (next-job gives it back to it).
  bulk_regular_jobs: { releaseSet: 'session_id = NULL' },
} as const;
export type LeasedTable = keyof typeof LEASED_TABLES;

export interface LeasedRow {
  id: number;
  status: string;
  lease_token: string | null;
  lease_expires_at: Date | null;
}

/**
 * Claims up to `take` of the seller's claimable rows of `table`, oldest first (or by `orderBy`). `where` narrows
 * the candidates (parameters from $4 on, given in `params`); `orClaimable` adds a condition
 * under which a row is claimable too; `set` adds assignments to the claim.
 */
export async function claimLeases<Row extends LeasedRow>(
  db: Queryable,
  table: LeasedTable,
  claim: {
    sellerId: number;
    take: number;
    leaseSeconds: number;
    where?: string;
    orClaimable?: string;
    set?: string;
    params?: readonly unknown[];
    /** Which claimable rows go first (`express DESC, id`); oldest first by default. */
    orderBy?: string;
  },
): Promise<Row[]> {
  return db.query<Row>(
    `UPDATE ${table} r
     SET status = 'processing', lease_token = gen_random_uuid()::text,
         lease_expires_at = now() + make_interval(secs => $2),
         attempts = r.attempts + 1${claim.set ? `, ${claim.set}` : ''}
     FROM (
       SELECT id FROM ${table}
       WHERE seller_id = $1 ${claim.where ? `AND ${claim.where}` : ''}
         AND attempts < ${BULK_ROW_MAX_ATTEMPTS}
         AND (status = 'pending' OR (status = 'processing' AND lease_expires_at < now())
              ${claim.orClaimable ? `OR ${claim.orClaimable}` : ''})
       ORDER BY ${claim.orderBy ?? 'id'} LIMIT $3
       FOR UPDATE SKIP LOCKED
     ) c
     WHERE r.id = c.id
     RETURNING r.*`,
    [claim.sellerId, claim.leaseSeconds, claim.take, ...(claim.params ?? [])],
  );
}

/**
 * Fails the seller's rows of `table` that used up their attempts and would be claimable now
 * (their last holder never finished them: it died, hung or gave them back). `where` and
 * `orClaimable` mean what they mean to claimLeases, with parameters from $2 on; `set` adds
 * assignments (the table's message). Answers the ids it failed.
 */
export async function failSpentLeases(
  db: Queryable,
  table: LeasedTable,
  spent: {
    sellerId: number;
    where?: string;
    orClaimable?: string;
    set?: string;
    params?: readonly unknown[];
  },
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `UPDATE ${table} r
     SET status = 'failed', lease_token = NULL, lease_expires_at = NULL${spent.set ? `, ${spent.set}` : ''}
     FROM (
       SELECT id FROM ${table}
       WHERE seller_id = $1 ${spent.where ? `AND ${spent.where}` : ''}
         AND attempts >= ${BULK_ROW_MAX_ATTEMPTS}
         AND (status = 'pending' OR (status = 'processing' AND lease_expires_at < now())
              ${spent.orClaimable ? `OR ${spent.orClaimable}` : ''})
       FOR UPDATE SKIP LOCKED
     ) c
     WHERE r.id = c.id
     RETURNING r.id`,
    [spent.sellerId, ...(spent.params ?? [])],
  );
  return rows.map((row) => Number(row.id));
}

export type LeaseCheck<Row> = { ok: true; row: Row } | { ok: false; reason: 'not_found' | 'stale' };

/** Locks the seller's row and checks the caller still holds its lease. Inside a transaction. */
export async function lockLease<Row extends LeasedRow>(
  tx: Queryable,
  table: LeasedTable,
  sellerId: number,
  id: number,
  leaseToken: string,
): Promise<LeaseCheck<Row>> {
  const [row] = await tx.query<Row>(
    `SELECT * FROM ${table} WHERE id = $1 AND seller_id = $2 FOR UPDATE`,
    [id, sellerId],
  );
  if (!row) return { ok: false, reason: 'not_found' };
  if (row.status !== 'processing' || row.lease_token !== leaseToken) {
    return { ok: false, reason: 'stale' };
  }
  return { ok: true, row };
}

/** Gives a held row back to the queue: claimable at once. */
export async function releaseLease(
  db: Queryable,
  table: LeasedTable,
  sellerId: number,
  id: number,
  leaseToken: string,
): Promise<{ ok: true } | { ok: false; reason: 'not_found' | 'stale' }> {
  const released = await db.query(
    `UPDATE ${table} SET status = 'pending', lease_token = NULL, lease_expires_at = NULL,
       ${LEASED_TABLES[table].releaseSet}
     WHERE id = $1 AND seller_id = $2 AND status = 'processing' AND lease_token = $3
     RETURNING id`,
    [id, sellerId, leaseToken],
  );
  if (released.length > 0) return { ok: true };
  const exists = await db.query(`SELECT id FROM ${table} WHERE id = $1 AND seller_id = $2`, [
    id,
    sellerId,
  ]);
  return { ok: false, reason: exists.length > 0 ? 'stale' : 'not_found' };
}
