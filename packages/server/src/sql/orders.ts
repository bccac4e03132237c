import type { CheckoutTotals, PersonalizedValue, ShippingAddress } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

/** A priced line of a checkout, as stored and as it becomes an order item (minor units). */
export interface CheckoutLineRow {
  campaign_id: number;
  product_id: number;
  template_id: number;
  name: string;
  color: string;
  size: string;
  quantity: number;
  price: number;
  base_cost: number;
  /** The buyer's values of a personalised product (migration 044), resolved when priced. */
  personalization?: PersonalizedValue[];
  /**
   * Set on a campaign cross-sold from another seller (migration 045): its owner, the offer the
   * store listed it under and that offer's commission percent, as they were when priced.
   */
  owner_id?: number;
  offer_id?: number;
  commission_percent?: number;
  /** The set of a combo campaign this line belongs to (its items share it; migration 051). */
  bundle_id?: string;
}

export interface CheckoutRow {
  id: string;
  seller_id: number;
  store_id: number;
  email: string;
  shipping_address: ShippingAddress;
  address_invalid: boolean;
  items: CheckoutLineRow[];
  coupon_code: string | null;
  /** The promotion of the coupon code (migration 029), null without one. */
  promotion_id: number | null;
  currency: string;
  subtotal: number;
  shipping: number;
  discount: number;
  tip: number;
  processing_fee: number;
  total: number;
  status: 'open' | 'requires_action' | 'paid';
  order_id: number | null;
  /** The buyer asked for news and offers (migration 063). */
  marketing_opt_in: boolean;
}

