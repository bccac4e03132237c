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

/** What a worker hands in for a row it holds: its lease token and the files it made. */
export interface RowSave {
  id: number;
  leaseToken: string;
  designs: ProcessedDesign[];
  designs3D: ProcessedMockup[];
  worker: { deviceId: string; sessionId: string; ipAddress: string };
}

export type RowSaveOutcome =
  | { ok: true; campaignId: number }
  | { ok: false; reason: 'not_found' | 'stale' };

/** The name of a row's campaign: its own, or the template campaign's with the row's number. */
export function rowCampaignName(
  campaignName: string | null,
  templateName: string,
  id: number,
): string {
  // Named like the regular bulk's campaigns, which arrive with the slug of their name.
  return campaignName ?? `${templateName} #${id}`;
}

/** A row as its claim handed it out: whose template it copies and its campaign's name. */
export interface ClaimedRow {
  templateCampaignId: number;
  name: string;
}

interface RowToSave {
  status: string;
  lease_token: string | null;
  campaign_name: string | null;
  template_campaign_id: number;
  template_name: string | null;
  template_product_ids: number[] | null;
}

/** The row with what naming its campaign and checking the worker's products needs. */
async function rowToSave(db: Queryable, sellerId: number, id: number) {
  const [row] = await db.query<RowToSave>(
    `SELECT r.status, r.lease_token, r.campaign_name, r.template_campaign_id, t.name AS template_name,
       (SELECT array_agg(p.id ORDER BY p.id) FROM products p WHERE p.campaign_id = t.id) AS template_product_ids
     FROM bulk_rows r
     LEFT JOIN campaigns t ON t.id = r.template_campaign_id AND t.seller_id = r.seller_id
       AND t.deleted_at IS NULL
     WHERE r.id = $1 AND r.seller_id = $2`,
    [id, sellerId],
  );
  return row;
}

function leaseRefusal(row: RowToSave | undefined, leaseToken: string) {
  if (!row) return { ok: false, reason: 'not_found' } as const;
  if (row.status !== 'processing' || row.lease_token !== leaseToken) {
    return { ok: false, reason: 'stale' } as const;
  }
  return null;
}

/** Refuses products the template campaign does not have (the campaign copies its products). */
function checkProducts(row: RowToSave, save: RowSave): void {
  if (row.template_name === null) throw new UnknownProductError('Campaign not found');
  const known = new Set((row.template_product_ids ?? []).map(Number));
  for (const item of [...save.designs, ...save.designs3D]) {
    if (!known.has(item.product_id)) {
      throw new UnknownProductError(`Product ${item.product_id} is not on the template campaign`);
    }
  }
}

/**
 * Saves a processed row for the worker holding its lease: creates the row's campaign (a copy of
 * the template campaign: its products, the worker's designs and mockups, each product's first
 * mockup as its default, the first mockup as the thumbnail) and completes the row, in one
 * statement, so it is one transaction without a BEGIN and COMMIT of its own.
 *
 * The statement locks the row and acts only while it is processing with the caller's token
 * (sql/lease.ts): of two saves with one token, the second finds the row completed once the first
 * commits and changes nothing, so a row yields exactly one campaign. New product and mockup ids
 * are drawn from their sequences first, which lets the designs, mockups and default mockups name
 * rows inserted by the same statement.
 *
 * One statement when the caller says what the claim handed out (`claimed`), two otherwise: a
 * read first (the row's name, the template's name and products, checked before anything is
 * written). The statement itself refuses a stale lease and products the template does not
 * have, so what `claimed` says cannot make it write what it should not. A save that changed
 * nothing reads the row to say why.
 */
