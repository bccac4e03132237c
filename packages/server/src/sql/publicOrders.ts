import type { ShippingAddress } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import type { CheckoutLineRow } from './orders.js';

export interface PublicOrderRow {
  id: number;
  order_number: string;
  external_id: string | null;
  order_type: string;
  status: string;
  payment_status: string;
  fulfillment_status: string;
  store_id: number | null;
  email: string;
  customer_name: string | null;
  shipping_address: ShippingAddress;
  currency: string;
  subtotal: number;
  shipping: number;
  total: number;
  created_at: Date;
  updated_at: Date;
}

export interface PublicOrderItemRow {
  id: number;
  order_id: number;
  campaign_id: number | null;
  product_id: number | null;
  name: string;
  color: string;
  size: string;
  quantity: number;
  price: number;
  base_cost: number;
  status: string;
}

const ORDER_COLUMNS = `id, order_number, external_id, order_type, status, payment_status,
  fulfillment_status, store_id, email, customer_name, shipping_address, currency,
  subtotal::float8 AS subtotal, shipping::float8 AS shipping, total::float8 AS total,
  created_at, updated_at`;

/** The seller's orders, newest first, optionally of one status or external id. */
export async function listPublicOrders(
  db: Queryable,
  sellerId: number,
  filter: {
    status?: string | undefined;
    externalId?: string | undefined;
    storeIds: number[] | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: PublicOrderRow[]; total: number }> {
  const where = `seller_id = $1 AND ($2::text IS NULL OR status = $2)
    AND ($3::text IS NULL OR external_id = $3)
    AND ($4::bigint[] IS NULL OR store_id = ANY($4::bigint[]))`;
  const params = [sellerId, filter.status ?? null, filter.externalId ?? null, filter.storeIds];
  const rows = await db.query<PublicOrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where} ORDER BY id DESC LIMIT $5 OFFSET $6`,
    [...params, filter.limit, filter.offset],
  );
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM orders WHERE ${where}`,
    params,
  );
  return { rows, total: Number(count?.n ?? 0) };
}

export async function getPublicOrder(
  db: Queryable,
  sellerId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<PublicOrderRow | undefined> {
  return (
    await db.query<PublicOrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND seller_id = $2${options.lock ? ' FOR UPDATE' : ''}`,
      [id, sellerId],
    )
  )[0];
}

export async function orderByExternalId(
  db: Queryable,
  sellerId: number,
  externalId: string,
): Promise<PublicOrderRow | undefined> {
  return (
    await db.query<PublicOrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE seller_id = $1 AND external_id = $2`,
      [sellerId, externalId],
    )
  )[0];
}

export async function publicOrderItems(
  db: Queryable,
  sellerId: number,
  orderIds: readonly number[],
): Promise<PublicOrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db.query<PublicOrderItemRow>(
    `SELECT id, order_id, campaign_id, product_id, name, color, size, quantity,
       price::float8 AS price, base_cost::float8 AS base_cost, status
     FROM order_items i WHERE i.order_id = ANY($2::bigint[])
       -- The seller's orders, with the lines of other sellers' campaigns its stores cross-sold.
       AND EXISTS (SELECT 1 FROM orders o WHERE o.id = i.order_id AND o.seller_id = $1)
     ORDER BY id`,
    [sellerId, orderIds],
  );
}

/**
 * A fulfillment order with its lines, in the caller's transaction (the caller records its
 * timeline entry); null when an order with this external id exists already (made by a call
 * that got there first).
 */
export async function insertFulfillmentOrder(
  db: Queryable,
  order: {
    sellerId: number;
    storeId: number | null;
    externalId: string;
    email: string;
    address: ShippingAddress;
    addressInvalid: boolean;
    currency: string;
    subtotal: number;
    shipping: number;
    total: number;
    lines: CheckoutLineRow[];
  },
): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO orders (seller_id, store_id, external_id, order_number, order_type, status,
       payment_status, email, customer_name, shipping_address, address_invalid, currency,
       subtotal, shipping, discount, tip, processing_fee, total)
     VALUES ($1, $2, $3, 'PL' || nextval('order_number_seq'), 'fulfillment', 'pending', 'unpaid',
       $4, $5, $6, $7, $8, $9, $10, 0, 0, 0, $11)
     ON CONFLICT (seller_id, external_id) WHERE external_id IS NOT NULL DO NOTHING
     RETURNING id`,
    [
      order.sellerId,
      order.storeId,
      order.externalId,
      order.email,
      order.address.name,
      JSON.stringify(order.address),
      order.addressInvalid,
      order.currency,
      order.subtotal,
      order.shipping,
      order.total,
    ],
  );
  if (!row) return null;
  const id = Number(row.id);
  for (const line of order.lines) {
    await db.query(
      `INSERT INTO order_items (order_id, seller_id, campaign_id, product_id, template_id, name,
         color, size, quantity, price, base_cost)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        id,
        order.sellerId,
        line.campaign_id,
        line.product_id,
        line.template_id,
        line.name,
        line.color,
        line.size,
        line.quantity,
        line.price,
        line.base_cost,
      ],
    );
  }
  return id;
}
