/**
 * The seller's catalogue as fulfillment imports see it (CSV files and connected shops alike):
 * a SKU `P{product}-{colour}-{size}` names a variant of one of the seller's campaign products.
 */
import { DEFAULT_SHIPPING_RATES, type FulfillmentCatalog } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { productCampaignIds } from '../sql/fulfillment.js';
import { campaignProducts, templateShippingRates } from '../sql/storefront.js';
import { sellableOptions } from '../storefront/options.js';

/** The product ids named by the SKUs in a text. */
export function skuProductIds(text: string): number[] {
  const ids = new Set<number>();
  for (const match of text.matchAll(/\bP(\d{1,15})-/gi)) ids.add(Number(match[1]));
  return [...ids];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The seller's catalogue for the SKUs of an import (the products `productIds` name): every product they name, its sellable colours
 * and sizes (as the storefront sells them) and its shipping rates.
 */
export async function fulfillmentCatalog(
  db: Queryable,
  sellerId: number,
  productIds: readonly number[],
): Promise<FulfillmentCatalog> {
  const campaigns = await productCampaignIds(db, sellerId, [...new Set(productIds)]);
  const products = await campaignProducts(db, sellerId, campaigns);
  const rates = await templateShippingRates(db, [...new Set(products.map((p) => p.template_id))]);
  return (sku) => {
    const product = products.find((p) => p.id === sku.productId);
    if (!product) return { error: `No product ${sku.productId} in your campaigns` };
    const options = sellableOptions(product);
    const color = options.colors.find((c) => same(c, sku.color));
    if (!color) {
      return {
        error: `${product.name} (P${product.id}) is not made in ${sku.color}; colours: ${options.colors.join(', ')}`,
      };
    }
    const size = options.sizes.find((s) => same(s, sku.size));
    const baseCost = size === undefined ? undefined : options.baseCost(color, size);
    if (size === undefined || baseCost === undefined) {
      return { error: `${product.name} (P${product.id}) in ${color} has no size ${sku.size}` };
    }
    const own = rates.filter((r) => r.template_id === product.template_id);
    return {
      campaign_id: product.campaign_id,
      product_id: product.id,
      template_id: product.template_id,
      name: product.name,
      color,
      size,
      base_cost: baseCost,
      shipping: own.length > 0 ? own : DEFAULT_SHIPPING_RATES,
    };
  };
}
