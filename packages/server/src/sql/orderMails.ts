/**
 * Order mails (issue 15, migration 064): one row per order and event, the unique `mail_key`
 * making a repeated event mail nobody twice; the send job takes a row once (`sent_at`).
 */
import type { ShippingAddress } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

export type OrderMailKind = 'confirmation' | 'shipped';

/** A new order mail row; its id, or null when this order's event already has one. */
export async function insertOrderMail(
  q: Queryable,
  mail: { orderId: number; sellerId: number; kind: OrderMailKind; shipmentId: number | null },
): Promise<number | null> {
  const key = `${mail.orderId}:${mail.kind}${mail.shipmentId === null ? '' : `:${mail.shipmentId}`}`;
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO order_mails (order_id, seller_id, kind, shipment_id, mail_key)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (mail_key) DO NOTHING RETURNING id`,
    [mail.orderId, mail.sellerId, mail.kind, mail.shipmentId, key],
  );
  return row ? Number(row.id) : null;
}

export interface OrderMailRow {
  id: number;
  order_id: number;
  seller_id: number;
  kind: OrderMailKind;
  shipment_id: number | null;
}

/** Takes an unsent order mail for sending (once: a second take answers null). */
export async function takeOrderMail(q: Queryable, id: number): Promise<OrderMailRow | null> {
  const rows = await q.query<OrderMailRow>(
    `UPDATE order_mails SET sent_at = now() WHERE id = $1 AND sent_at IS NULL
     RETURNING id, order_id, seller_id, kind, shipment_id`,
    [id],
  );
  return rows[0] ?? null;
}

export interface OrderMailFacts {
  order_number: string;
  email: string;
  customer_name: string | null;
  shipping_address: ShippingAddress;
  currency: string;
  subtotal: number;
  shipping: number;
  discount: number;
  tip: number;
  processing_fee: number;
  total: number;
  store_id: number | null;
  store_name: string | null;
  slug: string | null;
  base_url: string | null;
  items: Array<{
    id: number;
    name: string;
    color: string;
    size: string;
    quantity: number;
    price: number;
  }>;
}

/** What an order mail says about the order, scoped by its seller. */
export async function orderMailFacts(
  q: Queryable,
  sellerId: number,
  orderId: number,
): Promise<OrderMailFacts | null> {
  const [order] = await q.query<Omit<OrderMailFacts, 'items'>>(
    `SELECT o.order_number, o.email, o.customer_name, o.shipping_address, o.currency,
       o.subtotal::int AS subtotal, o.shipping::int AS shipping, o.discount::int AS discount,
       o.tip::int AS tip, o.processing_fee::int AS processing_fee, o.total::int AS total,
       o.store_id, s.name AS store_name, s.slug, s.base_url
     FROM orders o LEFT JOIN stores s ON s.id = o.store_id
     WHERE o.seller_id = $1 AND o.id = $2`,
    [sellerId, orderId],
  );
  if (!order) return null;
  const items = await q.query<OrderMailFacts['items'][number]>(
    `SELECT i.id, i.name, i.color, i.size, i.quantity, i.price::int AS price
     FROM order_items i JOIN orders o ON o.id = i.order_id
     WHERE i.order_id = $1 AND o.seller_id = $2 ORDER BY i.id`,
    [orderId, sellerId],
  );
  return { ...order, items };
}

export interface ShipmentFacts {
  carrier: string;
  tracking_number: string;
  item_ids: number[];
}

export async function shipmentFacts(
  q: Queryable,
  sellerId: number,
  shipmentId: number,
): Promise<ShipmentFacts | null> {
  const rows = await q.query<ShipmentFacts>(
    `SELECT carrier, tracking_number, item_ids FROM order_shipments
     WHERE seller_id = $1 AND id = $2`,
    [sellerId, shipmentId],
  );
  return rows[0] ?? null;
}
