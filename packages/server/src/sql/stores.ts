import type { Queryable } from '../db/Db.js';

export interface StoreRow {
  id: number;
  name: string;
  base_url: string | null;
}

/**
 * The seller's stores in use (archived ones left out), oldest first (the first is the seller's
 * current store).
 */
export async function listStores(db: Queryable, sellerId: number): Promise<StoreRow[]> {
  return db.query<StoreRow>(
    'SELECT id, name, base_url FROM stores WHERE seller_id = $1 AND archived_at IS NULL ORDER BY id',
    [sellerId],
  );
}

/** Those of `ids` that are the seller's stores, in id order. */
export async function sellerStoreIds(
  db: Queryable,
  sellerId: number,
  ids: number[],
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM stores WHERE seller_id = $1 AND id = ANY($2::bigint[]) ORDER BY id',
    [sellerId, ids],
  );
  return rows.map((row) => Number(row.id));
}

/** The seller's store with that id, if it is the seller's. */
export async function getSellerStore(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<{ id: number; base_url: string | null } | undefined> {
  return (
    await db.query<{ id: number; base_url: string | null }>(
      'SELECT id, base_url FROM stores WHERE id = $1 AND seller_id = $2',
      [id, sellerId],
    )
  )[0];
}

/** Sets (or clears, with null) the coupon a store offers. */
export async function setStoreCoupon(
  db: Queryable,
  storeId: number,
  couponId: number | null,
): Promise<void> {
  await db.query('UPDATE stores SET coupon_id = $2 WHERE id = $1', [storeId, couponId]);
}

/** A store row with every column the seller edits. */
export interface StoreFullRow {
  id: number;
  seller_id: number;
  name: string;
  slug: string;
  base_url: string | null;
  title: string | null;
  logo_bright: string | null;
  logo_dark: string | null;
  logo_alt: string | null;
  favicon: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  background_color: string | null;
  contact_email: string | null;
  social_links: Record<string, string>;
  currency: string;
  locale: string;
  menus: unknown;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
  campaign_count: number;
}

const FULL_COLUMNS = `s.id, s.seller_id, s.name, s.slug, s.base_url, s.title, s.logo_bright, s.logo_dark,
  s.logo_alt, s.favicon, s.primary_color, s.secondary_color, s.background_color, s.contact_email,
  s.social_links, s.currency, s.locale, s.menus, s.archived_at, s.created_at, s.updated_at,
  (SELECT count(*)::int FROM store_campaigns sc WHERE sc.store_id = s.id) AS campaign_count`;

/** The store fields a seller writes (a key left out is left as it is). */
export interface StoreFields {
  name?: string;
  slug?: string;
  base_url?: string | null;
  title?: string | null;
  logo_bright?: string | null;
  logo_dark?: string | null;
  logo_alt?: string | null;
  favicon?: string | null;
  primary_color?: string | null;
  secondary_color?: string | null;
  background_color?: string | null;
  contact_email?: string | null;
  social_links?: Record<string, string>;
  currency?: string;
  locale?: string;
  menus?: unknown;
}

const JSON_FIELDS = new Set(['social_links', 'menus']);
const WRITABLE = [
  'name',
  'slug',
  'base_url',
  'title',
  'logo_bright',
  'logo_dark',
  'logo_alt',
  'favicon',
  'primary_color',
  'secondary_color',
  'background_color',
  'contact_email',
  'social_links',
  'currency',
  'locale',
  'menus',
] as const satisfies readonly (keyof StoreFields)[];

function fieldsOf(fields: StoreFields): { names: string[]; values: unknown[] } {
  const names: string[] = [];
  const values: unknown[] = [];
  for (const name of WRITABLE) {
    const value = fields[name];
    if (value === undefined) continue;
    names.push(name);
    values.push(JSON_FIELDS.has(name) ? JSON.stringify(value) : value);
  }
  return { names, values };
}

/** The seller's stores with every column: in use, or archived ones with `archived`. */
export async function listSellerStores(
  db: Queryable,
  sellerId: number,
  archived: boolean,
): Promise<StoreFullRow[]> {
  return db.query<StoreFullRow>(
    `SELECT ${FULL_COLUMNS} FROM stores s
     WHERE s.seller_id = $1 AND (s.archived_at IS NOT NULL) = $2 ORDER BY s.id`,
    [sellerId, archived],
  );
}

/** One of the seller's stores with every column (archived ones too). */
export async function getSellerStoreFull(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<StoreFullRow | undefined> {
  return (
    await db.query<StoreFullRow>(
      `SELECT ${FULL_COLUMNS} FROM stores s WHERE s.id = $1 AND s.seller_id = $2`,
      [id, sellerId],
    )
  )[0];
}

/** Whether a slug is held by any store of the platform but `exceptId`. */
export async function storeSlugTaken(
  db: Queryable,
  slug: string,
  exceptId: number | null,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM stores WHERE slug = $1 AND ($2::bigint IS NULL OR id <> $2) LIMIT 1',
    [slug, exceptId],
  );
  return rows.length > 0;
}

export async function insertStore(
  db: Queryable,
  sellerId: number,
  fields: StoreFields & { name: string; slug: string },
): Promise<number> {
  const { names, values } = fieldsOf(fields);
  const placeholders = names.map((name, i) =>
    JSON_FIELDS.has(name) ? `$${i + 2}::jsonb` : `$${i + 2}`,
  );
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO stores (seller_id, ${names.join(', ')}) VALUES ($1, ${placeholders.join(', ')})
     RETURNING id`,
    [sellerId, ...values],
  );
  if (!row) throw new Error('store insert returned no row');
  return Number(row.id);
}

/** Changes the fields given of one of the seller's stores; false when it is not theirs. */
export async function updateStore(
  db: Queryable,
  sellerId: number,
  id: number,
  fields: StoreFields,
): Promise<boolean> {
  const { names, values } = fieldsOf(fields);
  const sets = names.map((name, i) =>
    JSON_FIELDS.has(name) ? `${name} = $${i + 3}::jsonb` : `${name} = $${i + 3}`,
  );
  const rows = await db.query<{ id: number }>(
    `UPDATE stores SET ${[...sets, 'updated_at = now()'].join(', ')}
     WHERE id = $1 AND seller_id = $2 RETURNING id`,
    [id, sellerId, ...values],
  );
  return rows.length > 0;
}

/** Archives one of the seller's stores; false when it is not theirs. */
export async function archiveStore(db: Queryable, sellerId: number, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE stores SET archived_at = COALESCE(archived_at, now()), updated_at = now()
     WHERE id = $1 AND seller_id = $2 RETURNING id`,
    [id, sellerId],
  );
  return rows.length > 0;
}

