import type { ArtworkField, FontFormat } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

/**
 * The personalisation library (migration 037): seller fonts, clipart groups and their images.
 * Every statement is scoped by the seller id.
 */
export interface FontRow {
  id: number;
  family: string;
  full_name: string;
  file_name: string;
  format: FontFormat;
  file_path: string;
  file_url: string;
  size: number;
  created_at: Date;
}

const FONT_COLUMNS =
  'id, family, full_name, file_name, format, file_path, file_url, size, created_at';

export function listFonts(db: Queryable, sellerId: number): Promise<FontRow[]> {
  return db.query<FontRow>(
    `SELECT ${FONT_COLUMNS} FROM seller_fonts WHERE seller_id = $1 ORDER BY id DESC`,
    [sellerId],
  );
}

export async function countFonts(db: Queryable, sellerId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM seller_fonts WHERE seller_id = $1',
    [sellerId],
  );
  return row?.n ?? 0;
}

export async function insertFont(
  db: Queryable,
  sellerId: number,
  font: Omit<FontRow, 'id' | 'created_at'>,
): Promise<FontRow> {
  const [row] = await db.query<FontRow>(
    `INSERT INTO seller_fonts (seller_id, family, full_name, file_name, format, file_path, file_url, size)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${FONT_COLUMNS}`,
    [
      sellerId,
      font.family,
      font.full_name,
      font.file_name,
      font.format,
      font.file_path,
      font.file_url,
      font.size,
    ],
  );
  if (!row) throw new Error('font insert returned no row');
  return row;
}

/** Removes a font row; false when the seller has no such font. */
export async function deleteFont(db: Queryable, sellerId: number, id: number): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM seller_fonts WHERE id = $1 AND seller_id = $2 RETURNING id',
    [id, sellerId],
  );
  return rows.length > 0;
}

export interface ClipartGroupRow {
  id: number;
  name: string;
  clipart_count: number;
  cover_url: string | null;
  created_at: Date;
}

const GROUP_COLUMNS = `g.id, g.name, g.created_at,
  (SELECT count(*)::int FROM cliparts c WHERE c.group_id = g.id) AS clipart_count,
  (SELECT c.file_url FROM cliparts c WHERE c.group_id = g.id ORDER BY c.id LIMIT 1) AS cover_url`;

export function listClipartGroups(db: Queryable, sellerId: number): Promise<ClipartGroupRow[]> {
  return db.query<ClipartGroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM clipart_groups g WHERE g.seller_id = $1 ORDER BY lower(g.name), g.id`,
    [sellerId],
  );
}

export async function getClipartGroup(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<ClipartGroupRow | undefined> {
  const [row] = await db.query<ClipartGroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM clipart_groups g WHERE g.id = $1 AND g.seller_id = $2`,
    [id, sellerId],
  );
  return row;
}

export async function countClipartGroups(db: Queryable, sellerId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM clipart_groups WHERE seller_id = $1',
    [sellerId],
  );
  return row?.n ?? 0;
}

