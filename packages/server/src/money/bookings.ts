/**
 * Bookings of the money ledger (issue 14): each takes the caller's transaction, so an entry is
 * written together with the change it pays for (the paid order, the payout request). The rules
 * (profit, buckets, reversals, payout checks) are core's (`ledger/`); these read what they need
 * under the seller's lock and write what the rules decide.
 *
 * - `bookSale`: the profit of a paid storefront order, pending until the hold period ends.
 * - `bookOrderReversal`: a refund or cancellation undoes what was booked for the order.
 * - `requestPayout` / `approvePayout` / `rejectPayout`: a payout debits the available balance
 *   at once (processing), is paid (completed) or rejected (cancelled, and a reversing entry
 *   gives the money back).
 * - `buySmsCredits`: an SMS top-up spends available money.
 * - `inLedgerCurrency`: money earned in a store's own currency, converted to the ledger's (USD)
 *   at the platform's rate when it is booked; the entry keeps the original amount and rate.
 */
import {
  availableAtOf,
  checkPayoutRequest,
  type ExchangeRates,
  LEDGER_CURRENCY,
  LEDGER_MESSAGES,
  type LedgerAmount,
  ledgerKeys,
  planOrderReversal,
  type SaleFees,
  type SaleLine,
  saleProfit,
  toLedgerAmount,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { httpError, notFound, unprocessable } from '../http/errors.js';
import {
  addSmsCredit,
  insertLedgerEntry,
  ledgerBalances,
  ledgerKeyExists,
  lockSellerLedger,
  orderLedgerEntries,
  setLedgerEntryStatus,
} from '../sql/ledger.js';
import {
  decidePayout,
  getPaymentAccount,
  getPayout,
  hasOpenPayout,
  insertPayout,
  type PayoutRow,
} from '../sql/payouts.js';

const money = (minor: number) => (minor / 100).toFixed(2);

export interface SaleSettings {
  fees: SaleFees;
  holdDays: number;
  /** USD per unit of each store currency (setting `exchangeRates`); none: USD sales only. */
  rates?: ExchangeRates;
}

/**
 * Minor units of `currency` in the ledger's currency, with what they were converted from. A
 * currency without a rate is refused (422): the storefront refuses such a checkout before it is
 * paid, so this is reached only when a rate is taken away between checkout and payment.
 */
export function inLedgerCurrency(
  amount: number,
  currency: string,
  rates: ExchangeRates = {},
): LedgerAmount {
  const converted = toLedgerAmount(amount, currency, rates);
  if (!converted) throw unprocessable(LEDGER_MESSAGES.noExchangeRate(currency));
  return converted;
}

/**
 * Books the seller's profit on a paid order as pending (available after the hold period). Run
 * inside the transaction that writes the order; booking the same order again books nothing.
 */
export async function bookSale(
  tx: Queryable,
  order: {
    id: number;
    sellerId: number;
    orderNumber: string;
    currency: string;
    items: readonly SaleLine[];
    discount: number;
  },
  settings: SaleSettings,
  now: Date = new Date(),
): Promise<number | null> {
  const figures = saleProfit(order.items, order.discount, settings.fees);
  const booked = inLedgerCurrency(figures.profit, order.currency, settings.rates);
  const converted = booked.original
    ? ` (${order.currency}; ${money(figures.profit)} ${order.currency} at ${booked.original.rate} ${LEDGER_CURRENCY})`
    : '';
  return insertLedgerEntry(tx, {
    sellerId: order.sellerId,
    account: 'default',
    type: 'sale',
    status: 'pending',
    amount: booked.amount,
    currency: booked.currency,
    original: booked.original,
    description:
      `Order ${order.orderNumber}: sale ${money(figures.revenue)}, base cost ` +
      `${money(figures.base_cost)}, processing fee ${money(figures.processing_fee)}${converted}`,
    idempotencyKey: ledgerKeys.sale(order.id),
    orderId: order.id,
    availableAt: new Date(availableAtOf(now.getTime(), settings.holdDays)),
    createdAt: now,
  });
}

/**
 * Undoes what was booked for an order (its sale profit) when the order is refunded or
 * cancelled with a refund: a refund entry that counts with the sale while the sale is pending,
 * and from the available balance once it has matured. Booking it again books nothing. Call it
 * in the transaction that cancels or refunds the order.
 */
export async function bookOrderReversal(
  tx: Queryable,
  order: { id: number; seller_id: number; order_number?: string | null },
  options: { actorId?: number | null; reason?: string; now?: Date } = {},
): Promise<number | null> {
  const now = options.now ?? new Date();
  await lockSellerLedger(tx, order.seller_id);
  const key = ledgerKeys.reversal(order.id);
  if (await ledgerKeyExists(tx, order.seller_id, key)) return null;
  const booked = await orderLedgerEntries(tx, order.seller_id, order.id);
  const draft = planOrderReversal(
    order.id,
    booked.map((e) => ({
      type: e.type,
      account: e.account,
      amount: Number(e.amount),
      available_at: e.available_at.getTime(),
    })),
    now.getTime(),
  );
  if (!draft) return null;
  const sale = booked.find((e) => e.type === 'sale');
  const id = await insertLedgerEntry(tx, {
    sellerId: order.seller_id,
    account: draft.account,
    type: draft.type,
    status: draft.status,
    amount: draft.amount,
    currency: sale?.currency ?? LEDGER_CURRENCY,
    description:
      `Order ${order.order_number ?? `#${order.id}`} refunded` +
      (options.reason ? `: ${options.reason}` : ''),
    idempotencyKey: draft.idempotency_key,
    orderId: order.id,
    actorId: options.actorId ?? null,
    availableAt: new Date(draft.available_at),
    createdAt: now,
  });
  await setLedgerEntryStatus(tx, order.seller_id, ledgerKeys.sale(order.id), 'cancelled');
  return id;
}

/** A payout request: checked and booked under the seller's lock (one at a time, never overdrawn). */
export async function requestPayout(
  tx: Queryable,
  request: { sellerId: number; actorId: number; amount: number; paymentAccountId: number },
  now: Date = new Date(),
): Promise<PayoutRow> {
  await lockSellerLedger(tx, request.sellerId);
  const account = await getPaymentAccount(tx, request.sellerId, request.paymentAccountId);
  if (!account) throw notFound(LEDGER_MESSAGES.accountMissing);
  if (account.status === 'invalid') {
    throw unprocessable(LEDGER_MESSAGES.accountInvalid, {
      payment_account_id: [LEDGER_MESSAGES.accountInvalid],
    });
  }
  const { available } = (await ledgerBalances(tx, request.sellerId, now)).default;
  const check = checkPayoutRequest(
    request.amount,
    available,
    await hasOpenPayout(tx, request.sellerId),
  );
  if (!check.ok) {
    throw httpError(
      check.status,
      check.message,
      check.status === 422 ? { amount: [check.message] } : undefined,
    );
  }
  const payoutId = await insertPayout(tx, {
    sellerId: request.sellerId,
    paymentAccountId: account.id,
    amount: request.amount,
    currency: LEDGER_CURRENCY,
    createdAt: now,
  });
  await insertLedgerEntry(tx, {
    sellerId: request.sellerId,
    account: 'default',
    type: 'payout',
    status: 'processing',
    amount: -request.amount,
    currency: LEDGER_CURRENCY,
    description: `Payout #${payoutId} to ${account.label}`,
    idempotencyKey: ledgerKeys.payout(payoutId),
    payoutId,
    actorId: request.actorId,
    availableAfter: available - request.amount,
    availableAt: now,
    createdAt: now,
  });
  const row = await getPayout(tx, request.sellerId, payoutId);
  if (!row) throw new Error('payout vanished');
  return row;
}

/** The operator pays an open payout: its entry becomes completed. */
export async function approvePayout(
  tx: Queryable,
  sellerId: number,
  payoutId: number,
  actorId: number,
  now: Date = new Date(),
): Promise<PayoutRow> {
  await lockSellerLedger(tx, sellerId);
  if (
    !(await decidePayout(tx, sellerId, payoutId, {
      status: 'completed',
      reason: null,
      actorId,
      at: now,
    }))
  ) {
    throw httpError(409, LEDGER_MESSAGES.payoutNotOpen);
  }
  await setLedgerEntryStatus(tx, sellerId, ledgerKeys.payout(payoutId), 'completed');
  const row = await getPayout(tx, sellerId, payoutId);
  if (!row) throw new Error('payout vanished');
  return row;
}

/** The operator rejects an open payout: cancelled, and a reversing entry returns the money. */
export async function rejectPayout(
  tx: Queryable,
  sellerId: number,
  payoutId: number,
  actorId: number,
  reason: string,
  now: Date = new Date(),
): Promise<PayoutRow> {
  await lockSellerLedger(tx, sellerId);
  if (
    !(await decidePayout(tx, sellerId, payoutId, { status: 'cancelled', reason, actorId, at: now }))
  ) {
    throw httpError(409, LEDGER_MESSAGES.payoutNotOpen);
  }
  const row = await getPayout(tx, sellerId, payoutId);
  if (!row) throw new Error('payout vanished');
  await setLedgerEntryStatus(tx, sellerId, ledgerKeys.payout(payoutId), 'cancelled');
  await insertLedgerEntry(tx, {
    sellerId,
    account: 'default',
    type: 'payout',
    status: 'completed',
    amount: Number(row.amount),
    currency: row.currency,
    description: `Payout #${payoutId} rejected: ${reason}`,
    idempotencyKey: ledgerKeys.payoutRejected(payoutId),
    payoutId,
    actorId,
    availableAt: now,
    createdAt: now,
  });
  return row;
}

/** SMS credits per minor unit spent: one credit per cent (the widget shows credits as money). */
export const SMS_CREDITS_PER_MINOR = 0.01;

/** Buys SMS credits from the available balance; the same key books once. */
export async function buySmsCredits(
  tx: Queryable,
  purchase: { sellerId: number; actorId: number; amount: number; key: string },
  now: Date = new Date(),
): Promise<{ sms_credit: number; available: number }> {
  await lockSellerLedger(tx, purchase.sellerId);
  const { available } = (await ledgerBalances(tx, purchase.sellerId, now)).default;
  const key = `sms:${purchase.key}`;
  if (!(await ledgerKeyExists(tx, purchase.sellerId, key))) {
    if (purchase.amount > available) {
      throw unprocessable(LEDGER_MESSAGES.overAvailable, {
        amount: [LEDGER_MESSAGES.overAvailable],
      });
    }
    await insertLedgerEntry(tx, {
      sellerId: purchase.sellerId,
      account: 'default',
      type: 'topup',
      status: 'completed',
      amount: -purchase.amount,
      currency: LEDGER_CURRENCY,
      description: `SMS credits ${money(purchase.amount)}`,
      idempotencyKey: key,
      actorId: purchase.actorId,
      availableAfter: available - purchase.amount,
      availableAt: now,
      createdAt: now,
    });
    const credit = await addSmsCredit(
      tx,
      purchase.sellerId,
      purchase.amount * SMS_CREDITS_PER_MINOR,
    );
    return { sms_credit: credit, available: available - purchase.amount };
  }
  const after = (await ledgerBalances(tx, purchase.sellerId, now)).default.available;
  const credit = await addSmsCredit(tx, purchase.sellerId, 0);
  return { sms_credit: credit, available: after };
}
