/**
 * The overview's sums (issue 16), by the rules written in core `analytics/overview.ts`: orders
 * count on the seller's day they were paid, regular orders only, none cancelled, refunded or
 * deleted; profit comes from the ledger's sale entries of those orders.
 */
import { OVERVIEW_EXCLUDED_STATUSES, OVERVIEW_TOP_LIMIT } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

export interface OverviewScope {
  sellerId: number;
  /** Stores to count; null for every store of the seller. */
  storeIds: number[] | null;
}

interface Period {
  from: string;
  to: string;
  fromDate: string;
  toDate: string;
}

/** The orders of a period as a subquery: `$1` seller, `$2` from, `$3` to, `$4` store ids or null. */
const COUNTED_ORDERS = `SELECT o.id, o.total, o.store_id, o.paid_at, o.shipping_address
  FROM orders o
  WHERE o.seller_id = $1 AND o.paid_at >= $2 AND o.paid_at <= $3
    AND o.order_type = 'regular'
    AND o.status <> ALL ($5::text[])
    AND ($4::bigint[] IS NULL OR o.store_id = ANY ($4::bigint[]))`;

const paramsOf = (scope: OverviewScope, period: Period) => [
  scope.sellerId,
  period.from,
  period.to,
  scope.storeIds,
  [...OVERVIEW_EXCLUDED_STATUSES],
];

export interface OverviewSums {
  sales: number;
  orders: number;
  items: number;
  profit: number;
  visits: number;
}

export async function overviewSums(
  db: Queryable,
  scope: OverviewScope,
  period: Period,
): Promise<OverviewSums> {
  const [row] = await db.query<{
    sales: string | number;
    orders: number;
    items: string | number;
    profit: string | number;
    visits: string | number;
  }>(
    `WITH counted AS (${COUNTED_ORDERS})
     SELECT
       (SELECT coalesce(sum(total), 0) FROM counted) AS sales,
       (SELECT count(*)::int FROM counted) AS orders,
       (SELECT coalesce(sum(i.quantity), 0) FROM order_items i JOIN counted c ON c.id = i.order_id)
         AS items,
       (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e JOIN counted c ON c.id = e.order_id
         WHERE e.seller_id = $1 AND e.type = 'sale') AS profit,
       (SELECT coalesce(sum(t.visits), 0) FROM storefront_tracks t
         WHERE t.seller_id = $1 AND t.day >= $6::date AND t.day <= $7::date
           AND ($4::bigint[] IS NULL OR t.store_id = ANY ($4::bigint[]))) AS visits`,
    [...paramsOf(scope, period), period.fromDate, period.toDate],
  );
  return {
    sales: Number(row?.sales ?? 0),
    orders: Number(row?.orders ?? 0),
    items: Number(row?.items ?? 0),
    profit: Number(row?.profit ?? 0),
    visits: Number(row?.visits ?? 0),
  };
}

/**
 * Sales and orders per bucket of the seller's time: `to_char` of the payment instant shifted by
 * the offset (in minutes, so half-hour zones work), by day or by hour.
 */
export async function overviewSeries(
  db: Queryable,
  scope: OverviewScope,
  period: Period,
  utcOffset: number,
  granularity: 'day' | 'hour',
): Promise<{ bucket: string; sales: number; orders: number }[]> {
  const format = granularity === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH24":00"';
  const rows = await db.query<{ bucket: string; sales: string | number; orders: number }>(
    `WITH counted AS (${COUNTED_ORDERS})
     SELECT to_char((paid_at + $6::int * interval '1 minute') AT TIME ZONE 'UTC', '${format}') AS bucket,
       coalesce(sum(total), 0) AS sales, count(*)::int AS orders
     FROM counted GROUP BY 1 ORDER BY 1`,
    [...paramsOf(scope, period), Math.round(utcOffset * 60)],
  );
  return rows.map((r) => ({ bucket: r.bucket, sales: Number(r.sales), orders: Number(r.orders) }));
}

export async function overviewTops(
  db: Queryable,
  scope: OverviewScope,
  period: Period,
): Promise<{
  campaigns: {
    campaign_id: number | null;
    name: string;
    orders: number;
    items: number;
    sales: number;
  }[];
  stores: { store_id: number | null; name: string; orders: number; sales: number }[];
  countries: { country: string; orders: number; sales: number }[];
}> {
  const params = [...paramsOf(scope, period), OVERVIEW_TOP_LIMIT];
  const campaigns = await db.query<{
    campaign_id: number | null;
    name: string;
    orders: number;
    items: string | number;
    sales: string | number;
  }>(
    `WITH counted AS (${COUNTED_ORDERS})
     SELECT i.campaign_id, coalesce(max(cp.name), max(i.name)) AS name,
       count(DISTINCT i.order_id)::int AS orders, sum(i.quantity) AS items,
       sum(i.price * i.quantity) AS sales
     FROM order_items i JOIN counted c ON c.id = i.order_id
     LEFT JOIN campaigns cp ON cp.id = i.campaign_id AND cp.seller_id = $1
     GROUP BY i.campaign_id ORDER BY sales DESC, orders DESC LIMIT $6`,
    params,
  );
  const stores = await db.query<{
    store_id: number | null;
    name: string | null;
    orders: number;
    sales: string | number;
  }>(
    `WITH counted AS (${COUNTED_ORDERS})
     SELECT c.store_id, max(s.name) AS name, count(*)::int AS orders, sum(c.total) AS sales
     FROM counted c LEFT JOIN stores s ON s.id = c.store_id AND s.seller_id = $1
     GROUP BY c.store_id ORDER BY sales DESC, orders DESC LIMIT $6`,
    params,
  );
  const countries = await db.query<{
    country: string | null;
    orders: number;
    sales: string | number;
  }>(
    `WITH counted AS (${COUNTED_ORDERS})
     SELECT upper(shipping_address->>'country') AS country, count(*)::int AS orders, sum(total) AS sales
     FROM counted GROUP BY 1 ORDER BY sales DESC, orders DESC LIMIT $6`,
    params,
  );
  return {
    campaigns: campaigns.map((r) => ({
      campaign_id: r.campaign_id === null ? null : Number(r.campaign_id),
      name: r.name,
      orders: Number(r.orders),
      items: Number(r.items),
      sales: Number(r.sales),
    })),
    stores: stores.map((r) => ({
      store_id: r.store_id === null ? null : Number(r.store_id),
      name: r.name ?? 'Removed store',
      orders: Number(r.orders),
      sales: Number(r.sales),
    })),
    countries: countries.map((r) => ({
      country: r.country ?? '??',
      orders: Number(r.orders),
      sales: Number(r.sales),
    })),
  };
}
