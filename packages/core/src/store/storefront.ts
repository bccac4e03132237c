import { z } from 'zod';
import { DEFAULT_CURRENCY_CODE, DEFAULT_CURRENCY_LOCALE } from '../currency/constants.js';

/**
 * A seller's store (issue 12): its name, platform-wide slug (the store answers on
 * `{slug}.{preview or marketplace domain}` and `/s/{slug}/`), branding, menus and the campaigns
 * it lists. `DELETE` archives a store; an archived store is no longer listed or served.
 */

export const STORE_SLUG_MIN = 3;
export const STORE_SLUG_MAX = 40;
export const STORE_NAME_MAX = 120;
/** Menu items per position: a menu longer than this no longer fits a storefront header. */
export const STORE_MENU_ITEMS_MAX = 30;

/**
 * Slugs a store may not take: they name the platform's own hosts or paths, or would read as
 * the platform speaking (`{slug}.printloom.test`).
 */
export const RESERVED_STORE_SLUGS = [
  'admin',
  'api',
  'app',
  'assets',
  'billing',
  'blog',
  'cdn',
  'dashboard',
  'demo-admin',
  'docs',
  'files',
  'fulfill',
  'fulfillment',
  'help',
  'login',
  'mail',
  'marketplace',
  'preview',
  'printloom',
  'public',
  'seller',
  'shop',
  'static',
  'status',
  'store',
  'stores',
  'support',
  'www',
] as const;

export const STORE_MESSAGES = {
  nameRequired: 'The store name is required.',
  slugFormat: `The slug uses lowercase letters, digits and hyphens, ${STORE_SLUG_MIN} to ${STORE_SLUG_MAX} characters, and does not start or end with a hyphen.`,
  slugReserved: 'This slug is reserved. Please choose another.',
  slugTaken: 'This slug is already taken by another store.',
  colorFormat: 'Colours are written as #rrggbb.',
  created: 'Store created.',
  updated: 'Store saved.',
  archived: 'Store archived.',
  campaignsSaved: 'Store campaigns saved.',
  foreignCampaign: 'Some of these campaigns are not yours.',
} as const;

const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Whether a slug may name a store (format and reserved words; not whether it is free). */
export function storeSlugProblem(slug: string): string | null {
  if (slug.length < STORE_SLUG_MIN || slug.length > STORE_SLUG_MAX || !SLUG_PATTERN.test(slug)) {
    return STORE_MESSAGES.slugFormat;
  }
  if ((RESERVED_STORE_SLUGS as readonly string[]).includes(slug))
    return STORE_MESSAGES.slugReserved;
  return null;
}

/**
 * The address a store is served on (issue 12, spec §6): `https://{slug}.{domain}`, the domain
 * being the preview or marketplace domain `storeBaseUrl` picks for the seller.
 */
export function storeSubdomainUrl(slug: string, domainBaseUrl: string): string {
  const match = /^(https?:\/\/)(.+)$/i.exec(domainBaseUrl);
  const scheme = match?.[1] ?? 'https://';
  const host = match?.[2] ?? domainBaseUrl;
  return `${scheme}${slug}.${host}`;
}

