/**
 * Plans of the bookings that depend on what is already booked: the server reads the entries
 * (under the seller's lock), asks these for the entry to write, and writes it. Pure, so the
 * property tests replay exactly what the server decides.
 */
import { LEDGER_MESSAGES, PAYOUT_MIN_AMOUNT } from './constants.js';
import {
  type LedgerAccount,
  type LedgerEntryType,
  type LedgerStatus,
  reversalAvailableAt,
} from './rules.js';

/** An entry to write. */
export interface EntryDraft {
  type: LedgerEntryType;
  status: LedgerStatus;
  account: LedgerAccount;
  amount: number;
  available_at: number;
  idempotency_key: string;
}

/** What the reversal of an order reads of the entries booked for it. */
export interface OrderEntry {
  type: LedgerEntryType;
  account: LedgerAccount;
  amount: number;
  available_at: number;
}

/** The idempotency key of an event: the same event posted twice books once. */
export const ledgerKeys = {
  sale: (orderId: number) => `order:${orderId}:sale`,
  reversal: (orderId: number) => `order:${orderId}:reversal`,
  fulfill: (orderId: number) => `order:${orderId}:fulfill`,
  payout: (payoutId: number) => `payout:${payoutId}`,
  payoutRejected: (payoutId: number) => `payout:${payoutId}:rejected`,
} as const;

/**
 * The refund entry undoing everything booked for an order (its sale, less any earlier
 * reversal): null when nothing is left to undo. It counts with the sale while the sale is still
 * pending, so a refund inside the hold period only takes back pending money.
 */
export function planOrderReversal(
  orderId: number,
  booked: readonly OrderEntry[],
  now: number,
): EntryDraft | null {
  const net = booked.reduce((sum, entry) => sum + entry.amount, 0);
  if (net === 0) return null;
  const sale = booked.find((entry) => entry.type === 'sale');
  const availableAt = sale ? reversalAvailableAt(sale, now) : now;
  return {
    type: 'refund',
    status: availableAt > now ? 'pending' : 'completed',
    account: sale?.account ?? 'default',
    amount: -net,
    available_at: availableAt,
    idempotency_key: ledgerKeys.reversal(orderId),
  };
}

export type PayoutCheck = { ok: true } | { ok: false; status: 409 | 422; message: string };

/**
 * Whether a payout of `amount` minor units may be requested: at least the minimum, within the
 * available balance, and no other request still in progress.
 */
export function checkPayoutRequest(
  amount: number,
  available: number,
  hasOpenRequest: boolean,
): PayoutCheck {
  if (hasOpenRequest) return { ok: false, status: 409, message: LEDGER_MESSAGES.openPayout };
  if (amount < PAYOUT_MIN_AMOUNT) {
    return { ok: false, status: 422, message: LEDGER_MESSAGES.belowMinimum };
  }
  if (amount > available) return { ok: false, status: 422, message: LEDGER_MESSAGES.overAvailable };
  return { ok: true };
}
