import { z } from 'zod';

/**
 * Connected shops (issue 16, pages `/woocommerce/connect` and `/tts/callback`): a seller's
 * WooCommerce shop or TikTok Shop whose orders are imported as fulfillment orders, on a schedule
 * and on demand. Credentials go in and never come back: answers carry a masked copy.
 */
export const SHOP_KINDS = ['woocommerce', 'tiktok'] as const;
export const ShopKind = z.enum(SHOP_KINDS);
export type ShopKind = z.infer<typeof ShopKind>;

export const SHOP_KIND_LABELS: Record<ShopKind, string> = {
  woocommerce: 'WooCommerce',
  tiktok: 'TikTok Shop',
};

/** Most runs one connection's import log keeps. */
export const SHOP_IMPORT_LOG_SIZE = 20;

export const ShopConnection = z.object({
  id: z.number().int(),
  kind: ShopKind,
  name: z.string(),
  /** The shop's address (WooCommerce) or region (TikTok Shop). */
  shop_url: z.string().nullable(),
  /** Masked: the key's last characters only. */
  credentials: z.record(z.string(), z.string()),
  last_import_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type ShopConnection = z.infer<typeof ShopConnection>;

const Key = (name: string) =>
  z
    .string()
    .trim()
    .min(1, `${name} is required`)
    .max(200, `${name} is too long`)
    .regex(/^\S+$/, `${name} has no spaces`);

/** `POST /seller/shop-connections/woocommerce`: the shop's address and REST API key. */
export const WooConnectBody = z.object({
  shop_url: z
    .string()
    .trim()
    .min(1, 'Shop address is required')
    .max(300)
    .pipe(z.url({ protocol: /^https?$/, error: 'Shop address must be a web address' })),
  consumer_key: Key('Consumer key').regex(/^ck_/, 'Consumer key starts with ck_'),
  consumer_secret: Key('Consumer secret').regex(/^cs_/, 'Consumer secret starts with cs_'),
});
export type WooConnectBody = z.infer<typeof WooConnectBody>;

/** `POST /seller/shop-connections/tiktok/authorize`: the seller's TikTok Shop app. */
export const TtsAuthorizeBody = z.object({
  app_key: Key('App key'),
  app_secret: Key('App secret'),
});
export type TtsAuthorizeBody = z.infer<typeof TtsAuthorizeBody>;

export const TtsAuthorizeAnswer = z.object({
  /** The TikTok Shop page the seller is sent to; it comes back to `/tts/callback`. */
  authorize_url: z.string(),
});

/** `POST /seller/shop-connections/tiktok/callback`: what TikTok Shop sent back. */
export const TtsCallbackBody = z.object({
  code: z.string().trim().min(1, 'The authorisation code is missing').max(500),
  state: z.string().trim().min(1, 'The state is missing').max(200),
});
export type TtsCallbackBody = z.infer<typeof TtsCallbackBody>;

export const ShopImportSkip = z.object({
  external_order_id: z.string(),
  reason: z.string(),
});
export type ShopImportSkip = z.infer<typeof ShopImportSkip>;

/** One import of a connection: what was created and what was left, with why. */
export const ShopImportRun = z.object({
  id: z.number().int(),
  trigger: z.enum(['manual', 'schedule']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  imported: z.number().int().nonnegative(),
  skipped: z.array(ShopImportSkip),
  /** The shop could not be read (the run imported nothing). */
  error: z.string().nullable(),
});
export type ShopImportRun = z.infer<typeof ShopImportRun>;

export const SHOP_MESSAGES = {
  alreadyConnected: 'This shop is already connected',
  unreadable: 'The stored credentials cannot be read; connect the shop again',
  privateAddress: 'The shop address is on a private or local network',
  httpsRequired: 'The shop address must start with https://',
  refused: (status: number, detail: string) =>
    `The shop refused the key (${status}${detail ? `: ${detail}` : ''})`,
  unreachable: 'The shop did not answer; check its address',
  notWooCommerce: 'The address does not answer as a WooCommerce REST API (/wp-json/wc/v3)',
  alreadyImported: 'Already imported',
  noLines: 'The order has no lines',
  stateInvalid: 'This authorisation link has expired or was not started here; start again',
  imported: (n: number) => (n === 1 ? '1 order imported' : `${n} orders imported`),
} as const;
