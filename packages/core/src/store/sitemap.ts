import { z } from 'zod';
import { MAX_ID } from '../api/catalogSchemas.js';
import { PageParam, PerPageParam, paginated } from '../api/pagination.js';

/** URLs per sitemap file (the sitemaps.org protocol allows 50,000). */
export const SITEMAP_MAX_URLS = 50_000;

/** The kinds of sitemap file a store publishes. */
export const SITEMAP_KINDS = ['products', 'collections', 'pages', 'posts'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** A sitemap file's id: its kind and 1-based number, as in `/sitemaps/products-2.xml`. */
export const SITEMAP_ID_PATTERN = /^(products|collections|pages|posts)-([1-9]\d{0,5})$/;

/** Parses a sitemap id (`products-2`) into its kind and number; null when it is not one. */
export function parseSitemapId(id: string): { kind: SitemapKind; n: number } | null {
  const match = SITEMAP_ID_PATTERN.exec(id);
  if (!match) return null;
  return { kind: match[1] as SitemapKind, n: Number(match[2]) };
}

/** One file of a store's sitemap index. */
export const SitemapFile = z.object({
  id: z.string(),
  kind: z.enum(SITEMAP_KINDS),
  /** The file's public address (`{origin}/sitemaps/{id}.xml`). */
  url: z.string(),
  url_count: z.number().int().nonnegative(),
});
export type SitemapFile = z.infer<typeof SitemapFile>;

/** A store's sitemap index as the seller sees it: what `/sitemap.xml` lists. */
export const SitemapIndex = z.object({
  store_id: z.number().int().positive(),
  store_name: z.string(),
  /** The index's public address (`{origin}/sitemap.xml`). */
  url: z.string(),
  max_urls_per_file: z.number().int().positive(),
  files: z.array(SitemapFile),
});
export type SitemapIndex = z.infer<typeof SitemapIndex>;

export const SitemapUrlsParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  sitemapId: z
    .string()
    .regex(SITEMAP_ID_PATTERN, 'A sitemap id is products-N, collections-N, pages-N or posts-N'),
});
export type SitemapUrlsParams = z.infer<typeof SitemapUrlsParams>;

export const SitemapUrlsQuery = z.object({
  page: PageParam.default(1),
  per_page: PerPageParam.default(100),
});
export type SitemapUrlsQuery = z.infer<typeof SitemapUrlsQuery>;

/** One address of a sitemap file, with when its page last changed when known. */
export const SitemapUrl = z.object({
  loc: z.string(),
  lastmod: z.string().nullable(),
});
export type SitemapUrl = z.infer<typeof SitemapUrl>;

export const SitemapUrlsPage = paginated(SitemapUrl).extend({
  sitemap_id: z.string(),
  url: z.string(),
});
export type SitemapUrlsPage = z.infer<typeof SitemapUrlsPage>;
