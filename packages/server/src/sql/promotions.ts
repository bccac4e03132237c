import type { PromotionType } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

/**
 * Promotions: rows of `coupons` (migration 029) with their campaign and collection limits.
 * Uses are paid orders that name the promotion, cancelled ones aside.
 */
export interface PromotionRow {
  id: number;
  seller_id: number;
  store_id: number | null;
  code: string;
  name: string | null;
  type: PromotionType;
  value: number;
  buy_quantity: number | null;
  get_quantity: number | null;
  starts_at: Date | null;
  ends_at: Date | null;
  usage_limit: number | null;
  per_buyer_limit: number | null;
  min_subtotal: number | null;
  campaign_ids: number[];
  collection_ids: number[];
  used: number;
  created_at: Date;
  updated_at: Date;
}

export interface PromotionFields {
  store_id: number;
  code: string;
  name: string | null;
  type: PromotionType;
  value: number;
  buy_quantity: number | null;
  get_quantity: number | null;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  per_buyer_limit: number | null;
  min_subtotal: number | null;
}

/** What counts as a use: a paid order by the promotion that was not cancelled. */
const USED = `(SELECT count(*)::int FROM orders o
    WHERE o.promotion_id = p.id AND o.paid_at IS NOT NULL AND o.status <> 'cancelled')`;

const COLUMNS = `p.id, p.seller_id, p.store_id, p.code, p.name, p.type, p.value, p.buy_quantity,
  p.get_quantity, p.starts_at, p.ends_at, p.usage_limit, p.per_buyer_limit, p.min_subtotal,
  p.created_at, p.updated_at,
  ARRAY(SELECT pc.campaign_id FROM promotion_campaigns pc WHERE pc.promotion_id = p.id
        ORDER BY pc.campaign_id) AS campaign_ids,
  ARRAY(SELECT pl.collection_id FROM promotion_collections pl WHERE pl.promotion_id = p.id
        ORDER BY pl.collection_id) AS collection_ids,
  ${USED} AS used`;

const normalise = (row: PromotionRow): PromotionRow => ({
  ...row,
  id: Number(row.id),
  seller_id: Number(row.seller_id),
  store_id: row.store_id === null ? null : Number(row.store_id),
  value: Number(row.value),
  min_subtotal: row.min_subtotal === null ? null : Number(row.min_subtotal),
  campaign_ids: (row.campaign_ids ?? []).map(Number),
  collection_ids: (row.collection_ids ?? []).map(Number),
  used: Number(row.used),
});

/**
 * The seller's promotions, newest first (at most `limit`): `q` matches code or name, `storeId`
 * keeps those of that store (and seller-wide ones), `storeIds` (a session limited to stores)
 * those of its stores.
 */
export async function listPromotions(
  db: Queryable,
  sellerId: number,
  filter: { q?: string | undefined; storeId?: number | undefined; storeIds: number[] | null },
  limit: number,
): Promise<PromotionRow[]> {
  const rows = await db.query<PromotionRow>(
    `SELECT ${COLUMNS} FROM coupons p
      WHERE p.seller_id = $1
        AND ($2::text IS NULL OR p.code ILIKE '%' || $2 || '%' OR p.name ILIKE '%' || $2 || '%')
        AND ($3::bigint IS NULL OR p.store_id IS NULL OR p.store_id = $3)
        AND ($4::bigint[] IS NULL OR p.store_id IS NULL OR p.store_id = ANY($4::bigint[]))
      ORDER BY p.id DESC LIMIT $5`,
    [sellerId, filter.q || null, filter.storeId ?? null, filter.storeIds, limit],
  );
  return rows.map(normalise);
}

