/**
 * The money rules: what a sale earns the seller, which balance an entry counts in, and whether
 * a debit may be booked. The server books with these rules in SQL; `ledgerModel.ts` replays
 * them in memory for the property tests.
 *
 * Balances are derived from entries, never stored apart from them. An entry's amount (signed
 * minor units) always counts in exactly one bucket of its account:
 *
 * - `on_hold`: the entry's status is 'on hold' (held by the operator);
 * - `pending`: its `available_at` is still in the future (a sale within its hold period, and
 *   the reversal of such a sale, which takes the sale's `available_at`);
 * - `available`: everything else (paid-out, spent, matured, refunded after maturity).
 *
 * So the sum of all entries always equals available + pending + on_hold. Statuses change
 * (pending → completed, processing → completed | cancelled) but amounts never do: an undo is a
 * new, reversing entry.
 */
import type { TransactionStatus, TransactionType } from '../enums/billing.js';
import { HOLD_PERIOD_DAYS, LEDGER_ACCOUNTS, NEVER_NEGATIVE_TYPES } from './constants.js';

export type LedgerEntryType = TransactionType;
export type LedgerStatus = TransactionStatus;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

const DAY_MS = 86_400_000;

/** What the balance rules read of an entry. `available_at` in epoch milliseconds. */
export interface BalanceEntry {
  account: LedgerAccount;
  status: LedgerStatus;
  amount: number;
  available_at: number;
}

export interface Balances {
  available: number;
  pending: number;
  on_hold: number;
}

export const EMPTY_BALANCES: Balances = { available: 0, pending: 0, on_hold: 0 };

export type Bucket = keyof Balances;

/** The bucket an entry counts in at `now` (see the header). */
export function bucketOf(
  entry: Pick<BalanceEntry, 'status' | 'available_at'>,
  now: number,
): Bucket {
  if (entry.status === 'on hold') return 'on_hold';
  return entry.available_at > now ? 'pending' : 'available';
}

/** The balances of every account at `now`, from the entries alone. */
export function balancesOf(
  entries: Iterable<BalanceEntry>,
  now: number,
): Record<LedgerAccount, Balances> {
  const out = Object.fromEntries(
    LEDGER_ACCOUNTS.map((account) => [account, { ...EMPTY_BALANCES }]),
  ) as Record<LedgerAccount, Balances>;
  for (const entry of entries) out[entry.account][bucketOf(entry, now)] += entry.amount;
  return out;
}

/** Whether an entry of `type` may leave the available balance below zero. */
export function canGoNegative(type: LedgerEntryType): boolean {
  return !(NEVER_NEGATIVE_TYPES as readonly string[]).includes(type);
}

/**
 * Whether a debit of `amount` (> 0) of `type` may be booked against `available`: a type that
 * may go negative always may; any other only within the available balance.
 */
export function canDebit(type: LedgerEntryType, amount: number, available: number): boolean {
  return canGoNegative(type) || amount <= available;
}

/** When a sale booked at `paidAt` (ms) becomes available: after the hold period. */
export function availableAtOf(paidAt: number, holdDays: number = HOLD_PERIOD_DAYS): number {
  return paidAt + holdDays * DAY_MS;
}

/**
 * When the reversal of an entry counts: with the entry while it is still pending (so a refund
 * within the hold period only cancels pending money), at once once it has matured.
 */
export function reversalAvailableAt(original: { available_at: number }, now: number): number {
  return Math.max(original.available_at, now);
}

/**
 * The status a reader sees: a pending entry whose hold period is over reads 'completed'
 * (maturity is computed when read, nothing sweeps the rows).
 */
export function shownStatus(
  entry: { status: LedgerStatus; available_at: number },
  now: number,
): LedgerStatus {
  return entry.status === 'pending' && entry.available_at <= now ? 'completed' : entry.status;
}

/** Site settings of spec §3: a percent fee with a minimum, both applied to a seller's sale. */
export interface SaleFees {
  /** Percent of the sale (0–100). */
  processing_fee: number;
  /** The smallest fee, minor units, charged when the site charges a fee at all. */
  processing_fee_min: number;
}

/** The processing fee on `amount` minor units: the percent, rounded half up, at least the minimum. */
export function processingFeeOf(amount: number, fees: SaleFees): number {
  if (amount <= 0) return 0;
  if (fees.processing_fee <= 0 && fees.processing_fee_min <= 0) return 0;
  const percent = Math.round((amount * fees.processing_fee) / 100);
  return Math.max(percent, fees.processing_fee_min);
}

export interface SaleLine {
  /** Sell price of one unit, minor units. */
  price: number;
  /** Base (production) cost of one unit, minor units. */
  base_cost: number;
  quantity: number;
}

export interface SaleProfit {
  /** What the buyer paid for the goods: the lines less the coupon's discount. */
  revenue: number;
  base_cost: number;
  processing_fee: number;
  /** revenue − base cost − processing fee; negative when a deep discount eats the margin. */
  profit: number;
}

/**
 * The seller's profit on a storefront sale (issue 14): the sell price of the lines less the
 * coupon discount, less the base cost of every unit, less the processing fee (percent of the
 * revenue, at least its minimum). Shipping and the tip pay the platform's fulfilment and
 * payment costs and are not the seller's.
 */
export function saleProfit(
  lines: readonly SaleLine[],
  discount: number,
  fees: SaleFees,
): SaleProfit {
  const gross = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const revenue = Math.max(0, gross - Math.max(0, discount));
  const base_cost = lines.reduce((sum, line) => sum + line.base_cost * line.quantity, 0);
  const processing_fee = processingFeeOf(revenue, fees);
  return { revenue, base_cost, processing_fee, profit: revenue - base_cost - processing_fee };
}

/** Spec §9: the billing history export is named `export_billing_history_{date}.csv`. */
export function billingExportFileName(day: string): string {
  return `export_billing_history_${day}.csv`;
}
