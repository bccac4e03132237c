/**
 * The operator's operations on a seller's ledger (issue 14): adjustments, holds and releases.
 * Pure rules: the server reads the entries and the available balance under the seller's lock,
 * asks these what to write, and writes it.
 *
 * - An adjustment is an `admin` entry, completed at once. A credit is always booked; a debit
 *   only within the account's available balance (`admin` is a never-negative type).
 * - A hold moves money coming in (a credit, pending or completed) to the on-hold bucket; money
 *   that has matured leaves the available balance, so it may be held only while it is there.
 * - A release puts a held entry back to the status it had before the hold.
 */
import { LEDGER_MESSAGES, LEDGER_STATUS_TRANSITIONS } from './constants.js';
import { bucketOf, canDebit, type LedgerStatus } from './rules.js';

const money = (minor: number) => `${(minor / 100).toFixed(2)} USD`;

/** Whether the database lets an entry go from `from` to `to` (a no-op always may). */
export function canChangeStatus(from: LedgerStatus, to: LedgerStatus): boolean {
  return from === to || (LEDGER_STATUS_TRANSITIONS[from] as readonly LedgerStatus[]).includes(to);
}

export type OperationCheck = { ok: true } | { ok: false; status: 422; message: string };

/** Whether an adjustment of `amount` (signed minor units) may be booked against `available`. */
export function checkAdjustment(amount: number, available: number): OperationCheck {
  if (amount >= 0 || canDebit('admin', -amount, available)) return { ok: true };
  return {
    ok: false,
    status: 422,
    message:
      `An adjustment of ${money(amount)} would take the available balance of ` +
      `${money(available)} to ${money(available + amount)}; an adjustment may not take it below zero.`,
  };
}

/** What a hold reads of an entry. */
export interface HoldCandidate {
  id: number;
  status: LedgerStatus;
  amount: number;
  available_at: number;
}

/** An entry that may be put on hold: money coming in, pending or completed. */
export function isHoldable(entry: Pick<HoldCandidate, 'status' | 'amount'>): boolean {
  return entry.amount > 0 && (entry.status === 'pending' || entry.status === 'completed');
}

export type HoldPlan =
  | { ok: true; ids: number[]; fromAvailable: number }
  | { ok: false; status: 409 | 422; message: string };

/**
 * The entries to put on hold among `candidates` (one entry, or an order's), given the account's
 * `available` balance at `now`: every holdable one, refused when none is, or when the matured
 * ones add up to more than is still available (it was paid out or spent).
 */
export function planHold(
  candidates: readonly HoldCandidate[],
  available: number,
  now: number,
): HoldPlan {
  const held = candidates.filter(isHoldable);
  if (held.length === 0) {
    const already = candidates.length > 0 && candidates.every((e) => e.status === 'on hold');
    return {
      ok: false,
      status: already ? 409 : 422,
      message: already ? 'This money is already on hold.' : LEDGER_MESSAGES.nothingToHold,
    };
  }
  const fromAvailable = held
    .filter((e) => bucketOf(e, now) === 'available')
    .reduce((sum, e) => sum + e.amount, 0);
  if (fromAvailable > available) {
    return {
      ok: false,
      status: 422,
      message:
        `Holding ${money(fromAvailable)} of available money would take the available balance of ` +
        `${money(available)} to ${money(available - fromAvailable)}; it was already paid out or spent.`,
    };
  }
  return { ok: true, ids: held.map((e) => e.id), fromAvailable };
}

/** The status a released entry goes back to: what it had before the hold. */
export function releasedStatus(before: LedgerStatus): LedgerStatus {
  return before === 'pending' ? 'pending' : 'completed';
}
