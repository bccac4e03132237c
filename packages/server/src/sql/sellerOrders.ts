/**
 * The seller's orders (issue 13): the list with its filters, one order with its lines,
 * shipments and timeline, and the writes of the order machine. Every query is scoped by the
 * seller id of the session and, for a session limited to some stores, by those stores.
 */
import {
  type FulfillmentStatus,
  LARGE_LIST_COUNT_CAP,
  type OrderItemStatus,
  type OrderListQuery,
  type OrderStatus,
  type PaymentStatus,
  type PersonalizedValue,
  type ShippingAddress,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { orderBy, selectPageByIds, Where } from './listQuery.js';
import { nameWordsQuery } from './nameSearch.js';

export interface OrderScope {
  sellerId: number;
  /** Stores the session may see; null for every store of the seller. */
  storeIds: number[] | null;
}

export interface OrderListRow {
  id: number;
  order_number: string;
  store_id: number | null;
  store_name: string | null;
  order_type: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  fulfillment_status: FulfillmentStatus;
  email: string;
  customer_name: string | null;
  currency: string;
  total: number;
  items_count: number;
  tracking_numbers: string[] | null;
  created_at: Date;
}

export interface OrderFullRow extends OrderListRow {
  seller_id: number;
  held_from: OrderStatus | null;
  shipping_address: ShippingAddress;
  address_invalid: boolean;
  subtotal: number;
  shipping: number;
  discount: number;
  tip: number;
  processing_fee: number;
  coupon_code: string | null;
  payment_gateway: string | null;
  paid_at: Date | null;
}

/** The search text with the seller's own `%`, `_` and `\\` matched literally by ILIKE. */
const likeEscaped = (q: string) =>
  `replace(replace(replace(${q}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/**
 * The ids of the seller's orders a search (`q`, a parameter such as `$2`) finds: a number, an
 * email or a tracking number matches exactly (each has its index); a name matches where the
 * search text appears in it starting at the beginning of a word (`words`, the parameter of
 * `nameWordsQuery`, reads the index of the name's words in SQL `order_ids_by_name`; its ILIKE
 * keeps the text as typed).
 * A UNION keeps each match on its own index (an OR with the tracking subquery makes the planner
 * scan the seller's orders). $1 is the seller.
 */
const searchMatches = (
  q: string,
  words: string,
) => `SELECT m.id FROM orders m WHERE m.seller_id = $1 AND m.order_number = upper(${q})
        UNION SELECT m.id FROM orders m WHERE m.seller_id = $1 AND lower(m.email) = lower(${q})
        UNION SELECT order_ids_by_name($1, ${words}::text, '%' || ${likeEscaped(q)} || '%')
        UNION SELECT sh.order_id FROM order_shipments sh
          WHERE sh.seller_id = $1 AND upper(sh.tracking_number) = upper(${q})`;

const ORDER_COLUMNS = new Set(['id', 'created_at', 'total', 'order_number']);

const LIST_SELECT = `SELECT o.id, o.order_number, o.store_id, s.name AS store_name, o.order_type,
    o.status, o.payment_status, o.fulfillment_status, o.email, o.customer_name, o.currency,
    o.total, o.created_at,
    (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id) AS items_count,
    (SELECT array_agg(sh.tracking_number ORDER BY sh.id) FROM order_shipments sh
      WHERE sh.order_id = o.id) AS tracking_numbers
  FROM orders o LEFT JOIN stores s ON s.id = o.store_id`;

/**
 * The WHERE of the list and the export: the seller, the session's stores and the filters. With
 * `searchIn`, a search reads the ids that CTE holds (the list runs it once for its count and its
 * page) and `search` is that CTE's query; otherwise the search runs inside the WHERE.
 */
function listWhere(
  scope: OrderScope,
  query: Omit<OrderListQuery, 'page' | 'per_page' | 'order_by'>,
  range: { from: string | null; to: string } | null,
  searchIn?: string,
): { where: Where; search: string | null } {
  const where = new Where().add('o.seller_id = ?', scope.sellerId);
  let search: string | null = null;
  if (scope.storeIds) where.add('o.store_id = ANY(?::bigint[])', scope.storeIds);
  const q = query.q?.trim();
  if (q && searchIn) {
    search = searchMatches(where.param(q), where.param(nameWordsQuery(q)));
    where.clause(`o.id IN (SELECT id FROM ${searchIn})`);
  } else if (q) {
    where.clause(`o.id IN (${searchMatches(where.param(q), where.param(nameWordsQuery(q)))})`);
  }
  if (query.status) where.add('o.status = ?', query.status);
  if (query.payment_status) where.add('o.payment_status = ?', query.payment_status);
  if (query.fulfillment_status) where.add('o.fulfillment_status = ?', query.fulfillment_status);
  if (query.type) where.add('o.order_type = ?', query.type);
  if (query.store_id) where.add('o.store_id = ?', query.store_id);
  where.createdIn('o.created_at', range);
  return { where, search };
}

/**
 * One page of the list and how many orders match, counted up to `countLimit` + 1 with the
 * orders cap (core `LARGE_LIST_COUNT_CAP`, `cappedPageInfo`). The filter and sort indexes of
 * migration 049 carry every filter column, so the count and the page's ids read the index alone;
 * only the page's own orders are read with their store, item count and tracking numbers. A
 * search runs once for both (a materialized CTE).
 */
export async function listSellerOrders(
  db: Queryable,
  scope: OrderScope,
  query: OrderListQuery,
  range: { from: string | null; to: string } | null,
): Promise<{ rows: OrderListRow[]; counted: number }> {
  const { where, search } = listWhere(scope, query, range, 'q_match');
  return selectPageByIds<OrderListRow>(
    db,
    {
      from: 'orders o',
      id: 'o.id',
      select: LIST_SELECT,
      orderBy: orderBy(query.order_by, ORDER_COLUMNS, 'o.'),
      outerOrderBy: orderBy(query.order_by, ORDER_COLUMNS, 'l.'),
      ...(search ? { ctes: `q_match AS MATERIALIZED (${search}),` } : {}),
    },
    where,
    query,
    LARGE_LIST_COUNT_CAP,
  );
}

/**
 * One batch of the export, after `afterId` in id order (keyset paging: each batch reads only
 * its own rows, so an export of any size holds one batch in memory).
 */
export async function exportSellerOrdersBatch(
  db: Queryable,
  scope: OrderScope,
  query: Omit<OrderListQuery, 'page' | 'per_page' | 'order_by'>,
  range: { from: string | null; to: string } | null,
  afterId: number,
  limit: number,
): Promise<OrderListRow[]> {
  const { where } = listWhere(scope, query, range);
  where.add('o.id > ?', afterId);
  return db.query<OrderListRow>(
    `${LIST_SELECT} WHERE ${where.sql} ORDER BY o.id LIMIT $${where.params.length + 1}`,
    [...where.params, limit],
  );
}

const FULL_SELECT = `SELECT o.id, o.seller_id, o.order_number, o.store_id, s.name AS store_name,
    o.order_type, o.status, o.payment_status, o.fulfillment_status, o.held_from, o.email,
    o.customer_name, o.currency, o.total, o.created_at, o.shipping_address, o.address_invalid,
    o.subtotal, o.shipping, o.discount, o.tip, o.processing_fee, o.coupon_code,
    o.payment_gateway, o.paid_at,
    (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id) AS items_count,
    (SELECT array_agg(sh.tracking_number ORDER BY sh.id) FROM order_shipments sh
      WHERE sh.order_id = o.id) AS tracking_numbers
  FROM orders o LEFT JOIN stores s ON s.id = o.store_id`;

/** One order of the seller within the session's stores; `lock` holds it for the transaction. */
export async function getSellerOrder(
  db: Queryable,
  scope: OrderScope,
  id: number,
  lock = false,
): Promise<OrderFullRow | undefined> {
  const [row] = await db.query<OrderFullRow>(
    `${FULL_SELECT} WHERE o.id = $1 AND o.seller_id = $2
       AND ($3::bigint[] IS NULL OR o.store_id = ANY($3::bigint[]))
     ${lock ? 'FOR UPDATE OF o' : ''}`,
    [id, scope.sellerId, scope.storeIds],
  );
  return row;
}

/** Any seller's order, for the platform's operators. */
export async function getOrderForPlatform(
  db: Queryable,
  by: { id: number } | { number: string },
  lock = false,
): Promise<OrderFullRow | undefined> {
  const [row] = await db.query<OrderFullRow>(
    `${FULL_SELECT} WHERE ${'id' in by ? 'o.id = $1' : 'o.order_number = upper($1)'}
     ${lock ? 'FOR UPDATE OF o' : ''}`,
    ['id' in by ? by.id : by.number.trim()],
  );
  return row;
}

export interface OrderItemRow {
  id: number;
  campaign_id: number | null;
  product_id: number | null;
  name: string;
  color: string;
  size: string;
  quantity: number;
  price: number;
  base_cost: number;
  status: OrderItemStatus;
  mockup_url: string | null;
  print_files: { print_space: string; file_url: string }[] | null;
  /** The buyer's values of a personalised product (migration 044). */
  personalization: PersonalizedValue[] | null;
  /** The combo set of the item (migration 051). */
  bundle_id: string | null;
}

/** An order's lines with their product's default mockup and their print files (order_item_files). */
export async function orderItems(db: Queryable, orderId: number): Promise<OrderItemRow[]> {
  return db.query<OrderItemRow>(
    `SELECT i.id, i.campaign_id, i.product_id, i.name, i.color, i.size, i.quantity, i.price,
        i.base_cost, i.status, i.personalization, i.bundle_id,
        (SELECT m.file_url FROM mockups m WHERE m.product_id = i.product_id
          ORDER BY m.is_default DESC, m.id LIMIT 1) AS mockup_url,
        (SELECT json_agg(json_build_object('print_space', f.print_space, 'file_url', f.file_url)
                ORDER BY f.id)
           FROM order_item_files f WHERE f.order_item_id = i.id) AS print_files
       FROM order_items i WHERE i.order_id = $1 ORDER BY i.id`,
    [orderId],
  );
}

export interface OrderEventRow {
  id: number;
  kind: string;
  detail: Record<string, unknown>;
  actor_kind: string;
  actor_id: number | null;
  actor_name: string | null;
  created_at: Date;
}

export async function orderTimeline(db: Queryable, orderId: number): Promise<OrderEventRow[]> {
  return db.query<OrderEventRow>(
    `SELECT e.id, e.kind, e.detail, e.actor_kind, e.actor_id, u.name AS actor_name, e.created_at
       FROM order_events e LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.order_id = $1 ORDER BY e.id`,
    [orderId],
  );
}

export interface ShipmentRow {
  id: number;
  carrier: string;
  tracking_number: string;
  item_ids: number[];
  shipped_at: Date;
}

export async function orderShipments(db: Queryable, orderId: number): Promise<ShipmentRow[]> {
  return db.query<ShipmentRow>(
    `SELECT id, carrier, tracking_number, item_ids, shipped_at FROM order_shipments
      WHERE order_id = $1 ORDER BY id`,
    [orderId],
  );
}

export async function insertShipment(
  db: Queryable,
  shipment: {
    orderId: number;
    sellerId: number;
    itemIds: number[];
    carrier: string;
    trackingNumber: string;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO order_shipments (order_id, seller_id, item_ids, carrier, tracking_number)
     VALUES ($1, $2, $3::bigint[], $4, $5) RETURNING id`,
    [
      shipment.orderId,
      shipment.sellerId,
      shipment.itemIds,
      shipment.carrier,
      shipment.trackingNumber,
    ],
  );
  if (!row) throw new Error('shipment insert returned nothing');
  return Number(row.id);
}

