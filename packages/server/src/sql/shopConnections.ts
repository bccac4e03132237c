/**
 * Connected shops and their import log (issue 16, migration 043). Every verb a seller reaches is
 * scoped by the seller id; the scheduled import reads across sellers with `dueShopConnections`.
 */
import { SHOP_IMPORT_LOG_SIZE, type ShopImportSkip, type ShopKind } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

export interface ShopConnectionRow {
  id: number;
  seller_id: number;
  kind: ShopKind;
  name: string;
  shop_key: string;
  shop_url: string | null;
  credentials_sealed: string;
  credentials_masked: Record<string, string>;
  imported_until: Date | null;
  last_import_at: Date | null;
  last_error: string | null;
  created_at: Date;
}

const COLUMNS = `id, seller_id, kind, name, shop_key, shop_url, credentials_sealed,
  credentials_masked, imported_until, last_import_at, last_error, created_at`;

export async function listShopConnections(
  db: Queryable,
  sellerId: number,
): Promise<ShopConnectionRow[]> {
  return db.query<ShopConnectionRow>(
    `SELECT ${COLUMNS} FROM shop_connections WHERE seller_id = $1 ORDER BY id`,
    [sellerId],
  );
}

export async function getShopConnection(
  db: Queryable,
  sellerId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ShopConnectionRow | undefined> {
  const [row] = await db.query<ShopConnectionRow>(
    `SELECT ${COLUMNS} FROM shop_connections WHERE seller_id = $1 AND id = $2
     ${options.lock ? 'FOR UPDATE' : ''}`,
    [sellerId, id],
  );
  return row;
}

/** Creates the connection (credentials sealed afterwards, bound to its id); null when it exists. */
export async function insertShopConnection(
  db: Queryable,
  sellerId: number,
  fields: {
    kind: ShopKind;
    name: string;
    shop_key: string;
    shop_url: string | null;
    credentials_masked: Record<string, string>;
  },
): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO shop_connections (seller_id, kind, name, shop_key, shop_url, credentials_masked)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb)
     ON CONFLICT (seller_id, kind, shop_key) DO NOTHING RETURNING id`,
    [
      sellerId,
      fields.kind,
      fields.name,
      fields.shop_key,
      fields.shop_url,
      JSON.stringify(fields.credentials_masked),
    ],
  );
  return row ? Number(row.id) : null;
}

export async function setShopCredentials(
  db: Queryable,
  sellerId: number,
  id: number,
  sealed: string,
): Promise<void> {
  await db.query(
    'UPDATE shop_connections SET credentials_sealed = $3 WHERE seller_id = $1 AND id = $2',
    [sellerId, id, sealed],
  );
}

export async function deleteShopConnection(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM shop_connections WHERE seller_id = $1 AND id = $2 RETURNING id',
    [sellerId, id],
  );
  return rows.length > 0;
}

/** Connections whose last import is older than `before` (or never ran), oldest first. */
export async function dueShopConnections(
  db: Queryable,
  before: Date,
  limit: number,
): Promise<{ id: number; seller_id: number }[]> {
  const rows = await db.query<{ id: number; seller_id: number }>(
    `SELECT id, seller_id FROM shop_connections
      WHERE last_import_at IS NULL OR last_import_at < $1
      ORDER BY last_import_at NULLS FIRST, id LIMIT $2`,
    [before, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), seller_id: Number(r.seller_id) }));
}

/** Records a finished run and moves the connection's import mark when the shop was read. */
export async function finishShopImport(
  db: Queryable,
  sellerId: number,
  connectionId: number,
  run: {
    trigger: 'manual' | 'schedule';
    started_at: Date;
    imported: number;
    skipped: ShopImportSkip[];
    error: string | null;
    imported_until: Date | null;
  },
): Promise<ShopImportRunRow> {
  await db.query(
    `UPDATE shop_connections SET last_import_at = now(), last_error = $3,
            imported_until = COALESCE($4, imported_until)
      WHERE seller_id = $1 AND id = $2`,
    [sellerId, connectionId, run.error, run.imported_until],
  );
  const [row] = await db.query<ShopImportRunRow>(
    `INSERT INTO shop_import_runs (connection_id, seller_id, trigger, started_at, finished_at,
       imported, skipped, error)
     VALUES ($1, $2, $3, $4, now(), $5, $6::jsonb, $7)
     RETURNING id, trigger, started_at, finished_at, imported, skipped, error`,
    [
      connectionId,
      sellerId,
      run.trigger,
      run.started_at,
      run.imported,
      JSON.stringify(run.skipped),
      run.error,
    ],
  );
  // The log keeps the latest runs only.
  await db.query(
    `DELETE FROM shop_import_runs WHERE connection_id = $1 AND id NOT IN (
       SELECT id FROM shop_import_runs WHERE connection_id = $1 ORDER BY id DESC LIMIT $2)`,
    [connectionId, SHOP_IMPORT_LOG_SIZE],
  );
  if (!row) throw new Error('import run not recorded');
  return row;
}

export interface ShopImportRunRow {
  id: number;
  trigger: 'manual' | 'schedule';
  started_at: Date;
  finished_at: Date | null;
  imported: number;
  skipped: ShopImportSkip[];
  error: string | null;
}

export async function listShopImportRuns(
  db: Queryable,
  sellerId: number,
  connectionId: number,
): Promise<ShopImportRunRow[]> {
  return db.query<ShopImportRunRow>(
    `SELECT id, trigger, started_at, finished_at, imported, skipped, error
       FROM shop_import_runs WHERE seller_id = $1 AND connection_id = $2 ORDER BY id DESC`,
    [sellerId, connectionId],
  );
}

/** Which of these external ids the seller already has as orders of this marketplace. */
export async function existingExternalOrders(
  db: Queryable,
  sellerId: number,
  marketplace: string,
  externalIds: string[],
): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  const rows = await db.query<{ external_order_id: string }>(
    `SELECT external_order_id FROM orders
      WHERE seller_id = $1 AND marketplace = $2 AND external_order_id = ANY($3::text[])`,
    [sellerId, marketplace, externalIds],
  );
  return new Set(rows.map((r) => r.external_order_id));
}

export async function insertTtsState(
  db: Queryable,
  sellerId: number,
  state: string,
  appSealed: string,
): Promise<void> {
  await db.query(`DELETE FROM tts_auth_states WHERE created_at < now() - interval '1 day'`);
  await db.query('INSERT INTO tts_auth_states (state, seller_id, app_sealed) VALUES ($1, $2, $3)', [
    state,
    sellerId,
    appSealed,
  ]);
}

/** Takes (deletes) the seller's state if it was started less than 30 minutes ago. */
export async function takeTtsState(
  db: Queryable,
  sellerId: number,
  state: string,
): Promise<string | null> {
  const [row] = await db.query<{ app_sealed: string; fresh: boolean }>(
    `DELETE FROM tts_auth_states WHERE state = $1 AND seller_id = $2
     RETURNING app_sealed, created_at > now() - interval '30 minutes' AS fresh`,
    [state, sellerId],
  );
  return row?.fresh ? row.app_sealed : null;
}

/** The seller's connection to this shop, if any. */
export async function shopConnectionIdByKey(
  db: Queryable,
  sellerId: number,
  kind: ShopKind,
  shopKey: string,
): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>(
    'SELECT id FROM shop_connections WHERE seller_id = $1 AND kind = $2 AND shop_key = $3',
    [sellerId, kind, shopKey],
  );
  return row ? Number(row.id) : undefined;
}
