import {
  campaignUrlName,
  parseSitemapId,
  SITEMAP_MAX_URLS,
  type SitemapKind,
  storeSubdomainUrl,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import {
  type PublicStore,
  storeBlogPostCount,
  storeBlogPostUrls,
  storeCampaignCount,
  storeCampaignUrls,
  storeCollections,
  storePageLinks,
} from '../sql/storefront.js';
import { esc } from './html.js';

/**
 * A store's sitemap (sitemaps.org protocol): an index of files of at most 50,000 URLs each,
 * `products-N` (the listed campaigns, in id order), `collections-1`, `pages-1` (the home page
 * and the published CMS pages) and `posts-N` (the published blog posts, in id order). The buyer's `/sitemap.xml` and the seller's Sitemap pages are
 * both read from here, so they list the same files and the same URLs.
 */

export interface SitemapUrl {
  loc: string;
  lastmod: Date | null;
}

export interface SitemapFileInfo {
  id: string;
  kind: SitemapKind;
  url: string;
  url_count: number;
}

/** The address a store is served on, without a trailing slash. */
export function storeOrigin(store: PublicStore, previewDomain: string): string {
  return (store.base_url?.trim() || storeSubdomainUrl(store.slug, previewDomain)).replace(
    /\/+$/,
    '',
  );
}

/** The files of a store's sitemap index, each with its URL count. */
export async function sitemapFiles(
  db: Queryable,
  store: PublicStore,
  origin: string,
  perFile = SITEMAP_MAX_URLS,
): Promise<SitemapFileInfo[]> {
  const [products, collections, pages, posts] = await Promise.all([
    storeCampaignCount(db, store),
    storeCollections(db, store, false),
    storePageLinks(db, store),
    storeBlogPostCount(db, store),
  ]);
  const files = Math.max(1, Math.ceil(products / perFile));
  const postFiles = Math.max(1, Math.ceil(posts / perFile));
  const file = (kind: SitemapKind, n: number, count: number): SitemapFileInfo => ({
    id: `${kind}-${n}`,
    kind,
    url: `${origin}/sitemaps/${kind}-${n}.xml`,
    url_count: count,
  });
  return [
    ...Array.from({ length: files }, (_, i) =>
      file('products', i + 1, Math.max(0, Math.min(perFile, products - i * perFile))),
    ),
    file('collections', 1, collections.length),
    // The home page leads the pages file.
    file('pages', 1, pages.length + 1),
    ...Array.from({ length: postFiles }, (_, i) =>
      file('posts', i + 1, Math.max(0, Math.min(perFile, posts - i * perFile))),
    ),
  ];
}

/**
 * A slice of one sitemap file's URLs (`offset`/`limit` within the file) and the file's URL
 * count; null when the store publishes no such file.
 */
export async function sitemapUrls(
  db: Queryable,
  store: PublicStore,
  origin: string,
  sitemapId: string,
  slice: { offset: number; limit: number },
  perFile = SITEMAP_MAX_URLS,
): Promise<{ urls: SitemapUrl[]; total: number } | null> {
  const parsed = parseSitemapId(sitemapId);
  if (!parsed) return null;
  const files = await sitemapFiles(db, store, origin, perFile);
  const info = files.find((f) => f.id === sitemapId);
  if (!info) return null;
  const limit = Math.max(0, Math.min(slice.limit, info.url_count - slice.offset));
  if (limit === 0) return { urls: [], total: info.url_count };
  if (parsed.kind === 'products') {
    const rows = await storeCampaignUrls(db, store, limit, (parsed.n - 1) * perFile + slice.offset);
    return {
      urls: rows.map((c) => ({
        loc: `${origin}/products/${campaignUrlName(c)}`,
        lastmod: c.updated_at,
      })),
      total: info.url_count,
    };
  }
  if (parsed.kind === 'posts') {
    const rows = await storeBlogPostUrls(db, store, limit, (parsed.n - 1) * perFile + slice.offset);
    return {
      urls: rows.map((p) => ({
        loc: `${origin}/blog/${encodeURIComponent(p.slug)}`,
        lastmod: p.updated_at,
      })),
      total: info.url_count,
    };
  }
  const all: SitemapUrl[] =
    parsed.kind === 'collections'
      ? (await storeCollections(db, store, false)).map((c) => ({
          loc: `${origin}/collections/${c.slug}`,
          lastmod: null,
        }))
      : [
          { loc: `${origin}/`, lastmod: null },
          ...(await storePageLinks(db, store)).map((p) => ({
            loc: `${origin}/pages/${p.slug}`,
            lastmod: p.updated_at,
          })),
        ];
  return { urls: all.slice(slice.offset, slice.offset + limit), total: info.url_count };
}

export function sitemapIndexXml(files: readonly SitemapFileInfo[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
    .map((f) => `<sitemap><loc>${esc(f.url)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
}

export function urlsetXml(urls: readonly SitemapUrl[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map(
      (u) =>
        `<url><loc>${esc(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</url>`,
    )
    .join('\n')}\n</urlset>\n`;
}