export async function insertCheckout(
  db: Queryable,
  row: {
    id: string;
    sellerId: number;
    storeId: number;
    email: string;
    address: ShippingAddress;
    problems: { field: string; message: string }[];
    items: CheckoutLineRow[];
    coupon: string | null;
    promotionId: number | null;
    tipPercent: number | null;
    totals: CheckoutTotals;
    marketingOptIn?: boolean;
  },
): Promise<void> {
  const t = row.totals;
  await db.query(
    `INSERT INTO checkouts (id, seller_id, store_id, email, shipping_address, address_invalid,
       address_problems, items, coupon_code, tip_percent, currency, subtotal, shipping, discount,
       tip, processing_fee, total, promotion_id, marketing_opt_in)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    [
      row.id,
      row.sellerId,
      row.storeId,
      row.email,
      JSON.stringify(row.address),
      row.problems.length > 0,
      JSON.stringify(row.problems),
      JSON.stringify(row.items),
      row.coupon,
      row.tipPercent,
      t.currency,
      t.subtotal,
      t.shipping,
      t.discount,
      t.tip,
      t.processing_fee,
      t.total,
      row.promotionId,
      row.marketingOptIn ?? false,
    ],
  );
}

const CHECKOUT_COLUMNS =
  'id, seller_id, store_id, email, shipping_address, address_invalid, items, coupon_code, promotion_id, currency, subtotal, shipping, discount, tip, processing_fee, total, status, order_id, marketing_opt_in';

/** The checkout, locked for the transaction: concurrent payments of it wait their turn. */
export async function lockCheckout(db: Queryable, id: string): Promise<CheckoutRow | undefined> {
  const rows = await db.query<CheckoutRow>(
    `SELECT ${CHECKOUT_COLUMNS} FROM checkouts WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

export async function getCheckout(db: Queryable, id: string): Promise<CheckoutRow | undefined> {
  const rows = await db.query<CheckoutRow>(
    `SELECT ${CHECKOUT_COLUMNS} FROM checkouts WHERE id = $1`,
    [id],
  );
  return rows[0];
}

export async function setCheckoutStatus(
  db: Queryable,
  id: string,
  status: CheckoutRow['status'],
  orderId: number | null = null,
): Promise<void> {
  await db.query(
    'UPDATE checkouts SET status = $2, order_id = COALESCE($3, order_id), updated_at = now() WHERE id = $1',
    [id, status, orderId],
  );
}

export async function insertPayment(
  db: Queryable,
  payment: {
    checkoutId: string;
    sellerId: number;
    gateway: string;
    reference: string;
    amount: number;
    currency: string;
    status: 'paid' | 'declined' | 'requires_action';
  },
): Promise<void> {
  await db.query(
    `INSERT INTO payments (checkout_id, seller_id, gateway, reference, amount, currency, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      payment.checkoutId,
      payment.sellerId,
      payment.gateway,
      payment.reference,
      payment.amount,
      payment.currency,
      payment.status,
    ],
  );
}

export async function countPaidPayments(db: Queryable, checkoutId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM payments WHERE checkout_id = $1 AND status = 'paid'",
    [checkoutId],
  );
  return Number(row?.n ?? 0);
}

/**
 * The order of a paid checkout with its items, in the caller's transaction; the caller records
 * its first timeline events (server/src/orders/recordOrderEvent.ts). The checkout id is unique
 * on orders: a second insert for it fails instead of making two.
 */
export async function insertOrderFromCheckout(
  db: Queryable,
  checkout: CheckoutRow,
  payment: { gateway: string; reference: string },
): Promise<{ id: number; order_number: string }> {
  const [order] = await db.query<{ id: number; order_number: string }>(
    `INSERT INTO orders (seller_id, store_id, checkout_id, order_number, status, payment_status,
       email, customer_name, shipping_address, address_invalid, currency, subtotal, shipping,
       discount, tip, processing_fee, total, coupon_code, payment_gateway, payment_reference, paid_at,
       promotion_id)
     VALUES ($1, $2, $3, 'PL' || nextval('order_number_seq'), 'processing', 'paid', $4, $5, $6, $7,
       $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, now(), $18)
     RETURNING id, order_number`,
    [
      checkout.seller_id,
      checkout.store_id,
      checkout.id,
      checkout.email,
      checkout.shipping_address.name,
      JSON.stringify(checkout.shipping_address),
      checkout.address_invalid,
      checkout.currency,
      checkout.subtotal,
      checkout.shipping,
      checkout.discount,
      checkout.tip,
      checkout.processing_fee,
      checkout.total,
      checkout.coupon_code,
      payment.gateway,
      payment.reference,
      checkout.promotion_id,
    ],
  );
  if (!order) throw new Error('order insert returned nothing');
  const id = Number(order.id);
  for (const item of checkout.items) {
    await db.query(
      `INSERT INTO order_items (order_id, seller_id, campaign_id, product_id, template_id, name,
         color, size, quantity, price, base_cost, personalization, bundle_id)
       SELECT $1, $2, c.id, p.id, t.id, $6, $7, $8, $9, $10, $11, $12::jsonb, $13::uuid
         FROM (SELECT 1) one
         LEFT JOIN campaigns c ON c.id = $3 AND c.seller_id = $2
         LEFT JOIN products p ON p.id = $4 AND p.seller_id = $2
         LEFT JOIN product_templates t ON t.id = $5`,
      [
        id,
        // A cross-sold item keeps its campaign owner's seller_id; the order is the store's.
        item.owner_id ?? checkout.seller_id,
        item.campaign_id,
        item.product_id,
        item.template_id,
        item.name,
        item.color,
        item.size,
        item.quantity,
        item.price,
        item.base_cost,
        JSON.stringify(item.personalization ?? []),
        item.bundle_id ?? null,
      ],
    );
  }
  return { id, order_number: order.order_number };
}

export async function orderIdentity(
  db: Queryable,
  orderId: number,
): Promise<{ id: number; order_number: string } | undefined> {
  const rows = await db.query<{ id: number; order_number: string }>(
    'SELECT id, order_number FROM orders WHERE id = $1',
    [orderId],
  );
  const row = rows[0];
  return row ? { id: Number(row.id), order_number: row.order_number } : undefined;
}

export interface BuyerOrder {
  id: number;
  order_number: string;
  email: string;
  status: string;
  payment_status: string;
  fulfillment_status: string;
  created_at: Date;
  currency: string;
  subtotal: number;
  shipping: number;
  discount: number;
  tip: number;
  processing_fee: number;
  total: number;
  shipping_address: ShippingAddress;
  items: {
    name: string;
    color: string;
    size: string;
    quantity: number;
    price: number;
    /** The buyer's values of a personalised product (migration 044). */
    personalization: PersonalizedValue[];
  }[];
  events: { kind: string; at: Date }[];
  shipments: { carrier: string; tracking_number: string; shipped_at: Date }[];
}

/** An order as its buyer sees it: by number and the order's email (any case), or by checkout. */
export async function buyerOrder(
  db: Queryable,
  by: { number: string; email: string } | { checkoutId: string; storeId: number },
): Promise<BuyerOrder | undefined> {
  const [order] = await db.query<Omit<BuyerOrder, 'items' | 'events' | 'shipments'>>(
    `SELECT id, order_number, email, status, payment_status, fulfillment_status, created_at,
            currency, subtotal, shipping, discount, tip, processing_fee, total, shipping_address
       FROM orders
      WHERE ${'number' in by ? 'order_number = upper($1) AND lower(email) = lower($2)' : 'checkout_id = $1 AND store_id = $2'}`,
    'number' in by ? [by.number.trim(), by.email.trim()] : [by.checkoutId, by.storeId],
  );
  if (!order) return undefined;
  const items = await db.query<BuyerOrder['items'][number]>(
    `SELECT name, color, size, quantity, price, personalization FROM order_items
      WHERE order_id = $1 ORDER BY id`,
    [order.id],
  );
  const events = await db.query<{ kind: string; at: Date }>(
    'SELECT kind, created_at AS at FROM order_events WHERE order_id = $1 ORDER BY id',
    [order.id],
  );
  const shipments = await db.query<BuyerOrder['shipments'][number]>(
    'SELECT carrier, tracking_number, shipped_at FROM order_shipments WHERE order_id = $1 ORDER BY id',
    [order.id],
  );
  return { ...order, id: Number(order.id), items, events, shipments };
}