/** Inserts a group; null when the seller already has one of that name (any case). */
export async function insertClipartGroup(
  db: Queryable,
  sellerId: number,
  name: string,
): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO clipart_groups (seller_id, name) VALUES ($1, $2)
     ON CONFLICT (seller_id, lower(name)) DO NOTHING RETURNING id`,
    [sellerId, name],
  );
  return row?.id ?? null;
}

/** Whether another group of the seller has the name (any case). */
export async function clipartGroupNameTaken(
  db: Queryable,
  sellerId: number,
  name: string,
  exceptId: number,
): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM clipart_groups WHERE seller_id = $1 AND lower(name) = lower($2) AND id <> $3',
    [sellerId, name, exceptId],
  );
  return rows.length > 0;
}

export async function renameClipartGroup(
  db: Queryable,
  sellerId: number,
  id: number,
  name: string,
): Promise<boolean> {
  const rows = await db.query(
    'UPDATE clipart_groups SET name = $3 WHERE id = $1 AND seller_id = $2 RETURNING id',
    [id, sellerId, name],
  );
  return rows.length > 0;
}

/** Deletes a group with its cliparts; false when the seller has no such group. */
export async function deleteClipartGroup(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM clipart_groups WHERE id = $1 AND seller_id = $2 RETURNING id',
    [id, sellerId],
  );
  return rows.length > 0;
}

export interface ClipartRow {
  id: number;
  group_id: number;
  name: string;
  file_url: string;
  width: number;
  height: number;
  created_at: Date;
}

const CLIPART_COLUMNS = 'id, group_id, name, file_url, width, height, created_at';

export function listCliparts(
  db: Queryable,
  sellerId: number,
  groupId: number,
): Promise<ClipartRow[]> {
  return db.query<ClipartRow>(
    `SELECT ${CLIPART_COLUMNS} FROM cliparts WHERE group_id = $1 AND seller_id = $2 ORDER BY id`,
    [groupId, sellerId],
  );
}

/** Locks the seller's group (so two uploads count its images in turn) and answers its size. */
export async function lockClipartGroup(
  db: Queryable,
  sellerId: number,
  groupId: number,
): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    'SELECT id FROM clipart_groups WHERE id = $1 AND seller_id = $2 FOR UPDATE',
    [groupId, sellerId],
  );
  if (!row) return null;
  const [count] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM cliparts WHERE group_id = $1',
    [groupId],
  );
  return count?.n ?? 0;
}

export async function insertClipart(
  db: Queryable,
  sellerId: number,
  clipart: {
    group_id: number;
    name: string;
    file_path: string;
    file_url: string;
    width: number;
    height: number;
  },
): Promise<ClipartRow> {
  const [row] = await db.query<ClipartRow>(
    `INSERT INTO cliparts (seller_id, group_id, name, file_path, file_url, width, height)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${CLIPART_COLUMNS}`,
    [
      sellerId,
      clipart.group_id,
      clipart.name,
      clipart.file_path,
      clipart.file_url,
      clipart.width,
      clipart.height,
    ],
  );
  if (!row) throw new Error('clipart insert returned no row');
  return row;
}

export async function deleteClipart(db: Queryable, sellerId: number, id: number): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM cliparts WHERE id = $1 AND seller_id = $2 RETURNING id',
    [id, sellerId],
  );
  return rows.length > 0;
}

export async function personalizedCounts(
  db: Queryable,
  sellerId: number,
): Promise<{ fonts: number; clipart_groups: number; cliparts: number }> {
  const [row] = await db.query<{ fonts: number; clipart_groups: number; cliparts: number }>(
    `SELECT (SELECT count(*)::int FROM seller_fonts WHERE seller_id = $1) AS fonts,
            (SELECT count(*)::int FROM clipart_groups WHERE seller_id = $1) AS clipart_groups,
            (SELECT count(*)::int FROM cliparts WHERE seller_id = $1) AS cliparts`,
    [sellerId],
  );
  return row ?? { fonts: 0, clipart_groups: 0, cliparts: 0 };
}

export interface ArtworkRow {
  id: number;
  campaign_id: number;
  campaign_name: string;
  print_space: string;
  fields: ArtworkField[];
  created_at: Date;
  updated_at: Date;
}

const ARTWORK_SELECT = `SELECT a.id, a.campaign_id, c.name AS campaign_name, a.print_space, a.fields,
    a.created_at, a.updated_at
  FROM artworks a JOIN campaigns c ON c.id = a.campaign_id`;

export function listArtworks(db: Queryable, sellerId: number): Promise<ArtworkRow[]> {
  return db.query<ArtworkRow>(
    `${ARTWORK_SELECT} WHERE a.seller_id = $1 AND c.deleted_at IS NULL ORDER BY a.id DESC`,
    [sellerId],
  );
}

export async function getArtwork(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<ArtworkRow | undefined> {
  const [row] = await db.query<ArtworkRow>(
    `${ARTWORK_SELECT} WHERE a.id = $1 AND a.seller_id = $2 AND c.deleted_at IS NULL`,
    [id, sellerId],
  );
  return row;
}

/** The saved designs of a live campaign of the seller (null when it is not one). */
export async function campaignDesignTexts(
  db: Queryable,
  sellerId: number,
  campaignId: number,
): Promise<{ print_space: string; design_json: string | null }[] | null> {
  const owned = await db.query(
    'SELECT 1 FROM campaigns WHERE id = $1 AND seller_id = $2 AND deleted_at IS NULL',
    [campaignId, sellerId],
  );
  if (owned.length === 0) return null;
  return db.query(
    `SELECT DISTINCT ON (print_space) print_space, design_json FROM designs
      WHERE campaign_id = $1 AND design_json IS NOT NULL ORDER BY print_space, id`,
    [campaignId],
  );
}

/** The seller's font and clipart group ids among `fontIds` and `groupIds`. */
export async function ownLibraryIds(
  db: Queryable,
  sellerId: number,
  fontIds: readonly number[],
  groupIds: readonly number[],
): Promise<{ fontIds: Set<number>; groupIds: Set<number> }> {
  const fonts = await db.query<{ id: number }>(
    'SELECT id FROM seller_fonts WHERE seller_id = $1 AND id = ANY($2::bigint[])',
    [sellerId, fontIds],
  );
  const groups = await db.query<{ id: number }>(
    'SELECT id FROM clipart_groups WHERE seller_id = $1 AND id = ANY($2::bigint[])',
    [sellerId, groupIds],
  );
  return { fontIds: new Set(fonts.map((r) => r.id)), groupIds: new Set(groups.map((r) => r.id)) };
}

/** Inserts an artwork; null when that print space of the campaign already is one. */
export async function insertArtwork(
  db: Queryable,
  sellerId: number,
  artwork: { campaign_id: number; print_space: string; fields: readonly ArtworkField[] },
): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO artworks (seller_id, campaign_id, print_space, fields) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (campaign_id, print_space) DO NOTHING RETURNING id`,
    [sellerId, artwork.campaign_id, artwork.print_space, JSON.stringify(artwork.fields)],
  );
  return row?.id ?? null;
}

