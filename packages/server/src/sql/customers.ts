/**
 * Customers (issue 13): buyers of the seller's orders, one per lower-cased email and currency,
 * read from the `customers` table (migration 054). Its rows are kept by a trigger on orders in
 * the transaction of each order write: one row per buyer for all stores (`store_scope` 0) and
 * one per store. Deleted orders do not count; `total_spent` sums the orders whose payment counts
 * as spent (core SPENT_PAYMENT_STATUSES, SQL `order_counts_as_spent`).
 */
import { countLimit } from '@printloom/core';
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

/** The all-stores rows of `customers`; store rows use the store id. */
const ALL_STORES = 0;

const SORTABLE = new Set(['last_order_at', 'orders_count', 'total_spent', 'email']);

const COLUMNS =
  'email, currency, name, country, orders_count, total_spent, first_order_at, last_order_at';

/**
 * The buyers `filter` may see: one `store_scope` is a plain read of its rows (and of the
 * indexes of each sort); a session limited to several stores adds up those stores' rows, the
 * name and country being the ones of the latest order among them.
 */
function source(where: Where, sellerId: number, filter: CustomerFilter): string {
  const seller = where.param(sellerId);
  const scopes =
    filter.storeId !== undefined
      ? [filter.storeId]
      : filter.storeIds === null
        ? [ALL_STORES]
        : filter.storeIds;
  if (scopes.length === 1) {
    return `SELECT ${COLUMNS} FROM customers
      WHERE seller_id = ${seller} AND store_scope = ${where.param(scopes[0])}`;
  }
  return `SELECT email, currency,
      (array_agg(name ORDER BY last_order_at DESC, last_order_id DESC))[1] AS name,
      (array_agg(country ORDER BY last_order_at DESC, last_order_id DESC))[1] AS country,
      sum(orders_count)::int AS orders_count, sum(total_spent)::bigint AS total_spent,
      min(first_order_at) AS first_order_at, max(last_order_at) AS last_order_at
    FROM customers WHERE seller_id = ${seller} AND store_scope = ANY(${where.param(scopes)}::bigint[])
    GROUP BY email, currency`;
}

interface Keyset {
  email: string;
  currency: string;
}

/**
 * The buyers matching `filter` with their own parameters: `q` matches anywhere in the email or
 * the latest name (a search never changes a buyer's counts).
 */
function customersQuery(
  sellerId: number,
  filter: CustomerFilter,
  after?: Keyset,
): { sql: string; params: unknown[] } {
  const where = new Where();
  const from = source(where, sellerId, filter);
  where.clause('TRUE');
  if (filter.q) {
    where.add('(c.email LIKE lower(?) OR c.name ILIKE ?)', containsPattern(filter.q));
  }
  if (after)
    where.add('(c.email, c.currency) > ((?::text[])[1], (?::text[])[2])', [
      after.email,
      after.currency,
    ]);
  return { sql: `SELECT c.* FROM (${from}) c WHERE ${where.sql}`, params: where.params };
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
