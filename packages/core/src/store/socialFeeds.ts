import { z } from 'zod';
import { stripControlChars } from '../text/controlChars.js';

/**
 * Social feeds (issue 12; spec §2 /social-feed): a product catalogue of a store for Google
 * Merchant (RSS 2.0 with the `g:` namespace) or Facebook/TikTok catalogs (CSV), served at a
 * public address carrying an unguessable token. Every sellable variant (colour × size) of every
 * product of the chosen campaigns is one item, grouped by `item_group_id`.
 */

export const FEED_FORMATS = ['google_xml', 'facebook_csv'] as const;
export const FeedFormat = z.enum(FEED_FORMATS);
export type FeedFormat = z.infer<typeof FeedFormat>;
export const FEED_SCOPES = ['all', 'collection', 'campaigns'] as const;
export const FeedScope = z.enum(FEED_SCOPES);
export type FeedScope = z.infer<typeof FeedScope>;

export const FEED_EXTENSION: Record<FeedFormat, 'xml' | 'csv'> = {
  google_xml: 'xml',
  facebook_csv: 'csv',
};

export const FEED_MESSAGES = {
  name: 'Give the feed a name (at most 120 characters).',
  collection: 'Choose the collection the feed lists.',
  campaigns: 'Choose at least one campaign.',
  foreignCampaign: 'Some of these campaigns are not yours.',
  foreignCollection: 'This collection is not yours.',
  created: 'Feed created.',
  saved: 'Feed saved.',
  deleted: 'Feed deleted.',
} as const;

export const SocialFeedBody = z
  .object({
    name: z
      .string({ error: FEED_MESSAGES.name })
      .trim()
      .min(1, FEED_MESSAGES.name)
      .max(120, FEED_MESSAGES.name),
    store_id: z.number().int().positive(),
    format: FeedFormat,
    scope: FeedScope,
    collection_id: z.number().int().positive().nullable().optional(),
    campaign_ids: z
      .array(z.number().int().positive())
      .max(5000)
      .optional()
      .overwrite((ids) => (ids ? [...new Set(ids)] : ids)),
    /** Only variants of these colours (names as the catalogue writes them); empty: every colour. */
    colors: z
      .array(z.string().trim().min(1).max(60))
      .max(100)
      .optional()
      .overwrite((names) => (names ? [...new Set(names)] : names)),
    /** Google's product category (id or path), written on every item. */
    google_product_category: z
      .string()
      .trim()
      .max(250)
      .nullable()
      .optional()
      .overwrite((v) => (v === '' ? null : v)),
  })
  .superRefine((body, ctx) => {
    if (body.scope === 'collection' && !body.collection_id) {
      ctx.addIssue({ code: 'custom', path: ['collection_id'], message: FEED_MESSAGES.collection });
    }
    if (body.scope === 'campaigns' && !body.campaign_ids?.length) {
      ctx.addIssue({ code: 'custom', path: ['campaign_ids'], message: FEED_MESSAGES.campaigns });
    }
  });
export type SocialFeedBody = z.input<typeof SocialFeedBody>;

export const SocialFeed = z.object({
  id: z.number().int(),
  name: z.string(),
  store_id: z.number().int(),
  store_name: z.string(),
  format: FeedFormat,
  scope: FeedScope,
  collection_id: z.number().int().nullable(),
  campaign_ids: z.array(z.number().int()),
  colors: z.array(z.string()),
  google_product_category: z.string().nullable(),
  /** The public address of the feed (absolute when the server knows its own address). */
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SocialFeed = z.infer<typeof SocialFeed>;

/** One item of a feed: one variant of one product of a campaign. */
export interface FeedItem {
  id: string;
  item_group_id: string;
  title: string;
  description: string;
  link: string;
  image_link: string;
  /** Price in major units of `currency`. */
  price: number;
  currency: string;
  availability: 'in stock' | 'out of stock';
  brand: string;
  google_product_category: string | null;
  color: string;
  size: string;
}

const xml = (value: string) =>
  stripControlChars(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** A price as the feeds want it: "12.99 USD". */
export const feedPrice = (item: Pick<FeedItem, 'price' | 'currency'>): string =>
  `${item.price.toFixed(2)} ${item.currency}`;

/** The Google Merchant feed: RSS 2.0 with the `g:` namespace (one `<item>` per variant). */
export function googleMerchantXml(
  channel: { title: string; link: string; description: string },
  items: readonly FeedItem[],
): string {
  const tag = (name: string, value: string | null) =>
    value === null || value === '' ? '' : `<${name}>${xml(value)}</${name}>`;
  const body = items
    .map(
      (item) =>
        `<item>${[
          tag('g:id', item.id),
          tag('g:item_group_id', item.item_group_id),
          tag('g:title', item.title),
          tag('g:description', item.description),
          tag('g:link', item.link),
          tag('g:image_link', item.image_link),
          tag('g:price', feedPrice(item)),
          tag('g:availability', item.availability),
          tag('g:brand', item.brand),
          tag('g:google_product_category', item.google_product_category),
          tag('g:condition', 'new'),
          tag('g:color', item.color),
          tag('g:size', item.size),
        ].join('')}</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>${tag('title', channel.title)}${tag('link', channel.link)}${tag('description', channel.description)}
${body}
</channel></rss>
`;
}

export const FACEBOOK_CSV_COLUMNS = [
  'id',
  'item_group_id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'google_product_category',
  'color',
  'size',
] as const;

/** A CSV field (RFC 4180); a leading = + - @ is prefixed with ' so spreadsheets do not run it. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The Facebook catalog feed (also read by TikTok): CSV with a header row, CRLF line ends. */
export function facebookCatalogCsv(items: readonly FeedItem[]): string {
  const rows = items.map((item) => {
    const values: Record<(typeof FACEBOOK_CSV_COLUMNS)[number], string> = {
      id: item.id,
      item_group_id: item.item_group_id,
      title: item.title,
      description: item.description,
      availability: item.availability,
      condition: 'new',
      price: feedPrice(item),
      link: item.link,
      image_link: item.image_link,
      brand: item.brand,
      google_product_category: item.google_product_category ?? '',
      color: item.color,
      size: item.size,
    };
    return FACEBOOK_CSV_COLUMNS.map((column) => csvField(values[column])).join(',');
  });
  return `${[FACEBOOK_CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
