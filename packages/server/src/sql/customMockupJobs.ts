/**
 * Bulk custom mockup jobs (migration 046): one of the seller's custom mockups drawn with the
 * design of many campaigns, one row per campaign. Row states: pending → processing (claimed by
 * the `bulk.custom-mockup` background job, `FOR UPDATE SKIP LOCKED`) → completed (its picture
 * added to the campaign's mockups) or failed (with the reason); retry puts failed rows, and
 * rows left processing by a worker that died, back to pending.
 */
import type { CustomMockupJob, CustomMockupJobRow } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

/** A row left processing this long is taken to be abandoned (its worker died). */
export const CUSTOM_MOCKUP_ROW_STALE_SECONDS = 600;

interface JobRow {
  id: number | string;
  custom_mockup_id: number | string | null;
  mockup_name: string | null;
  total: number;
  pending: number;
  processing: number;
  completed: number;
  failed: number;
  created_at: Date;
}

const SELECT_JOBS = `SELECT j.id, j.custom_mockup_id, m.name AS mockup_name, j.created_at,
    count(r.id)::int AS total,
    count(r.id) FILTER (WHERE r.status = 'pending')::int AS pending,
    count(r.id) FILTER (WHERE r.status = 'processing')::int AS processing,
    count(r.id) FILTER (WHERE r.status = 'completed')::int AS completed,
    count(r.id) FILTER (WHERE r.status = 'failed')::int AS failed
  FROM custom_mockup_jobs j
  LEFT JOIN custom_mockups m ON m.id = j.custom_mockup_id AND m.seller_id = j.seller_id
  LEFT JOIN custom_mockup_job_rows r ON r.job_id = j.id`;
const GROUP_JOBS = 'GROUP BY j.id, m.name';

function jobView(row: JobRow, rows: CustomMockupJobRow[] = []): CustomMockupJob {
  return {
    id: Number(row.id),
    custom_mockup_id: row.custom_mockup_id === null ? null : Number(row.custom_mockup_id),
    mockup_name: row.mockup_name,
    total: row.total,
    counts: {
      pending: row.pending,
      processing: row.processing,
      completed: row.completed,
      failed: row.failed,
    },
    created_at: row.created_at.toISOString(),
    rows,
  };
}

/** The ids among `ids` that are not live campaigns of the seller. */
export async function missingCampaigns(
  db: Queryable,
  sellerId: number,
  ids: readonly number[],
): Promise<number[]> {
  const found = new Set(
    (
      await db.query<{ id: number | string }>(
        `SELECT id FROM campaigns
         WHERE seller_id = $1 AND id = ANY($2::bigint[]) AND deleted_at IS NULL`,
        [sellerId, ids],
      )
    ).map((row) => Number(row.id)),
  );
  return ids.filter((id) => !found.has(id));
}

/** A job with one pending row per campaign, in the order given; its id. */
export async function insertCustomMockupJob(
  tx: Queryable,
  sellerId: number,
  mockupId: number,
  campaignIds: readonly number[],
): Promise<number> {
  const [job] = await tx.query<{ id: number | string }>(
    'INSERT INTO custom_mockup_jobs (seller_id, custom_mockup_id) VALUES ($1, $2) RETURNING id',
    [sellerId, mockupId],
  );
  if (!job) throw new Error('insertCustomMockupJob inserted no job');
  await tx.query(
    `INSERT INTO custom_mockup_job_rows (job_id, seller_id, campaign_id)
     SELECT $1, $2, c.id FROM unnest($3::bigint[]) WITH ORDINALITY AS c(id, n) ORDER BY c.n`,
    [job.id, sellerId, campaignIds],
  );
  return Number(job.id);
}

