/**
 * Regular bulk jobs as the seller manages them: list, create, and the row actions.
 *
 * Job statuses: pending → processing (handed to a tab by next-job with a lease, sql/lease.ts:
 * token and expiry, session remembered; an expired lease is claimable again, release gives it
 * back at once) → completed (save-designs). stop: pending/processing → stopped (the session is forgotten, so
 * the tab that held it does not get it back); start: stopped → pending; retry: failed,
 * stopped or processing (a tab that went away) → pending (start and retry reset attempts).
 *
 * attempts counts the hand-outs of a job (sql/lease.ts). A job that used them up is failed
 * instead of handed out again, with its last logged reason (a worker logs 'Cannot load
 * designs: {why}' when its render fails).
 */
import {
  BULK_ATTEMPT_MESSAGES,
  type BulkCreateCampaignBody,
  type BulkSaveDesignsBody,
  type CreateBulkRegularJobsBody,
  EXPRESS_PRODUCT_TYPE,
  gaveUpMessage,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { applyExpressPrices } from './campaignExpress.js';
import { freeSlug } from './campaignLifecycle.js';
import { copyCampaign, getCampaignRow } from './campaigns.js';
import { claimLeases, failSpentLeases, releaseLease } from './lease.js';
import { containsPattern, orderBy, selectPage, Where } from './listQuery.js';

export interface RegularJobRow {
  id: number;
  template_campaign_id: number | null;
  campaign_id: number | null;
  campaign_name: string;
  prefix: string | null;
  suffix: string | null;
  collection: string | null;
  designs: string | null;
  status: string;
  new_products: number;
  message: string | null;
  created_at: Date;
}

/** Each job with the last message a worker logged about it. */
const SELECT_JOBS = `SELECT j.id, j.template_campaign_id, j.campaign_id, j.campaign_name, j.prefix,
    j.suffix, j.collection, j.designs, j.status, j.new_products, j.created_at,
    (SELECT l.log FROM bulk_logs l WHERE l.bulk_id = j.id AND l.seller_id = j.seller_id
     ORDER BY l.id DESC LIMIT 1) AS message
  FROM bulk_regular_jobs j`;

export function regularJobView(row: RegularJobRow) {
  return {
    id: row.id,
    template_campaign_id: row.template_campaign_id,
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    prefix: row.prefix,
    suffix: row.suffix,
    collection: row.collection,
    designs: row.designs,
    status: row.status,
    new_products: row.new_products,
    message: row.message,
    created_at: row.created_at.toISOString(),
  };
}

const ORDER_COLUMNS = new Set(['id', 'status', 'created_at']);

export async function listRegularJobs(
  db: Queryable,
  sellerId: number,
  query: {
    q?: string | undefined;
    page: number;
    per_page: number;
    status?: string | undefined;
    order_by: string;
  },
  range: { from: string | null; to: string } | null,
): Promise<{ rows: RegularJobRow[]; counted: number }> {
  const where = new Where().add('j.seller_id = ?', sellerId);
  if (query.q) {
    where.add('(j.campaign_name ILIKE ? OR j.collection ILIKE ?)', containsPattern(query.q));
  }
  if (query.status) where.add('j.status = ?', query.status);
  where.createdIn('j.created_at', range);
  return selectPage<RegularJobRow>(
    db,
    {
      from: 'bulk_regular_jobs j',
      select: SELECT_JOBS,
      orderBy: orderBy(query.order_by, ORDER_COLUMNS, 'j.'),
    },
    where,
    query,
  );
}

/** Creates one pending job per row; null when the template campaign is not the seller's. */
export async function createRegularJobs(
  db: Queryable,
  sellerId: number,
  body: CreateBulkRegularJobsBody,
): Promise<number[] | null> {
  const owned = await db.query(
    'SELECT id FROM campaigns WHERE id = $1 AND seller_id = $2 AND deleted_at IS NULL',
    [body.template_campaign_id, sellerId],
  );
  if (owned.length === 0) return null;
  const rows = await db.query<{ id: number }>(
    `INSERT INTO bulk_regular_jobs
       (seller_id, template_campaign_id, campaign_name, prefix, suffix, collection, designs)
     SELECT $1, $2, r.name, $3, $4, $5, r.designs
     FROM unnest($6::text[], $7::text[]) WITH ORDINALITY AS r(name, designs, n)
     ORDER BY r.n
     RETURNING id`,
    [
      sellerId,
      body.template_campaign_id,
      body.prefix || null,
      body.suffix || null,
      body.collection || null,
      body.rows.map((row) => row.campaign_name),
      body.rows.map((row) => JSON.stringify([{ new_url: row.new_url }])),
    ],
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Moves the seller's jobs (all when `ids` is null) from one of `from` to `to`; their ids. */
export async function setRegularJobsStatus(
  db: Queryable,
  sellerId: number,
  ids: number[] | null,
  from: string[],
  to: string,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `UPDATE bulk_regular_jobs SET status = $3, session_id = NULL, lease_token = NULL,
       lease_expires_at = NULL, attempts = CASE WHEN $3 = 'pending' THEN 0 ELSE attempts END
     WHERE seller_id = $1 AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))
       AND status = ANY($4::text[])
     RETURNING id`,
    [sellerId, ids, to, from],
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function regularJobsByIds(
  db: Queryable,
  sellerId: number,
  ids: number[],
): Promise<RegularJobRow[]> {
  return db.query<RegularJobRow>(
    `${SELECT_JOBS} WHERE j.seller_id = $1 AND j.id = ANY($2::bigint[]) ORDER BY j.id`,
    [sellerId, ids],
  );
}

export async function removeRegularJobs(
  db: Queryable,
  sellerId: number,
  ids: number[],
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM bulk_regular_jobs WHERE seller_id = $1 AND id = ANY($2::bigint[]) RETURNING id',
    [sellerId, ids],
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** A bulk_regular_jobs row as `SELECT *` reads it (no last log message). */
export type RegularJobRecord = Omit<RegularJobRow, 'message'> & {
  /** An express launch (sql/campaignExpress.ts): its slug and prices, launched once saved. */
  express: boolean;
  slug: string | null;
  prices: { product_id: number; price: number }[] | null;
  attempts: number;
  session_id: string | null;
  lease_token: string | null;
  lease_expires_at: Date | null;
};

/** How many campaigns regular bulk made for the seller in the last day and the last minute. */
export async function regularBulkCampaignCounts(
  db: Queryable,
  sellerId: number,
): Promise<{ day: number; minute: number }> {
  const [counts] = await db.query<{ day: number; minute: number }>(
    `SELECT count(*) FILTER (WHERE created_at > now() - interval '1 day')::int AS day,
            count(*) FILTER (WHERE created_at > now() - interval '1 minute')::int AS minute
     FROM campaigns WHERE seller_id = $1 AND bulk_source LIKE 'bulk_regular:%'`,
    [sellerId],
  );
  return counts ?? { day: 0, minute: 0 };
}

/**
 * Hands the seller's next job to the tab `sessionId` as a lease (sql/lease.ts): the job that
 * tab already holds (a reloaded tab resumes it, with a fresh token), else the oldest pending
 * one or one whose lease expired.
 */
export async function claimRegularJob(
  db: Queryable,
  sellerId: number,
  sessionId: string,
  leaseSeconds: number,
): Promise<RegularJobRecord | undefined> {
  const spent = await failSpentLeases(db, 'bulk_regular_jobs', {
    sellerId,
    orClaimable: "(status = 'processing' AND session_id = $2)",
    set: 'session_id = NULL',
    params: [sessionId],
  });
  if (spent.length > 0) {
    // The job's message is its last log: the reason its worker gave last, after the cap.
    await db.query(
      `INSERT INTO bulk_logs (seller_id, bulk_id, log)
       SELECT $1, j.id,
              coalesce($3 || (SELECT l.log FROM bulk_logs l
                              WHERE l.bulk_id = j.id AND l.seller_id = $1
                              ORDER BY l.id DESC LIMIT 1), $4)
       FROM unnest($2::bigint[]) AS j(id)`,
      [
        sellerId,
        spent,
        `${BULK_ATTEMPT_MESSAGES.gaveUp}: `,
        gaveUpMessage(BULK_ATTEMPT_MESSAGES.unfinished),
      ],
    );
  }
  const [job] = await claimLeases<RegularJobRecord>(db, 'bulk_regular_jobs', {
    sellerId,
    take: 1,
    leaseSeconds,
    orClaimable: "(status = 'processing' AND session_id = $4)",
    set: 'session_id = $4',
    params: [sessionId],
    // An express launch (a seller waiting on the page) goes before rows of a big bulk import.
    orderBy: 'express DESC, id',
  });
  return job;
}

/** A tab gives back a job it holds (sql/lease.ts). */
export async function releaseRegularJob(
  db: Queryable,
  sellerId: number,
  id: number,
  leaseToken: string,
) {
  return releaseLease(db, 'bulk_regular_jobs', sellerId, id, leaseToken);
}

/**
 * Makes the job's campaign, a copy of `body.campaign_id`, once: asked again (a retried
 * request) it answers the campaign made the first time. Null when the job or the template
 * campaign is not the seller's. Call inside a transaction.
 */
export async function createRegularJobCampaign(
  tx: Queryable,
  sellerId: number,
  body: BulkCreateCampaignBody,
): Promise<number | null> {
  const [job] = await tx.query<RegularJobRecord>(
    'SELECT * FROM bulk_regular_jobs WHERE id = $1 AND seller_id = $2 FOR UPDATE',
    [body.bulk_id, sellerId],
  );
  if (!job) return null;
  if (job.campaign_id !== null) return job.campaign_id;
  if (!(await getCampaignRow(tx, sellerId, body.campaign_id))) return null;
  const created = await copyCampaign(tx, sellerId, body.campaign_id, {
    name: body.design_info.name,
    // An express launch keeps the slug chosen when it started (made free again if another
    // campaign took it since); it stays a draft until its designs are saved.
    slug: job.express
      ? await freeSlug(tx, sellerId, job.slug ?? body.design_info.slug)
      : body.design_info.slug,
    collection: body.design_info.collection ?? null,
    artworkUrl: body.design_info.file_url,
    source: `bulk_regular:${job.id}`,
    ...(job.express ? { status: 'draft' as const, productType: EXPRESS_PRODUCT_TYPE } : {}),
  });
  if (job.express && job.prices) await applyExpressPrices(tx, created.productIds, job.prices);
  await tx.query('UPDATE bulk_regular_jobs SET campaign_id = $2, new_products = $3 WHERE id = $1', [
    job.id,
    created.id,
    created.productIds.size,
  ]);
  return created.id;
}

export async function isSellerRegularJob(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<boolean> {
  const rows = await db.query('SELECT id FROM bulk_regular_jobs WHERE id = $1 AND seller_id = $2', [
    id,
    sellerId,
  ]);
  return rows.length > 0;
}

export async function insertBulkLog(
  db: Queryable,
  sellerId: number,
  bulkId: number,
  log: string,
): Promise<void> {
  await db.query('INSERT INTO bulk_logs (seller_id, bulk_id, log) VALUES ($1, $2, $3)', [
    sellerId,
    bulkId,
    log,
  ]);
}

/** A job its worker cannot go on with: pending/processing → failed, the tab forgotten. */
export async function failRegularJob(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE bulk_regular_jobs SET status = 'failed', session_id = NULL, lease_token = NULL,
       lease_expires_at = NULL
     WHERE id = $1 AND status IN ('pending', 'processing')`,
    [id],
  );
}

export type SaveRegularDesignsResult =
  /** `launch`: an express job just completed, whose campaign is to be launched now. */
  | { ok: true; launch: boolean }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'stray_product'; productId: number };

/**
 * Saves the designs and mockups of the job's campaign and completes the job; a completed job
 * answers ok without writing again. A design or mockup of a product outside the job's campaign
 * is a worker bug: nothing is written (stray_product) instead of completing the job without
 * it. Call inside a transaction.
 */
export async function saveRegularJobDesigns(
  tx: Queryable,
  sellerId: number,
  body: BulkSaveDesignsBody,
): Promise<SaveRegularDesignsResult> {
  const [job] = await tx.query<RegularJobRecord>(
    'SELECT * FROM bulk_regular_jobs WHERE id = $1 AND seller_id = $2 AND campaign_id = $3 FOR UPDATE',
    [body.bulk_id, sellerId, body.campaignId],
  );
  if (!job) return { ok: false, reason: 'not_found' };
  if (job.status === 'completed') return { ok: true, launch: false };
  const products = new Set(
    (
      await tx.query<{ id: number }>('SELECT id FROM products WHERE campaign_id = $1', [
        body.campaignId,
      ])
    ).map((p) => p.id),
  );
  const stray = [...body.data.designs, ...body.data.mockups].find(
    (item) => !products.has(item.product_id) || item.campaign_id !== body.campaignId,
  );
  if (stray) return { ok: false, reason: 'stray_product', productId: stray.product_id };
  for (const d of body.data.designs) {
    await tx.query(
      `INSERT INTO designs (campaign_id, product_id, print_space, design_json, file_url, option)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [body.campaignId, d.product_id, d.print_space, d.design_json ?? null, d.file_url, d.option],
    );
  }
  let thumb: string | null = null;
  for (const m of body.data.mockups) {
    const isDefault = m.is_default_mockup === '1';
    const [mockup] = await tx.query<{ id: number }>(
      `INSERT INTO mockups (campaign_id, product_id, mockup_template_id, print_space, file_url, is_default)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [body.campaignId, m.product_id, m.mockup_id, m.print_space, m.file_url, isDefault],
    );
    // As the editor's save does: a default mockup is its product's picture, and the first one
    // the campaign's thumbnail in the list.
    if (isDefault && mockup) {
      await tx.query('UPDATE products SET default_mockup_id = $2 WHERE id = $1', [
        m.product_id,
        mockup.id,
      ]);
      thumb ??= m.file_url;
    }
  }
  if (thumb !== null) {
    await tx.query('UPDATE campaigns SET thumb_url = $2 WHERE id = $1', [body.campaignId, thumb]);
  }
  await tx.query(
    `UPDATE bulk_regular_jobs SET status = 'completed', lease_token = NULL, lease_expires_at = NULL
     WHERE id = $1`,
    [job.id],
  );
  return { ok: true, launch: job.express };
}
