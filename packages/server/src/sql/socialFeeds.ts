import type { Queryable } from '../db/Db.js';

/** Social feeds (migration 031): a store's product feeds at unguessable public addresses. */

export interface FeedRow {
  id: number;
  seller_id: number;
  store_id: number;
  store_name: string;
  name: string;
  format: string;
  scope: string;
  collection_id: number | null;
  campaign_ids: (number | string)[];
  colors: string[];
  google_product_category: string | null;
  token: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `f.id, f.seller_id, f.store_id, s.name AS store_name, f.name, f.format, f.scope,
  f.collection_id, f.campaign_ids, f.colors, f.google_product_category, f.token, f.created_at, f.updated_at`;

export async function listFeeds(
  db: Queryable,
  sellerId: number,
  storeIds: number[] | null,
): Promise<FeedRow[]> {
  return db.query<FeedRow>(
    `SELECT ${COLUMNS} FROM social_feeds f JOIN stores s ON s.id = f.store_id
      WHERE f.seller_id = $1 AND ($2::bigint[] IS NULL OR f.store_id = ANY($2::bigint[]))
      ORDER BY f.id DESC`,
    [sellerId, storeIds],
  );
}

export async function getFeed(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<FeedRow | undefined> {
  return (
    await db.query<FeedRow>(
      `SELECT ${COLUMNS} FROM social_feeds f JOIN stores s ON s.id = f.store_id
        WHERE f.id = $1 AND f.seller_id = $2`,
      [id, sellerId],
    )
  )[0];
}

export interface FeedFields {
  name: string;
  store_id: number;
  format: string;
  scope: string;
  collection_id: number | null;
  campaign_ids: number[];
  colors: string[];
  google_product_category: string | null;
}

export async function insertFeed(
  db: Queryable,
  sellerId: number,
  fields: FeedFields,
  token: string,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO social_feeds (seller_id, store_id, name, format, scope, collection_id,
       campaign_ids, google_product_category, token, colors)
     VALUES ($1, $2, $3, $4, $5, $6, $7::bigint[], $8, $9, $10::text[]) RETURNING id`,
    [
      sellerId,
      fields.store_id,
      fields.name,
      fields.format,
      fields.scope,
      fields.collection_id,
      fields.campaign_ids,
      fields.google_product_category,
      token,
      fields.colors,
    ],
  );
  if (!row) throw new Error('feed insert returned no row');
  return Number(row.id);
}

export async function updateFeed(
  db: Queryable,
  sellerId: number,
  id: number,
  fields: FeedFields,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE social_feeds SET store_id = $3, name = $4, format = $5, scope = $6,
        collection_id = $7, campaign_ids = $8::bigint[], google_product_category = $9,
        colors = $10::text[], updated_at = now()
      WHERE id = $1 AND seller_id = $2 RETURNING id`,
    [
      id,
      sellerId,
      fields.store_id,
      fields.name,
      fields.format,
      fields.scope,
      fields.collection_id,
      fields.campaign_ids,
      fields.google_product_category,
      fields.colors,
    ],
  );
  return rows.length > 0;
}

export async function deleteFeed(db: Queryable, sellerId: number, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM social_feeds WHERE id = $1 AND seller_id = $2 RETURNING id',
    [id, sellerId],
  );
  return rows.length > 0;
}

export interface FeedStore {
  feed_id: number;
  format: string;
  scope: string;
  collection_id: number | null;
  campaign_ids: (number | string)[];
  colors: string[];
  google_product_category: string | null;
  id: number;
  seller_id: number;
  name: string;
  slug: string;
  title: string | null;
  base_url: string | null;
  currency: string;
}

/** The feed with this token and its (open) store. */
export async function feedByToken(db: Queryable, token: string): Promise<FeedStore | undefined> {
  return (
    await db.query<FeedStore>(
      `SELECT f.id AS feed_id, f.format, f.scope, f.collection_id, f.campaign_ids, f.colors,
              f.google_product_category, s.id, s.seller_id, s.name, s.slug, s.title, s.base_url,
              s.currency
         FROM social_feeds f JOIN stores s ON s.id = f.store_id AND s.seller_id = f.seller_id
        WHERE f.token = $1 AND s.archived_at IS NULL`,
      [token],
    )
  )[0];
}

export interface FeedCampaign {
  id: number;
  name: string;
  slug: string | null;
  thumb_url: string | null;
}

/**
 * The campaigns a feed lists: the store's active, live campaigns; with a collection, those in
 * it; with picked campaigns, those of them. In id order, at most `limit`.
 */
export async function feedCampaigns(
  db: Queryable,
  feed: Pick<FeedStore, 'id' | 'seller_id' | 'scope' | 'collection_id' | 'campaign_ids'>,
  limit: number,
): Promise<FeedCampaign[]> {
  return db.query<FeedCampaign>(
    `SELECT c.id, c.name, c.slug, c.thumb_url
       FROM store_campaigns sc JOIN campaigns c ON c.id = sc.campaign_id
      WHERE sc.store_id = $1 AND c.seller_id = $2 AND c.status = 'active' AND c.deleted_at IS NULL
        AND ($3 <> 'collection' OR EXISTS (SELECT 1 FROM collection_campaigns cc
              WHERE cc.collection_id = $4 AND cc.campaign_id = c.id AND cc.seller_id = $2))
        AND ($3 <> 'campaigns' OR c.id = ANY($5::bigint[]))
      ORDER BY c.id LIMIT $6`,
    [feed.id, feed.seller_id, feed.scope, feed.collection_id, feed.campaign_ids.map(Number), limit],
  );
}

/** Each product's picture for a feed: its default mockup, else its first one. */
export async function productImages(
  db: Queryable,
  campaignIds: number[],
): Promise<Map<number, string>> {
  const rows = await db.query<{ product_id: number; file_url: string }>(
    `SELECT DISTINCT ON (m.product_id) m.product_id, m.file_url
       FROM mockups m LEFT JOIN products p ON p.id = m.product_id
      WHERE m.campaign_id = ANY($1::bigint[])
      ORDER BY m.product_id, (p.default_mockup_id = m.id) DESC NULLS LAST, m.is_default DESC, m.id`,
    [campaignIds],
  );
  return new Map(rows.map((row) => [Number(row.product_id), row.file_url]));
}