export async function getPromotion(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<PromotionRow | undefined> {
  const [row] = await db.query<PromotionRow>(
    `SELECT ${COLUMNS} FROM coupons p WHERE p.id = $1 AND p.seller_id = $2`,
    [id, sellerId],
  );
  return row && normalise(row);
}

/** Whether the store already has the code (any case), besides promotion `exceptId`. */
export async function promotionCodeTaken(
  db: Queryable,
  sellerId: number,
  storeId: number,
  code: string,
  exceptId: number | null,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM coupons WHERE seller_id = $1 AND COALESCE(store_id, 0) = $2
        AND lower(code) = lower($3) AND ($4::bigint IS NULL OR id <> $4) LIMIT 1`,
    [sellerId, storeId, code, exceptId],
  );
  return rows.length > 0;
}

const FIELD_NAMES = [
  'store_id',
  'code',
  'name',
  'type',
  'value',
  'buy_quantity',
  'get_quantity',
  'starts_at',
  'ends_at',
  'usage_limit',
  'per_buyer_limit',
  'min_subtotal',
] as const;

export async function insertPromotion(
  db: Queryable,
  sellerId: number,
  fields: PromotionFields,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO coupons (seller_id, ${FIELD_NAMES.join(', ')})
     VALUES ($1, ${FIELD_NAMES.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
    [sellerId, ...FIELD_NAMES.map((name) => fields[name])],
  );
  if (!row) throw new Error('promotion insert returned nothing');
  return Number(row.id);
}

export async function updatePromotion(
  db: Queryable,
  sellerId: number,
  id: number,
  fields: PromotionFields,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE coupons SET ${FIELD_NAMES.map((name, i) => `${name} = $${i + 3}`).join(', ')},
       updated_at = now()
     WHERE id = $1 AND seller_id = $2 RETURNING id`,
    [id, sellerId, ...FIELD_NAMES.map((name) => fields[name])],
  );
  return rows.length > 0;
}

export async function deletePromotion(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<boolean> {
  const rows = await db.query('DELETE FROM coupons WHERE id = $1 AND seller_id = $2 RETURNING id', [
    id,
    sellerId,
  ]);
  return rows.length > 0;
}

/** Replaces the campaigns and collections a promotion is limited to. */
export async function writePromotionScope(
  db: Queryable,
  promotionId: number,
  campaignIds: readonly number[],
  collectionIds: readonly number[],
): Promise<void> {
  await db.query('DELETE FROM promotion_campaigns WHERE promotion_id = $1', [promotionId]);
  await db.query('DELETE FROM promotion_collections WHERE promotion_id = $1', [promotionId]);
  await db.query(
    `INSERT INTO promotion_campaigns (promotion_id, campaign_id)
     SELECT $1, unnest($2::bigint[])`,
    [promotionId, [...campaignIds]],
  );
  await db.query(
    `INSERT INTO promotion_collections (promotion_id, collection_id)
     SELECT $1, unnest($2::bigint[])`,
    [promotionId, [...collectionIds]],
  );
}

/** The ids among `ids` that are collections of the seller. */
export async function sellerCollectionIds(
  db: Queryable,
  sellerId: number,
  ids: readonly number[],
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM collections WHERE seller_id = $1 AND id = ANY($2::bigint[]) ORDER BY id',
    [sellerId, [...ids]],
  );
  return rows.map((row) => Number(row.id));
}

/**
 * The store's promotion with that code (any case), its own before a seller-wide one, locked
 * for the transaction when `lock` (payments of the same promotion then count uses one by one).
 */
export async function storePromotionByCode(
  db: Queryable,
  store: { id: number; seller_id: number },
  code: string,
  lock = false,
): Promise<PromotionRow | undefined> {
  const [found] = await db.query<{ id: number }>(
    `SELECT id FROM coupons
      WHERE seller_id = $1 AND (store_id IS NULL OR store_id = $2) AND lower(code) = lower($3)
      ORDER BY store_id NULLS LAST LIMIT 1 ${lock ? 'FOR UPDATE' : ''}`,
    [store.seller_id, store.id, code],
  );
  return found ? getPromotion(db, store.seller_id, Number(found.id)) : undefined;
}

