/**
 * Runs one event of core's order machine on a stored order: lock it, apply the event, refuse
 * with 409 and the machine's reason, else write the new state and record it on the timeline.
 */
import { applyOrderEvent, type OrderEvent, type OrderState } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { conflict } from '../http/errors.js';
import type { JobQueue } from '../jobs/defineJob.js';
import { bookOrderReversal } from '../money/bookings.js';
import { reverseCrossSales } from '../money/crossSelling.js';
import { reverseSalePoints } from '../money/points.js';
import { reverseReferralCommission } from '../money/referralCommission.js';
import { startRefund } from '../payments/startRefund.js';
import { type OrderFullRow, orderItems, writeOrderState } from '../sql/sellerOrders.js';
import { ORDER_EVENT_KINDS, type OrderActor, recordOrderEvent } from './recordOrderEvent.js';

export async function orderStateOf(tx: Queryable, order: OrderFullRow): Promise<OrderState> {
  const items = await orderItems(tx, Number(order.id));
  return {
    status: order.status,
    payment_status: order.payment_status,
    fulfillment_status: order.fulfillment_status,
    held_from: order.held_from,
    items: items.map((i) => ({ id: Number(i.id), status: i.status })),
  };
}

/** The state after `event`; the order must have been read with its lock in `tx`. */
export async function changeOrder(
  tx: Queryable,
  jobs: JobQueue,
  order: OrderFullRow,
  event: OrderEvent,
  actor: OrderActor,
  detail: Record<string, unknown> = {},
): Promise<OrderState> {
  const before = await orderStateOf(tx, order);
  const result = applyOrderEvent(before, event);
  if (!result.ok) throw conflict(result.reason);
  await writeOrderState(tx, Number(order.id), result.state);
  if (before.payment_status !== 'refunded' && result.state.payment_status === 'refunded') {
    // Campaigns of other sellers it cross-sold: their owners' sale and this seller's commission.
    await reverseCrossSales(
      tx,
      {
        id: Number(order.id),
        seller_id: Number(order.seller_id),
        order_number: order.order_number,
      },
      { actorId: actor.id },
    );
    // Cancel with refund: the sale booked for the order is undone in the same transaction.
    await bookOrderReversal(
      tx,
      {
        id: Number(order.id),
        seller_id: Number(order.seller_id),
        order_number: order.order_number,
      },
      { actorId: actor.id, reason: 'Order cancelled' },
    );
    // The SEN points of its items go too (issue 14).
    await reverseSalePoints(tx, {
      id: Number(order.id),
      sellerId: Number(order.seller_id),
      orderNumber: order.order_number,
    });
    // And the referrer's commission on it, if the seller was referred.
    await reverseReferralCommission(tx, {
      id: Number(order.id),
      seller_id: Number(order.seller_id),
      order_number: order.order_number,
    });
  }
  await recordOrderEvent(tx, jobs, {
    orderId: Number(order.id),
    sellerId: Number(order.seller_id),
    kind: ORDER_EVENT_KINDS.statusChanged,
    detail: {
      event: event.type,
      from: before.status,
      to: result.state.status,
      payment_status: result.state.payment_status,
      fulfillment_status: result.state.fulfillment_status,
      ...('item_ids' in event && event.item_ids ? { item_ids: event.item_ids } : {}),
      ...detail,
    },
    actor,
  });
  if (before.payment_status !== 'refunded' && result.state.payment_status === 'refunded') {
    // The money itself goes back through the gateway in the background (payments/refundJob.ts).
    await startRefund(tx, jobs, { id: Number(order.id), seller_id: Number(order.seller_id) });
  }
  return result.state;
}
