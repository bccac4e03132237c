/**
 * Stores (`/seller/stores`, issue 12): a seller's storefronts. A store's slug is unique across
 * the platform and gives its address, `https://{slug}.{domain}` where the domain is the preview
 * or marketplace domain of spec §6 (`storeBaseUrl`); the address is stored in `base_url`, which
 * every product link is built on. A custom domain set there later is kept when the slug changes.
 * DELETE archives. Every query is scoped to the seller (another seller's store is 404) and to
 * the session's stores (spec §6, 403).
 */
import {
  API,
  pageInfo,
  SITEMAP_MAX_URLS,
  STORE_MESSAGES,
  type StoreDetail,
  type StoreMenus,
  type StoreView,
  slugify,
  storeSlugProblem,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/Db.js';
import type { AuthContext } from '../http/authContext.js';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { canUseStore, ownStore, STORE_SCOPE_MESSAGE } from '../http/storeScope.js';
import { sellerPublicStore } from '../sql/storefront.js';
import {
  archiveStore,
  campaignStoreIds,
  getSellerStoreFull,
  insertStore,
  listSellerStores,
  type StoreFields,
  type StoreFullRow,
  sellerCampaignIds,
  setCampaignStores,
  setStoreCampaigns,
  storeCampaignIds,
  storeSlugTaken,
  updateStore,
} from '../sql/stores.js';
import { platformStoreUrl } from '../storefront/platformAddress.js';
import { sitemapFiles, sitemapUrls, storeOrigin } from '../storefront/sitemap.js';

const EMPTY_MENUS: StoreMenus = { header: [], footer: [], side_column: [] };

function menusOf(value: unknown): StoreMenus {
  if (!value || typeof value !== 'object') return EMPTY_MENUS;
  const menus = value as Partial<StoreMenus>;
  return {
    header: menus.header ?? [],
    footer: menus.footer ?? [],
    side_column: menus.side_column ?? [],
  };
}

export async function registerStoreRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const siteConfig = {
    preview_domain: app.config.previewDomain,
    market_place_domain: app.config.marketplaceDomain,
  };

  /** `https://{slug}.{preview or marketplace domain}` for the seller (spec §6). */
  const subdomainUrl = (auth: AuthContext, slug: string) =>
    platformStoreUrl(auth, slug, app.config);

  /** Whether a stored base_url is the platform subdomain of that slug (not a custom domain). */
  const isPlatformAddress = (baseUrl: string | null, slug: string) =>
    baseUrl === null ||
    [siteConfig.preview_domain, siteConfig.market_place_domain].some(
      (domain) => baseUrl.replace(/^https?:\/\//i, '').replace(/\/+$/, '') === `${slug}.${domain}`,
    );

  const view = (auth: AuthContext, row: StoreFullRow): StoreView => ({
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    base_url: row.base_url ?? subdomainUrl(auth, row.slug),
    title: row.title,
    logo_bright: row.logo_bright,
    logo_dark: row.logo_dark,
    logo_alt: row.logo_alt,
    favicon: row.favicon,
    primary_color: row.primary_color,
    secondary_color: row.secondary_color,
    background_color: row.background_color,
    contact_email: row.contact_email,
    social_links: row.social_links ?? {},
    currency: row.currency,
    locale: row.locale,
    menus: menusOf(row.menus),
    campaign_count: Number(row.campaign_count),
    archived_at: row.archived_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  });

  const detail = async (auth: AuthContext, id: number, q: Queryable = db): Promise<StoreDetail> => {
    const row = await getSellerStoreFull(q, auth.sellerId, id);
    if (!row) throw notFound();
    return { ...view(auth, row), campaign_ids: await storeCampaignIds(q, id) };
  };

  /** A free slug from the store name: the name's slug, then with -2, -3, … */
  const freeSlugFrom = async (name: string): Promise<string> => {
    let base = slugify(name, 34);
    if (base.length < 3) base = `${base || 'store'}-shop`.replace(/^-/, '');
    if (storeSlugProblem(base) !== null) base = `${base}-shop`;
    for (let n = 1; n < 1000; n += 1) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (storeSlugProblem(candidate) === null && !(await storeSlugTaken(db, candidate, null))) {
        return candidate;
      }
    }
    throw conflict(STORE_MESSAGES.slugTaken);
  };

  const slugConflict = () => conflict(STORE_MESSAGES.slugTaken);
  const isUniqueViolation = (error: unknown) =>
    typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

  /** A store in use of the seller for its sitemap pages (an archived store publishes none). */
  const sitemapStore = async (auth: AuthContext, id: number) => {
    await ownStore(db, auth, id);
    const store = await sellerPublicStore(db, auth.sellerId, id);
    if (!store) throw notFound('This store is archived: it publishes no sitemap');
    return { store, origin: storeOrigin(store, app.config.previewDomain) };
  };

  registerGroup(app, API.stores, {
    list: async ({ auth, query }) => {
      const rows = await listSellerStores(db, auth.sellerId, query.archived === '1');
      return {
        data: rows.filter((row) => canUseStore(auth, Number(row.id))).map((row) => view(auth, row)),
      };
    },
    create: async ({ auth, body }) => {
      // A session limited to some stores (spec §6) cannot add stores outside its list.
      if (auth.storeIds !== null) throw forbidden(STORE_SCOPE_MESSAGE);
      const slug = body.slug ?? (await freeSlugFrom(body.name));
      if (body.slug && (await storeSlugTaken(db, slug, null))) throw slugConflict();
      const fields: StoreFields & { name: string; slug: string } = {
        ...body,
        slug,
        base_url: subdomainUrl(auth, slug),
      };
      try {
        const id = await insertStore(db, auth.sellerId, fields);
        return { data: await detail(auth, id), message: STORE_MESSAGES.created };
      } catch (error) {
        if (isUniqueViolation(error)) throw slugConflict();
        throw error;
      }
    },
    get: async ({ auth, params }) => {
      await ownStore(db, auth, params.id);
      return { data: await detail(auth, params.id) };
    },
    update: async ({ auth, params, body }) => {
      await ownStore(db, auth, params.id);
      const current = await getSellerStoreFull(db, auth.sellerId, params.id);
      if (!current) throw notFound();
      const fields: StoreFields = { ...body };
      if (body.slug !== undefined && body.slug !== current.slug) {
        if (await storeSlugTaken(db, body.slug, params.id)) throw slugConflict();
        if (isPlatformAddress(current.base_url, current.slug)) {
          fields.base_url = subdomainUrl(auth, body.slug);
        }
      }
      try {
        await updateStore(db, auth.sellerId, params.id, fields);
      } catch (error) {
        if (isUniqueViolation(error)) throw slugConflict();
        throw error;
      }
      // A custom domain serves the store by its slug.
      await app.customDomains.reload(db);
      return { data: await detail(auth, params.id), message: STORE_MESSAGES.updated };
    },
    archive: async ({ auth, params }) => {
      await ownStore(db, auth, params.id);
      if (!(await archiveStore(db, auth.sellerId, params.id))) throw notFound();
      await app.customDomains.reload(db);
      return { data: null, message: STORE_MESSAGES.archived };
    },
    setCampaigns: async ({ auth, params, body }) => {
      await ownStore(db, auth, params.id);
      const own = await sellerCampaignIds(db, auth.sellerId, body.campaign_ids);
      if (own.length !== body.campaign_ids.length) {
        throw unprocessable(STORE_MESSAGES.foreignCampaign, {
          campaign_ids: [STORE_MESSAGES.foreignCampaign],
        });
      }
      const data = await db.transaction(async (tx) => {
        await setStoreCampaigns(tx, auth.sellerId, params.id, own);
        return detail(auth, params.id, tx);
      });
      return { data, message: STORE_MESSAGES.campaignsSaved };
    },
    sitemap: async ({ auth, params }) => {
      const { store, origin } = await sitemapStore(auth, params.id);
      return {
        data: {
          store_id: store.id,
          store_name: store.name,
          url: `${origin}/sitemap.xml`,
          max_urls_per_file: SITEMAP_MAX_URLS,
          files: await sitemapFiles(db, store, origin),
        },
      };
    },
    sitemapUrls: async ({ auth, params, query }) => {
      const { store, origin } = await sitemapStore(auth, params.id);
      const found = await sitemapUrls(db, store, origin, params.sitemapId, {
        offset: (query.page - 1) * query.per_page,
        limit: query.per_page,
      });
      if (!found) throw notFound('This store publishes no such sitemap');
      return {
        data: {
          sitemap_id: params.sitemapId,
          url: `${origin}/sitemaps/${params.sitemapId}.xml`,
          data: found.urls.map((u) => ({ loc: u.loc, lastmod: u.lastmod?.toISOString() ?? null })),
          ...pageInfo(found.total, query.page, query.per_page),
        },
      };
    },
    campaignStores: async ({ auth, params }) => {
      if ((await sellerCampaignIds(db, auth.sellerId, [params.id])).length === 0) throw notFound();
      const ids = await campaignStoreIds(db, auth.sellerId, params.id);
      return { data: { store_ids: ids.filter((id) => canUseStore(auth, id)) } };
    },
    setCampaignStores: async ({ auth, params, body }) => {
      if ((await sellerCampaignIds(db, auth.sellerId, [params.id])).length === 0) throw notFound();
      for (const id of body.store_ids) await ownStore(db, auth, id);
      await db.transaction((tx) =>
        setCampaignStores(tx, auth.sellerId, params.id, body.store_ids, auth.storeIds),
      );
      const ids = await campaignStoreIds(db, auth.sellerId, params.id);
      return {
        data: { store_ids: ids.filter((id) => canUseStore(auth, id)) },
        message: STORE_MESSAGES.campaignsSaved,
      };
    },
  });
}
