/**
 * Cross-selling's SQL verbs (issue 14, migration 045; rules in core `crossSelling/`). An owner
 * reads and changes only the offers of its own campaigns; a store's seller lists another
 * seller's campaign only in its own stores and only under an open offer; the sales are read
 * by either side of them, never by a third seller.
 */
import type { CrossSalePart, CrossSaleSide } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { containsPattern } from './listQuery.js';
import { SELL_PRICE_SQL } from './storefront.js';

export interface OfferState {
  campaign_id: number;
  status: string;
  /** The open offer, if any. */
  open: { id: number; commission_percent: number; created_at: Date } | null;
  /** The newest offer, open or not (its percent is shown when opted out). */
  last_percent: number | null;
  /** Other sellers' stores listing the campaign under the open offer. */
  stores: number;
}

/** The seller's live campaign with its offers; undefined when it is not theirs (or deleted). */
export async function campaignOffer(
  q: Queryable,
  sellerId: number,
  campaignId: number,
): Promise<OfferState | undefined> {
  const rows = await q.query<{
    id: number;
    status: string;
    open_id: number | null;
    open_percent: number | null;
    open_at: Date | null;
    last_percent: number | null;
    stores: number;
  }>(
    `SELECT c.id, c.status, o.id AS open_id, o.commission_percent AS open_percent,
            o.created_at AS open_at,
            (SELECT l.commission_percent FROM cross_sell_offers l WHERE l.campaign_id = c.id
              ORDER BY l.id DESC LIMIT 1) AS last_percent,
            (SELECT count(*)::int FROM store_campaigns sc JOIN stores s ON s.id = sc.store_id
              WHERE sc.offer_id = o.id AND s.archived_at IS NULL) AS stores
       FROM campaigns c
       LEFT JOIN cross_sell_offers o ON o.campaign_id = c.id AND o.withdrawn_at IS NULL
      WHERE c.id = $1 AND c.seller_id = $2 AND c.deleted_at IS NULL`,
    [campaignId, sellerId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    campaign_id: Number(row.id),
    status: row.status,
    open:
      row.open_id === null
        ? null
        : {
            id: Number(row.open_id),
            commission_percent: Number(row.open_percent),
            created_at: row.open_at ?? new Date(0),
          },
    last_percent: row.last_percent === null ? null : Number(row.last_percent),
    stores: Number(row.stores ?? 0),
  };
}

/** Locks the seller's campaign row so two offer changes of one campaign run one after another. */
export async function lockOwnCampaign(
  tx: Queryable,
  sellerId: number,
  campaignId: number,
): Promise<boolean> {
  const rows = await tx.query(
    'SELECT id FROM campaigns WHERE id = $1 AND seller_id = $2 AND deleted_at IS NULL FOR UPDATE',
    [campaignId, sellerId],
  );
  return rows.length > 0;
}

/** Closes the campaign's open offer: it leaves every other store at once. */
export async function withdrawOffer(
  tx: Queryable,
  sellerId: number,
  campaignId: number,
): Promise<void> {
  await tx.query(
    `UPDATE cross_sell_offers SET withdrawn_at = now()
      WHERE campaign_id = $1 AND seller_id = $2 AND withdrawn_at IS NULL`,
    [campaignId, sellerId],
  );
}

/** Opens a new offer (the caller has closed the one before). */
export async function insertOffer(
  tx: Queryable,
  sellerId: number,
  campaignId: number,
  percent: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO cross_sell_offers (campaign_id, seller_id, commission_percent)
     VALUES ($1, $2, $3)`,
    [campaignId, sellerId, percent],
  );
}

export interface MarketplaceRow {
  id: number;
  name: string;
  thumb_url: string | null;
  owner_name: string;
  commission_percent: number;
  price: number;
  store_ids: number[];
}

/**
 * Live campaigns of other sellers with an open offer, newest offer first, with the stores of
 * `sellerId` that list them under it.
 */
export async function marketplaceCampaigns(
  q: Queryable,
  sellerId: number,
  filter: { q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: MarketplaceRow[]; total: number }> {
  const search = filter.q ? containsPattern(filter.q) : null;
  const rows = await q.query<MarketplaceRow & { total: number }>(
    `SELECT c.id, c.name, c.thumb_url, u.name AS owner_name, o.commission_percent,
            COALESCE((SELECT min(round(${SELL_PRICE_SQL} * 100)) FROM products p
               JOIN product_templates t ON t.id = p.template_id
              WHERE p.campaign_id = c.id AND p.seller_id = c.seller_id), 0)::bigint AS price,
            ARRAY(SELECT sc.store_id FROM store_campaigns sc JOIN stores s ON s.id = sc.store_id
                   WHERE sc.offer_id = o.id AND sc.seller_id = $1 AND s.archived_at IS NULL
                   ORDER BY sc.store_id) AS store_ids,
            count(*) OVER () AS total
       FROM cross_sell_offers o
       JOIN campaigns c ON c.id = o.campaign_id AND c.seller_id = o.seller_id
       JOIN users u ON u.id = c.seller_id
      WHERE o.withdrawn_at IS NULL AND o.seller_id <> $1
        AND c.status = 'active' AND c.deleted_at IS NULL
        AND ($2::text IS NULL OR c.name ILIKE $2 OR u.name ILIKE $2)
      ORDER BY o.created_at DESC, o.id DESC
      LIMIT $3 OFFSET $4`,
    [sellerId, search, filter.limit, filter.offset],
  );
  return {
    rows: rows.map(({ total: _t, ...row }) => ({
      ...row,
      id: Number(row.id),
      commission_percent: Number(row.commission_percent),
      price: Number(row.price),
      store_ids: row.store_ids.map(Number),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** The open offer of another seller's live campaign; undefined when there is none to accept. */
export async function openOfferOf(
  q: Queryable,
  sellerId: number,
  campaignId: number,
): Promise<{ id: number; owner_id: number; commission_percent: number } | undefined> {
  const rows = await q.query<{ id: number; owner_id: number; commission_percent: number }>(
    `SELECT o.id, c.seller_id AS owner_id, o.commission_percent
       FROM campaigns c JOIN cross_sell_offers o
         ON o.campaign_id = c.id AND o.seller_id = c.seller_id AND o.withdrawn_at IS NULL
      WHERE c.id = $1 AND c.seller_id <> $2 AND c.status = 'active' AND c.deleted_at IS NULL`,
    [campaignId, sellerId],
  );
  const row = rows[0];
  return row
    ? {
        id: Number(row.id),
        owner_id: Number(row.owner_id),
        commission_percent: Number(row.commission_percent),
      }
    : undefined;
}

/** Whether the campaign is the seller's own (live). */
export async function isOwnCampaign(
  q: Queryable,
  sellerId: number,
  campaignId: number,
): Promise<boolean> {
  const rows = await q.query(
    'SELECT 1 FROM campaigns WHERE id = $1 AND seller_id = $2 AND deleted_at IS NULL',
    [campaignId, sellerId],
  );
  return rows.length > 0;
}

/**
 * Lists another seller's campaign in one of the seller's stores under `offerId` (a row listed
 * under an older offer takes the new one); never touches a row of the store's own campaigns.
 */
export async function upsertCrossListing(
  q: Queryable,
  sellerId: number,
  storeId: number,
  campaignId: number,
  offerId: number,
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO store_campaigns (store_id, campaign_id, seller_id, offer_id)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (store_id, campaign_id) DO UPDATE SET offer_id = EXCLUDED.offer_id
       WHERE store_campaigns.offer_id IS NOT NULL AND store_campaigns.seller_id = EXCLUDED.seller_id
     RETURNING store_id`,
    [storeId, campaignId, sellerId, offerId],
  );
  return rows.length > 0;
}

