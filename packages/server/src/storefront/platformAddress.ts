import { storeBaseUrl, storeSubdomainUrl } from '@printloom/core';
import type { AuthContext } from '../http/authContext.js';

/**
 * A store's platform address for the seller, `https://{slug}.{preview or marketplace domain}`
 * (spec §6: the preview domain for custom-payment or unvetted sellers).
 */
export function platformStoreUrl(
  auth: Pick<AuthContext, 'seller'>,
  slug: string,
  domains: { previewDomain: string; marketplaceDomain: string },
): string {
  return storeSubdomainUrl(
    slug,
    storeBaseUrl(
      {
        status: auth.seller.status,
        custom_payment: auth.seller.custom_payment,
        roles: auth.seller.roles,
      },
      null,
      { preview_domain: domains.previewDomain, market_place_domain: domains.marketplaceDomain },
    ),
  );
}
