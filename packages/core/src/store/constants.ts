/** Hosts starting with this get fulfillment branding (spec §6). */
export const FULFILLMENT_HOST_PREFIX = 'fulfill';
/** Countries whose state or province list the dashboard holds (spec §3 Store-level state). */
export const STATE_LIST_COUNTRIES = ['US', 'AU', 'NZ', 'IT', 'CA', 'BR'] as const;
/** Site settings keys the dashboard reads (spec §3 Site config). */
export const SITE_SETTING_KEYS = [
  'processing_fee',
  'processing_fee_min',
  'compare_price_rate',
] as const;
/** Scheme put before a domain written without one. */
export const DEFAULT_URL_SCHEME = 'https://';