/** Takes another seller's campaign out of one of the seller's stores; false when it was not in. */
export async function deleteCrossListing(
  q: Queryable,
  sellerId: number,
  storeId: number,
  campaignId: number,
): Promise<boolean> {
  const rows = await q.query(
    `DELETE FROM store_campaigns
      WHERE store_id = $1 AND campaign_id = $2 AND seller_id = $3 AND offer_id IS NOT NULL
      RETURNING store_id`,
    [storeId, campaignId, sellerId],
  );
  return rows.length > 0;
}

/** Records the figures of one cross-sold campaign of a paid order (once per order and campaign). */
export async function insertCrossSale(
  tx: Queryable,
  sale: CrossSalePart & {
    order_id: number;
    store_seller_id: number;
    store_id: number;
    currency: string;
    paid_at: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO cross_sales (order_id, campaign_id, owner_id, store_seller_id, store_id, offer_id,
       commission_percent, items, revenue, discount, base_cost, processing_fee, commission,
       owner_amount, currency, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT (order_id, campaign_id) DO NOTHING`,
    [
      sale.order_id,
      sale.campaign_id,
      sale.owner_id,
      sale.store_seller_id,
      sale.store_id,
      sale.offer_id,
      sale.commission_percent,
      sale.items,
      sale.revenue,
      sale.discount,
      sale.base_cost,
      sale.processing_fee,
      sale.commission,
      sale.owner_amount,
      sale.currency,
      sale.paid_at,
    ],
  );
}

/** The owners whose campaigns an order of `storeSellerId` cross-sold. */
export async function crossSaleOwners(
  q: Queryable,
  storeSellerId: number,
  orderId: number,
): Promise<number[]> {
  const rows = await q.query<{ owner_id: number }>(
    `SELECT DISTINCT owner_id FROM cross_sales WHERE order_id = $1 AND store_seller_id = $2
      ORDER BY owner_id`,
    [orderId, storeSellerId],
  );
  return rows.map((row) => Number(row.owner_id));
}

/** The cross-selling commission entries of an order in the store seller's ledger. */
export async function crossCommissionEntries(
  q: Queryable,
  sellerId: number,
  keys: readonly string[],
): Promise<Array<{ amount: number; available_at: Date; currency: string }>> {
  const rows = await q.query<{ amount: string | number; available_at: Date; currency: string }>(
    `SELECT amount, available_at, currency FROM ledger_entries
      WHERE seller_id = $1 AND idempotency_key = ANY($2::text[]) ORDER BY id`,
    [sellerId, [...keys]],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

export interface CrossSaleRow {
  order_id: number;
  order_number: string;
  paid_at: Date;
  store_id: number | null;
  store_name: string;
  campaign_id: number;
  campaign_name: string;
  partner_name: string;
  items: number;
  revenue: number;
  commission_percent: number;
  commission: number;
  owner_amount: number;
  refunded: boolean;
}

export interface CrossSaleFilter {
  side: CrossSaleSide;
  /** Null: all time. */
  range: { from: string | null; to: string } | null;
  /** The store seller's stores the session may see (side store); null: all. */
  storeIds: readonly number[] | null;
  page: number;
  perPage: number;
}

/**
 * The seller's cross-sales of a period, newest paid first: side `store` the seller's stores sold
 * (the seller earned the commission), side `owner` the seller's campaigns sold in other stores.
 * Totals leave refunded orders out.
 */
export async function listCrossSales(
  q: Queryable,
  sellerId: number,
  filter: CrossSaleFilter,
): Promise<{
  rows: CrossSaleRow[];
  total: number;
  totals: {
    orders: number;
    items: number;
    revenue: number;
    commission: number;
    owner_amount: number;
  };
}> {
  const mine = filter.side === 'store' ? 'x.store_seller_id' : 'x.owner_id';
  const partner = filter.side === 'store' ? 'x.owner_id' : 'x.store_seller_id';
  const where = `${mine} = $1
    AND ($2::timestamptz IS NULL OR x.paid_at >= $2::timestamptz)
    AND ($3::timestamptz IS NULL OR x.paid_at <= $3::timestamptz)
    AND ($4::bigint[] IS NULL OR x.store_id = ANY($4::bigint[]))`;
  const params = [
    sellerId,
    filter.range?.from ?? null,
    filter.range?.to ?? null,
    filter.side === 'store' && filter.storeIds ? [...filter.storeIds] : null,
  ];
  const rows = await q.query<CrossSaleRow>(
    `SELECT x.order_id, o.order_number, x.paid_at, x.store_id, COALESCE(s.name, '') AS store_name,
            x.campaign_id, c.name AS campaign_name, p.name AS partner_name, x.items,
            x.revenue::float8 AS revenue, x.commission_percent, x.commission::float8 AS commission,
            x.owner_amount::float8 AS owner_amount, (o.payment_status = 'refunded') AS refunded
       FROM cross_sales x
       JOIN orders o ON o.id = x.order_id
       JOIN campaigns c ON c.id = x.campaign_id
       JOIN users p ON p.id = ${partner}
       LEFT JOIN stores s ON s.id = x.store_id
      WHERE ${where}
      ORDER BY x.paid_at DESC, x.order_id DESC, x.campaign_id
      LIMIT $5 OFFSET $6`,
    [...params, filter.perPage, (filter.page - 1) * filter.perPage],
  );
  const [sum] = await q.query<Record<string, string | number>>(
    `SELECT count(*) AS n,
            count(DISTINCT x.order_id) FILTER (WHERE o.payment_status <> 'refunded') AS orders,
            COALESCE(sum(x.items) FILTER (WHERE o.payment_status <> 'refunded'), 0) AS items,
            COALESCE(sum(x.revenue) FILTER (WHERE o.payment_status <> 'refunded'), 0) AS revenue,
            COALESCE(sum(x.commission) FILTER (WHERE o.payment_status <> 'refunded'), 0) AS commission,
            COALESCE(sum(x.owner_amount) FILTER (WHERE o.payment_status <> 'refunded'), 0) AS owner_amount
       FROM cross_sales x JOIN orders o ON o.id = x.order_id
      WHERE ${where}`,
    params,
  );
  return {
    rows: rows.map((r) => ({
      ...r,
      order_id: Number(r.order_id),
      store_id: r.store_id === null ? null : Number(r.store_id),
      campaign_id: Number(r.campaign_id),
      items: Number(r.items),
      revenue: Number(r.revenue),
      commission_percent: Number(r.commission_percent),
      commission: Number(r.commission),
      owner_amount: Number(r.owner_amount),
    })),
    total: Number(sum?.n ?? 0),
    totals: {
      orders: Number(sum?.orders ?? 0),
      items: Number(sum?.items ?? 0),
      revenue: Number(sum?.revenue ?? 0),
      commission: Number(sum?.commission ?? 0),
      owner_amount: Number(sum?.owner_amount ?? 0),
    },
  };
}
