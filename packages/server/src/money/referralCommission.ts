/**
 * Referral commissions (issue 14; rules in core `referral/`): when a referred seller's order is
 * paid, the referrer's ledger books a pending commission for it, once per order (its key), and
 * a refund of the order books the reversing entry. Locks run referred seller → referrer, and a
 * referrer is never referred (core REFERRAL rules), so two bookings never wait on each other.
 */
import {
  availableAtOf,
  type ExchangeRates,
  referralCommission,
  referralKeys,
  reversalAvailableAt,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { insertLedgerEntry, lockSellerLedger } from '../sql/ledger.js';
import { commissionEntries, referrerOf } from '../sql/referral.js';
import { inLedgerCurrency } from './bookings.js';

const money = (minor: number) => (minor / 100).toFixed(2);

export interface CommissionSettings {
  percent: number;
  holdDays: number;
  /** USD per unit of each store currency (see `SaleSettings.rates`). */
  rates?: ExchangeRates;
}

/** Books the referrer's commission on a paid order of a referred seller; null when none is due. */
export async function bookReferralCommission(
  tx: Queryable,
  order: { id: number; sellerId: number; orderNumber: string; currency: string; revenue: number },
  settings: CommissionSettings,
  now: Date = new Date(),
): Promise<number | null> {
  const referrerId = await referrerOf(tx, order.sellerId);
  if (referrerId === null) return null;
  const amount = referralCommission(order.revenue, settings.percent);
  if (amount <= 0) return null;
  await lockSellerLedger(tx, referrerId);
  const booked = inLedgerCurrency(amount, order.currency, settings.rates);
  return insertLedgerEntry(tx, {
    sellerId: referrerId,
    account: 'default',
    type: 'commission',
    status: 'pending',
    amount: booked.amount,
    currency: booked.currency,
    original: booked.original,
    description:
      `Referral commission ${settings.percent}% on order ${order.orderNumber} ` +
      `(${money(order.revenue)})`,
    idempotencyKey: referralKeys.commission(order.id),
    orderId: order.id,
    availableAt: new Date(availableAtOf(now.getTime(), settings.holdDays)),
    createdAt: now,
  });
}

/**
 * Takes back the commission of a refunded order: within the hold it counts with the commission
 * (only pending money goes), after it from the referrer's available balance. Once per order.
 */
export async function reverseReferralCommission(
  tx: Queryable,
  order: { id: number; seller_id: number; order_number?: string | null },
  now: Date = new Date(),
): Promise<number | null> {
  const referrerId = await referrerOf(tx, order.seller_id);
  if (referrerId === null) return null;
  await lockSellerLedger(tx, referrerId);
  const booked = await commissionEntries(tx, referrerId, order.id);
  const net = booked.reduce((sum, e) => sum + e.amount, 0);
  const first = booked[0];
  if (!first || net === 0) return null;
  const availableAt = reversalAvailableAt(
    { available_at: first.available_at.getTime() },
    now.getTime(),
  );
  return insertLedgerEntry(tx, {
    sellerId: referrerId,
    account: 'default',
    type: 'commission',
    status: availableAt > now.getTime() ? 'pending' : 'completed',
    amount: -net,
    currency: first.currency,
    description: `Referral commission on order ${order.order_number ?? `#${order.id}`} refunded`,
    idempotencyKey: referralKeys.reversal(order.id),
    orderId: order.id,
    availableAt: new Date(availableAt),
    createdAt: now,
  });
}
