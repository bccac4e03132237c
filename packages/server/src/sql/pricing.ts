import type { PricedProduct, PriceMode, PricePreviewRow } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { SELL_PRICE_SQL } from './storefront.js';

/**
 * The products of the seller's campaigns with their price and base cost in minor units, in
 * campaign then product order. A product's base cost is its template's dearest variant (the
 * product's one price covers every variant), or the template's own base cost without variants.
 * Deleted campaigns are left out. With `lock`, the products stay locked for the transaction, so
 * two changes of the same products record each other's prices as they were.
 */
export async function campaignProductPrices(
  db: Queryable,
  sellerId: number,
  campaignIds: readonly number[],
  lock = false,
): Promise<PricedProduct[]> {
  const rows = await db.query<PricedProduct>(
    `SELECT c.id AS campaign_id, c.name AS campaign_name, p.id AS product_id,
            COALESCE(NULLIF(p.name, ''), t.name) AS product_name,
            round(${SELL_PRICE_SQL} * 100)::bigint AS price,
            COALESCE((SELECT max(v.base_cost) FROM template_variants v WHERE v.template_id = t.id),
                     round(t.base_cost * 100))::bigint AS base_cost
       FROM campaigns c
       JOIN products p ON p.campaign_id = c.id
       JOIN product_templates t ON t.id = p.template_id
      WHERE c.seller_id = $1 AND c.id = ANY($2::bigint[]) AND c.deleted_at IS NULL
      ORDER BY c.id, p.id ${lock ? 'FOR UPDATE OF p' : ''}`,
    [sellerId, [...campaignIds]],
  );
  // The sizes of each product's template (dearest colour's base cost) and their own prices.
  const sizes = await db.query<{
    product_id: number;
    variant: string;
    base_cost: number;
    price: number | null;
  }>(
    `SELECT p.id AS product_id, v.size AS variant, max(v.base_cost)::bigint AS base_cost,
            vp.price, min(v.position) AS position
       FROM products p
       JOIN template_variants v ON v.template_id = p.template_id
       LEFT JOIN product_variant_prices vp ON vp.product_id = p.id AND vp.variant = v.size
      WHERE p.seller_id = $1 AND p.id = ANY($2::bigint[])
      GROUP BY p.id, v.size, vp.price
      ORDER BY p.id, min(v.position), v.size`,
    [sellerId, rows.map((row) => row.product_id)],
  );
  return rows.map((row) => ({
    ...row,
    campaign_id: Number(row.campaign_id),
    product_id: Number(row.product_id),
    price: Number(row.price),
    base_cost: Number(row.base_cost),
    variants: sizes
      .filter((v) => Number(v.product_id) === Number(row.product_id))
      .map((v) => ({
        variant: v.variant,
        base_cost: Number(v.base_cost),
        price: v.price === null ? null : Number(v.price),
      })),
  }));
}

/**
 * Saves the new prices of `rows` (products of the seller, and sizes with their own price) and
 * records each change under one batch, in the caller's transaction. Rows whose price stays are
 * neither saved nor recorded.
 */
