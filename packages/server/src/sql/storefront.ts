import type { Queryable } from '../db/Db.js';

/**
 * Reads of the buyer-facing storefront. Every read starts from a store that is not archived and
 * keeps to that store's seller: its listed campaigns (active, not deleted), its collections
 * (its own or the seller's shared ones), its published pages. The one exception is a campaign
 * of another seller that the store lists under that owner's open cross-selling offer
 * (`LISTED_SQL`, migration 045).
 */

export interface PublicStore {
  id: number;
  seller_id: number;
  name: string;
  slug: string;
  title: string | null;
  base_url: string | null;
  logo_bright: string | null;
  logo_dark: string | null;
  logo_alt: string | null;
  favicon: string | null;
  primary_color: string | null;
  background_color: string | null;
  contact_email: string | null;
  currency: string;
  locale: string;
  menus: {
    header?: MenuItem[];
    footer?: MenuItem[];
    side_column?: MenuItem[];
  };
}
export interface MenuItem {
  label: string;
  kind: 'page' | 'collection' | 'url';
  target_id: number | null;
  url: string | null;
}

const STORE_COLUMNS =
  'id, seller_id, name, slug, title, base_url, logo_bright, logo_dark, logo_alt, favicon, primary_color, background_color, contact_email, currency, locale, menus';

export async function storeBySlug(db: Queryable, slug: string): Promise<PublicStore | undefined> {
  const rows = await db.query<PublicStore>(
    `SELECT ${STORE_COLUMNS} FROM stores WHERE slug = $1 AND archived_at IS NULL`,
    [slug],
  );
  return rows[0];
}