export const StoreSlug = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((slug, ctx) => {
    const problem = storeSlugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const HexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, STORE_MESSAGES.colorFormat)
  .overwrite((hex) => hex.toLowerCase());

/** An optional text field: empty text is stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .overwrite((value) => (value === '' ? null : value));

const optionalUrl = optionalText(2000).refine(
  (value) =>
    value === null ||
    value === undefined ||
    /^https?:\/\/\S+$/i.test(value) ||
    /^\/(?!\/)\S*$/.test(value) ||
    /^images\//.test(value),
  { error: 'Links start with https://, http:// or /.' },
);

export const STORE_MENU_POSITIONS = ['header', 'footer', 'side_column'] as const;
export type StoreMenuPosition = (typeof STORE_MENU_POSITIONS)[number];
export const STORE_MENU_KINDS = ['page', 'collection', 'url'] as const;

export const StoreMenuItem = z
  .object({
    label: z.string().trim().min(1, 'Each menu item needs a label.').max(80),
    kind: z.enum(STORE_MENU_KINDS),
    target_id: z.number().int().positive().nullable().default(null),
    url: z.string().trim().max(2000).nullable().default(null),
  })
  .refine((item) => (item.kind === 'url' ? !!item.url : item.target_id !== null), {
    error: 'A page or collection item names its target; a link item its address.',
  });
export type StoreMenuItem = z.infer<typeof StoreMenuItem>;

const menuList = z.array(StoreMenuItem).max(STORE_MENU_ITEMS_MAX).default([]);
export const StoreMenus = z.object({
  header: menuList,
  footer: menuList,
  side_column: menuList,
});
export type StoreMenus = z.infer<typeof StoreMenus>;

export const STORE_SOCIAL_NETWORKS = [
  'facebook',
  'instagram',
  'x',
  'pinterest',
  'tiktok',
  'youtube',
] as const;
export const StoreSocialLinks = z.partialRecord(z.enum(STORE_SOCIAL_NETWORKS), z.string());
export type StoreSocialLinks = z.infer<typeof StoreSocialLinks>;

const socialLinksInput = z
  .partialRecord(
    z.enum(STORE_SOCIAL_NETWORKS),
    z
      .string()
      .trim()
      .max(2000)
      .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), {
        error: 'Social links start with https://.',
      }),
  )
  .overwrite((links) =>
    Object.fromEntries(Object.entries(links).filter(([, value]) => value !== '')),
  );

/** What a seller writes about a store (POST creates with it; PUT replaces the fields given). */
export const StoreBody = z.object({
  name: z
    .string({ error: STORE_MESSAGES.nameRequired })
    .trim()
    .min(1, STORE_MESSAGES.nameRequired)
    .max(STORE_NAME_MAX),
  slug: StoreSlug.optional(),
  title: optionalText(200),
  logo_bright: optionalUrl,
  logo_dark: optionalUrl,
  logo_alt: optionalText(200),
  favicon: optionalUrl,
  primary_color: HexColor.nullable().optional(),
  secondary_color: HexColor.nullable().optional(),
  background_color: HexColor.nullable().optional(),
  contact_email: optionalText(254).refine(
    (value) => value === null || value === undefined || z.email().safeParse(value).success,
    { error: 'Enter a valid contact email.' },
  ),
  social_links: socialLinksInput.optional(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'Currency is a three-letter code such as USD.')
    .optional(),
  locale: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Locale is written like en-US.')
    .optional(),
  menus: StoreMenus.optional(),
});
export type StoreBody = z.input<typeof StoreBody>;
export type StoreBodyParsed = z.output<typeof StoreBody>;

export const StoreUpdateBody = StoreBody.partial();
export type StoreUpdateBody = z.input<typeof StoreUpdateBody>;

/** A store as the seller's API answers it. */
export const StoreView = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  base_url: z.string(),
  title: z.string().nullable(),
  logo_bright: z.string().nullable(),
  logo_dark: z.string().nullable(),
  logo_alt: z.string().nullable(),
  favicon: z.string().nullable(),
  primary_color: z.string().nullable(),
  secondary_color: z.string().nullable(),
  background_color: z.string().nullable(),
  contact_email: z.string().nullable(),
  social_links: StoreSocialLinks,
  currency: z.string(),
  locale: z.string(),
  menus: StoreMenus,
  /** How many campaigns the store lists. */
  campaign_count: z.number().int(),
  archived_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StoreView = z.infer<typeof StoreView>;

export const StoreListQuery = z.object({
  archived: z
    .enum(['0', '1'])
    .optional()
    .describe('1: archived stores only; otherwise the stores in use'),
});

export const StoreCampaignsBody = z.object({
  campaign_ids: z
    .array(z.number().int().positive())
    .max(5000)
    .overwrite((ids) => [...new Set(ids)]),
});

/** One store with the ids of the campaigns it lists. */
export const StoreDetail = StoreView.extend({ campaign_ids: z.array(z.number().int()) });
export type StoreDetail = z.infer<typeof StoreDetail>;

/** The stores one campaign is listed in (the campaign editor's store checkboxes). */
export const CampaignStoresBody = z.object({
  store_ids: z
    .array(z.number().int().positive())
    .max(500)
    .overwrite((ids) => [...new Set(ids)]),
});
export const CampaignStores = z.object({ store_ids: z.array(z.number().int()) });

export const DEFAULT_STORE_CURRENCY = DEFAULT_CURRENCY_CODE;
export const DEFAULT_STORE_LOCALE = DEFAULT_CURRENCY_LOCALE;
