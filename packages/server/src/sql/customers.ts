/**
 * Customers (issue 13): buyers derived from the seller's orders, one per lower-cased email and
 * currency. Nothing is stored: the grouping reads `orders_seller_email` (seller_id, lower(email)).
 * Deleted orders do not count; `total_spent` sums the orders whose payment counts as spent
 * (core SPENT_PAYMENT_STATUSES).
 */
import { countLimit, SPENT_PAYMENT_STATUSES } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { containsPattern, Where } from './listQuery.js';

export interface CustomerRow {
  email: string;
  currency: string;
  name: string | null;
  country: string | null;
  orders_count: number;
  total_spent: number;
  first_order_at: Date;
  last_order_at: Date;
}

export interface CustomerFilter {
  q?: string | undefined;
  storeId?: number | undefined;
  /** Stores a limited session may see; null for all (orders without a store then count too). */
  storeIds: number[] | null;
}

const SORTABLE = new Set(['last_order_at', 'orders_count', 'total_spent', 'email']);

/** The grouped buyers of the seller's orders matching `where` (its numbering continues). */
function grouped(where: Where): string {
  return `SELECT lower(o.email) AS email, o.currency,
      (array_agg(o.customer_name ORDER BY o.created_at DESC, o.id DESC))[1] AS name,
      (array_agg(o.shipping_address->>'country' ORDER BY o.created_at DESC, o.id DESC))[1] AS country,
      count(*)::int AS orders_count,
      COALESCE(sum(o.total) FILTER (WHERE o.payment_status = ANY('{${SPENT_PAYMENT_STATUSES.join(',')}}'::text[])), 0)::bigint
        AS total_spent,
      min(o.created_at) AS first_order_at, max(o.created_at) AS last_order_at
    FROM orders o
    WHERE ${where.sql}
    GROUP BY lower(o.email), o.currency`;
}

interface Keyset {
  email: string;
  currency: string;
}

function orderWhere(sellerId: number, filter: CustomerFilter, after?: Keyset): Where {
  const where = new Where().add('o.seller_id = ?', sellerId).add('o.status <> ?', 'deleted');
  if (filter.storeId !== undefined) where.add('o.store_id = ?', filter.storeId);
  if (filter.storeIds !== null) where.add('o.store_id = ANY(?::bigint[])', filter.storeIds);
  // Group keys, so the condition may go before the grouping (and use the index).
  if (after) {
    where.add('(lower(o.email), o.currency) > ((?::text[])[1], (?::text[])[2])', [
      after.email,
      after.currency,
    ]);
  }
  return where;
}

/**
 * The grouped buyers matching `filter` with their own parameters: `q` matches the email or the
 * latest name, after grouping so a match never changes a buyer's counts.
 */
function customersQuery(
  sellerId: number,
  filter: CustomerFilter,
  after?: Keyset,
): { sql: string; params: unknown[] } {
  const where = orderWhere(sellerId, filter, after);
  const params = [...where.params];
  let outer = 'TRUE';
  if (filter.q) {
    params.push(containsPattern(filter.q));
    outer = `(c.email LIKE lower($${params.length}) OR c.name ILIKE $${params.length})`;
  }
  return { sql: `SELECT c.* FROM (${grouped(where)}) c WHERE ${outer}`, params };
}

/** One page of buyers and how many match, counted up to `countLimit` + 1 (list cap). */
export async function listCustomers(
  db: Queryable,
  sellerId: number,
  filter: CustomerFilter,
  page: { page: number; per_page: number; order_by: string },
): Promise<{ rows: CustomerRow[]; counted: number }> {
  const { sql, params } = customersQuery(sellerId, filter);
  const [field = 'last_order_at', direction = 'desc'] = page.order_by.split(':');
  const column = SORTABLE.has(field) ? field : 'last_order_at';
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  const n = params.length;
  const [count] = await db.query<{ counted: number }>(
    `SELECT count(*)::int AS counted FROM (${sql} LIMIT $${n + 1}) capped`,
    [...params, countLimit(page.page, page.per_page) + 1],
  );
  const rows = await db.query<CustomerRow>(
    `${sql} ORDER BY c.${column} ${dir}, c.email ${dir}, c.currency ${dir}
     LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, page.per_page, (page.page - 1) * page.per_page],
  );
  return { rows, counted: count?.counted ?? 0 };
}

/**
 * Every matching buyer, by email then currency, read in batches of `batch` with a keyset so an
 * export of any size holds one batch in memory.
 */
export async function* customersForExport(
  db: Queryable,
  sellerId: number,
  filter: CustomerFilter,
  batch = 1000,
): AsyncGenerator<CustomerRow> {
  let after: Keyset | undefined;
  for (;;) {
    const { sql, params } = customersQuery(sellerId, filter, after);
    const rows = await db.query<CustomerRow>(
      `${sql} ORDER BY c.email, c.currency LIMIT $${params.length + 1}`,
      [...params, batch],
    );
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = { email: last.email, currency: last.currency };
  }
}

export interface CustomerOrderRow {
  id: number;
  order_number: string;
  order_type: string;
  status: string;
  payment_status: string;
  fulfillment_status: string;
  total: number;
  currency: string;
  store_id: number | null;
  customer_name: string | null;
  shipping_address: Record<string, unknown> | null;
  created_at: Date;
}

/** A buyer's orders the session may see, newest first (none: no such buyer). */
export async function customerOrders(
  db: Queryable,
  sellerId: number,
  email: string,
  storeIds: number[] | null,
): Promise<CustomerOrderRow[]> {
  return db.query<CustomerOrderRow>(
    `SELECT o.id, o.order_number, o.order_type, o.status, o.payment_status, o.fulfillment_status,
            o.total, o.currency, o.store_id, o.customer_name, o.shipping_address, o.created_at
       FROM orders o
      WHERE o.seller_id = $1 AND lower(o.email) = lower($2) AND o.status <> 'deleted'
        AND ($3::bigint[] IS NULL OR o.store_id = ANY($3::bigint[]))
      ORDER BY o.created_at DESC, o.id DESC`,
    [sellerId, email, storeIds],
  );
}
