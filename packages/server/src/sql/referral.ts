/**
 * The referral program's SQL verbs (issue 14; rules in core `referral/`). A referrer reads only
 * the sellers whose `ref_id` is theirs and the commission entries of their own ledger.
 */
import { OVERVIEW_EXCLUDED_STATUSES } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

/** The seller a code belongs to, when that seller may refer (was not referred itself). */
export async function referrerByCode(q: Queryable, code: string): Promise<number | null> {
  const rows = await q.query<{ id: number }>(
    'SELECT id FROM users WHERE referral_code = $1 AND ref_id IS NULL',
    [code],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * The seller's code, giving `candidate` when the seller has none yet; null when the candidate
 * is taken by another seller (the caller tries another).
 */
export async function claimReferralCode(
  q: Queryable,
  sellerId: number,
  candidate: string,
): Promise<string | null> {
  const rows = await q.query<{ referral_code: string }>(
    `UPDATE users SET referral_code = $2
      WHERE id = $1 AND referral_code IS NULL
        AND NOT EXISTS (SELECT 1 FROM users WHERE referral_code = $2)
      RETURNING referral_code`,
    [sellerId, candidate],
  );
  if (rows[0]) return rows[0].referral_code;
  const own = await q.query<{ referral_code: string | null }>(
    'SELECT referral_code FROM users WHERE id = $1',
    [sellerId],
  );
  return own[0]?.referral_code ?? null;
}

export async function setReferrer(q: Queryable, userId: number, referrerId: number) {
  await q.query('UPDATE users SET ref_id = $2 WHERE id = $1 AND id <> $2 AND ref_id IS NULL', [
    userId,
    referrerId,
  ]);
}

/** Who referred the seller, if anyone. */
export async function referrerOf(q: Queryable, sellerId: number): Promise<number | null> {
  const rows = await q.query<{ ref_id: number | null }>('SELECT ref_id FROM users WHERE id = $1', [
    sellerId,
  ]);
  return rows[0]?.ref_id == null ? null : Number(rows[0].ref_id);
}

export async function referralTotals(
  q: Queryable,
  referrerId: number,
): Promise<{ referred: number; commission: number }> {
  const [row] = await q.query<{ referred: string | number; commission: string | number }>(
    `SELECT (SELECT count(*) FROM users WHERE ref_id = $1) AS referred,
            (SELECT coalesce(sum(amount), 0) FROM ledger_entries
              WHERE seller_id = $1 AND type = 'commission'
                AND idempotency_key NOT LIKE 'order:%:cross-commission%') AS commission`,
    [referrerId],
  );
  return { referred: Number(row?.referred ?? 0), commission: Number(row?.commission ?? 0) };
}

/** The commission entries booked for an order in the referrer's ledger. */
export async function commissionEntries(
  q: Queryable,
  referrerId: number,
  orderId: number,
): Promise<Array<{ amount: number; available_at: Date; currency: string }>> {
  const rows = await q.query<{ amount: string | number; available_at: Date; currency: string }>(
    `SELECT amount, available_at, currency FROM ledger_entries
      WHERE seller_id = $1 AND order_id = $2 AND type = 'commission' ORDER BY id`,
    [referrerId, orderId],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** `o` paid between `$2` and `$3` (either null: open on that side). */
const PAID_IN_PERIOD = `($2::timestamptz IS NULL OR o.paid_at >= $2::timestamptz)
  AND ($3::timestamptz IS NULL OR o.paid_at <= $3::timestamptz)`;

const SORT_COLUMNS = {
  sold_items: 'sold_items',
  commission: 'commission',
  orders: 'orders',
  joined_at: 'u.created_at',
} as const;

export interface ReferredSellerFilter {
  /** Null: all time. */
  range: { from: string | null; to: string } | null;
  sortBy: keyof typeof SORT_COLUMNS;
  direction: 'asc' | 'desc';
  page: number;
  perPage: number;
}

interface ReferredRow {
  id: number;
  name: string;
  email: string;
  joined_at: Date;
  orders: string | number;
  sold_items: string | number;
  commission: string | number;
}

export interface ReferredSellerRow {
  id: number;
  name: string;
  email: string;
  joined_at: Date;
  orders: number;
  sold_items: number;
  commission: number;
}

/**
 * The sellers the referrer brought, with their paid orders and units of the period (the
 * overview's rule: regular orders, none cancelled, refunded or deleted, on the day paid) and the
 * commission booked for the period's orders, net of reversals.
 */
export async function listReferredSellers(
  q: Queryable,
  referrerId: number,
  filter: ReferredSellerFilter,
): Promise<{ rows: ReferredSellerRow[]; total: number }> {
  const params = [
    referrerId,
    filter.range?.from ?? null,
    filter.range?.to ?? null,
    [...OVERVIEW_EXCLUDED_STATUSES],
    filter.perPage,
    (filter.page - 1) * filter.perPage,
  ];
  const direction = filter.direction === 'asc' ? 'ASC' : 'DESC';
  const rows = await q.query<ReferredRow>(
    `WITH sold AS (
       SELECT o.seller_id, count(*) AS orders, coalesce(sum(i.items), 0) AS sold_items
         FROM users r
         JOIN orders o ON o.seller_id = r.id
         CROSS JOIN LATERAL (SELECT sum(quantity) AS items FROM order_items WHERE order_id = o.id) i
        WHERE r.ref_id = $1 AND o.paid_at IS NOT NULL
          AND ${PAID_IN_PERIOD}
          AND o.order_type = 'regular' AND o.status <> ALL ($4::text[])
        GROUP BY o.seller_id
     ), earned AS (
       SELECT o.seller_id, sum(e.amount) AS commission
         FROM ledger_entries e JOIN orders o ON o.id = e.order_id
        WHERE e.seller_id = $1 AND e.type = 'commission'
          AND ${PAID_IN_PERIOD}
        GROUP BY o.seller_id
     )
     SELECT u.id, u.name, u.email, u.created_at AS joined_at,
            coalesce(s.orders, 0) AS orders, coalesce(s.sold_items, 0) AS sold_items,
            coalesce(e.commission, 0) AS commission
       FROM users u
       LEFT JOIN sold s ON s.seller_id = u.id
       LEFT JOIN earned e ON e.seller_id = u.id
      WHERE u.ref_id = $1
      ORDER BY ${SORT_COLUMNS[filter.sortBy]} ${direction}, u.id DESC
      LIMIT $5 OFFSET $6`,
    params,
  );
  const [count] = await q.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM users WHERE ref_id = $1',
    [referrerId],
  );
  return {
    rows: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      orders: Number(r.orders),
      sold_items: Number(r.sold_items),
      commission: Number(r.commission),
    })),
    total: Number(count?.n ?? 0),
  };
}
