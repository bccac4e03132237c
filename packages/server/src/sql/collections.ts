import type { Queryable } from '../db/Db.js';

export interface CollectionRow {
  id: number;
  seller_id: number;
  store_id: number | null;
  name: string;
  slug: string;
  description: string | null;
  image_url: string | null;
  featured: boolean;
  campaign_count: number;
  featured_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface CollectionCampaignRow {
  id: number;
  name: string;
  slug: string | null;
  status: string;
  thumb_url: string | null;
  position: number;
  featured: boolean;
}

const COLUMNS = `c.id, c.seller_id, c.store_id, c.name, c.slug, c.description, c.image_url, c.featured,
  c.created_at, c.updated_at,
  (SELECT count(*)::int FROM collection_campaigns cc WHERE cc.collection_id = c.id) AS campaign_count,
  (SELECT count(*)::int FROM collection_campaigns cc WHERE cc.collection_id = c.id AND cc.featured)
    AS featured_count`;

export interface CollectionFields {
  name?: string;
  slug?: string;
  description?: string | null;
  image_url?: string | null;
  store_id?: number | null;
  featured?: boolean;
}
const WRITABLE = ['name', 'slug', 'description', 'image_url', 'store_id', 'featured'] as const;

function fieldsOf(fields: CollectionFields): { names: string[]; values: unknown[] } {
  const names: string[] = [];
  const values: unknown[] = [];
  for (const name of WRITABLE) {
    if (fields[name] === undefined) continue;
    names.push(name);
    values.push(fields[name]);
  }
  return { names, values };
}

/**
 * The seller's collections, newest first; `q` matches the name, `storeId` keeps the
 * collections shown in that store (its own and the seller's every-store ones), `storeIds` (a
 * session limited to some stores) keeps those shown in one of them.
 */
export async function listCollections(
  db: Queryable,
  sellerId: number,
  filter: { q?: string | undefined; storeId?: number | undefined; storeIds: number[] | null },
): Promise<CollectionRow[]> {
  return db.query<CollectionRow>(
    `SELECT ${COLUMNS} FROM collections c
     WHERE c.seller_id = $1
       AND ($2::text IS NULL OR c.name ILIKE '%' || $2 || '%')
       AND ($3::bigint IS NULL OR c.store_id IS NULL OR c.store_id = $3)
       AND ($4::bigint[] IS NULL OR c.store_id IS NULL OR c.store_id = ANY($4::bigint[]))
     ORDER BY c.id DESC`,
    [sellerId, filter.q || null, filter.storeId ?? null, filter.storeIds],
  );
}

export async function getCollection(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<CollectionRow | undefined> {
  return (
    await db.query<CollectionRow>(
      `SELECT ${COLUMNS} FROM collections c WHERE c.id = $1 AND c.seller_id = $2`,
      [id, sellerId],
    )
  )[0];
}

/** A collection's campaigns in display order. */
export async function collectionCampaigns(
  db: Queryable,
  sellerId: number,
  collectionId: number,
): Promise<CollectionCampaignRow[]> {
  return db.query<CollectionCampaignRow>(
    `SELECT p.id, p.name, p.slug, p.status, p.thumb_url, cc.position, cc.featured
     FROM collection_campaigns cc JOIN campaigns p ON p.id = cc.campaign_id
     WHERE cc.collection_id = $1 AND cc.seller_id = $2
     ORDER BY cc.position, p.id`,
    [collectionId, sellerId],
  );
}

export async function collectionSlugTaken(
  db: Queryable,
  sellerId: number,
  slug: string,
  exceptId: number | null,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM collections WHERE seller_id = $1 AND slug = $2
       AND ($3::bigint IS NULL OR id <> $3) LIMIT 1`,
    [sellerId, slug, exceptId],
  );
  return rows.length > 0;
}

export async function insertCollection(
  db: Queryable,
  sellerId: number,
  fields: CollectionFields & { name: string; slug: string },
): Promise<number> {
  const { names, values } = fieldsOf(fields);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO collections (seller_id, ${names.join(', ')})
     VALUES ($1, ${names.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
    [sellerId, ...values],
  );
  if (!row) throw new Error('collection insert returned no row');
  return Number(row.id);
}

export async function updateCollection(
  db: Queryable,
  sellerId: number,
  id: number,
  fields: CollectionFields,
): Promise<boolean> {
  const { names, values } = fieldsOf(fields);
  const sets = [...names.map((name, i) => `${name} = $${i + 3}`), 'updated_at = now()'];
  const rows = await db.query<{ id: number }>(
    `UPDATE collections SET ${sets.join(', ')} WHERE id = $1 AND seller_id = $2 RETURNING id`,
    [id, sellerId, ...values],
  );
  return rows.length > 0;
}

export async function deleteCollection(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM collections WHERE id = $1 AND seller_id = $2 RETURNING id',
    [id, sellerId],
  );
  return rows.length > 0;
}

/**
 * Writes a collection's campaigns as `entries`, in that order (position 0 first): every row of
 * the collection is replaced.
 */
export async function writeCollectionCampaigns(
  db: Queryable,
  sellerId: number,
  collectionId: number,
  entries: ReadonlyArray<{ campaignId: number; featured: boolean }>,
): Promise<void> {
  await db.query('DELETE FROM collection_campaigns WHERE collection_id = $1 AND seller_id = $2', [
    collectionId,
    sellerId,
  ]);
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO collection_campaigns (collection_id, campaign_id, seller_id, position, featured)
     SELECT $1, e.campaign_id, $2, e.ord - 1, e.featured
     FROM unnest($3::bigint[], $4::boolean[]) WITH ORDINALITY AS e(campaign_id, featured, ord)`,
    [
      collectionId,
      sellerId,
      entries.map((entry) => entry.campaignId),
      entries.map((entry) => entry.featured),
    ],
  );
}
