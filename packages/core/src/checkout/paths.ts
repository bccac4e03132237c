/** Path of the buyer store on the dashboard host; on the store's own host it is served at `/`. */
export function storefrontBase(storeSlug: string): string {
  return `/s/${encodeURIComponent(storeSlug)}`;
}

/** A campaign's name in its storefront address: its slug, or `campaign-{id}` when it has none. */
export function campaignUrlName(campaign: { id: number; slug?: string | null }): string {
  const slug = campaign.slug?.trim();
  return slug ? slug : `campaign-${campaign.id}`;
}

/** `/s/{store}/products/{campaign}`: the product page of a campaign in a store (issue 12). */
export function storefrontProductPath(
  storeSlug: string,
  campaign: { id: number; slug?: string | null },
): string {
  return `${storefrontBase(storeSlug)}/products/${encodeURIComponent(campaignUrlName(campaign))}`;
}

/** The size a product without a size list is sold in. */
export const ONE_SIZE = 'One size';

/**
 * The sell price (major units) of a product the seller priced no further than its template: the
 * base cost doubled, ending in .99 (7.50 → 14.99). The seller's own price always wins.
 */
export function suggestedPrice(baseCost: number): number {
  return Math.max(Math.ceil(baseCost * 2) - 0.01, 0.99);
}
