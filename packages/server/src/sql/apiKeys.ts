import { API_KEY_LAST_USED_INTERVAL_SECONDS } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { prefixedColumns, splitUserRow, type UserRow } from './users.js';

export interface ApiKeyRow {
  id: number;
  seller_id: number;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMN_LIST = [
  'id',
  'seller_id',
  'name',
  'prefix',
  'scopes',
  'created_at',
  'last_used_at',
] as const;
const COLUMNS = COLUMN_LIST.join(', ');

export async function insertApiKey(
  db: Queryable,
  key: {
    sellerId: number;
    createdBy: number;
    name: string;
    prefix: string;
    tokenHash: string;
    scopes: readonly string[];
  },
): Promise<ApiKeyRow> {
  const [row] = await db.query<ApiKeyRow>(
    `INSERT INTO api_keys (seller_id, created_by, name, prefix, token_hash, scopes)
     VALUES ($1, $2, $3, $4, $5, $6::text[]) RETURNING ${COLUMNS}`,
    [key.sellerId, key.createdBy, key.name, key.prefix, key.tokenHash, [...key.scopes]],
  );
  if (!row) throw new Error('api key insert returned no row');
  return row;
}

/** The seller's keys that still work, newest first. */
export async function listApiKeys(db: Queryable, sellerId: number): Promise<ApiKeyRow[]> {
  return db.query<ApiKeyRow>(
    `SELECT ${COLUMNS} FROM api_keys WHERE seller_id = $1 AND revoked_at IS NULL ORDER BY id DESC`,
    [sellerId],
  );
}

export async function countApiKeys(db: Queryable, sellerId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM api_keys WHERE seller_id = $1 AND revoked_at IS NULL',
    [sellerId],
  );
  return row?.n ?? 0;
}

/** A live (not revoked) key by the hash of its text. */
export async function findLiveApiKey(
  db: Queryable,
  tokenHash: string,
): Promise<ApiKeyRow | undefined> {
  return (
    await db.query<ApiKeyRow>(
      `SELECT ${COLUMNS} FROM api_keys WHERE token_hash = $1 AND revoked_at IS NULL`,
      [tokenHash],
    )
  )[0];
}

/** A live key and its seller, in one query (every call made with the key reads both). */
export async function findLiveApiKeyWithSeller(
  db: Queryable,
  tokenHash: string,
): Promise<{ key: ApiKeyRow; seller: UserRow } | undefined> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT u.*, ${prefixedColumns('k', COLUMN_LIST, 'key')}
     FROM api_keys k JOIN users u ON u.id = k.seller_id
     WHERE k.token_hash = $1 AND k.revoked_at IS NULL`,
    [tokenHash],
  );
  if (!row) return undefined;
  const { user, other } = splitUserRow<ApiKeyRow>(row, 'key');
  return { key: other, seller: user };
}

/** Revokes one of the seller's keys; false when the seller has no such live key. */
export async function revokeApiKey(db: Queryable, sellerId: number, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE api_keys SET revoked_at = now()
     WHERE id = $1 AND seller_id = $2 AND revoked_at IS NULL RETURNING id`,
    [id, sellerId],
  );
  return rows.length > 0;
}

/**
 * Whether a key's last use is old enough to be written again. Checked on the row already read
 * to authenticate, so most requests of a busy key do no write at all.
 */
export function isLastUseStale(row: Pick<ApiKeyRow, 'last_used_at'>, now: Date): boolean {
  if (row.last_used_at === null) return true;
  return now.getTime() - row.last_used_at.getTime() >= API_KEY_LAST_USED_INTERVAL_SECONDS * 1000;
}

/**
 * Records a use. The WHERE repeats the interval so that concurrent requests (several API
 * replicas) that all saw a stale value still write once per interval.
 */
export async function touchApiKey(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE api_keys SET last_used_at = now() WHERE id = $1
     AND (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $2))`,
    [id, API_KEY_LAST_USED_INTERVAL_SECONDS],
  );
}
