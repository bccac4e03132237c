import { z } from 'zod';
import type { ShippingRate } from '../catalog/ShippingProfile.js';
import { rateFor } from './shipping.js';

/** Spec §3 tipping options: no tip asked, or 0, 2, 5, 10 percent. */
export const TIP_OPTIONS = ['none', 0, 2, 5, 10] as const;
export type TipOption = (typeof TIP_OPTIONS)[number];
export const TipPercent = z.union([z.literal(0), z.literal(2), z.literal(5), z.literal(10)]);

/** Minor units per major unit: every price rounds to 2 decimals (spec §5). */
export const MINOR_PER_MAJOR = 100;

/** A price in major units (a `numeric(10,2)` column) as integer minor units, rounded half up. */
export function toMinor(major: number): number {
  return Math.round(Number(`${major}e2`));
}
/** Minor units back to a major amount with 2 decimals. */
export function toMajor(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}

/** `part` percent of `amount` minor units, rounded half up to a whole minor unit. */
export function percentOf(amount: number, percent: number): number {
  return Math.round((amount * percent) / 100);
}

/**
 * What a coupon does to a checkout. The promotions (`promotion/`) decide which code gives which
 * effect (`CouponResolver` on the server); the totals only apply it.
 *
 * - `percent`: that percent off the eligible lines.
 * - `amount`: a fixed amount off the eligible lines (never more than they cost).
 * - `free_shipping`: the whole cart ships free.
 * - `bogo`: buy `buy` units, get `get` more at `percent` off (100: free). Eligible units are
 *   ranked from the dearest; in each run of `buy + get` units the last `get` (the cheapest of
 *   the run) are discounted, so the buyer always pays for the dearer ones.
 *
 * `campaign_ids` limits an effect to the lines of those campaigns (absent: every line).
 */
export type CouponEffect =
  | { kind: 'percent'; percent: number; campaign_ids?: readonly number[] }
  | { kind: 'amount'; amount: number; campaign_ids?: readonly number[] }
  | { kind: 'free_shipping' }
  | { kind: 'bogo'; buy: number; get: number; percent: number; campaign_ids?: readonly number[] }
  | { kind: 'none' };

/** Site settings that price a checkout (spec §3): a percent fee with a minimum in minor units. */
export interface CheckoutFees {
  /** Percent of the amount the buyer pays before the fee (0 for none). */
  processing_fee: number;
  /** The smallest fee charged when there is a fee, in minor units. */
  processing_fee_min: number;
}

export interface CheckoutLine {
  /** Lines with the same key ship as one product (first item, then additional items). */
  key: string;
  unit_price: number;
  quantity: number;
  shipping: readonly ShippingRate[];
  /** The campaign the product belongs to, for coupons limited to campaigns. */
  campaign_id?: number;
}

export interface TotalsInput {
  lines: readonly CheckoutLine[];
  country: string;
  tip: TipOption;
  fees: CheckoutFees;
  coupon: CouponEffect;
  currency: string;
}

export interface CheckoutTotals {
  subtotal: number;
  shipping: number;
  discount: number;
  tip: number;
  processing_fee: number;
  total: number;
  currency: string;
}

export class NoShippingError extends Error {
  constructor(readonly key: string) {
    super('This product does not ship to the chosen country');
  }
}

/**
 * Shipping of a cart: the highest first-item price of its products once, every other unit at
 * its own product's additional-item price. A product with no rate for the country cannot ship.
 */
export function shippingFor(lines: readonly CheckoutLine[], country: string): number {
  const rated = lines
    .filter((line) => line.quantity > 0)
    .map((line) => {
      const rate = rateFor(line.shipping, country);
      if (!rate) throw new NoShippingError(line.key);
      return { line, rate };
    });
  if (rated.length === 0) return 0;
  const lead = rated.reduce((best, r) => (r.rate.first_item > best.rate.first_item ? r : best));
  let total = lead.rate.first_item;
  for (const { line, rate } of rated) {
    const extra = line === lead.line ? line.quantity - 1 : line.quantity;
    total += extra * rate.additional_item;
  }
  return total;
}

/** The lines a coupon limited to `campaignIds` applies to (every line without a limit). */
export function eligibleLines(
  lines: readonly CheckoutLine[],
  campaignIds: readonly number[] | undefined,
): CheckoutLine[] {
  if (campaignIds === undefined) return lines.filter((line) => line.quantity > 0);
  const allowed = new Set(campaignIds);
  return lines.filter(
    (line) => line.quantity > 0 && line.campaign_id !== undefined && allowed.has(line.campaign_id),
  );
}

const clampPercent = (percent: number) => Math.min(Math.max(percent, 0), 100);

/**
 * The discount of a buy-X-get-Y coupon: eligible units ranked from the dearest, the last `get`
 * of every full run of `buy + get` units at `percent` off.
 */
export function bogoDiscount(
  lines: readonly CheckoutLine[],
  buy: number,
  get: number,
  percent: number,
): number {
  const runBuy = Math.max(Math.floor(buy), 1);
  const runGet = Math.max(Math.floor(get), 1);
  const run = runBuy + runGet;
  const units = lines
    .flatMap((line) => Array.from({ length: line.quantity }, () => line.unit_price))
    .sort((a, b) => b - a);
  let discounted = 0;
  for (let start = 0; start + run <= units.length; start += run) {
    for (let i = start + runBuy; i < start + run; i += 1) discounted += units[i] ?? 0;
  }
  return percentOf(discounted, clampPercent(percent));
}

/** The discount `coupon` gives on `lines` (shipping aside), never more than they cost. */
export function couponDiscount(lines: readonly CheckoutLine[], coupon: CouponEffect): number {
  if (coupon.kind === 'none' || coupon.kind === 'free_shipping') return 0;
  const eligible = eligibleLines(lines, coupon.campaign_ids);
  const base = eligible.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
  let discount = 0;
  if (coupon.kind === 'percent') discount = percentOf(base, clampPercent(coupon.percent));
  else if (coupon.kind === 'amount') discount = Math.max(Math.round(coupon.amount), 0);
  else discount = bogoDiscount(eligible, coupon.buy, coupon.get, coupon.percent);
  return Math.min(discount, base);
}

/**
 * Totals of a checkout in integer minor units of the store currency: subtotal, shipping, the
 * coupon's discount (never more than the lines it applies to cost), the tip (a percent of the
 * discounted subtotal), the processing fee (a percent of what the buyer pays before it, at least
 * the minimum when the site charges one) and the total, their sum.
 */
export function checkoutTotals(input: TotalsInput): CheckoutTotals {
  const subtotal = input.lines.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
  const shippingCost = shippingFor(input.lines, input.country);
  const shipping = input.coupon.kind === 'free_shipping' ? 0 : shippingCost;
  const discount = couponDiscount(input.lines, input.coupon);
  const goods = subtotal - discount;
  const tip = input.tip === 'none' ? 0 : percentOf(goods, input.tip);
  const before = goods + shipping + tip;
  const charges = input.fees.processing_fee > 0 || input.fees.processing_fee_min > 0;
  const processing_fee =
    charges && before > 0
      ? Math.max(percentOf(before, input.fees.processing_fee), input.fees.processing_fee_min)
      : 0;
  return {
    subtotal,
    shipping,
    discount,
    tip,
    processing_fee,
    total: before + processing_fee,
    currency: input.currency,
  };
}