/** Writes the order machine's new state: the order's statuses and each line's status. */
export async function writeOrderState(
  db: Queryable,
  orderId: number,
  state: {
    status: OrderStatus;
    payment_status: PaymentStatus;
    fulfillment_status: FulfillmentStatus;
    held_from: OrderStatus | null;
    items: readonly { id: number; status: OrderItemStatus }[];
  },
): Promise<void> {
  await db.query(
    `UPDATE orders SET status = $2, payment_status = $3, fulfillment_status = $4, held_from = $5,
       updated_at = now() WHERE id = $1`,
    [orderId, state.status, state.payment_status, state.fulfillment_status, state.held_from],
  );
  if (state.items.length === 0) return;
  await db.query(
    `UPDATE order_items i SET status = v.status
       FROM unnest($2::bigint[], $3::text[]) AS v(id, status)
      WHERE i.id = v.id AND i.order_id = $1 AND i.status <> v.status`,
    [orderId, state.items.map((i) => i.id), state.items.map((i) => i.status)],
  );
}

export async function writeOrderAddress(
  db: Queryable,
  orderId: number,
  address: ShippingAddress,
  invalid: boolean,
): Promise<void> {
  await db.query(
    `UPDATE orders SET shipping_address = $2, customer_name = $3, address_invalid = $4,
       updated_at = now() WHERE id = $1`,
    [orderId, JSON.stringify(address), address.name, invalid],
  );
}

export async function insertOrderEvent(
  db: Queryable,
  event: {
    orderId: number;
    sellerId: number;
    kind: string;
    detail: Record<string, unknown>;
    actorKind: string;
    actorId: number | null;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO order_events (order_id, seller_id, kind, detail, actor_kind, actor_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      event.orderId,
      event.sellerId,
      event.kind,
      JSON.stringify(event.detail),
      event.actorKind,
      event.actorId,
    ],
  );
  if (!row) throw new Error('order event insert returned nothing');
  return Number(row.id);
}
