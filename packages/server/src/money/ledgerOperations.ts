/**
 * The operator's operations on a seller's ledger (issue 14), each in the caller's transaction
 * under the seller's ledger lock, with the rules of core `ledger/operations.ts`:
 *
 * - `adjustLedger`: an `admin` entry with the operator as its actor, booked once per key; a
 *   debit only within the available balance (422 with the figures).
 * - `holdLedger`: an entry, or an order's entries, to 'on hold', each hold recorded with the
 *   operator and the reason (`ledger_holds`); held money is neither available nor paid out.
 * - `releaseLedger`: held entries back to the status they had, recorded the same way.
 *
 * They answer the ids of the entries they wrote or changed; the route reads them back.
 */
import {
  checkAdjustment,
  LEDGER_CURRENCY,
  LEDGER_MESSAGES,
  type LedgerAccount,
  planHold,
  releasedStatus,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { conflict, httpError, notFound, unprocessable } from '../http/errors.js';
import { insertLedgerEntry, ledgerBalances, setLedgerEntryStatus } from '../sql/ledger.js';
import {
  insertLedgerHold,
  ledgerEntriesToHold,
  ledgerEntryByKey,
  lockSellerLedgerIfExists,
  statusBeforeHold,
} from '../sql/ledgerOperations.js';

/** The key an adjustment is booked under: the operator's key, in its own namespace. */
export const adjustmentKey = (key: string) => `admin:${key}`;

async function lockSeller(tx: Queryable, sellerId: number): Promise<void> {
  if (!(await lockSellerLedgerIfExists(tx, sellerId)))
    throw notFound(LEDGER_MESSAGES.sellerMissing);
}

export interface Adjustment {
  sellerId: number;
  actorId: number;
  account: LedgerAccount;
  amount: number;
  reason: string;
  key: string;
}

/**
 * Books an operator's adjustment once per key: the same key again answers the entry it booked
 * (booked: false); the same key with another amount or account is refused (409).
 */
export async function adjustLedger(
  tx: Queryable,
  adjustment: Adjustment,
  now: Date = new Date(),
): Promise<{ id: number; booked: boolean }> {
  await lockSeller(tx, adjustment.sellerId);
  const key = adjustmentKey(adjustment.key);
  const existing = await ledgerEntryByKey(tx, adjustment.sellerId, key);
  if (existing) {
    if (Number(existing.amount) !== adjustment.amount || existing.account !== adjustment.account) {
      throw conflict(LEDGER_MESSAGES.adjustmentKeyReused);
    }
    return { id: Number(existing.id), booked: false };
  }
  const { available } = (await ledgerBalances(tx, adjustment.sellerId, now))[adjustment.account];
  const check = checkAdjustment(adjustment.amount, available);
  if (!check.ok) throw unprocessable(check.message, { amount: [check.message] });
  const id = await insertLedgerEntry(tx, {
    sellerId: adjustment.sellerId,
    account: adjustment.account,
    type: 'admin',
    status: 'completed',
    amount: adjustment.amount,
    currency: LEDGER_CURRENCY,
    description: `Adjustment: ${adjustment.reason}`,
    idempotencyKey: key,
    actorId: adjustment.actorId,
    availableAfter: available + adjustment.amount,
    availableAt: now,
    createdAt: now,
  });
  if (id === null) throw new Error('adjustment key taken under the lock');
  return { id, booked: true };
}

export interface HoldRequest {
  sellerId: number;
  actorId: number;
  entryId?: number | undefined;
  orderId?: number | undefined;
  reason: string;
}

const missing = (request: HoldRequest) =>
  notFound(
    request.entryId !== undefined
      ? LEDGER_MESSAGES.entryMissing
      : 'This order has no ledger entries for this seller.',
  );

/** Puts an entry, or every holdable entry of an order, on hold; answers the ids held. */
export async function holdLedger(
  tx: Queryable,
  request: HoldRequest,
  now: Date = new Date(),
): Promise<number[]> {
  await lockSeller(tx, request.sellerId);
  const rows = await ledgerEntriesToHold(tx, request.sellerId, request);
  if (rows.length === 0) throw missing(request);
  const balances = await ledgerBalances(tx, request.sellerId, now);
  const held: number[] = [];
  const accounts = [...new Set(rows.map((row) => row.account))];
  const plans = accounts.map((account) =>
    planHold(
      rows
        .filter((row) => row.account === account)
        .map((row) => ({
          id: Number(row.id),
          status: row.status,
          amount: Number(row.amount),
          available_at: row.available_at.getTime(),
        })),
      balances[account].available,
      now.getTime(),
    ),
  );
  // An order with held and holdable entries holds what is left; refused only when nothing is.
  const usable = plans.filter((plan) => plan.ok);
  const refused = plans.find((plan) => !plan.ok && (plan.status === 422 || usable.length === 0));
  if (refused && !refused.ok) {
    throw refused.status === 422
      ? unprocessable(refused.message, { entry_id: [refused.message] })
      : httpError(refused.status, refused.message);
  }
  for (const plan of usable) if (plan.ok) held.push(...plan.ids);
  for (const row of rows.filter((r) => held.includes(Number(r.id)))) {
    await setLedgerEntryStatus(tx, request.sellerId, row.idempotency_key, 'on hold');
    await insertLedgerHold(tx, {
      sellerId: request.sellerId,
      entryId: Number(row.id),
      action: 'hold',
      fromStatus: row.status,
      toStatus: 'on hold',
      reason: request.reason,
      actorId: request.actorId,
      at: now,
    });
  }
  return held;
}

/** Releases an entry, or every held entry of an order, to the status it had before its hold. */
export async function releaseLedger(
  tx: Queryable,
  request: HoldRequest,
  now: Date = new Date(),
): Promise<number[]> {
  await lockSeller(tx, request.sellerId);
  const rows = await ledgerEntriesToHold(tx, request.sellerId, request);
  if (rows.length === 0) throw missing(request);
  const held = rows.filter((row) => row.status === 'on hold');
  if (held.length === 0) throw conflict(LEDGER_MESSAGES.nothingToRelease);
  for (const row of held) {
    // An entry booked on hold has no hold record: it goes back to what its dates say.
    const before =
      (await statusBeforeHold(tx, request.sellerId, Number(row.id))) ??
      (row.available_at.getTime() > now.getTime() ? 'pending' : 'completed');
    const status = releasedStatus(before);
    await setLedgerEntryStatus(tx, request.sellerId, row.idempotency_key, status);
    await insertLedgerHold(tx, {
      sellerId: request.sellerId,
      entryId: Number(row.id),
      action: 'release',
      fromStatus: 'on hold',
      toStatus: status,
      reason: request.reason,
      actorId: request.actorId,
      at: now,
    });
  }
  return held.map((row) => Number(row.id));
}
