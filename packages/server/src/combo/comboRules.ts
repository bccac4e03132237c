import {
  type CheckoutFees,
  type ComboMinimum,
  type ComboProblem,
  comboMinimumPrice,
  comboProblems,
  toMinor,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { unprocessable } from '../http/errors.js';
import { getCampaignRow } from '../sql/campaigns.js';
import { campaignProducts, type StoreProduct } from '../sql/storefront.js';
import { sellableOptions } from '../storefront/options.js';

/** The site settings that make a combo's fees, as the server config holds them (fee min in major units). */
export interface ComboFeeSettings {
  processingFee: number;
  processingFeeMin: number;
}

export const checkoutFeesOf = (fees: ComboFeeSettings): CheckoutFees => ({
  processing_fee: fees.processingFee,
  processing_fee_min: toMinor(fees.processingFeeMin),
});

/**
 * What a product costs to make at its dearest colour and size among those it is sold in (minor
 * units): a set's price must cover whichever variant the buyer picks.
 */
export function dearestBaseCost(
  product: Pick<StoreProduct, 'options' | 'variants' | 'base_cost'>,
): number {
  const options = sellableOptions(product);
  let dearest: number | undefined;
  for (const color of options.colors) {
    for (const size of options.sizes) {
      const cost = options.baseCost(color, size);
      if (cost !== undefined && (dearest === undefined || cost > dearest)) dearest = cost;
    }
  }
  return dearest ?? toMinor(product.base_cost);
}

/** The least the products of a campaign may sell for as one set. */
export async function comboMinimumOf(
  db: Queryable,
  sellerId: number,
  campaignId: number,
  fees: ComboFeeSettings,
): Promise<{ minimum: ComboMinimum; productCount: number }> {
  const products = await campaignProducts(db, sellerId, [campaignId]);
  return {
    minimum: comboMinimumPrice(products.map(dearestBaseCost), checkoutFeesOf(fees)),
    productCount: products.length,
  };
}

/** A 422 naming every problem by its field, the first one as the message. */
function refuse(problems: readonly ComboProblem[]): never {
  const errors: Record<string, string[]> = {};
  for (const p of problems) errors[p.field] = [...(errors[p.field] ?? []), p.message];
  throw unprocessable(problems[0]?.message ?? 'This combo cannot be saved.', errors);
}

/**
 * The combo rules on a campaign as a save or launch leaves it (run in the same transaction, so
 * a refusal keeps nothing): a bundle price only on a combo; a combo holds at most its maximum of
 * products, its bundle price (when set) covers its base costs and fees, and a combo that is live
 * (or going live: `launching`) has at least two products and a bundle price.
 */
export async function assertComboRules(
  db: Queryable,
  sellerId: number,
  campaignId: number,
  fees: ComboFeeSettings,
  launching = false,
): Promise<void> {
  const campaign = await getCampaignRow(db, sellerId, campaignId);
  if (!campaign) return;
  if (campaign.system_type !== 'combo') {
    if (campaign.bundle_price !== null)
      refuse([{ field: 'bundle_price', message: 'Only a combo campaign has a bundle price.' }]);
    return;
  }
  const { minimum, productCount } = await comboMinimumOf(db, sellerId, campaignId, fees);
  const problems = comboProblems({
    productCount,
    bundlePrice: campaign.bundle_price === null ? null : Number(campaign.bundle_price),
    minimum,
    launching: launching || campaign.status === 'active',
  });
  if (problems.length > 0) refuse(problems);
}
