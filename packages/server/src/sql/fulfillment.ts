/**
 * Fulfillment orders (issue 13): orders from the seller's other channels, order type
 * `fulfillment`, unique per seller, marketplace and external order id (migration 025), so an
 * import run twice creates nothing twice.
 */
import type { PlannedFulfillmentOrder } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { containsPattern, selectPage, Where } from './listQuery.js';

/** The live campaigns of these products of the seller (others' products are left out). */
export async function productCampaignIds(
  db: Queryable,
  sellerId: number,
  productIds: number[],
): Promise<number[]> {
  const rows = await db.query<{ campaign_id: number }>(
    `SELECT DISTINCT p.campaign_id FROM products p JOIN campaigns c ON c.id = p.campaign_id
      WHERE p.seller_id = $1 AND p.id = ANY($2::bigint[]) AND c.deleted_at IS NULL`,
    [sellerId, productIds],
  );
  return rows.map((r) => Number(r.campaign_id));
}

/** The seller's most recent campaign product, for the template's example SKU. */
export async function latestSellerProduct(
  db: Queryable,
  sellerId: number,
): Promise<{ id: number; campaign_id: number } | undefined> {
  const [row] = await db.query<{ id: number; campaign_id: number }>(
    `SELECT p.id, p.campaign_id FROM products p JOIN campaigns c ON c.id = p.campaign_id
      WHERE p.seller_id = $1 AND c.deleted_at IS NULL ORDER BY p.id DESC LIMIT 1`,
    [sellerId],
  );
  return row ? { id: Number(row.id), campaign_id: Number(row.campaign_id) } : undefined;
}

/**
 * Creates the planned orders with their items and first timeline events, skipping those already
 * imported. Runs in the caller's transaction; one statement per table for the whole batch.
 * Returns how many were created.
 */
export async function insertFulfillmentOrders(
  db: Queryable,
  sellerId: number,
  orders: readonly PlannedFulfillmentOrder[],
): Promise<number> {
  if (orders.length === 0) return 0;
  const created = await db.query<{ id: number; marketplace: string; external_order_id: string }>(
    `INSERT INTO orders (seller_id, order_number, order_type, status, payment_status,
       fulfillment_status, email, customer_name, shipping_address, address_invalid, currency,
       subtotal, shipping, discount, tip, processing_fee, total, marketplace, external_order_id)
     SELECT $1, 'PL' || nextval('order_number_seq'), 'fulfillment', 'pending', 'unpaid',
            'unfulfilled', o.email, o.name, o.address::jsonb, o.invalid, o.currency, o.subtotal,
            o.shipping, 0, 0, 0, o.total, o.marketplace, o.external_id
       FROM unnest($2::text[], $3::text[], $4::text[], $5::boolean[], $6::text[], $7::bigint[],
                   $8::bigint[], $9::bigint[], $10::text[], $11::text[], $12::int[])
            AS o(email, name, address, invalid, currency, subtotal, shipping, total, marketplace,
                 external_id, ord)
      ORDER BY o.ord
     ON CONFLICT (seller_id, marketplace, external_order_id) DO NOTHING
     RETURNING id, marketplace, external_order_id`,
    [
      sellerId,
      orders.map((o) => o.email),
      orders.map((o) => o.address.name),
      orders.map((o) => JSON.stringify(o.address)),
      orders.map((o) => o.address_invalid),
      orders.map((o) => o.currency),
      orders.map((o) => o.subtotal),
      orders.map((o) => o.shipping),
      orders.map((o) => o.total),
      orders.map((o) => o.marketplace),
      orders.map((o) => o.external_order_id),
      orders.map((_, i) => i),
    ],
  );
  if (created.length === 0) return 0;
  const byKey = new Map(orders.map((o) => [`${o.marketplace}\u0000${o.external_order_id}`, o]));
  const items: { orderId: number; line: PlannedFulfillmentOrder['lines'][number] }[] = [];
  const events: { orderId: number; kind: string; detail: string }[] = [];
  for (const row of created) {
    const order = byKey.get(`${row.marketplace}\u0000${row.external_order_id}`);
    if (!order) continue;
    const orderId = Number(row.id);
    for (const line of order.lines) items.push({ orderId, line });
    events.push({
      orderId,
      kind: 'created',
      detail: JSON.stringify({ source: 'import', marketplace: order.marketplace }),
    });
    if (order.address_invalid) events.push({ orderId, kind: 'address_invalid', detail: '{}' });
  }
  await db.query(
    `INSERT INTO order_items (order_id, seller_id, campaign_id, product_id, template_id, name,
       color, size, quantity, price, base_cost, sku)
     SELECT i.order_id, $1, i.campaign_id, i.product_id, i.template_id, i.name, i.color, i.size,
            i.quantity, i.base_cost, i.base_cost, i.sku
       FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::text[], $7::text[],
                   $8::text[], $9::int[], $10::bigint[], $11::text[])
            AS i(order_id, campaign_id, product_id, template_id, name, color, size, quantity,
                 base_cost, sku)`,
    [
      sellerId,
      items.map((i) => i.orderId),
      items.map((i) => i.line.campaign_id),
      items.map((i) => i.line.product_id),
      items.map((i) => i.line.template_id),
      items.map((i) => i.line.name),
      items.map((i) => i.line.color),
      items.map((i) => i.line.size),
      items.map((i) => i.line.quantity),
      items.map((i) => i.line.base_cost),
      items.map((i) => i.line.sku),
    ],
  );
  await db.query(
    `INSERT INTO order_events (order_id, seller_id, kind, detail)
     SELECT e.order_id, $1, e.kind, e.detail::jsonb
       FROM unnest($2::bigint[], $3::text[], $4::text[]) AS e(order_id, kind, detail)`,
    [
      sellerId,
      events.map((e) => e.orderId),
      events.map((e) => e.kind),
      events.map((e) => e.detail),
    ],
  );
  return created.length;
}

export interface FulfillmentOrderDbRow {
  id: number;
  order_number: string;
  marketplace: string;
  external_order_id: string;
  email: string;
  customer_name: string | null;
  country: string | null;
  status: string;
  payment_status: string;
  fulfillment_status: string;
  address_invalid: boolean;
  items_count: number;
  total: number;
  currency: string;
  created_at: Date;
}

/** A page of the seller's fulfillment orders, newest first (capped count). */
export async function listFulfillmentOrders(
  db: Queryable,
  sellerId: number,
  filter: { q?: string | undefined; marketplace?: string | undefined },
  page: { page: number; per_page: number },
): Promise<{ rows: FulfillmentOrderDbRow[]; counted: number }> {
  const where = new Where().add('o.seller_id = ?', sellerId).add('o.order_type = ?', 'fulfillment');
  if (filter.marketplace) where.add('o.marketplace = ?', filter.marketplace);
  if (filter.q) {
    where.add(
      '(o.order_number ILIKE ? OR o.external_order_id ILIKE ? OR o.email ILIKE ?)',
      containsPattern(filter.q),
    );
  }
  return selectPage<FulfillmentOrderDbRow>(
    db,
    {
      from: 'orders o',
      select: `SELECT o.id, o.order_number, o.marketplace, o.external_order_id, o.email,
          o.customer_name, o.shipping_address->>'country' AS country, o.status, o.payment_status,
          o.fulfillment_status, o.address_invalid, o.total, o.currency, o.created_at,
          (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS items_count
        FROM orders o`,
      orderBy: 'o.id DESC',
    },
    where,
    page,
  );
}
