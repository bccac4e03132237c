import { VERIFIED_STATUS } from '../auth/constants.js';
import { isTrusted } from '../auth/roleOf.js';
import type { UserLike } from '../auth/UserLike.js';
import { DEFAULT_URL_SCHEME, FULFILLMENT_HOST_PREFIX } from './constants.js';

function asUrl(value: string): string {
  const trimmed = value.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(trimmed) ? trimmed : `${DEFAULT_URL_SCHEME}${trimmed}`;
}

/**
 * The address a seller's storefront links use (spec §6): the current store's base_url; without
 * one, the preview domain when the seller has custom payment or is neither verified nor trusted,
 * else the marketplace domain. Domains written without a scheme get https://, and a trailing
 * slash is dropped, so callers append paths with one '/'.
 */
export function storeBaseUrl(
  user: UserLike,
  store: { base_url?: string | null | undefined } | null | undefined,
  siteConfig: { preview_domain: string; market_place_domain: string },
): string {
  const own = store?.base_url?.trim();
  if (own) return asUrl(own);
  const vetted = user.status === VERIFIED_STATUS || isTrusted(user);
  const domain =
    user.custom_payment === true || !vetted
      ? siteConfig.preview_domain
      : siteConfig.market_place_domain;
  if (!domain || domain.trim() === '') {
    throw new TypeError('Site config has no preview or marketplace domain');
  }
  return asUrl(domain);
}

/** Fulfillment branding applies when the host starts with 'fulfill' (spec §6). */
export function isFulfillmentHost(host: string): boolean {
  return host.trim().toLowerCase().startsWith(FULFILLMENT_HOST_PREFIX);
}

/** A product link made absolute with the store host (spec §3 Product link). */
export function absoluteProductUrl(productUrl: string, baseUrl: string): string {
  if (/^https?:\/\//i.test(productUrl)) return productUrl;
  return `${asUrl(baseUrl)}/${productUrl.replace(/^\/+/, '')}`;
}