export async function applyPriceChanges(
  db: Queryable,
  change: { sellerId: number; actorId: number; batchId: string; mode: PriceMode },
  rows: readonly PricePreviewRow[],
): Promise<number> {
  const moved = rows.filter((row) => row.after !== row.before);
  if (moved.length === 0) return 0;
  const products = moved.filter((row) => row.variant === null);
  const sizes = moved.filter((row) => row.variant !== null);
  await db.query(
    `UPDATE products p SET price = n.price / 100.0
       FROM unnest($2::bigint[], $3::bigint[]) AS n(id, price)
      WHERE p.id = n.id AND p.seller_id = $1`,
    [change.sellerId, products.map((r) => r.product_id), products.map((r) => r.after)],
  );
  await db.query(
    `INSERT INTO product_variant_prices (seller_id, product_id, variant, price)
     SELECT $1, p.id, n.variant, n.price
       FROM unnest($2::bigint[], $3::text[], $4::bigint[]) AS n(product_id, variant, price)
       JOIN products p ON p.id = n.product_id AND p.seller_id = $1
     ON CONFLICT (product_id, variant) DO UPDATE SET price = EXCLUDED.price`,
    [
      change.sellerId,
      sizes.map((r) => r.product_id),
      sizes.map((r) => r.variant),
      sizes.map((r) => r.after),
    ],
  );
  await db.query(
    `INSERT INTO price_changes (seller_id, actor_id, batch_id, mode, campaign_id, product_id,
       campaign_name, product_name, variant, before_price, after_price)
     SELECT $1, $2, $3, $4, n.campaign_id, n.product_id, n.campaign_name, n.product_name,
            n.variant, n.before_price, n.after_price
       FROM unnest($5::bigint[], $6::bigint[], $7::text[], $8::text[], $9::bigint[], $10::bigint[],
                   $11::text[])
         AS n(campaign_id, product_id, campaign_name, product_name, before_price, after_price,
              variant)`,
    [
      change.sellerId,
      change.actorId,
      change.batchId,
      change.mode,
      moved.map((r) => r.campaign_id),
      moved.map((r) => r.product_id),
      moved.map((r) => r.campaign_name),
      moved.map((r) => r.product_name),
      moved.map((r) => r.before),
      moved.map((r) => r.after),
      moved.map((r) => r.variant),
    ],
  );
  return moved.length;
}

export interface PriceChangeRow {
  id: number;
  batch_id: string;
  campaign_id: number | null;
  campaign_name: string | null;
  product_id: number | null;
  product_name: string | null;
  variant: string | null;
  mode: PriceMode;
  before: number;
  after: number;
  actor_name: string | null;
  created_at: Date;
}

