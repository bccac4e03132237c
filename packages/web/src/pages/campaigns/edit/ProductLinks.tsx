import {
  absoluteProductUrl,
  type Campaign,
  type SiteConfig,
  type Store,
  storeBaseUrl,
  storefrontProductPath,
  type User,
} from '@printloom/core';
import { useState } from 'react';
import { useCampaignStores } from '../../../api/hooks/useStores.js';
import { productPath } from './campaignForm.js';

/** A store as the stores list answers it (with its slug). */
type LinkStore = Store & { slug?: string };

/**
 * The storefront link of each product (spec §3 Product link). A campaign listed in a store links
 * to its product page in the first of those stores, `/s/{store}/products/{campaign}` on this
 * host, which serves every store; an unlisted one shows the address it will have, made absolute
 * with the store host (spec §6: the current store, else the preview or marketplace domain).
 */
export function ProductLinks({
  campaign,
  user,
  stores,
  siteConfig,
}: {
  campaign: Campaign;
  user: User;
  stores: readonly LinkStore[] | undefined;
  siteConfig: SiteConfig | undefined;
}) {
  const [copied, setCopied] = useState<number | null>(null);
  const listedIn = useCampaignStores(campaign.id);
  if (!siteConfig || !stores) {
    return <p className="small text-body-secondary mb-0">Loading the product links…</p>;
  }
  let base: string;
  try {
    base = storeBaseUrl(user, stores[0] ?? null, siteConfig);
  } catch (error) {
    return (
      <p className="small text-danger mb-0">
        {error instanceof Error ? error.message : 'The store address is not set.'}
      </p>
    );
  }
  const listedIds = listedIn.data?.store_ids ?? [];
  const sellingStore = stores
    .filter((store) => store.id !== undefined && listedIds.includes(store.id))
    .sort((a, b) => (a.id ?? 0) - (b.id ?? 0))[0];
  return (
    <ul className="list-unstyled small mb-0 vstack gap-1" data-testid="product-links">
      {campaign.products.map((product) => {
        const url = sellingStore?.slug
          ? `${window.location.origin}${storefrontProductPath(sellingStore.slug, campaign)}?product=${product.id}`
          : absoluteProductUrl(productPath(campaign, product), base);
        return (
          <li key={product.id} className="d-flex align-items-center gap-2">
            <a href={url} target="_blank" rel="noreferrer" className="text-truncate">
              {url}
            </a>
            <button
              type="button"
              className="btn btn-sm btn-link p-0 ms-auto"
              aria-label={`Copy the link of ${product.name ?? 'the product'}`}
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(url);
                  setCopied(product.id);
                } catch (error) {
                  console.error('Copying the product link failed', error);
                }
              }}
            >
              {copied === product.id ? 'Copied' : 'Copy'}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