/** The seller's own campaigns a store lists, by id (cross-sold ones are in `crossSelling`). */
export async function storeCampaignIds(db: Queryable, storeId: number): Promise<number[]> {
  const rows = await db.query<{ campaign_id: number }>(
    'SELECT campaign_id FROM store_campaigns WHERE store_id = $1 AND offer_id IS NULL ORDER BY campaign_id',
    [storeId],
  );
  return rows.map((row) => Number(row.campaign_id));
}

/** Those of `ids` that are the seller's campaigns (deleted ones are no longer anyone's to list). */
export async function sellerCampaignIds(
  db: Queryable,
  sellerId: number,
  ids: readonly number[],
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM campaigns WHERE seller_id = $1 AND id = ANY($2::bigint[]) AND deleted_at IS NULL
     ORDER BY id`,
    [sellerId, [...ids]],
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Replaces the seller's own campaigns one of the seller's stores lists (ids already checked as
 * theirs); the other sellers' campaigns it cross-sells stay.
 */
export async function setStoreCampaigns(
  db: Queryable,
  sellerId: number,
  storeId: number,
  campaignIds: readonly number[],
): Promise<void> {
  await db.query(
    `DELETE FROM store_campaigns WHERE store_id = $1 AND seller_id = $2 AND offer_id IS NULL
       AND NOT (campaign_id = ANY($3::bigint[]))`,
    [storeId, sellerId, [...campaignIds]],
  );
  await db.query(
    `INSERT INTO store_campaigns (store_id, campaign_id, seller_id)
     SELECT $1, unnest($3::bigint[]), $2 ON CONFLICT DO NOTHING`,
    [storeId, sellerId, [...campaignIds]],
  );
}

/** The seller's stores one campaign is listed in. */
export async function campaignStoreIds(
  db: Queryable,
  sellerId: number,
  campaignId: number,
): Promise<number[]> {
  const rows = await db.query<{ store_id: number }>(
    'SELECT store_id FROM store_campaigns WHERE seller_id = $1 AND campaign_id = $2 ORDER BY store_id',
    [sellerId, campaignId],
  );
  return rows.map((row) => Number(row.store_id));
}

/**
 * Lists a campaign in exactly `storeIds` among `scope` (the stores the session may touch; null
 * for all of the seller's): it leaves the campaign's other stores as they are.
 */
export async function setCampaignStores(
  db: Queryable,
  sellerId: number,
  campaignId: number,
  storeIds: readonly number[],
  scope: readonly number[] | null,
): Promise<void> {
  await db.query(
    `DELETE FROM store_campaigns WHERE seller_id = $1 AND campaign_id = $2
       AND NOT (store_id = ANY($3::bigint[])) AND ($4::bigint[] IS NULL OR store_id = ANY($4::bigint[]))`,
    [sellerId, campaignId, [...storeIds], scope ? [...scope] : null],
  );
  await db.query(
    `INSERT INTO store_campaigns (store_id, campaign_id, seller_id)
     SELECT unnest($3::bigint[]), $2, $1 ON CONFLICT DO NOTHING`,
    [sellerId, campaignId, [...storeIds]],
  );
}
