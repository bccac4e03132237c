/**
 * Multi-space bulk rows and their leases.
 *
 * Row statuses (spec §3 Bulk job status): pending → processing (claimed: lease_token and
 * lease_expires_at set, the protocol of sql/lease.ts; release: back to pending) → completed (saved, campaign_id set) or failed (marked invalid, message
 * set). A processing row whose lease expired is claimable again and gets a new token, so the
 * old holder's token becomes stale. stop: pending/processing → stopped (lease cleared);
 * start: stopped → pending; retry: failed/stopped → pending (start and retry reset attempts).
 *
 * attempts counts the claims of a row (sql/lease.ts). A worker whose render fails on the last
 * one (BULK_ROW_MAX_ATTEMPTS) marks the row failed with its reason; a row that used them up with
 * no word from its worker (it died) is failed by the next claim instead of handed out.
 */
import {
  BULK_ATTEMPT_MESSAGES,
  type CreateBulkJobBody,
  gaveUpMessage,
  type ProcessedDesign,
  type ProcessedMockup,
  slugify,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { copyCampaign } from './campaigns.js';
import {
  claimLeases,
  failSpentLeases,
  type LeaseCheck as LeaseCheckOf,
  lockLease,
  releaseLease,
} from './lease.js';
import { containsPattern, orderBy, selectPage, Where } from './listQuery.js';

export interface BulkRow {
  id: number;
  bulk_id: number;
  seller_id: number;
  type: string;
  status: string;
  template_campaign_id: number;
  campaign_id: number | null;
  campaign_name: string | null;
  designs: string | null;
  message: string | null;
  attempts: number;
  lease_token: string | null;
  lease_expires_at: Date | null;
  device_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export function bulkRowView(row: BulkRow) {
  return {
    id: row.id,
    bulk_id: row.bulk_id,
    type: row.type,
    status: row.status,
    template_campaign_id: row.template_campaign_id,
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    designs: row.designs,
    message: row.message,
    attempts: row.attempts,
    device_id: row.device_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function createBulkJob(
  db: Queryable,
  sellerId: number,
  body: CreateBulkJobBody,
): Promise<{ id: number; rows: number } | null> {
  const owned = await db.query(
    'SELECT id FROM campaigns WHERE id = $1 AND seller_id = $2 AND deleted_at IS NULL',
    [body.template_campaign_id, sellerId],
  );
  if (owned.length === 0) return null;
  const [job] = await db.query<{ id: number }>(
    'INSERT INTO bulk_jobs (seller_id, template_campaign_id, type) VALUES ($1, $2, $3) RETURNING id',
    [sellerId, body.template_campaign_id, body.type],
  );
  if (!job) throw new Error('createBulkJob inserted no job');
  await db.query(
    `INSERT INTO bulk_rows (bulk_id, seller_id, type, template_campaign_id, campaign_name, designs, status)
     SELECT $1, $2, $3, $4, r.name, r.designs, $7
     FROM unnest($5::text[], $6::text[]) AS r(name, designs)`,
    [
      job.id,
      sellerId,
      body.type,
      body.template_campaign_id,
      body.rows.map((r) => r.campaign_name ?? null),
      body.rows.map((r) => JSON.stringify(r.designs)),
      body.start ? 'pending' : 'stopped',
    ],
  );
  return { id: job.id, rows: body.rows.length };
}

/** Claims up to `take` of the seller's rows of `type` as leases (sql/lease.ts). */
export async function claimRows(
  db: Queryable,
  sellerId: number,
  type: string,
  take: number,
  leaseSeconds: number,
): Promise<BulkRow[]> {
  await failSpentLeases(db, 'bulk_rows', {
    sellerId,
    where: 'type = $2',
    set: 'message = $3, updated_at = now()',
    params: [type, gaveUpMessage(BULK_ATTEMPT_MESSAGES.unfinished)],
  });
  return claimLeases<BulkRow>(db, 'bulk_rows', {
    sellerId,
    take,
    leaseSeconds,
    where: 'type = $4',
    set: 'updated_at = now()',
    params: [type],
  });
}

export type LeaseCheck = LeaseCheckOf<BulkRow>;

/** Locks the row and checks the caller still holds its lease. */
export async function lockLeasedRow(
  tx: Queryable,
  sellerId: number,
  id: number,
  leaseToken: string,
): Promise<LeaseCheck> {
  return lockLease<BulkRow>(tx, 'bulk_rows', sellerId, id, leaseToken);
}

/** A worker gives back a row it holds (sql/lease.ts). */
export async function releaseRow(db: Queryable, sellerId: number, id: number, leaseToken: string) {
  return releaseLease(db, 'bulk_rows', sellerId, id, leaseToken);
}

export class UnknownProductError extends Error {}

/**
 * Creates the row's campaign (copy of the template campaign) with its designs and mockups and
 * completes the row. Runs inside the caller's transaction, after lockLeasedRow.
 */
export async function completeRow(
  tx: Queryable,
  row: BulkRow,
  result: {
    designs: ProcessedDesign[];
    designs3D: ProcessedMockup[];
    worker: { deviceId: string; sessionId: string; ipAddress: string };
  },
): Promise<number> {
  const [template] = await tx.query<{ name: string }>(
    'SELECT name FROM campaigns WHERE id = $1 AND seller_id = $2',
    [row.template_campaign_id, row.seller_id],
  );
  if (!template) throw new UnknownProductError('Campaign not found');
  // Named like the regular bulk's campaigns, which arrive with the slug of their name.
  const name = row.campaign_name ?? `${template.name} #${row.id}`;
  const { id: campaignId, productIds } = await copyCampaign(
    tx,
    row.seller_id,
    row.template_campaign_id,
    {
      name,
      slug: slugify(name) || null,
      artworkUrl: null,
      source: `bulk_row:${row.id}`,
    },
  );
  const productOf = (templateProductId: number) => {
    const id = productIds.get(templateProductId);
    if (id === undefined)
      throw new UnknownProductError(`Product ${templateProductId} is not on the template campaign`);
    return id;
  };
  for (const d of result.designs) {
    await tx.query(
      `INSERT INTO designs (campaign_id, product_id, print_space, design_json, file_url, option)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        campaignId,
        productOf(d.product_id),
        d.print_space,
        d.design_json ?? null,
        d.file_url,
        d.option,
      ],
    );
  }
  const firstMockup = new Set<number>();
  for (const m of result.designs3D) {
    const productId = productOf(m.product_id);
    const isDefault = !firstMockup.has(productId);
    firstMockup.add(productId);
    const [mockup] = await tx.query<{ id: number }>(
      `INSERT INTO mockups (campaign_id, product_id, mockup_template_id, print_space, file_url, is_default)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [campaignId, productId, m.mockup_id, m.print_space, m.file_url, isDefault],
    );
    if (isDefault && mockup) {
      await tx.query('UPDATE products SET default_mockup_id = $2 WHERE id = $1', [
        productId,
        mockup.id,
      ]);
    }
  }
  await tx.query(`UPDATE campaigns SET thumb_url = $2 WHERE id = $1`, [
    campaignId,
    result.designs3D[0]?.file_url ?? null,
  ]);
  await tx.query(
    `UPDATE bulk_rows SET status = 'completed', campaign_id = $2, lease_token = NULL, lease_expires_at = NULL,
       message = NULL, device_id = $3, session_id = $4, ip_address = $5, updated_at = now()
     WHERE id = $1`,
    [row.id, campaignId, result.worker.deviceId, result.worker.sessionId, result.worker.ipAddress],
  );
  return campaignId;
}

export async function failRow(tx: Queryable, id: number, message: string): Promise<void> {
  await tx.query(
    `UPDATE bulk_rows SET status = 'failed', message = $2, lease_token = NULL, lease_expires_at = NULL,
       updated_at = now() WHERE id = $1`,
    [id, message],
  );
}

const ORDER_COLUMNS = new Set(['id', 'status', 'created_at', 'updated_at']);

export async function listBulkRows(
  db: Queryable,
  sellerId: number,
  query: {
    q?: string | undefined;
    page: number;
    per_page: number;
    status?: string | undefined;
    type?: string | undefined;
    bulk_id?: number | undefined;
    order_by: string;
  },
  range: { from: string | null; to: string } | null,
): Promise<{ rows: BulkRow[]; counted: number }> {
  const where = new Where().add('seller_id = ?', sellerId);
  if (query.q) where.add('campaign_name ILIKE ?', containsPattern(query.q));
  if (query.status) where.add('status = ?', query.status);
  if (query.type) where.add('type = ?', query.type);
  if (query.bulk_id) where.add('bulk_id = ?', query.bulk_id);
  where.createdIn('created_at', range);
  return selectPage<BulkRow>(
    db,
    {
      from: 'bulk_rows',
      select: 'SELECT * FROM bulk_rows',
      orderBy: orderBy(query.order_by, ORDER_COLUMNS),
    },
    where,
    query,
  );
}

/** A job of the seller with its row count per status, or undefined. */
export async function bulkJobSummary(db: Queryable, sellerId: number, id: number) {
  const [job] = await db.query<{
    id: number;
    template_campaign_id: number;
    template_campaign_name: string | null;
    type: string;
    created_at: Date;
  }>(
    `SELECT j.id, j.template_campaign_id, c.name AS template_campaign_name, j.type, j.created_at
     FROM bulk_jobs j LEFT JOIN campaigns c ON c.id = j.template_campaign_id
     WHERE j.id = $1 AND j.seller_id = $2`,
    [id, sellerId],
  );
  if (!job) return undefined;
  const counts = await db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM bulk_rows WHERE bulk_id = $1 GROUP BY status',
    [id],
  );
  return {
    id: job.id,
    template_campaign_id: job.template_campaign_id,
    template_campaign_name: job.template_campaign_name,
    type: job.type,
    created_at: job.created_at.toISOString(),
    total: counts.reduce((sum, row) => sum + row.n, 0),
    counts: Object.fromEntries(counts.map((row) => [row.status, row.n])),
  };
}

export async function setRowsStatus(
  db: Queryable,
  sellerId: number,
  ids: number[] | null,
  from: string[],
  to: string,
  type?: string,
): Promise<BulkRow[]> {
  return db.query<BulkRow>(
    `UPDATE bulk_rows SET status = $3, lease_token = NULL, lease_expires_at = NULL,
       message = CASE WHEN $3 = 'pending' THEN NULL ELSE message END,
       attempts = CASE WHEN $3 = 'pending' THEN 0 ELSE attempts END, updated_at = now()
     WHERE seller_id = $1 AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))
       AND status = ANY($4::text[]) AND ($5::text IS NULL OR type = $5)
     RETURNING *`,
    [sellerId, ids, to, from, type ?? null],
  );
}

export async function removeRows(
  db: Queryable,
  sellerId: number,
  ids: number[],
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM bulk_rows WHERE seller_id = $1 AND id = ANY($2::bigint[]) RETURNING id',
    [sellerId, ids],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function rowsByIds(
  db: Queryable,
  sellerId: number,
  ids: number[],
): Promise<BulkRow[]> {
  return db.query<BulkRow>(
    'SELECT * FROM bulk_rows WHERE seller_id = $1 AND id = ANY($2::bigint[]) ORDER BY id',
    [sellerId, ids],
  );
}

interface OriginProductRow {
  id: number;
  template_id: number;
  display_name: string;
  print_spaces: string;
  options: Record<string, string[]>;
  default_option: string | null;
  full_printed: number;
  mockup_type: string;
  personalized: number;
}

/** A template campaign as a bulk worker needs it (spec §3 Template product). */
export async function originCampaign(db: Queryable, sellerId: number, campaignId: number) {
  const [campaign] = await db.query<{ id: number; name: string; personalized: number | null }>(
    'SELECT id, name, personalized FROM campaigns WHERE id = $1 AND seller_id = $2',
    [campaignId, sellerId],
  );
  if (!campaign) return undefined;
  const products = await db.query<OriginProductRow>(
    `SELECT p.*, COALESCE(p.name, t.name) AS display_name
     FROM products p JOIN product_templates t ON t.id = p.template_id
     WHERE p.campaign_id = $1 ORDER BY p.id`,
    [campaignId],
  );
  const designs = await db.query<{
    id: number;
    product_id: number | null;
    print_space: string;
    design_json: string | null;
    file_url: string | null;
  }>(
    'SELECT id, product_id, print_space, design_json, file_url FROM designs WHERE campaign_id = $1 ORDER BY id',
    [campaignId],
  );
  const mockups = await db.query<{
    id: number;
    template_id: number;
    print_space: string;
    layers: Record<string, string | null | undefined>;
  }>('SELECT * FROM mockup_templates WHERE template_id = ANY($1::bigint[]) ORDER BY id', [
    products.map((p) => p.template_id),
  ]);
  return {
    id: campaign.id,
    name: campaign.name,
    personalized: campaign.personalized,
    products: products.map((p) => ({
      id: p.id,
      template_id: p.template_id,
      name: p.display_name,
      print_spaces: p.print_spaces,
      designs: designs
        .filter((d) => d.product_id === p.id || d.product_id === null)
        .map((d) => ({
          id: d.id,
          print_space: d.print_space,
          design_json: d.design_json,
          file_url: d.file_url,
        })),
      template_mockups: mockups
        .filter((m) => m.template_id === p.template_id)
        .map((m) => ({
          id: m.id,
          print_space: m.print_space,
          type_detail: m.layers.type_detail ?? null,
          design_json: {
            ...(m.layers.name ? { name: m.layers.name } : {}),
            color: m.layers.color ?? '#FFFFFF',
            crop: m.layers.cropImg ?? null,
            shadow: m.layers.shadowImg ?? null,
            glb: m.layers.glb ?? null,
          },
          file_url: m.layers.background ?? m.layers.glb ?? null,
        })),
      options: p.options,
      default_option: p.default_option,
      full_printed: p.full_printed,
      mockup_type: p.mockup_type,
      personalized: p.personalized,
    })),
  };
}
