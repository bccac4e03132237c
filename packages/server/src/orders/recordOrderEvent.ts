/**
 * The one place an order's timeline grows. Every change of an order (its creation at checkout,
 * a status change, an address, a note, a shipment) is recorded here inside the transaction of
 * the change, so whatever must follow an order event (notifications, webhooks) hooks in here
 * once and sees every change, enqueued in the same transaction.
 */
import { type OrderActorKind, trackingUrl } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import type { AuthContext } from '../http/authContext.js';
import type { JobQueue } from '../jobs/defineJob.js';
import { queueOrderMail } from '../jobs/orderMailJob.js';
import { notifyOrderChange } from '../notifications/notifyOrderEvent.js';
import type { CheckoutRow } from '../sql/orders.js';
import { insertOrderEvent } from '../sql/sellerOrders.js';

export interface OrderActor {
  kind: OrderActorKind;
  /** The real person (the team member, the admin signed in as the seller); null for others. */
  id: number | null;
}

/** Kinds of timeline entries. */
export const ORDER_EVENT_KINDS = {
  created: 'created',
  paid: 'paid',
  addressInvalid: 'address_invalid',
  statusChanged: 'status_changed',
  addressChanged: 'address_changed',
  note: 'note',
  shipped: 'shipped',
  reprintRequested: 'reprint_requested',
  printFiles: 'print_files',
  designFile: 'design_file',
  refundPending: 'refund_pending',
  refundProcessing: 'refund_processing',
  refundCompleted: 'refund_completed',
  refundFailed: 'refund_failed',
} as const;

export interface OrderEventInput {
  orderId: number;
  sellerId: number;
  kind: string;
  detail?: Record<string, unknown>;
  actor: OrderActor;
}

/**
 * Records one timeline entry and, in the same transaction, sends the notification channels'
 * event of it: `created` → order.created, `status_changed` → order.changed.status (with the
 * status before), `shipped` → order.changed.tracking (with carrier, number and tracking link).
 */
export async function recordOrderEvent(
  tx: Queryable,
  jobs: JobQueue,
  event: OrderEventInput,
): Promise<number> {
  const id = await insertOrderEvent(tx, {
    orderId: event.orderId,
    sellerId: event.sellerId,
    kind: event.kind,
    detail: event.detail ?? {},
    actorKind: event.actor.kind,
    actorId: event.actor.id,
  });
  const detail = event.detail ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  if (event.kind === ORDER_EVENT_KINDS.created) {
    await notifyOrderChange(tx, jobs, event.sellerId, event.orderId, 'order.created');
  } else if (event.kind === ORDER_EVENT_KINDS.paid) {
    // The buyer's order confirmation, once per order.
    await queueOrderMail(tx, jobs, { ...mailOf(event), kind: 'confirmation', shipmentId: null });
  } else if (event.kind === ORDER_EVENT_KINDS.statusChanged) {
    const from = text(detail.from);
    await notifyOrderChange(tx, jobs, event.sellerId, event.orderId, 'order.changed.status', {
      ...(from ? { previous_status: from } : {}),
    });
  } else if (event.kind === ORDER_EVENT_KINDS.shipped) {
    const carrier = text(detail.carrier) ?? '';
    const number = text(detail.tracking_number) ?? '';
    const link = trackingUrl(carrier, number);
    await notifyOrderChange(tx, jobs, event.sellerId, event.orderId, 'order.changed.tracking', {
      carrier,
      tracking_number: number,
      ...(link ? { tracking_url: link } : {}),
    });
    // The buyer's shipping mail, once per shipment.
    const shipmentId = typeof detail.shipment_id === 'number' ? detail.shipment_id : null;
    if (shipmentId !== null) {
      await queueOrderMail(tx, jobs, { ...mailOf(event), kind: 'shipped', shipmentId });
    }
  }
  return id;
}

const mailOf = (event: OrderEventInput) => ({ orderId: event.orderId, sellerId: event.sellerId });

/**
 * Who acts for a session: an admin signed in as the seller acts for the platform, a team
 * member as themselves, the seller (or the seller's API key) as the seller.
 */
export function actorOf(auth: AuthContext): OrderActor {
  if (auth.accessUser !== null) return { kind: 'platform', id: auth.actorId };
  if (auth.grant !== null) return { kind: 'team_member', id: auth.actorId };
  return { kind: 'seller', id: auth.actorId };
}

/** The first events of an order the buyer's checkout made: created, paid, a flagged address. */
export async function recordCheckoutOrder(
  tx: Queryable,
  jobs: JobQueue,
  orderId: number,
  checkout: CheckoutRow,
  gateway: string,
): Promise<void> {
  const buyer: OrderActor = { kind: 'buyer', id: null };
  const base = { orderId, sellerId: Number(checkout.seller_id), actor: buyer };
  await recordOrderEvent(tx, jobs, {
    ...base,
    kind: ORDER_EVENT_KINDS.created,
    detail: { checkout_id: checkout.id },
  });
  await recordOrderEvent(tx, jobs, {
    ...base,
    kind: ORDER_EVENT_KINDS.paid,
    detail: { gateway, amount: Number(checkout.total) },
  });
  if (checkout.address_invalid) {
    await recordOrderEvent(tx, jobs, {
      ...base,
      kind: ORDER_EVENT_KINDS.addressInvalid,
      actor: { kind: 'system', id: null },
    });
  }
}
