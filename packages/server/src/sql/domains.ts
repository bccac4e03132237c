import type { Queryable } from '../db/Db.js';

/** Custom domains of stores (migration 040); every query is scoped by the seller. */

export interface DomainRow {
  id: number;
  seller_id: number;
  store_id: number;
  store_name: string;
  store_slug: string;
  hostname: string;
  verification_token: string;
  verified_at: Date | null;
  last_checked_at: Date | null;
  last_error: string | null;
  cname_ok: boolean | null;
  is_primary: boolean;
  created_at: Date;
}

const COLUMNS = `d.id::int AS id, d.seller_id::int AS seller_id, d.store_id::int AS store_id,
  s.name AS store_name, s.slug AS store_slug, d.hostname, d.verification_token, d.verified_at,
  d.last_checked_at, d.last_error, d.cname_ok, d.is_primary, d.created_at`;

export async function listDomains(db: Queryable, sellerId: number): Promise<DomainRow[]> {
  return db.query<DomainRow>(
    `SELECT ${COLUMNS} FROM store_domains d JOIN stores s ON s.id = d.store_id
      WHERE d.seller_id = $1 ORDER BY d.id DESC`,
    [sellerId],
  );
}

export async function getDomain(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<DomainRow | undefined> {
  const rows = await db.query<DomainRow>(
    `SELECT ${COLUMNS} FROM store_domains d JOIN stores s ON s.id = d.store_id
      WHERE d.id = $1 AND d.seller_id = $2`,
    [id, sellerId],
  );
  return rows[0];
}

export async function domainTaken(db: Queryable, hostname: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM store_domains WHERE hostname = $1', [hostname]);
  return rows.length > 0;
}

export async function insertDomain(
  db: Queryable,
  row: { sellerId: number; storeId: number; hostname: string; token: string },
): Promise<number> {
  const [inserted] = await db.query<{ id: number }>(
    `INSERT INTO store_domains (seller_id, store_id, hostname, verification_token)
      VALUES ($1, $2, $3, $4) RETURNING id::int AS id`,
    [row.sellerId, row.storeId, row.hostname, row.token],
  );
  if (!inserted) throw new Error('domain insert returned no row');
  return inserted.id;
}

export async function recordDomainCheck(
  db: Queryable,
  sellerId: number,
  id: number,
  check: { verified: boolean; cnameOk: boolean; error: string | null },
): Promise<void> {
  await db.query(
    `UPDATE store_domains SET last_checked_at = now(), last_error = $3, cname_ok = $4,
        verified_at = CASE WHEN $5::boolean THEN COALESCE(verified_at, now()) ELSE verified_at END
      WHERE id = $1 AND seller_id = $2`,
    [id, sellerId, check.error, check.cnameOk, check.verified],
  );
}

/** Makes a domain its store's primary one and the store's base_url; false if not found. */
export async function setPrimaryDomain(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<boolean> {
  const [domain] = await db.query<{ store_id: number; hostname: string }>(
    `SELECT store_id::int AS store_id, hostname FROM store_domains
      WHERE id = $1 AND seller_id = $2 AND verified_at IS NOT NULL`,
    [id, sellerId],
  );
  if (!domain) return false;
  await db.query(
    'UPDATE store_domains SET is_primary = false WHERE store_id = $1 AND seller_id = $2 AND is_primary',
    [domain.store_id, sellerId],
  );
  await db.query('UPDATE store_domains SET is_primary = true WHERE id = $1 AND seller_id = $2', [
    id,
    sellerId,
  ]);
  await db.query(
    'UPDATE stores SET base_url = $3, updated_at = now() WHERE id = $1 AND seller_id = $2',
    [domain.store_id, sellerId, `https://${domain.hostname}`],
  );
  return true;
}

/** Deletes a domain; the deleted row's store and whether it was primary, or undefined. */
export async function deleteDomain(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<{ store_id: number; is_primary: boolean } | undefined> {
  const rows = await db.query<{ store_id: number; is_primary: boolean }>(
    `DELETE FROM store_domains WHERE id = $1 AND seller_id = $2
      RETURNING store_id::int AS store_id, is_primary`,
    [id, sellerId],
  );
  return rows[0];
}

export async function setStoreBaseUrl(
  db: Queryable,
  sellerId: number,
  storeId: number,
  baseUrl: string,
): Promise<void> {
  await db.query(
    'UPDATE stores SET base_url = $3, updated_at = now() WHERE id = $1 AND seller_id = $2',
    [storeId, sellerId, baseUrl],
  );
}

/** Every verified domain of a store in use, with the store's slug (the Host map). */
export async function verifiedDomainSlugs(
  db: Queryable,
): Promise<{ hostname: string; slug: string }[]> {
  return db.query(
    `SELECT d.hostname, s.slug FROM store_domains d JOIN stores s ON s.id = d.store_id
      WHERE d.verified_at IS NOT NULL AND s.archived_at IS NULL`,
  );
}