/** A seller's own store in use (not archived), read as the storefront reads it. */
export async function sellerPublicStore(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<PublicStore | undefined> {
  const rows = await db.query<PublicStore>(
    `SELECT ${STORE_COLUMNS} FROM stores WHERE id = $1 AND seller_id = $2 AND archived_at IS NULL`,
    [id, sellerId],
  );
  return rows[0];
}

/**
 * The sell price of a product (major units) over `products p` joined to `product_templates t`:
 * its own, else the template's suggested price (core suggestedPrice). Every figure a seller or
 * buyer sees (storefront, checkout, pricing) reads it through this one expression.
 */
export const SELL_PRICE_SQL = 'COALESCE(p.price, GREATEST(ceil(t.base_cost * 2) - 0.01, 0.99))';

/**
 * Whether store `$1`'s row `sc` shows campaign `c` to buyers, the store's seller being `$2`: a
 * live campaign that is the seller's own, or another seller's listed under the open offer the
 * store's seller accepted (cross-selling; a closed or replaced offer hides it at once).
 */
export const LISTED_SQL = `sc.store_id = $1 AND c.status = 'active' AND c.deleted_at IS NULL
  AND ((sc.offer_id IS NULL AND c.seller_id = $2)
    OR (sc.offer_id IS NOT NULL AND sc.seller_id = $2 AND c.seller_id <> $2 AND EXISTS (
      SELECT 1 FROM cross_sell_offers o WHERE o.id = sc.offer_id AND o.campaign_id = c.id
         AND o.seller_id = c.seller_id AND o.withdrawn_at IS NULL)))`;

/** LISTED_SQL's first case over `campaigns c` alone: the seller's own live campaigns the store lists. */
const OWN_LISTED_SQL = `c.seller_id = $2 AND c.status = 'active' AND c.deleted_at IS NULL
  AND EXISTS (SELECT 1 FROM store_campaigns sc
               WHERE sc.store_id = $1 AND sc.campaign_id = c.id AND sc.offer_id IS NULL)`;

/** LISTED_SQL's second case over `store_campaigns sc` joined to `campaigns c`: cross-sold ones. */
const CROSS_LISTED_SQL = `sc.store_id = $1 AND sc.offer_id IS NOT NULL AND sc.seller_id = $2
  AND c.seller_id <> $2 AND c.status = 'active' AND c.deleted_at IS NULL AND EXISTS (
      SELECT 1 FROM cross_sell_offers o WHERE o.id = sc.offer_id AND o.campaign_id = c.id
         AND o.seller_id = c.seller_id AND o.withdrawn_at IS NULL)`;

/**
 * A campaign's place in collection `cc`: featured ones by position, then the rest by position.
 * The expression of the index collection_campaigns_featured_order (migration 067), so a
 * collection's cards are walked from it in this order.
 */
const FEATURED_RANK_SQL = 'CASE WHEN cc.featured THEN cc.position ELSE 100000 + cc.position END';

/** A campaign in a listing. */
export interface CampaignCard {
  id: number;
  name: string;
  slug: string | null;
  thumb_url: string | null;
  price: number;
  created_at: Date;
}

export type StoreSort =
  | 'relevant'
  | 'newest'
  | 'oldest'
  | 'highest_price'
  | 'lowest_price'
  | 'popular'
  | 'featured'
  | 'a_z'
  | 'z_a';

const ORDER: Record<StoreSort, string> = {
  relevant: 'rank DESC, c.id DESC',
  newest: 'c.created_at DESC, c.id DESC',
  oldest: 'c.created_at ASC, c.id ASC',
  highest_price: 'price DESC, c.id DESC',
  lowest_price: 'price ASC, c.id DESC',
  popular: 'popularity DESC, c.id DESC',
  featured: 'featured_rank ASC, c.id DESC',
  a_z: 'lower(c.name) ASC, c.id ASC',
  z_a: 'lower(c.name) DESC, c.id DESC',
};

export interface CardQuery {
  q?: string | undefined;
  sort: StoreSort;
  collectionId?: number | undefined;
  /** Only campaigns of this niche (a core `NICHES` slug). */
  niche?: string | undefined;
  limit: number;
  offset: number;
  /** Count every matching campaign too (a listing's pager); the store home needs no count. */
  total?: boolean;
  /**
   * Count only up to this many (core `countLimit` of the page, plus one): past it `total` is this
   * number and `totalIsCapped` is true. Without it the count is exact.
   */
  countCap?: number;
}

/** A campaign's shown price: a combo's set price, else its cheapest product's sell price. */
const CARD_PRICE_SQL = `(CASE WHEN c.system_type = 'combo' AND c.bundle_price IS NOT NULL
                  THEN c.bundle_price / 100.0
                  ELSE (SELECT min(${SELL_PRICE_SQL}) FROM products p JOIN product_templates t ON t.id = p.template_id
                         WHERE p.campaign_id = c.id) END)::float8`;

/**
 * The store's listed campaigns (active, not deleted), optionally in one collection or matching
 * a search, sorted per spec §3, with the total count. In a collection the featured campaigns
 * come first in the seller's order under the `featured` and `relevant` sorts.
 *
 * Built for stores of 100,000 campaigns (bench/storefront.js): LISTED_SQL's two cases are
 * queried apart — the seller's own campaigns from `campaigns` (the newest first walk the
 * `campaigns_seller_created` index and stop at the page), the cross-sold ones from the store's
 * offer rows — each cut to the page's depth, then merged. A sort key that needs a subquery
 * (price, popularity, featured order) is computed only under its sort; the shown price only for
 * the page's rows; the count only when asked, as its own statement, and only as far as
 * `countCap` when one is given.
 */
export async function storeCampaignCards(
  db: Queryable,
  store: PublicStore,
  query: CardQuery,
): Promise<{ rows: CampaignCard[]; total: number; totalIsCapped: boolean }> {
  const params: unknown[] = [store.id, store.seller_id];
  let where = '';
  let rank = '0';
  const q = query.q?.trim();
  if (q) {
    params.push(`%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    where += ` AND (c.name ILIKE $${params.length} OR c.slug ILIKE $${params.length})`;
  }
  if (query.niche) {
    params.push(query.niche);
    where += ` AND c.niche = $${params.length}`;
  }
  let featured = '1';
  // In a collection its row `cc` is joined (one per campaign): its featured order is the
  // expression of the index collection_campaigns_featured_order (migration 067), walked in order.
  let inCollection = '';
  if (query.collectionId !== undefined) {
    params.push(query.collectionId);
    inCollection = `JOIN collection_campaigns cc ON cc.collection_id = $${params.length} AND cc.campaign_id = c.id AND cc.seller_id = $2`;
    featured = FEATURED_RANK_SQL;
    if (!q) rank = `-(${featured})`;
  } else {
    featured = `COALESCE((SELECT min(cc.position) FROM collection_campaigns cc WHERE cc.campaign_id = c.id AND cc.seller_id = $2 AND cc.featured), 100000)`;
  }
  // The count reads the filters only: the parameters after them (search rank, page) are not its.
  const filterParams = [...params];
  if (q) {
    params.push(q);
    rank = `CASE WHEN lower(c.name) = lower($${params.length}) THEN 3 WHEN c.name ILIKE $${params.length} || '%' THEN 2 ELSE 1 END`;
  }
  const sort = query.sort;
  const keys = `${rank} AS rank,
            ${sort === 'featured' ? featured : 'NULL::int'} AS featured_rank,
            ${sort === 'highest_price' || sort === 'lowest_price' ? CARD_PRICE_SQL : 'NULL::float8'} AS price,
            ${
              sort === 'popular'
                ? `COALESCE((SELECT sum(st.visits + 10 * st.checkouts) FROM storefront_tracks st
              WHERE st.campaign_id = c.id AND st.store_id = $1), 0)`
                : 'NULL::bigint'
            } AS popularity`;
  const columns = `c.id, c.name, c.slug, c.thumb_url, c.created_at, c.system_type, c.bundle_price, ${keys}`;
  params.push(query.limit, query.offset);
  const limit = `$${params.length - 1}`;
  const offset = `$${params.length}`;
  const own = `FROM campaigns c ${inCollection}
      WHERE ${OWN_LISTED_SQL} ${where}`;
  const crossSold = `FROM store_campaigns sc JOIN campaigns c ON c.id = sc.campaign_id ${inCollection}
      WHERE ${CROSS_LISTED_SQL} ${where}`;
  const capped = query.countCap !== undefined;
  if (capped) filterParams.push(query.countCap);
  const countOf = (from: string) =>
    capped
      ? `(SELECT count(*) FROM (SELECT 1 ${from} LIMIT $${filterParams.length}) capped)`
      : `(SELECT count(*) ${from})`;
  const [rows, counted] = await Promise.all([
    db.query<CampaignCard>(
      `SELECT c.id, c.name, c.slug, c.thumb_url, c.created_at,
              COALESCE(c.price, ${CARD_PRICE_SQL}) AS price
         FROM ((SELECT ${columns} ${own} ORDER BY ${ORDER[sort]} LIMIT ${limit}::bigint + ${offset}::bigint)
               UNION ALL
               (SELECT ${columns} ${crossSold} ORDER BY ${ORDER[sort]} LIMIT ${limit}::bigint + ${offset}::bigint)) c
        ORDER BY ${ORDER[sort]}
        LIMIT ${limit} OFFSET ${offset}`,
      params,
    ),
    query.total === false
      ? Promise.resolve(undefined)
      : db.query<{ n: number }>(
          `SELECT ${countOf(own)} + ${countOf(crossSold)} AS n`,
          filterParams,
        ),
  ]);
  const total = Number(counted?.[0]?.n ?? rows.length);
  const cap = query.countCap;
  return {
    rows: rows.map((row) => ({ ...row, price: Number(row.price ?? 0) })),
    total: cap !== undefined ? Math.min(total, cap) : total,
    totalIsCapped: cap !== undefined && total >= cap,
  };
}

/**
 * The first `limit` cards of each of `collectionIds` in its featured order (the store home's
 * featured collections), in one statement: one plan instead of one per collection, each
 * collection walked on the featured-order index (migration 067) by a LATERAL join. The same
 * rule as `storeCampaignCards` with `sort: 'featured'`: the seller's own listed campaigns and the
 * cross-sold ones, featured first by position, then the rest.
 */
export async function featuredCollectionCards(
  db: Queryable,
  store: PublicStore,
  collectionIds: readonly number[],
  limit: number,
): Promise<Map<number, CampaignCard[]>> {
  const cards = new Map<number, CampaignCard[]>(collectionIds.map((id) => [id, []]));
  if (collectionIds.length === 0) return cards;
  const columns = `c.id, c.name, c.slug, c.thumb_url, c.created_at, c.system_type, c.bundle_price, ${FEATURED_RANK_SQL} AS featured_rank`;
  const inCollection =
    'JOIN collection_campaigns cc ON cc.collection_id = f.collection_id AND cc.campaign_id = c.id AND cc.seller_id = $2';
  const rows = await db.query<CampaignCard & { collection_id: number }>(
    `SELECT f.collection_id, x.id, x.name, x.slug, x.thumb_url, x.created_at, x.price
       FROM unnest($3::bigint[]) AS f(collection_id)
       CROSS JOIN LATERAL (
         SELECT c.id, c.name, c.slug, c.thumb_url, c.created_at, ${CARD_PRICE_SQL} AS price,
                c.featured_rank
           FROM ((SELECT ${columns} FROM campaigns c ${inCollection}
                   WHERE ${OWN_LISTED_SQL}
                   ORDER BY featured_rank ASC, c.id DESC LIMIT $4)
                 UNION ALL
                 (SELECT ${columns} FROM store_campaigns sc JOIN campaigns c ON c.id = sc.campaign_id
                         ${inCollection}
                   WHERE ${CROSS_LISTED_SQL}
                   ORDER BY featured_rank ASC, c.id DESC LIMIT $4)) c
          ORDER BY c.featured_rank ASC, c.id DESC
          LIMIT $4) x
      ORDER BY f.collection_id, x.featured_rank ASC, x.id DESC`,
    [store.id, store.seller_id, [...collectionIds], limit],
  );
  for (const { collection_id, ...row } of rows) {
    cards.get(Number(collection_id))?.push({ ...row, price: Number(row.price ?? 0) });
  }
  return cards;
}

export interface StoreProduct {
  id: number;
  template_id: number;
  name: string;
  options: Record<string, string[]>;
  default_option: string | null;
  price: number;
  base_cost: number;
  description: string | null;
  default_mockup_id: number | null;
  /** The template's size × colour variants (base cost in minor units). */
  variants: VariantRow[];
  /** Sizes sold at a price of their own (major units, like `price`); the rest sell at `price`. */
  size_prices: Record<string, number>;
}
export interface StoreMockup {
  id: number;
  product_id: number;
  print_space: string;
  file_url: string;
}
export interface StoreCampaign {
  id: number;
  /** The campaign's owner: the store's seller, or the owner of a cross-sold campaign. */
  seller_id: number;
  name: string;
  slug: string | null;
  thumb_url: string | null;
  created_at: Date;
  updated_at: Date;
  /** The campaign type (spec §3); a `combo` sells its products as one set. */
  system_type: string;
  /** A combo's set price in minor units (null: not set, or not a combo). */
  bundle_price: number | null;
  products: StoreProduct[];
  mockups: StoreMockup[];
}

/**
 * A campaign the store lists, by its address name: its slug, or `campaign-{id}` for one
 * without a slug (core campaignUrlName).
 */
export async function storeCampaignBySlug(
  db: Queryable,
  store: PublicStore,
  name: string,
): Promise<StoreCampaign | undefined> {
  const byId = /^campaign-(\d{1,15})$/.exec(name);
  const [campaign] = await db.query<Omit<StoreCampaign, 'products' | 'mockups'>>(
    `SELECT c.id, c.seller_id, c.name, c.slug, c.thumb_url, c.created_at, c.updated_at,
            c.system_type, c.bundle_price
       FROM campaigns c JOIN store_campaigns sc ON sc.campaign_id = c.id AND sc.store_id = $1
      WHERE ${LISTED_SQL}
        AND ${byId ? "(c.id = $3 AND COALESCE(c.slug, '') = '')" : 'c.slug = $3'}
      ORDER BY (sc.offer_id IS NOT NULL), c.id LIMIT 1`,
    [store.id, store.seller_id, byId ? Number(byId[1]) : name],
  );
  if (!campaign) return undefined;
  const seller_id = Number(campaign.seller_id);
  const products = await campaignProducts(db, seller_id, [campaign.id]);
  const mockups = await db.query<StoreMockup>(
    `SELECT id, product_id, print_space, file_url FROM mockups
      WHERE campaign_id = $1 ORDER BY is_default DESC, id`,
    [campaign.id],
  );
  return {
    ...campaign,
    seller_id,
    bundle_price: campaign.bundle_price === null ? null : Number(campaign.bundle_price),
    products,
    mockups,
  };
}

/** Products of the seller's campaigns with sell price and base cost (major units). */
export async function campaignProducts(
  db: Queryable,
  sellerId: number,
  campaignIds: number[],
): Promise<(StoreProduct & { campaign_id: number })[]> {
  const rows = await db.query<StoreProduct & { campaign_id: number }>(
    `SELECT p.id, p.campaign_id, p.template_id, COALESCE(p.name, t.name) AS name, p.options,
            p.default_option, ${SELL_PRICE_SQL}::float8 AS price, t.base_cost::float8 AS base_cost,
            t.description, p.default_mockup_id
       FROM products p JOIN product_templates t ON t.id = p.template_id
      WHERE p.seller_id = $1 AND p.campaign_id = ANY($2::bigint[])
      ORDER BY p.id`,
    [sellerId, campaignIds],
  );
  const variants = await templateVariants(db, [...new Set(rows.map((r) => Number(r.template_id)))]);
  // Sizes with a price of their own (migration 062), the same rows checkout sells them at.
  const ownPrices = await sizePrices(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((row) => {
    const size_prices: Record<string, number> = {};
    const prefix = `${Number(row.id)}:`;
    for (const [key, minor] of ownPrices) {
      if (key.startsWith(prefix)) size_prices[key.slice(prefix.length)] = minor / 100;
    }
    return {
      ...row,
      template_id: Number(row.template_id),
      price: Number(row.price),
      base_cost: Number(row.base_cost),
      variants: variants.filter((v) => v.template_id === Number(row.template_id)),
      size_prices,
    };
  });
}

/** Whether the store lists these (active, live) campaigns: the ids it does. */
export async function storeListedCampaignIds(
  db: Queryable,
  store: PublicStore,
  ids: number[],
): Promise<number[]> {
  return (await storeListedCampaigns(db, store, ids)).map((row) => row.id);
}

/** A campaign the store lists with its owner and, when cross-sold, the offer it is sold under. */
export interface ListedCampaign {
  id: number;
  seller_id: number;
  offer_id: number | null;
  commission_percent: number | null;
}

/** Those of `ids` the store lists, with their owners and cross-selling terms. */
export async function storeListedCampaigns(
  db: Queryable,
  store: PublicStore,
  ids: number[],
): Promise<ListedCampaign[]> {
  const rows = await db.query<ListedCampaign>(
    `SELECT c.id, c.seller_id, sc.offer_id, o.commission_percent
       FROM campaigns c JOIN store_campaigns sc ON sc.campaign_id = c.id AND sc.store_id = $1
       LEFT JOIN cross_sell_offers o ON o.id = sc.offer_id
      WHERE ${LISTED_SQL} AND c.id = ANY($3::bigint[])`,
    [store.id, store.seller_id, ids],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    seller_id: Number(row.seller_id),
    offer_id: row.offer_id === null ? null : Number(row.offer_id),
    commission_percent: row.commission_percent === null ? null : Number(row.commission_percent),
  }));
}

export interface StoreCollection {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  image_url: string | null;
}

/** The store's collections (its own and the seller's shared ones); `featured` ones only if asked. */
export async function storeCollections(
  db: Queryable,
  store: PublicStore,
  featuredOnly: boolean,
): Promise<StoreCollection[]> {
  return db.query<StoreCollection>(
    `SELECT id, name, slug, description, image_url FROM collections
      WHERE seller_id = $1 AND (store_id IS NULL OR store_id = $2) ${featuredOnly ? 'AND featured' : ''}
      ORDER BY id`,
    [store.seller_id, store.id],
  );
}

export async function storeCollectionBySlug(
  db: Queryable,
  store: PublicStore,
  slug: string,
): Promise<StoreCollection | undefined> {
  const rows = await db.query<StoreCollection>(
    `SELECT id, name, slug, description, image_url FROM collections
      WHERE seller_id = $1 AND (store_id IS NULL OR store_id = $2) AND slug = $3`,
    [store.seller_id, store.id, slug],
  );
  return rows[0];
}

export interface StorePage {
  id: number;
  title: string;
  slug: string;
  content_html: string;
  seo_title: string | null;
  seo_description: string | null;
  updated_at: Date;
}

export async function storePageBySlug(
  db: Queryable,
  store: PublicStore,
  slug: string,
): Promise<StorePage | undefined> {
  const rows = await db.query<StorePage>(
    `SELECT id, title, slug, content_html, seo_title, seo_description, updated_at FROM store_pages
      WHERE store_id = $1 AND seller_id = $2 AND slug = $3 AND status = 'published'`,
    [store.id, store.seller_id, slug],
  );
  return rows[0];
}

/** Titles and slugs of published pages (menus link pages by id). */
export async function storePageLinks(
  db: Queryable,
  store: PublicStore,
): Promise<{ id: number; title: string; slug: string; updated_at: Date }[]> {
  return db.query(
    `SELECT id, title, slug, updated_at FROM store_pages
      WHERE store_id = $1 AND seller_id = $2 AND status = 'published' ORDER BY id`,
    [store.id, store.seller_id],
  );
}

/** Number of campaigns a store lists, for the sitemap index. */
export async function storeCampaignCount(db: Queryable, store: PublicStore): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM store_campaigns sc JOIN campaigns c ON c.id = sc.campaign_id
      WHERE ${LISTED_SQL}`,
    [store.id, store.seller_id],
  );
  return Number(row?.n ?? 0);
}

/** One page of the store's campaign addresses for a sitemap, in id order. */
export async function storeCampaignUrls(
  db: Queryable,
  store: PublicStore,
  limit: number,
  offset: number,
): Promise<{ id: number; slug: string | null; updated_at: Date }[]> {
  return db.query(
    `SELECT c.id, c.slug, c.updated_at FROM store_campaigns sc JOIN campaigns c ON c.id = sc.campaign_id
      WHERE ${LISTED_SQL}
      ORDER BY c.id LIMIT $3 OFFSET $4`,
    [store.id, store.seller_id, limit, offset],
  );
}

/**
 * Counts a product page visit or a checkout (once per campaign per browser: the caller checks
 * the cookie); `count` of them at once (the demo history counts a day's visits in one call).
 */
export async function trackStorefront(
  db: Queryable,
  store: PublicStore,
  campaignIds: number[],
  what: 'visits' | 'checkouts',
  count = 1,
): Promise<void> {
  if (campaignIds.length === 0 || count <= 0) return;
  await db.query(
    `INSERT INTO storefront_tracks (campaign_id, store_id, seller_id, day, ${what})
     SELECT c.id, $1, $2, current_date, $4::int FROM campaigns c
      WHERE c.id = ANY($3::bigint[]) AND (c.seller_id = $2 OR EXISTS (SELECT 1 FROM store_campaigns sc
        WHERE sc.store_id = $1 AND sc.campaign_id = c.id AND sc.seller_id = $2 AND sc.offer_id IS NOT NULL))
     ON CONFLICT (campaign_id, store_id, day) DO UPDATE SET ${what} = storefront_tracks.${what} + EXCLUDED.${what}`,
    [store.id, store.seller_id, campaignIds, count],
  );
}

export interface VariantRow {
  template_id: number;
  size: string;
  color_name: string;
  /** Minor units. */
  base_cost: number;
}

/** The size × colour variants of templates, in catalogue order (migration 017). */
export async function templateVariants(
  db: Queryable,
  templateIds: number[],
): Promise<VariantRow[]> {
  const rows = await db.query<VariantRow>(
    `SELECT template_id, size, color_name, base_cost FROM template_variants
      WHERE template_id = ANY($1::bigint[]) ORDER BY template_id, position, id`,
    [templateIds],
  );
  return rows.map((r) => ({
    ...r,
    template_id: Number(r.template_id),
    base_cost: Number(r.base_cost),
  }));
}

/** The shipping rates of templates' profiles (minor units), by template. */
export async function templateShippingRates(
  db: Queryable,
  templateIds: number[],
): Promise<{ template_id: number; scope: string; first_item: number; additional_item: number }[]> {
  const rows = await db.query<{
    template_id: number;
    scope: string;
    first_item: number;
    additional_item: number;
  }>(
    `SELECT sp.template_id, sr.scope, sr.first_item, sr.additional_item
       FROM shipping_profiles sp JOIN shipping_rates sr ON sr.profile_id = sp.id
      WHERE sp.template_id = ANY($1::bigint[])`,
    [templateIds],
  );
  return rows.map((r) => ({
    ...r,
    template_id: Number(r.template_id),
    first_item: Number(r.first_item),
    additional_item: Number(r.additional_item),
  }));
}

/** The niches of a store's listed campaigns, with how many campaigns each has. */
export async function storeNiches(
  db: Queryable,
  store: PublicStore,
): Promise<{ niche: string; count: number }[]> {
  const rows = await db.query<{ niche: string; count: number }>(
    `SELECT c.niche, count(*)::int AS count FROM store_campaigns sc JOIN campaigns c ON c.id = sc.campaign_id
      WHERE ${LISTED_SQL} AND c.niche IS NOT NULL
      GROUP BY c.niche ORDER BY c.niche`,
    [store.id, store.seller_id],
  );
  return rows.map((r) => ({ niche: r.niche, count: Number(r.count) }));
}

/** A published post as the store's blog shows it. */
export interface StorePost {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  content_html: string;
  cover_image_url: string | null;
  published_at: Date;
  updated_at: Date;
  category: { name: string; slug: string } | null;
}

type PostRow = Omit<StorePost, 'category'> & {
  category_name: string | null;
  category_slug: string | null;
};

const POST_SELECT = `SELECT p.id, p.title, p.slug, p.excerpt, p.content_html, p.cover_image_url,
       p.published_at, p.updated_at, bc.name AS category_name, bc.slug AS category_slug
  FROM blog_posts p
  LEFT JOIN blog_categories bc ON bc.id = p.category_id AND bc.seller_id = p.seller_id`;

/** Published: a post with status published and a publication time (drafts are never shown). */
const PUBLISHED = `p.store_id = $1 AND p.seller_id = $2 AND p.status = 'published' AND p.published_at IS NOT NULL`;

const storePost = ({ category_name, category_slug, ...row }: PostRow): StorePost => ({
  ...row,
  id: Number(row.id),
  category: category_name && category_slug ? { name: category_name, slug: category_slug } : null,
});

/** A page of the store's published posts, newest first, optionally of one category. */
export async function storeBlogPosts(
  db: Queryable,
  store: PublicStore,
  query: { categoryId?: number | undefined; limit: number; offset: number },
): Promise<{ rows: StorePost[]; total: number }> {
  const params: unknown[] = [store.id, store.seller_id];
  let where = '';
  if (query.categoryId !== undefined) {
    params.push(query.categoryId);
    where = ` AND p.category_id = $${params.length}`;
  }
  params.push(query.limit, query.offset);
  const rows = await db.query<PostRow & { total: number }>(
    `${POST_SELECT.replace('SELECT ', 'SELECT count(*) OVER () AS total, ')}
      WHERE ${PUBLISHED}${where}
      ORDER BY p.published_at DESC, p.id DESC
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return {
    rows: rows.map(({ total: _t, ...row }) => storePost(row)),
    total: Number(rows[0]?.total ?? 0),
  };
}

export async function storeBlogPostBySlug(
  db: Queryable,
  store: PublicStore,
  slug: string,
): Promise<StorePost | undefined> {
  const rows = await db.query<PostRow>(`${POST_SELECT} WHERE ${PUBLISHED} AND p.slug = $3`, [
    store.id,
    store.seller_id,
    slug,
  ]);
  return rows[0] ? storePost(rows[0]) : undefined;
}

/** The store's blog categories that have published posts, by name. */
export async function storeBlogCategories(
  db: Queryable,
  store: PublicStore,
): Promise<{ id: number; name: string; slug: string; count: number }[]> {
  const rows = await db.query<{ id: number; name: string; slug: string; count: number }>(
    `SELECT bc.id, bc.name, bc.slug, count(*)::int AS count
       FROM blog_categories bc JOIN blog_posts p ON p.category_id = bc.id
      WHERE bc.store_id = $1 AND bc.seller_id = $2 AND ${PUBLISHED}
      GROUP BY bc.id, bc.name, bc.slug ORDER BY lower(bc.name), bc.id`,
    [store.id, store.seller_id],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), count: Number(r.count) }));
}

/** The number of the store's published posts, for the sitemap index. */
export async function storeBlogPostCount(db: Queryable, store: PublicStore): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM blog_posts p WHERE ${PUBLISHED}`,
    [store.id, store.seller_id],
  );
  return Number(row?.n ?? 0);
}

/** One page of the store's published post addresses for a sitemap, in id order. */
export async function storeBlogPostUrls(
  db: Queryable,
  store: PublicStore,
  limit: number,
  offset: number,
): Promise<{ slug: string; updated_at: Date }[]> {
  return db.query(
    `SELECT p.slug, p.updated_at FROM blog_posts p WHERE ${PUBLISHED}
      ORDER BY p.id LIMIT $3 OFFSET $4`,
    [store.id, store.seller_id, limit, offset],
  );
}

/** The sizes with their own price among `productIds` (minor units), keyed `{product_id}:{size}`. */
export async function sizePrices(
  db: Queryable,
  productIds: readonly number[],
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.query<{ product_id: number; variant: string; price: number }>(
    'SELECT product_id, variant, price FROM product_variant_prices WHERE product_id = ANY($1::bigint[])',
    [[...new Set(productIds)]],
  );
  return new Map(rows.map((r) => [`${Number(r.product_id)}:${r.variant}`, Number(r.price)]));
}
