/**
 * SQL of the operator's ledger operations (issue 14: adjustments, holds, releases; rules in core
 * `ledger/operations.ts`). Scoped by the seller id like every ledger verb; the callers hold the
 * seller's ledger lock.
 */
import type { LedgerStatus } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { ENTRY_COLUMNS, ENTRY_FROM, type LedgerEntryRow } from './ledger.js';

/** Takes the seller's ledger lock (like `lockSellerLedger`); false when there is no such user. */
export async function lockSellerLedgerIfExists(tx: Queryable, sellerId: number): Promise<boolean> {
  const rows = await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [sellerId]);
  return rows.length > 0;
}

/** The seller's entry booked under `key`, as the lists show it. */
export async function ledgerEntryByKey(
  q: Queryable,
  sellerId: number,
  key: string,
): Promise<LedgerEntryRow | null> {
  const [row] = await q.query<LedgerEntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM} WHERE e.seller_id = $1 AND e.idempotency_key = $2`,
    [sellerId, key],
  );
  return row ?? null;
}

/** The seller's entries by id, as the lists show them, in id order. */
export async function ledgerEntriesByIds(
  q: Queryable,
  sellerId: number,
  ids: readonly number[],
): Promise<LedgerEntryRow[]> {
  return q.query<LedgerEntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM}
      WHERE e.seller_id = $1 AND e.id = ANY($2::bigint[]) ORDER BY e.id`,
    [sellerId, ids],
  );
}

/** One entry of the seller, or every entry of one of the seller's orders, locked, in id order. */
export async function ledgerEntriesToHold(
  tx: Queryable,
  sellerId: number,
  target: { entryId?: number | undefined; orderId?: number | undefined },
): Promise<LedgerEntryRow[]> {
  const [column, value] =
    target.entryId !== undefined ? ['id', target.entryId] : ['order_id', target.orderId];
  return tx.query<LedgerEntryRow>(
    `SELECT * FROM ledger_entries WHERE seller_id = $1 AND ${column} = $2 ORDER BY id FOR UPDATE`,
    [sellerId, value],
  );
}

export interface LedgerHoldRecord {
  sellerId: number;
  entryId: number;
  action: 'hold' | 'release';
  fromStatus: LedgerStatus;
  toStatus: LedgerStatus;
  reason: string;
  actorId: number;
  at: Date;
}

/** Records a hold or a release of an entry: who, why, from which status to which. */
export async function insertLedgerHold(tx: Queryable, h: LedgerHoldRecord): Promise<void> {
  await tx.query(
    `INSERT INTO ledger_holds (seller_id, entry_id, action, from_status, to_status, reason,
       actor_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [h.sellerId, h.entryId, h.action, h.fromStatus, h.toStatus, h.reason, h.actorId, h.at],
  );
}

/** The status the entry had before its latest hold. */
export async function statusBeforeHold(
  q: Queryable,
  sellerId: number,
  entryId: number,
): Promise<LedgerStatus | null> {
  const [row] = await q.query<{ from_status: LedgerStatus }>(
    `SELECT from_status FROM ledger_holds
      WHERE seller_id = $1 AND entry_id = $2 AND action = 'hold' ORDER BY id DESC LIMIT 1`,
    [sellerId, entryId],
  );
  return row?.from_status ?? null;
}

/** The holds and releases of the seller's entries, newest first (the audit). */
export async function ledgerHoldHistory(
  q: Queryable,
  sellerId: number,
): Promise<
  Array<{
    entry_id: number;
    action: 'hold' | 'release';
    from_status: LedgerStatus;
    to_status: LedgerStatus;
    reason: string;
    actor_id: number | null;
    created_at: Date;
  }>
> {
  return q.query(
    `SELECT entry_id, action, from_status, to_status, reason, actor_id, created_at
       FROM ledger_holds WHERE seller_id = $1 ORDER BY id DESC`,
    [sellerId],
  );
}
