import type { Queryable } from '../db/Db.js';

/** Product reviews (migration 031): buyers' reviews of the seller's campaigns. */

export interface ReviewRow {
  id: number;
  store_id: number | null;
  store_name: string | null;
  campaign_id: number;
  campaign_name: string;
  order_number: string;
  author_name: string;
  rating: number;
  title: string;
  body: string;
  status: string;
  reply: string | null;
  replied_at: Date | null;
  created_at: Date;
}

const COLUMNS = `r.id, r.store_id, s.name AS store_name, r.campaign_id, c.name AS campaign_name,
  o.order_number, r.author_name, r.rating, r.title, r.body, r.status, r.reply, r.replied_at,
  r.created_at`;
const FROM = `FROM product_reviews r
  JOIN campaigns c ON c.id = r.campaign_id
  JOIN orders o ON o.id = r.order_id
  LEFT JOIN stores s ON s.id = r.store_id`;

/**
 * The paid order of this store's seller with this number and email (case-insensitive) that
 * holds the campaign: the proof a buyer may review it.
 */
export async function reviewableOrder(
  db: Queryable,
  sellerId: number,
  input: { orderNumber: string; email: string; campaignId: number },
): Promise<{ id: number; customer_name: string | null } | undefined> {
  const rows = await db.query<{ id: number; customer_name: string | null }>(
    `SELECT o.id, o.customer_name FROM orders o
      WHERE o.seller_id = $1 AND o.order_number = $2 AND lower(o.email) = lower($3)
        AND o.payment_status = 'paid'
        AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.campaign_id = $4)
      LIMIT 1`,
    [sellerId, input.orderNumber, input.email, input.campaignId],
  );
  const row = rows[0];
  return row ? { ...row, id: Number(row.id) } : undefined;
}

export async function storeAutoPublishMin(db: Queryable, storeId: number): Promise<number | null> {
  const rows = await db.query<{ auto_publish_min_rating: number | null }>(
    'SELECT auto_publish_min_rating FROM store_review_settings WHERE store_id = $1',
    [storeId],
  );
  return rows[0]?.auto_publish_min_rating ?? null;
}

/** Inserts a review; undefined when the order already reviewed this campaign. */
export async function insertReview(
  db: Queryable,
  review: {
    sellerId: number;
    storeId: number;
    campaignId: number;
    orderId: number;
    authorName: string;
    rating: number;
    title: string;
    body: string;
    status: string;
  },
): Promise<number | undefined> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO product_reviews
       (seller_id, store_id, campaign_id, order_id, author_name, rating, title, body, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (order_id, campaign_id) DO NOTHING RETURNING id`,
    [
      review.sellerId,
      review.storeId,
      review.campaignId,
      review.orderId,
      review.authorName,
      review.rating,
      review.title,
      review.body,
      review.status,
    ],
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

export interface ReviewFilter {
  storeId?: number | undefined;
  campaignId?: number | undefined;
  rating?: number | undefined;
  status?: string | undefined;
  /** A session limited to some stores sees reviews of those only. */
  storeIds: number[] | null;
  limit: number;
  offset: number;
}

export async function listReviews(
  db: Queryable,
  sellerId: number,
  f: ReviewFilter,
): Promise<{ rows: ReviewRow[]; total: number }> {
  const rows = await db.query<ReviewRow & { total: number }>(
    `SELECT ${COLUMNS}, count(*) OVER () AS total ${FROM}
      WHERE r.seller_id = $1
        AND ($2::bigint IS NULL OR r.store_id = $2)
        AND ($3::bigint IS NULL OR r.campaign_id = $3)
        AND ($4::int IS NULL OR r.rating = $4)
        AND ($5::text IS NULL OR r.status = $5)
        AND ($6::bigint[] IS NULL OR r.store_id = ANY($6::bigint[]))
      ORDER BY r.id DESC LIMIT $7 OFFSET $8`,
    [
      sellerId,
      f.storeId ?? null,
      f.campaignId ?? null,
      f.rating ?? null,
      f.status ?? null,
      f.storeIds,
      f.limit,
      f.offset,
    ],
  );
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export async function getReview(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<ReviewRow | undefined> {
  return (
    await db.query<ReviewRow>(`SELECT ${COLUMNS} ${FROM} WHERE r.id = $1 AND r.seller_id = $2`, [
      id,
      sellerId,
    ])
  )[0];
}

/** Sets the status and/or the reply (null removes it) of a review of the seller. */
export async function updateReview(
  db: Queryable,
  sellerId: number,
  id: number,
  change: { status?: string | undefined; reply?: string | null | undefined },
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE product_reviews SET
        status = COALESCE($3, status),
        reply = CASE WHEN $4::boolean THEN $5 ELSE reply END,
        replied_at = CASE WHEN $4::boolean THEN (CASE WHEN $5::text IS NULL THEN NULL ELSE now() END)
                          ELSE replied_at END,
        updated_at = now()
      WHERE id = $1 AND seller_id = $2 RETURNING id`,
    [id, sellerId, change.status ?? null, change.reply !== undefined, change.reply ?? null],
  );
  return rows.length > 0;
}

/** The seller's open stores with their auto-publish threshold. */
export async function reviewSettings(
  db: Queryable,
  sellerId: number,
  storeIds: number[] | null,
): Promise<{ store_id: number; store_name: string; auto_publish_min_rating: number | null }[]> {
  return db.query(
    `SELECT s.id AS store_id, s.name AS store_name, rs.auto_publish_min_rating
       FROM stores s LEFT JOIN store_review_settings rs ON rs.store_id = s.id
      WHERE s.seller_id = $1 AND s.archived_at IS NULL
        AND ($2::bigint[] IS NULL OR s.id = ANY($2::bigint[]))
      ORDER BY s.id`,
    [sellerId, storeIds],
  );
}

export async function saveReviewSetting(
  db: Queryable,
  sellerId: number,
  storeId: number,
  minRating: number | null,
): Promise<void> {
  await db.query(
    `INSERT INTO store_review_settings (store_id, seller_id, auto_publish_min_rating)
     VALUES ($1, $2, $3)
     ON CONFLICT (store_id) DO UPDATE SET auto_publish_min_rating = EXCLUDED.auto_publish_min_rating,
       updated_at = now()`,
    [storeId, sellerId, minRating],
  );
}

export interface PublishedReview {
  author_name: string;
  rating: number;
  title: string;
  body: string;
  reply: string | null;
  created_at: Date;
}

/** A campaign's published reviews (newest first, up to `limit`) with their count and average. */
export async function publishedReviews(
  db: Queryable,
  sellerId: number,
  campaignId: number,
  limit: number,
): Promise<{ rows: PublishedReview[]; count: number; average: number }> {
  const [stats] = await db.query<{ count: number; average: number | null }>(
    `SELECT count(*)::int AS count, avg(rating)::float8 AS average FROM product_reviews
      WHERE campaign_id = $1 AND seller_id = $2 AND status = 'published'`,
    [campaignId, sellerId],
  );
  const count = Number(stats?.count ?? 0);
  if (count === 0) return { rows: [], count: 0, average: 0 };
  const rows = await db.query<PublishedReview>(
    `SELECT author_name, rating, title, body, reply, created_at FROM product_reviews
      WHERE campaign_id = $1 AND seller_id = $2 AND status = 'published'
      ORDER BY id DESC LIMIT $3`,
    [campaignId, sellerId, limit],
  );
  return { rows, count, average: Number(stats?.average ?? 0) };
}
