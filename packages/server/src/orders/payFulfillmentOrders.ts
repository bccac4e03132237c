/**
 * Paying fulfillment orders (issue 14: "a fulfillment order charges base cost and shipping"). An
 * imported order is the seller's own sale elsewhere; Printloom prints and ships it once the
 * seller pays its total (the base costs and shipping it was priced at) from the available
 * balance. All or nothing, under the seller's ledger lock: either every chosen unpaid order is
 * charged and moves to processing, or nothing is. Each charge is a `fulfill` entry keyed by the
 * order, so a retried call charges nobody twice; a later cancellation with refund nets it out
 * through the order's reversal.
 */
import { FULFILLMENT_MESSAGES, LEDGER_CURRENCY, ledgerKeys } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { notFound, unprocessable } from '../http/errors.js';
import type { JobQueue } from '../jobs/defineJob.js';
import { insertLedgerEntry, ledgerBalances, lockSellerLedger } from '../sql/ledger.js';
import { getSellerOrder, type OrderFullRow, type OrderScope } from '../sql/sellerOrders.js';
import { changeOrder } from './changeOrder.js';
import type { OrderActor } from './recordOrderEvent.js';

const dollars = (minor: number) => `$${(minor / 100).toFixed(2)}`;

export async function payFulfillmentOrders(
  tx: Queryable,
  jobs: JobQueue,
  scope: OrderScope,
  actor: OrderActor,
  orderIds: readonly number[],
  now: Date = new Date(),
): Promise<{ paid: number; charged: number; available: number }> {
  await lockSellerLedger(tx, scope.sellerId);
  const orders: OrderFullRow[] = [];
  // In id order, so two calls over overlapping orders lock them in the same order.
  for (const id of [...new Set(orderIds)].sort((a, b) => a - b)) {
    const order = await getSellerOrder(tx, scope, id, true);
    if (order?.order_type !== 'fulfillment') {
      throw notFound(FULFILLMENT_MESSAGES.payNotFound);
    }
    orders.push(order);
  }
  const due = orders.filter((order) => order.payment_status === 'unpaid');
  const charge = due.reduce((sum, order) => sum + Number(order.total), 0);
  let available = (await ledgerBalances(tx, scope.sellerId, now)).default.available;
  if (charge > available) {
    throw unprocessable(FULFILLMENT_MESSAGES.payNotCovered(dollars(charge), dollars(available)), {
      order_ids: [FULFILLMENT_MESSAGES.payNotCovered(dollars(charge), dollars(available))],
    });
  }
  for (const order of due) {
    const total = Number(order.total);
    // The order machine refuses what cannot be paid (a cancelled order): 409, nothing charged.
    await changeOrder(tx, jobs, order, { type: 'pay' }, actor, { charged: total });
    available -= total;
    await insertLedgerEntry(tx, {
      sellerId: scope.sellerId,
      account: 'default',
      type: 'fulfill',
      status: 'completed',
      amount: -total,
      currency: LEDGER_CURRENCY,
      description: `Fulfillment ${order.order_number}`,
      idempotencyKey: ledgerKeys.fulfill(Number(order.id)),
      orderId: Number(order.id),
      actorId: actor.id,
      availableAfter: available,
      availableAt: now,
      createdAt: now,
    });
  }
  return { paid: due.length, charged: charge, available };
}