export async function updateArtworkFields(
  db: Queryable,
  sellerId: number,
  id: number,
  fields: readonly ArtworkField[],
): Promise<void> {
  await db.query(
    'UPDATE artworks SET fields = $3::jsonb, updated_at = now() WHERE id = $1 AND seller_id = $2',
    [id, sellerId, JSON.stringify(fields)],
  );
}

/** Deletes an artwork; answers its campaign, or null when the seller has no such artwork. */
export async function deleteArtwork(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<number | null> {
  const [row] = await db.query<{ campaign_id: number }>(
    'DELETE FROM artworks WHERE id = $1 AND seller_id = $2 RETURNING campaign_id',
    [id, sellerId],
  );
  return row?.campaign_id ?? null;
}

/**
 * Marks a campaign and its products personalised (1) or not (0) while it has artworks, so the
 * spec §5 matching rule holds; handmade products (print type 5) are left as they are.
 */
export async function syncCampaignPersonalized(
  db: Queryable,
  sellerId: number,
  campaignId: number,
): Promise<void> {
  const value = `(SELECT CASE WHEN EXISTS (SELECT 1 FROM artworks WHERE campaign_id = $1) THEN 1 ELSE 0 END)`;
  await db.query(`UPDATE campaigns SET personalized = ${value} WHERE id = $1 AND seller_id = $2`, [
    campaignId,
    sellerId,
  ]);
  await db.query(
    `UPDATE products SET personalized = ${value}
      WHERE campaign_id = $1 AND seller_id = $2 AND COALESCE(full_printed, 0) <> 5`,
    [campaignId, sellerId],
  );
}
