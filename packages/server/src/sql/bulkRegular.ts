/**
 * Regular bulk jobs as the seller manages them: list, create, and the row actions.
 *
 * Job statuses: pending → processing (handed to a tab by next-job, session remembered) →
 * completed (save-designs). stop: pending/processing → stopped (the session is forgotten, so
 * the tab that held it does not get it back); start: stopped → pending; retry: failed,
 * stopped or processing (a tab that went away) → pending.
 */
import type { CreateBulkRegularJobsBody } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
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
): Promise<{ rows: RegularJobRow[]; total: number }> {
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
  const owned = await db.query('SELECT id FROM campaigns WHERE id = $1 AND seller_id = $2', [
    body.template_campaign_id,
    sellerId,
  ]);
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
    `UPDATE bulk_regular_jobs SET status = $3, session_id = NULL
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
