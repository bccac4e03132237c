import type { AiJobStatus, AiTool } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

/** A row of `ai_design_jobs` (migration 042). */
export interface AiJobRow {
  id: number;
  seller_id: number;
  tool: AiTool;
  status: AiJobStatus;
  progress: number;
  print_width_in: number;
  input_path: string;
  input_width: number;
  input_height: number;
  output_path: string | null;
  output_width: number | null;
  output_height: number | null;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const COLUMNS = `id, seller_id, tool, status, progress, print_width_in, input_path, input_width,
  input_height, output_path, output_width, output_height, error, created_at, started_at, finished_at`;

/** A stored upload of the seller's: its content type, or null when it is not theirs. */
export async function sellerUploadType(
  db: Queryable,
  sellerId: number,
  filePath: string,
): Promise<{ content_type: string | null } | null> {
  const rows = await db.query<{ content_type: string | null }>(
    `SELECT content_type FROM uploads
      WHERE seller_id = $1 AND file_path = $2 AND size IS NOT NULL`,
    [sellerId, filePath],
  );
  return rows[0] ?? null;
}

export async function insertAiJob(
  db: Queryable,
  job: {
    sellerId: number;
    createdBy: number;
    tool: AiTool;
    printWidthIn: number;
    inputPath: string;
    inputWidth: number;
    inputHeight: number;
  },
): Promise<AiJobRow> {
  const rows = await db.query<AiJobRow>(
    `INSERT INTO ai_design_jobs
       (seller_id, created_by, tool, print_width_in, input_path, input_width, input_height)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [
      job.sellerId,
      job.createdBy,
      job.tool,
      job.printWidthIn,
      job.inputPath,
      job.inputWidth,
      job.inputHeight,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('ai_design_jobs insert returned no row');
  return row;
}

export async function getAiJob(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<AiJobRow | null> {
  const rows = await db.query<AiJobRow>(
    `SELECT ${COLUMNS} FROM ai_design_jobs WHERE seller_id = $1 AND id = $2`,
    [sellerId, id],
  );
  return rows[0] ?? null;
}

export async function listAiJobs(
  db: Queryable,
  sellerId: number,
  filter: { tool?: AiTool; status?: AiJobStatus; limit: number; offset: number },
): Promise<{ rows: AiJobRow[]; total: number }> {
  const params = [sellerId, filter.tool ?? null, filter.status ?? null];
  const where = `seller_id = $1 AND ($2::text IS NULL OR tool = $2) AND ($3::text IS NULL OR status = $3)`;
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ai_design_jobs WHERE ${where}`,
    params,
  );
  const rows = await db.query<AiJobRow>(
    `SELECT ${COLUMNS} FROM ai_design_jobs WHERE ${where} ORDER BY id DESC LIMIT $4 OFFSET $5`,
    [...params, filter.limit, filter.offset],
  );
  return { rows, total: count?.total ?? 0 };
}

/** Marks a queued job running; false when it is not queued (already run, or gone). */
export async function startAiJob(db: Queryable, sellerId: number, id: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE ai_design_jobs SET status = 'running', started_at = now(), progress = 1, error = NULL
      WHERE seller_id = $1 AND id = $2 AND status IN ('queued', 'running') RETURNING id`,
    [sellerId, id],
  );
  return rows.length === 1;
}

export async function setAiJobProgress(
  db: Queryable,
  sellerId: number,
  id: number,
  progress: number,
): Promise<void> {
  await db.query(
    `UPDATE ai_design_jobs SET progress = GREATEST(progress, $3)
      WHERE seller_id = $1 AND id = $2 AND status = 'running'`,
    [sellerId, id, Math.max(0, Math.min(99, Math.round(progress)))],
  );
}

export async function finishAiJob(
  db: Queryable,
  sellerId: number,
  id: number,
  output: { path: string; width: number; height: number },
): Promise<void> {
  await db.query(
    `UPDATE ai_design_jobs
        SET status = 'done', progress = 100, finished_at = now(),
            output_path = $3, output_width = $4, output_height = $5
      WHERE seller_id = $1 AND id = $2`,
    [sellerId, id, output.path, output.width, output.height],
  );
}

export async function failAiJob(
  db: Queryable,
  sellerId: number,
  id: number,
  error: string,
): Promise<void> {
  await db.query(
    `UPDATE ai_design_jobs SET status = 'failed', finished_at = now(), error = $3
      WHERE seller_id = $1 AND id = $2`,
    [sellerId, id, error.slice(0, 500)],
  );
}
