import { z } from 'zod';
import type { CheckoutFees } from '../checkout/totals.js';
import { percentOf, toMajor } from '../checkout/totals.js';
import { formatCurrency } from '../currency/formatCurrency.js';

/**
 * Combo campaigns (spec §3 campaign type `combo`): products sold together as one set at one
 * bundle price. Each product keeps its own colours and sizes; the buyer picks one of each and
 * the order holds one item per product, tied by a bundle id, with the bundle price split across
 * them to the cent.
 */

/** Fewest products a combo is launched with: a set of one is a plain campaign. */
export const COMBO_MIN_PRODUCTS = 2;
/** Most products a combo holds: a set the product page can still show on one screen. */
export const COMBO_MAX_PRODUCTS = 6;
/** Highest bundle price, in minor units (the editor's sell price limit times the set size). */
export const COMBO_MAX_BUNDLE_PRICE = 10_000 * 100 * COMBO_MAX_PRODUCTS;

/** The bundle price of a combo, in integer minor units of the store currency. */
export const BundlePrice = z
  .number()
  .int('The bundle price is in whole cents')
  .positive('The bundle price must be above zero')
  .max(COMBO_MAX_BUNDLE_PRICE, 'The bundle price is too high');

export const COMBO_MESSAGES = {
  tooFew: `A combo needs at least ${COMBO_MIN_PRODUCTS} products: add another product before launching.`,
  tooMany: `A combo holds at most ${COMBO_MAX_PRODUCTS} products.`,
  noPrice: 'Set the bundle price before launching.',
  belowMinimum: (minimum: ComboMinimum, currency = 'USD') =>
    `The bundle price must be at least ${money(minimum.minimum, currency)} (base costs ${money(minimum.costs, currency)} + fees ${money(minimum.fees, currency)}), so the set never sells at a loss.`,
  /** A product of a combo bought on its own at the checkout. */
  notASet: 'This product is sold as a set: add the whole set to the cart.',
  /** A set at the checkout that misses a product, holds one twice or mixes quantities. */
  incompleteSet: (names: readonly string[]) =>
    `A set holds one of each product (${names.join(', ')}) in the same quantity.`,
} as const;

const money = (minor: number, currency: string) => formatCurrency(toMajor(minor), currency);

/** The least a combo may sell for: what its products cost to make plus the site's fees. */
export interface ComboMinimum {
  /** Sum of the products' base costs (each at its dearest offered variant), minor units. */
  costs: number;
  /** The processing fee the site takes on that amount (its percent, at least its minimum). */
  fees: number;
  minimum: number;
}

/**
 * The lowest bundle price of a set whose products cost `baseCosts` (minor units) to make: the
 * costs plus the processing fee of the site settings on them, so a combo never sells at a loss.
 */
export function comboMinimumPrice(baseCosts: readonly number[], fees: CheckoutFees): ComboMinimum {
  const costs = baseCosts.reduce((sum, cost) => sum + Math.max(cost, 0), 0);
  const charges = fees.processing_fee > 0 || fees.processing_fee_min > 0;
  const fee =
    charges && costs > 0
      ? Math.max(percentOf(costs, fees.processing_fee), Math.round(fees.processing_fee_min))
      : 0;
  return { costs, fees: fee, minimum: costs + fee };
}

/** What the set saves against buying its products one by one (0 when it saves nothing). */
export function comboSaving(separatePrices: readonly number[], bundlePrice: number): number {
  const separate = separatePrices.reduce((sum, price) => sum + price, 0);
  return Math.max(separate - bundlePrice, 0);
}

/** A problem of a combo with the field it belongs to, as a 422 names it. */
export interface ComboProblem {
  field: 'products' | 'bundle_price';
  message: string;
}

/**
 * The rules of a combo being saved or launched: at most {@link COMBO_MAX_PRODUCTS} products;
 * a bundle price, when set, at least the minimum; launching (or keeping it live) needs at least
 * {@link COMBO_MIN_PRODUCTS} products and a bundle price.
 */
export function comboProblems(input: {
  productCount: number;
  bundlePrice: number | null | undefined;
  minimum: ComboMinimum;
  launching: boolean;
  currency?: string;
}): ComboProblem[] {
  const problems: ComboProblem[] = [];
  if (input.productCount > COMBO_MAX_PRODUCTS)
    problems.push({ field: 'products', message: COMBO_MESSAGES.tooMany });
  else if (input.launching && input.productCount < COMBO_MIN_PRODUCTS)
    problems.push({ field: 'products', message: COMBO_MESSAGES.tooFew });
  if (input.bundlePrice === null || input.bundlePrice === undefined) {
    if (input.launching) problems.push({ field: 'bundle_price', message: COMBO_MESSAGES.noPrice });
  } else if (input.bundlePrice < input.minimum.minimum) {
    problems.push({
      field: 'bundle_price',
      message: COMBO_MESSAGES.belowMinimum(input.minimum, input.currency),
    });
  }
  return problems;
}

/**
 * Splits `total` minor units in proportion to `weights` with largest-remainder rounding: every
 * share is the floor of its exact part, and the units left go one each to the largest remainders
 * (earlier parts first on a tie). The shares sum to `total` exactly and none is negative. Without
 * any positive weight the total is split evenly.
 */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError('total must be a whole >= 0');
  if (weights.length === 0) {
    if (total === 0) return [];
    throw new RangeError('nothing to split the total across');
  }
  const clean = weights.map((w) => (Number.isFinite(w) && w > 0 ? Math.round(w) : 0));
  const sum = clean.reduce((a, b) => a + b, 0);
  const used = sum > 0 ? clean : clean.map(() => 1);
  const weightSum = sum > 0 ? sum : used.length;
  // Whole numbers throughout: each part is total × weight ÷ weightSum, as quotient and remainder.
  const shares = used.map((w) => Math.floor((total * w) / weightSum));
  const remainders = used.map((w, i) => total * w - (shares[i] ?? 0) * weightSum);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = remainders
    .map((remainder, i) => ({ i, remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left -= 1) {
    const at = order[k]?.i ?? 0;
    shares[at] = (shares[at] ?? 0) + 1;
  }
  return shares;
}

/**
 * The unit price of each product of a set sold at `bundlePrice` (minor units). Each line first
 * gets its base cost, so fulfilment and profit per item stay whole; what the bundle earns above
 * the costs is split in proportion to each product's own margin (its separate price above its
 * cost). A bundle priced below its costs (costs rose after launch) is split by base cost. The
 * prices sum to the bundle price exactly.
 */
export function bundleLinePrices(
  bundlePrice: number,
  lines: readonly { base_cost: number; price: number }[],
): number[] {
  const costs = lines.map((l) => Math.max(Math.round(l.base_cost), 0));
  const costSum = costs.reduce((a, b) => a + b, 0);
  if (bundlePrice < costSum) return splitByWeights(bundlePrice, costs);
  const margins = splitByWeights(
    bundlePrice - costSum,
    lines.map((l, i) => Math.max(l.price - (costs[i] ?? 0), 0)),
  );
  return costs.map((cost, i) => cost + (margins[i] ?? 0));
}
