import { isFulfillmentHost, type PageContext } from '@printloom/core';

/**
 * What the current host is (spec §6 "domain store"). Fulfillment branding follows the host name
 * ('fulfill…'). The custom-payment seller center is a separate deployment named at build time by
 * VITE_SELLER_CENTER_URL: its host is the custom-payment domain. Without one there is no such
 * domain, and custom-payment sellers are served where they are (nowhere to send them).
 */
export interface DomainInfo {
  host: string;
  isFulfillmentDomain: boolean;
  isCustomPaymentDomain: boolean;
  /** Origin of the seller center, when this deployment has one. */
  sellerCenterUrl: string | null;
}

export function domainInfo(
  host: string,
  sellerCenterUrl: string | null | undefined = import.meta.env.VITE_SELLER_CENTER_URL,
): DomainInfo {
  const center = sellerCenterUrl && sellerCenterUrl.trim() !== '' ? sellerCenterUrl.trim() : null;
  let centerHost: string | null = null;
  if (center) {
    try {
      centerHost = new URL(center).host;
    } catch {
      throw new Error(`VITE_SELLER_CENTER_URL is not an address: ${center}`);
    }
  }
  return {
    host,
    isFulfillmentDomain: isFulfillmentHost(host),
    isCustomPaymentDomain: centerHost !== null && centerHost === host,
    sellerCenterUrl: center,
  };
}

/** What the menu and the page rules of core read about the host. */
export function pageContext(domain: DomainInfo): PageContext {
  return {
    host: domain.host,
    isFulfillmentDomain: domain.isFulfillmentDomain,
    isCustomPaymentDomain: domain.isCustomPaymentDomain,
  };
}
