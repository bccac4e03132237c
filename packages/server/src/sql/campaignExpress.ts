/**
 * Campaign express launches: regular bulk jobs of one row with `express` set (migration 046).
 * The job carries the slug and the prices the seller chose; the regular worker draws it like any
 * regular job, createRegularJobCampaign makes its campaign a draft of product_type
 * campaign_express with those prices, and save-designs launches it (routes/bulkRegular.ts).
 */
import type { Queryable } from '../db/Db.js';
import { orderBy, selectPage, Where } from './listQuery.js';

export interface ExpressSource {
  id: number;
  name: string;
  products: number;
  designs: number;
  productIds: number[];
}

/** The seller's live campaign an express launch copies, with what a launch needs of it. */
export async function expressSource(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<ExpressSource | undefined> {
  const [row] = await db.query<ExpressSource>(
    `SELECT c.id, c.name,
       (SELECT count(*)::int FROM products p WHERE p.campaign_id = c.id) AS products,
       (SELECT count(*)::int FROM designs d WHERE d.campaign_id = c.id) AS designs,
       COALESCE((SELECT array_agg(p.id ORDER BY p.id) FROM products p WHERE p.campaign_id = c.id),
                '{}') AS "productIds"
     FROM campaigns c WHERE c.id = $1 AND c.seller_id = $2 AND c.deleted_at IS NULL`,
    [id, sellerId],
  );
  return row ? { ...row, productIds: row.productIds.map(Number) } : undefined;
}

/**
 * Whether `slug` is the seller's: a live campaign has it, or an express launch still to make
 * its campaign reserved it.
 */
export async function expressSlugTaken(
  db: Queryable,
  sellerId: number,
  slug: string,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM campaigns WHERE seller_id = $1 AND slug = $2 AND deleted_at IS NULL
     UNION ALL
     SELECT 1 FROM bulk_regular_jobs
     WHERE seller_id = $1 AND express AND slug = $2 AND campaign_id IS NULL
       AND status IN ('pending', 'processing', 'stopped')
     LIMIT 1`,
    [sellerId, slug],
  );
  return rows.length > 0;
}

/** Queues an express launch (a pending regular job of one artwork); its id. */
export async function insertExpressJob(
  tx: Queryable,
  sellerId: number,
  job: {
    sourceId: number;
    name: string;
    slug: string;
    artworkUrl: string;
    prices: { product_id: number; price: number }[];
  },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO bulk_regular_jobs
       (seller_id, template_campaign_id, campaign_name, designs, express, slug, prices)
     VALUES ($1, $2, $3, $4, true, $5, $6::jsonb) RETURNING id`,
    [
      sellerId,
      job.sourceId,
      job.name,
      JSON.stringify([{ new_url: job.artworkUrl }]),
      job.slug,
      JSON.stringify(job.prices),
    ],
  );
  if (!row) throw new Error('insertExpressJob inserted no row');
  return Number(row.id);
}

/** Sets the prices chosen for the template's products on their copies. */
export async function applyExpressPrices(
  tx: Queryable,
  productIds: ReadonlyMap<number, number>,
  prices: readonly { product_id: number; price: number }[],
): Promise<void> {
  const pairs = prices.flatMap((p) => {
    const target = productIds.get(p.product_id);
    return target === undefined ? [] : [{ id: target, price: p.price }];
  });
  if (pairs.length === 0) return;
  await tx.query(
    `UPDATE products p SET price = v.price
     FROM unnest($1::bigint[], $2::numeric[]) AS v(id, price) WHERE p.id = v.id`,
    [pairs.map((p) => p.id), pairs.map((p) => p.price)],
  );
}

export interface ExpressJobRow {
  id: number;
  source_campaign_id: number | null;
  source_name: string | null;
  name: string;
  slug: string | null;
  designs: string | null;
  status: string;
  campaign_id: number | null;
  campaign_slug: string | null;
  campaign_status: string | null;
  thumb_url: string | null;
  message: string | null;
  created_at: Date;
}

const SELECT_EXPRESS = `SELECT j.id, j.template_campaign_id AS source_campaign_id,
    s.name AS source_name, j.campaign_name AS name, j.slug, j.designs, j.status, j.campaign_id,
    c.slug AS campaign_slug, c.status AS campaign_status, c.thumb_url,
    (SELECT l.log FROM bulk_logs l WHERE l.bulk_id = j.id AND l.seller_id = j.seller_id
     ORDER BY l.id DESC LIMIT 1) AS message, j.created_at
  FROM bulk_regular_jobs j
  LEFT JOIN campaigns s ON s.id = j.template_campaign_id AND s.seller_id = j.seller_id
  LEFT JOIN campaigns c ON c.id = j.campaign_id AND c.seller_id = j.seller_id
    AND c.deleted_at IS NULL`;

export async function getExpressJob(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<ExpressJobRow | undefined> {
  const [row] = await db.query<ExpressJobRow>(
    `${SELECT_EXPRESS} WHERE j.seller_id = $1 AND j.express AND j.id = $2`,
    [sellerId, id],
  );
  return row;
}

export async function listExpressJobs(
  db: Queryable,
  sellerId: number,
  page: { page: number; per_page: number },
): Promise<{ rows: ExpressJobRow[]; counted: number }> {
  const where = new Where().add('j.seller_id = ?', sellerId).add('j.express = ?', true);
  return selectPage<ExpressJobRow>(
    db,
    {
      from: 'bulk_regular_jobs j',
      select: SELECT_EXPRESS,
      orderBy: orderBy('id:desc', new Set(['id']), 'j.'),
    },
    where,
    page,
  );
}