/** A page of the seller's price changes, newest first, with the number of all that match. */
export async function listPriceChanges(
  db: Queryable,
  sellerId: number,
  filter: { campaignId?: number | undefined; page: number; perPage: number },
): Promise<{ rows: PriceChangeRow[]; total: number }> {
  const params = [sellerId, filter.campaignId ?? null];
  const where = 'pc.seller_id = $1 AND ($2::bigint IS NULL OR pc.campaign_id = $2)';
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM price_changes pc WHERE ${where}`,
    params,
  );
  const rows = await db.query<PriceChangeRow>(
    `SELECT pc.id, pc.batch_id::text AS batch_id, pc.campaign_id, pc.campaign_name, pc.product_id,
            pc.product_name, pc.variant, pc.mode, pc.before_price AS before, pc.after_price AS after,
            u.name AS actor_name, pc.created_at
       FROM price_changes pc LEFT JOIN users u ON u.id = pc.actor_id
      WHERE ${where}
      ORDER BY pc.id DESC LIMIT $3 OFFSET $4`,
    [...params, filter.perPage, (filter.page - 1) * filter.perPage],
  );
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map((row) => ({
      ...row,
      id: Number(row.id),
      campaign_id: row.campaign_id === null ? null : Number(row.campaign_id),
      product_id: row.product_id === null ? null : Number(row.product_id),
      before: Number(row.before),
      after: Number(row.after),
    })),
  };
}

export interface StockBaseCostRow {
  template_id: number;
  template_name: string;
  currency: string;
  variants: { sku: string; size: string; color: string; color_hex: string; base_cost: number }[];
  shipping: { scope: string; first_item: number; additional_item: number }[];
}

/**
 * The active catalogue templates with their variants (catalogue order) and shipping rates by
 * scope; `q` matches the template name or a variant SKU.
 */
export async function stockBaseCosts(
  db: Queryable,
  filter: { q?: string | undefined; templateId?: number | undefined },
): Promise<StockBaseCostRow[]> {
  const rows = await db.query<StockBaseCostRow>(
    `SELECT t.id AS template_id, t.name AS template_name, COALESCE(sp.currency, 'USD') AS currency,
            COALESCE((SELECT json_agg(json_build_object('sku', v.sku, 'size', v.size,
                        'color', v.color_name, 'color_hex', v.color_hex, 'base_cost', v.base_cost)
                        ORDER BY v.position, v.id)
                        FROM template_variants v WHERE v.template_id = t.id), '[]') AS variants,
            COALESCE((SELECT json_agg(json_build_object('scope', r.scope,
                        'first_item', r.first_item, 'additional_item', r.additional_item)
                        ORDER BY r.scope = '*', r.scope = '150', r.scope)
                        FROM shipping_rates r WHERE r.profile_id = sp.id), '[]') AS shipping
       FROM product_templates t
       LEFT JOIN shipping_profiles sp ON sp.template_id = t.id
      WHERE t.status = 'active'
        AND ($1::bigint IS NULL OR t.id = $1)
        AND ($2::text IS NULL OR t.name ILIKE '%' || $2 || '%'
             OR EXISTS (SELECT 1 FROM template_variants v
                         WHERE v.template_id = t.id AND v.sku ILIKE '%' || $2 || '%'))
      ORDER BY t.name, t.id`,
    [filter.templateId ?? null, filter.q || null],
  );
  return rows.map((row) => ({
    ...row,
    template_id: Number(row.template_id),
    variants: (typeof row.variants === 'string' ? JSON.parse(row.variants) : row.variants).map(
      (v: StockBaseCostRow['variants'][number]) => ({ ...v, base_cost: Number(v.base_cost) }),
    ),
    shipping: (typeof row.shipping === 'string' ? JSON.parse(row.shipping) : row.shipping).map(
      (r: StockBaseCostRow['shipping'][number]) => ({
        ...r,
        first_item: Number(r.first_item),
        additional_item: Number(r.additional_item),
      }),
    ),
  }));
}

export interface PricePointRow {
  campaign_id: number;
  campaign_name: string;
  price: number;
  orders: number;
  units: number;
  revenue: number;
  first_sold_at: Date;
  last_sold_at: Date;
  visits: number;
  checkouts: number;
}

/**
 * Paid order items of the seller (cancelled orders aside) paid in `[from, to)`, grouped by
 * campaign and unit price, with the campaign's storefront visits and checkouts on the days
 * between the first and last sale at that price; the best selling first, at most `limit`.
 */
export async function pricePoints(
  db: Queryable,
  sellerId: number,
  filter: { from: string | null; to: string; campaignId?: number | undefined },
  limit: number,
): Promise<PricePointRow[]> {
  const rows = await db.query<PricePointRow>(
    `WITH sold AS (
       SELECT i.campaign_id, i.price, count(DISTINCT i.order_id)::int AS orders,
              sum(i.quantity)::int AS units, sum(i.price * i.quantity)::bigint AS revenue,
              min(o.paid_at) AS first_sold_at, max(o.paid_at) AS last_sold_at
         FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE i.seller_id = $1 AND o.seller_id = $1 AND i.campaign_id IS NOT NULL
          AND o.paid_at IS NOT NULL AND o.status <> 'cancelled'
          AND ($2::timestamptz IS NULL OR o.paid_at >= $2) AND o.paid_at < $3
          AND ($4::bigint IS NULL OR i.campaign_id = $4)
        GROUP BY i.campaign_id, i.price
     )
     SELECT s.campaign_id, c.name AS campaign_name, s.price, s.orders, s.units, s.revenue,
            s.first_sold_at, s.last_sold_at,
            COALESCE(t.visits, 0)::int AS visits, COALESCE(t.checkouts, 0)::int AS checkouts
       FROM sold s
       JOIN campaigns c ON c.id = s.campaign_id AND c.seller_id = $1
       LEFT JOIN LATERAL (
         SELECT sum(st.visits) AS visits, sum(st.checkouts) AS checkouts FROM storefront_tracks st
          WHERE st.seller_id = $1 AND st.campaign_id = s.campaign_id
            AND st.day BETWEEN s.first_sold_at::date AND s.last_sold_at::date
       ) t ON true
      ORDER BY s.revenue DESC, s.campaign_id, s.price LIMIT $5`,
    [sellerId, filter.from, filter.to, filter.campaignId ?? null, limit],
  );
  return rows.map((row) => ({
    ...row,
    campaign_id: Number(row.campaign_id),
    price: Number(row.price),
    revenue: Number(row.revenue),
  }));
}
