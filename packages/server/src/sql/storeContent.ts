import type { Queryable } from '../db/Db.js';

export interface StorePageRow {
  id: number;
  store_id: number;
  title: string;
  slug: string;
  content_html: string;
  status: 'draft' | 'published';
  seo_title: string | null;
  seo_description: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface BlogCategoryRow {
  id: number;
  store_id: number;
  name: string;
  slug: string;
  post_count: number;
}

export interface BlogPostRow {
  id: number;
  store_id: number;
  category_id: number | null;
  title: string;
  slug: string;
  excerpt: string | null;
  content_html: string;
  cover_image_url: string | null;
  status: 'draft' | 'published';
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

type Fields = Record<string, unknown>;

function assignments(fields: Fields, first: number): { sets: string[]; values: unknown[] } {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  return {
    sets: entries.map(([name], i) => `${name} = $${first + i}`),
    values: entries.map(([, value]) => value),
  };
}

function insertParts(fields: Fields, first: number) {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  return {
    names: entries.map(([name]) => name),
    placeholders: entries.map((_, i) => `$${first + i}`),
    values: entries.map(([, value]) => value),
  };
}

const PAGE_COLUMNS =
  'id, store_id, title, slug, content_html, status, seo_title, seo_description, created_at, updated_at';

/** The seller's pages (of one store, or of the stores in `storeIds`), newest first. */
export async function listStorePages(
  db: Queryable,
  sellerId: number,
  storeIds: readonly number[] | null,
): Promise<StorePageRow[]> {
  return db.query<StorePageRow>(
    `SELECT ${PAGE_COLUMNS} FROM store_pages
     WHERE seller_id = $1 AND ($2::bigint[] IS NULL OR store_id = ANY($2::bigint[]))
     ORDER BY id DESC`,
    [sellerId, storeIds ? [...storeIds] : null],
  );
}

export async function getStorePage(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<StorePageRow | undefined> {
  return (
    await db.query<StorePageRow>(
      `SELECT ${PAGE_COLUMNS} FROM store_pages WHERE id = $1 AND seller_id = $2`,
      [id, sellerId],
    )
  )[0];
}

/** Whether `table` holds a row of the store with that slug, other than `exceptId`. */
export async function contentSlugTaken(
  db: Queryable,
  table: 'store_pages' | 'blog_posts' | 'blog_categories',
  storeId: number,
  slug: string,
  exceptId: number | null,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM ${table} WHERE store_id = $1 AND slug = $2 AND ($3::bigint IS NULL OR id <> $3) LIMIT 1`,
    [storeId, slug, exceptId],
  );
  return rows.length > 0;
}

export async function insertStorePage(
  db: Queryable,
  sellerId: number,
  fields: Fields & { store_id: number; title: string; slug: string },
): Promise<number> {
  const { names, placeholders, values } = insertParts(fields, 2);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO store_pages (seller_id, ${names.join(', ')}) VALUES ($1, ${placeholders.join(', ')}) RETURNING id`,
    [sellerId, ...values],
  );
  if (!row) throw new Error('page insert returned no row');
  return Number(row.id);
}

export async function updateStorePage(
  db: Queryable,
  sellerId: number,
  id: number,
  fields: Fields,
): Promise<void> {
  const { sets, values } = assignments(fields, 3);
  await db.query(
    `UPDATE store_pages SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 AND seller_id = $2`,
    [id, sellerId, ...values],
  );
}

export async function deleteStorePage(db: Queryable, sellerId: number, id: number): Promise<void> {
  await db.query('DELETE FROM store_pages WHERE id = $1 AND seller_id = $2', [id, sellerId]);
}

const CATEGORY_COLUMNS = `c.id, c.store_id, c.name, c.slug,
  (SELECT count(*)::int FROM blog_posts p WHERE p.category_id = c.id) AS post_count`;

export async function listBlogCategories(
  db: Queryable,
  sellerId: number,
  storeId: number,
): Promise<BlogCategoryRow[]> {
  return db.query<BlogCategoryRow>(
    `SELECT ${CATEGORY_COLUMNS} FROM blog_categories c
     WHERE c.seller_id = $1 AND c.store_id = $2 ORDER BY lower(c.name), c.id`,
    [sellerId, storeId],
  );
}

export async function getBlogCategory(
  db: Queryable,
  sellerId: number,
  storeId: number,
  id: number,
): Promise<BlogCategoryRow | undefined> {
  return (
    await db.query<BlogCategoryRow>(
      `SELECT ${CATEGORY_COLUMNS} FROM blog_categories c
       WHERE c.id = $1 AND c.seller_id = $2 AND c.store_id = $3`,
      [id, sellerId, storeId],
    )
  )[0];
}

export async function insertBlogCategory(
  db: Queryable,
  sellerId: number,
  storeId: number,
  name: string,
  slug: string,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO blog_categories (seller_id, store_id, name, slug) VALUES ($1, $2, $3, $4) RETURNING id',
    [sellerId, storeId, name, slug],
  );
  if (!row) throw new Error('category insert returned no row');
  return Number(row.id);
}

export async function updateBlogCategory(
  db: Queryable,
  sellerId: number,
  id: number,
  name: string,
  slug: string,
): Promise<void> {
  await db.query(
    'UPDATE blog_categories SET name = $3, slug = $4 WHERE id = $1 AND seller_id = $2',
    [id, sellerId, name, slug],
  );
}

export async function deleteBlogCategory(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<void> {
  await db.query('DELETE FROM blog_categories WHERE id = $1 AND seller_id = $2', [id, sellerId]);
}

const POST_COLUMNS = `id, store_id, category_id, title, slug, excerpt, content_html, cover_image_url,
  status, published_at, created_at, updated_at`;

export async function listBlogPosts(
  db: Queryable,
  sellerId: number,
  storeId: number,
  filter: { status?: string | undefined; categoryId?: number | undefined },
): Promise<BlogPostRow[]> {
  return db.query<BlogPostRow>(
    `SELECT ${POST_COLUMNS} FROM blog_posts
     WHERE seller_id = $1 AND store_id = $2
       AND ($3::text IS NULL OR status = $3) AND ($4::bigint IS NULL OR category_id = $4)
     ORDER BY id DESC`,
    [sellerId, storeId, filter.status ?? null, filter.categoryId ?? null],
  );
}

export async function getBlogPost(
  db: Queryable,
  sellerId: number,
  storeId: number,
  id: number,
): Promise<BlogPostRow | undefined> {
  return (
    await db.query<BlogPostRow>(
      `SELECT ${POST_COLUMNS} FROM blog_posts WHERE id = $1 AND seller_id = $2 AND store_id = $3`,
      [id, sellerId, storeId],
    )
  )[0];
}

export async function insertBlogPost(
  db: Queryable,
  sellerId: number,
  fields: Fields & { store_id: number; title: string; slug: string },
): Promise<number> {
  const { names, placeholders, values } = insertParts(fields, 2);
  // A post made published is published now.
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO blog_posts (seller_id, ${names.join(', ')}) VALUES ($1, ${placeholders.join(', ')})
     RETURNING id`,
    [sellerId, ...values],
  );
  if (!row) throw new Error('post insert returned no row');
  await db.query(
    "UPDATE blog_posts SET published_at = now() WHERE id = $1 AND status = 'published' AND published_at IS NULL",
    [row.id],
  );
  return Number(row.id);
}

/** Changes a post; its first publication sets published_at, which later saves keep. */
export async function updateBlogPost(
  db: Queryable,
  sellerId: number,
  id: number,
  fields: Fields,
): Promise<void> {
  const { sets, values } = assignments(fields, 3);
  await db.query(
    `UPDATE blog_posts SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 AND seller_id = $2`,
    [id, sellerId, ...values],
  );
  await db.query(
    "UPDATE blog_posts SET published_at = now() WHERE id = $1 AND seller_id = $2 AND status = 'published' AND published_at IS NULL",
    [id, sellerId],
  );
}

export async function deleteBlogPost(db: Queryable, sellerId: number, id: number): Promise<void> {
  await db.query('DELETE FROM blog_posts WHERE id = $1 AND seller_id = $2', [id, sellerId]);
}