export async function saveRow(
  db: Queryable,
  sellerId: number,
  save: RowSave,
  /** What the claim that handed the row out already knew: then the first read is skipped. */
  claimed?: ClaimedRow,
): Promise<RowSaveOutcome> {
  let known = claimed;
  if (!known) {
    const row = await rowToSave(db, sellerId, save.id);
    const refused = leaseRefusal(row, save.leaseToken);
    if (refused || !row) return refused ?? { ok: false, reason: 'not_found' };
    checkProducts(row, save);
    known = {
      templateCampaignId: row.template_campaign_id,
      name: rowCampaignName(row.campaign_name, row.template_name ?? '', save.id),
    };
  }
  const { name } = known;
  const defaults = new Set<number>();
  const isDefault = save.designs3D.map((m) => {
    if (defaults.has(m.product_id)) return false;
    defaults.add(m.product_id);
    return true;
  });
  const [saved] = await db.query<{ id: number }>(
    `WITH lease AS (
       SELECT id FROM bulk_rows
       WHERE id = $1 AND seller_id = $2 AND status = 'processing' AND lease_token = $3
       FOR UPDATE
     ),
     template AS (
       SELECT t.* FROM campaigns t, lease
       WHERE t.id = $4 AND t.seller_id = $2 AND t.deleted_at IS NULL
         AND NOT EXISTS (
           SELECT 1 FROM unnest($9::bigint[]) AS wanted(id)
           WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.campaign_id = t.id AND p.id = wanted.id)
         )
     ),
     campaign AS (
       INSERT INTO campaigns (seller_id, name, slug, status, product_type, system_type, artwork_url,
         collection, personalized, bulk_source, niche, bundle_price, thumb_url)
       SELECT $2, $5, $6, 'active', 'campaign', system_type, artwork_url, collection, personalized,
         $7, niche, bundle_price, $8
       FROM template
       RETURNING id
     ),
     source_products AS MATERIALIZED (
       SELECT s.*, nextval(pg_get_serial_sequence('products', 'id')) AS new_id
       FROM (SELECT p.* FROM products p, campaign WHERE p.campaign_id = $4 ORDER BY p.id) s
     ),
     mockup_rows AS MATERIALIZED (
       SELECT m.*, nextval(pg_get_serial_sequence('mockups', 'id')) AS new_id
       FROM unnest($15::bigint[], $16::bigint[], $17::text[], $18::text[], $19::boolean[])
         WITH ORDINALITY AS m(product_id, mockup_template_id, print_space, file_url, is_default, ord),
         campaign
     ),
     products_in AS (
       INSERT INTO products (id, campaign_id, seller_id, template_id, name, print_spaces,
         full_printed, options, default_option, personalized, mockup_type, price, default_mockup_id)
       SELECT s.new_id, c.id, s.seller_id, s.template_id, s.name, s.print_spaces, s.full_printed,
         s.options, s.default_option, s.personalized, s.mockup_type, s.price,
         (SELECT m.new_id FROM mockup_rows m WHERE m.product_id = s.id AND m.is_default)
       FROM source_products s, campaign c
       ORDER BY s.new_id
       RETURNING id
     ),
     designs_in AS (
       INSERT INTO designs (campaign_id, product_id, print_space, design_json, file_url, option)
       SELECT c.id, s.new_id, d.print_space, d.design_json, d.file_url, d.option
       FROM unnest($10::bigint[], $11::text[], $12::text[], $13::text[], $14::text[])
           WITH ORDINALITY AS d(product_id, print_space, design_json, file_url, option, ord)
         JOIN source_products s ON s.id = d.product_id, campaign c
       ORDER BY d.ord
       RETURNING id
     ),
     mockups_in AS (
       INSERT INTO mockups (id, campaign_id, product_id, mockup_template_id, print_space, file_url, is_default)
       SELECT m.new_id, c.id, s.new_id, m.mockup_template_id, m.print_space, m.file_url, m.is_default
       FROM mockup_rows m JOIN source_products s ON s.id = m.product_id, campaign c
       RETURNING id
     ),
     completed AS (
       UPDATE bulk_rows r SET status = 'completed', campaign_id = c.id, lease_token = NULL,
         lease_expires_at = NULL, message = NULL, device_id = $20, session_id = $21,
         ip_address = $22, updated_at = now()
       FROM campaign c
       WHERE r.id = $1 AND r.seller_id = $2
       RETURNING r.id
     )
     SELECT c.id FROM campaign c`,
    [
      save.id,
      sellerId,
      save.leaseToken,
      known.templateCampaignId,
      name,
      slugify(name) || null,
      `bulk_row:${save.id}`,
      save.designs3D[0]?.file_url ?? null,
      [...new Set([...save.designs, ...save.designs3D].map((item) => item.product_id))],
      save.designs.map((d) => d.product_id),
      save.designs.map((d) => d.print_space),
      save.designs.map((d) => d.design_json ?? null),
      save.designs.map((d) => d.file_url),
      save.designs.map((d) => d.option),
      save.designs3D.map((m) => m.product_id),
      save.designs3D.map((m) => m.mockup_id),
      save.designs3D.map((m) => m.print_space),
      save.designs3D.map((m) => m.file_url),
      isDefault,
      save.worker.deviceId,
      save.worker.sessionId,
      save.worker.ipAddress,
    ],
  );
  if (saved) return { ok: true, campaignId: Number(saved.id) };
  // Nothing written: the lease went (another save, a stop, an expiry) or the template changed
  // between the read and the save.
  const now = await rowToSave(db, sellerId, save.id);
  const refusedNow = leaseRefusal(now, save.leaseToken);
  if (refusedNow || !now) return refusedNow ?? { ok: false, reason: 'not_found' };
  checkProducts(now, save);
  throw new Error(`bulk row ${save.id} was not saved`);
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