/** The campaigns a promotion covers: its own and those of its collections. */
export async function promotionScopeCampaignIds(
  db: Queryable,
  promotionId: number,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT campaign_id AS id FROM promotion_campaigns WHERE promotion_id = $1
     UNION
     SELECT cc.campaign_id FROM promotion_collections pl
       JOIN collection_campaigns cc ON cc.collection_id = pl.collection_id
      WHERE pl.promotion_id = $1
     ORDER BY 1`,
    [promotionId],
  );
  return rows.map((row) => Number(row.id));
}

/** Paid orders of a buyer's email (any case) that used the promotion, cancelled ones aside. */
export async function promotionUsesBy(
  db: Queryable,
  promotionId: number,
  email: string,
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM orders
      WHERE promotion_id = $1 AND lower(email) = lower($2) AND paid_at IS NOT NULL
        AND status <> 'cancelled'`,
    [promotionId, email.trim()],
  );
  return Number(row?.n ?? 0);
}

export interface CampaignOnPromotionRow {
  campaign_id: number;
  campaign_name: string;
  campaign_slug: string | null;
  thumb_url: string | null;
  promotion_id: number;
  code: string;
  type: PromotionType;
  value: number;
  buy_quantity: number | null;
  get_quantity: number | null;
  store_id: number | null;
  ends_at: Date | null;
}

/**
 * The seller's campaigns that a promotion running at the database's clock covers, one row per
 * campaign and promotion (at most `limit`): a promotion without limits covers every campaign of
 * its store (the store's listed campaigns; all of the seller's for a seller-wide one).
 */
export async function campaignsOnPromotion(
  db: Queryable,
  sellerId: number,
  filter: { q?: string | undefined; storeId?: number | undefined; storeIds: number[] | null },
  limit: number,
): Promise<CampaignOnPromotionRow[]> {
  const rows = await db.query<CampaignOnPromotionRow>(
    `WITH running AS (
       SELECT p.* FROM coupons p
        WHERE p.seller_id = $1
          AND (p.starts_at IS NULL OR p.starts_at <= now())
          AND (p.ends_at IS NULL OR p.ends_at > now())
          AND (p.usage_limit IS NULL OR ${USED} < p.usage_limit)
          AND ($3::bigint IS NULL OR p.store_id IS NULL OR p.store_id = $3)
          AND ($4::bigint[] IS NULL OR p.store_id IS NULL OR p.store_id = ANY($4::bigint[]))
     ), covered AS (
       SELECT r.id AS promotion_id, pc.campaign_id FROM running r
         JOIN promotion_campaigns pc ON pc.promotion_id = r.id
       UNION
       SELECT r.id, cc.campaign_id FROM running r
         JOIN promotion_collections pl ON pl.promotion_id = r.id
         JOIN collection_campaigns cc ON cc.collection_id = pl.collection_id
       UNION
       SELECT r.id, sc.campaign_id FROM running r
         JOIN store_campaigns sc ON sc.store_id = r.store_id
        WHERE NOT EXISTS (SELECT 1 FROM promotion_campaigns x WHERE x.promotion_id = r.id)
          AND NOT EXISTS (SELECT 1 FROM promotion_collections y WHERE y.promotion_id = r.id)
       UNION
       SELECT r.id, c.id FROM running r JOIN campaigns c ON c.seller_id = $1
        WHERE r.store_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM promotion_campaigns x WHERE x.promotion_id = r.id)
          AND NOT EXISTS (SELECT 1 FROM promotion_collections y WHERE y.promotion_id = r.id)
     )
     SELECT c.id AS campaign_id, c.name AS campaign_name, c.slug AS campaign_slug,
            c.thumb_url, r.id AS promotion_id, r.code, r.type, r.value, r.buy_quantity,
            r.get_quantity, r.store_id, r.ends_at
       FROM covered v
       JOIN running r ON r.id = v.promotion_id
       JOIN campaigns c ON c.id = v.campaign_id AND c.seller_id = $1 AND c.deleted_at IS NULL
      WHERE ($2::text IS NULL OR c.name ILIKE '%' || $2 || '%' OR r.code ILIKE '%' || $2 || '%')
      ORDER BY c.id DESC, r.id DESC LIMIT $5`,
    [sellerId, filter.q || null, filter.storeId ?? null, filter.storeIds, limit],
  );
  return rows.map((row) => ({
    ...row,
    campaign_id: Number(row.campaign_id),
    promotion_id: Number(row.promotion_id),
    value: Number(row.value),
    store_id: row.store_id === null ? null : Number(row.store_id),
  }));
}