export async function getCustomMockupJob(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<CustomMockupJob | undefined> {
  const [job] = await db.query<JobRow>(
    `${SELECT_JOBS} WHERE j.seller_id = $1 AND j.id = $2 ${GROUP_JOBS}`,
    [sellerId, id],
  );
  if (!job) return undefined;
  const rows = await db.query<{
    id: number | string;
    campaign_id: number | string;
    campaign_name: string | null;
    status: CustomMockupJobRow['status'];
    reason: string | null;
    file_url: string | null;
  }>(
    `SELECT r.id, r.campaign_id, c.name AS campaign_name, r.status, r.reason, r.file_url
     FROM custom_mockup_job_rows r
     LEFT JOIN campaigns c ON c.id = r.campaign_id AND c.seller_id = r.seller_id
     WHERE r.job_id = $1 AND r.seller_id = $2 ORDER BY r.id`,
    [id, sellerId],
  );
  return jobView(
    job,
    rows.map((row) => ({
      ...row,
      id: Number(row.id),
      campaign_id: Number(row.campaign_id),
    })),
  );
}

/** The seller's newest jobs with their counts (no rows). */
export async function listCustomMockupJobs(
  db: Queryable,
  sellerId: number,
  limit: number,
): Promise<CustomMockupJob[]> {
  const jobs = await db.query<JobRow>(
    `${SELECT_JOBS} WHERE j.seller_id = $1 ${GROUP_JOBS} ORDER BY j.id DESC LIMIT $2`,
    [sellerId, limit],
  );
  return jobs.map((job) => jobView(job));
}

/** Failed rows (all, or those named) and abandoned processing rows back to pending; how many. */
export async function retryCustomMockupRows(
  db: Queryable,
  sellerId: number,
  jobId: number,
  rowIds: readonly number[] | undefined,
): Promise<number> {
  const rows = await db.query(
    `UPDATE custom_mockup_job_rows SET status = 'pending', reason = NULL, updated_at = now()
     WHERE job_id = $1 AND seller_id = $2
       AND ($3::bigint[] IS NULL OR id = ANY($3::bigint[]))
       AND (status = 'failed'
            OR (status = 'processing' AND updated_at < now() - make_interval(secs => $4)))
     RETURNING id`,
    [jobId, sellerId, rowIds ?? null, CUSTOM_MOCKUP_ROW_STALE_SECONDS],
  );
  return rows.length;
}

/** What the worker needs to draw one row. */
export interface ClaimedMockupRow {
  id: number;
  campaign_id: number;
  mockup: {
    file_url: string;
    width: number;
    height: number;
    print_area: { x: number; y: number; width: number; height: number };
  } | null;
  /** The campaign's design picture and the product it goes with; null when it has none. */
  design: { product_id: number; print_space: string; file_url: string } | null;
  campaign_live: boolean;
}

/** Claims the job's next pending row (skipping rows another worker holds); undefined when none. */
export async function claimCustomMockupRow(
  db: Queryable,
  sellerId: number,
  jobId: number,
): Promise<ClaimedMockupRow | undefined> {
  const [row] = await db.query<{ id: number | string; campaign_id: number | string }>(
    `UPDATE custom_mockup_job_rows r SET status = 'processing', updated_at = now()
     FROM (
       SELECT id FROM custom_mockup_job_rows
       WHERE job_id = $1 AND seller_id = $2 AND status = 'pending'
       ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
     ) c
     WHERE r.id = c.id
     RETURNING r.id, r.campaign_id`,
    [jobId, sellerId],
  );
  if (!row) return undefined;
  const [mockup] = await db.query<{
    file_url: string;
    width: number;
    height: number;
    area_x: number;
    area_y: number;
    area_width: number;
    area_height: number;
  }>(
    `SELECT m.file_url, m.width, m.height, m.area_x, m.area_y, m.area_width, m.area_height
     FROM custom_mockup_jobs j JOIN custom_mockups m ON m.id = j.custom_mockup_id
     WHERE j.id = $1 AND j.seller_id = $2 AND m.seller_id = $2`,
    [jobId, sellerId],
  );
  const [campaign] = await db.query<{ id: number | string }>(
    'SELECT id FROM campaigns WHERE id = $1 AND seller_id = $2 AND deleted_at IS NULL',
    [row.campaign_id, sellerId],
  );
  // The design of the campaign's first product, its main (front) print space first.
  const [design] = await db.query<{
    product_id: number | string;
    print_space: string;
    file_url: string;
  }>(
    `SELECT COALESCE(d.product_id, (SELECT min(p.id) FROM products p WHERE p.campaign_id = d.campaign_id))
              AS product_id,
            d.print_space, d.file_url
     FROM designs d
     WHERE d.campaign_id = $1 AND d.file_url IS NOT NULL AND d.file_url <> ''
       AND (d.product_id IS NOT NULL
            OR EXISTS (SELECT 1 FROM products p WHERE p.campaign_id = d.campaign_id))
     ORDER BY d.product_id NULLS LAST, (d.print_space = 'front') DESC, d.id
     LIMIT 1`,
    [row.campaign_id],
  );
  return {
    id: Number(row.id),
    campaign_id: Number(row.campaign_id),
    mockup: mockup
      ? {
          file_url: mockup.file_url,
          width: mockup.width,
          height: mockup.height,
          print_area: {
            x: mockup.area_x,
            y: mockup.area_y,
            width: mockup.area_width,
            height: mockup.area_height,
          },
        }
      : null,
    design: design
      ? {
          product_id: Number(design.product_id),
          print_space: design.print_space,
          file_url: design.file_url,
        }
      : null,
    campaign_live: campaign !== undefined,
  };
}

/**
 * Completes a row: the picture joins the campaign's mockups (not its default one) and the row
 * keeps its address. Call inside a transaction.
 */
export async function completeCustomMockupRow(
  tx: Queryable,
  row: { id: number; campaign_id: number; product_id: number; print_space: string },
  fileUrl: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO mockups (campaign_id, product_id, mockup_template_id, print_space, file_url, is_default)
     VALUES ($1, $2, NULL, $3, $4, false)`,
    [row.campaign_id, row.product_id, row.print_space, fileUrl],
  );
  await tx.query(
    `UPDATE custom_mockup_job_rows SET status = 'completed', file_url = $2, reason = NULL,
       updated_at = now()
     WHERE id = $1`,
    [row.id, fileUrl],
  );
}

export async function failCustomMockupRow(db: Queryable, id: number, reason: string) {
  await db.query(
    `UPDATE custom_mockup_job_rows SET status = 'failed', reason = $2, updated_at = now()
     WHERE id = $1`,
    [id, reason.slice(0, 500)],
  );
}
