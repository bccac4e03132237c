import { z } from 'zod';
import { PageParam, PerPageParam } from '../api/pagination.js';
import { checkTimeFilter, timeFilterFields } from '../campaign/timeFilter.js';
import { processingFeeOf, type SaleFees, type SaleLine } from '../ledger/rules.js';
import {
  CROSS_SALE_SIDES,
  CROSS_SALES_PER_PAGE,
  CROSS_SELL_CAMPAIGNS_PER_PAGE,
  CROSS_SELL_MAX_PERCENT,
  CROSS_SELL_MIN_PERCENT,
} from './constants.js';

/** The commission on `revenue` minor units at `percent`, rounded half up; never negative. */
export function crossSellCommission(revenue: number, percent: number): number {
  if (revenue <= 0 || percent <= 0) return 0;
  return Math.round((revenue * percent) / 100);
}

/**
 * Shares `amount` over `weights` in proportion, in whole minor units that add up to `amount`
 * exactly (largest remainder; ties go to the earlier weight).
 */
export function shareInProportion(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + Math.max(0, w), 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (Math.max(0, w) * amount) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((sum, s) => sum + s, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** A line of a store's order: the store's own (no owner) or a campaign cross-sold from its owner. */
export interface CrossSaleLine extends SaleLine {
  campaign_id: number;
  /** The campaign's owner when it is not the store's seller. */
  owner_id?: number | undefined;
  /** The offer the store accepted (set with owner_id). */
  offer_id?: number | undefined;
  commission_percent?: number | undefined;
}

/** One cross-sold campaign of an order, as both ledgers book it. */
export interface CrossSalePart {
  campaign_id: number;
  owner_id: number;
  offer_id: number;
  commission_percent: number;
  items: number;
  /** The lines' price less their share of the discount, minor units. */
  revenue: number;
  discount: number;
  base_cost: number;
  /** The owner's processing fee on the part's revenue. */
  processing_fee: number;
  /** Booked to the store's seller. */
  commission: number;
  /** Booked to the owner: revenue − base cost − processing fee − commission. */
  owner_amount: number;
}

export interface CrossSaleSplit<L extends CrossSaleLine> {
  /** The store seller's own lines and their share of the discount (for its usual sale entry). */
  own: { lines: L[]; discount: number };
  parts: CrossSalePart[];
}

/**
 * Splits an order of a store into the store seller's own sale and one part per cross-sold
 * campaign; the discount is shared over every line by price.
 */
export function splitCrossSale<L extends CrossSaleLine>(
  lines: readonly L[],
  discount: number,
  fees: SaleFees,
): CrossSaleSplit<L> {
  const gross = lines.map((line) => line.price * line.quantity);
  const totalGross = gross.reduce((sum, g) => sum + g, 0);
  const shares = shareInProportion(Math.min(Math.max(0, discount), totalGross), gross);
  const own: L[] = [];
  let ownDiscount = 0;
  const parts = new Map<number, CrossSalePart>();
  lines.forEach((line, index) => {
    const share = shares[index] ?? 0;
    if (line.owner_id === undefined || line.offer_id === undefined) {
      own.push(line);
      ownDiscount += share;
      return;
    }
    const part = parts.get(line.campaign_id) ?? {
      campaign_id: line.campaign_id,
      owner_id: line.owner_id,
      offer_id: line.offer_id,
      commission_percent: line.commission_percent ?? 0,
      items: 0,
      revenue: 0,
      discount: 0,
      base_cost: 0,
      processing_fee: 0,
      commission: 0,
      owner_amount: 0,
    };
    part.items += line.quantity;
    part.revenue += (gross[index] ?? 0) - share;
    part.discount += share;
    part.base_cost += line.base_cost * line.quantity;
    parts.set(line.campaign_id, part);
  });
  for (const part of parts.values()) {
    part.processing_fee = processingFeeOf(part.revenue, fees);
    part.commission = crossSellCommission(part.revenue, part.commission_percent);
    part.owner_amount = part.revenue - part.base_cost - part.processing_fee - part.commission;
  }
  return { own: { lines: own, discount: ownDiscount }, parts: [...parts.values()] };
}

/** The ledger keys of a cross-sale: the owner's entry is its usual sale key (`order:{id}:sale`). */
export const crossSellKeys = {
  commission: (orderId: number) => `order:${orderId}:cross-commission`,
  reversal: (orderId: number) => `order:${orderId}:cross-commission:reversal`,
} as const;

const Percent = z.coerce
  .number()
  .int('Choose a whole percent')
  .min(CROSS_SELL_MIN_PERCENT, `At least ${CROSS_SELL_MIN_PERCENT}%`)
  .max(CROSS_SELL_MAX_PERCENT, `At most ${CROSS_SELL_MAX_PERCENT}%`);

/** The owner's cross-selling settings of one campaign. */
export const CrossSellOfferBody = z.object({
  enabled: z.boolean(),
  commission_percent: Percent,
});
export type CrossSellOfferBody = z.infer<typeof CrossSellOfferBody>;

export const CrossSellOffer = z.object({
  campaign_id: z.number().int(),
  enabled: z.boolean(),
  /** The open offer's percent, or the last one when opted out (null: never offered). */
  commission_percent: z.number().int().nullable(),
  /** When the open offer was made. */
  since: z.string().nullable(),
  /** Other sellers' stores listing the campaign under the open offer. */
  stores: z.number().int(),
});
export type CrossSellOffer = z.infer<typeof CrossSellOffer>;

export const CrossSellCampaignQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: PageParam.default(1),
  per_page: PerPageParam.default(CROSS_SELL_CAMPAIGNS_PER_PAGE),
});
export type CrossSellCampaignQuery = z.input<typeof CrossSellCampaignQuery>;

/** A campaign open for cross-selling, as another seller browses it. */
export const CrossSellCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  thumb_url: z.string().nullable(),
  owner_name: z.string(),
  commission_percent: z.number().int(),
  /** The lowest sell price of its products, minor units. */
  price: z.number().int(),
  /** The browsing seller's stores listing it under this offer. */
  store_ids: z.array(z.number().int()),
});
export type CrossSellCampaign = z.infer<typeof CrossSellCampaign>;

export const CrossSellStoreParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  campaign_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type CrossSellStoreParams = z.infer<typeof CrossSellStoreParams>;

export const CrossSellListing = z.object({
  store_id: z.number().int(),
  campaign_id: z.number().int(),
  commission_percent: z.number().int(),
});
export type CrossSellListing = z.infer<typeof CrossSellListing>;

export const CrossSaleSide = z.enum(CROSS_SALE_SIDES);
export type CrossSaleSide = z.infer<typeof CrossSaleSide>;

export const CrossSaleListQuery = z
  .object({
    /** store: sold in my stores (I earn the commission); owner: my campaigns sold by others. */
    side: CrossSaleSide.default('store'),
    ...timeFilterFields,
    page: PageParam.default(1),
    per_page: PerPageParam.default(CROSS_SALES_PER_PAGE),
  })
  .superRefine(checkTimeFilter);
export type CrossSaleListQuery = z.input<typeof CrossSaleListQuery>;

/** One cross-sold campaign of an order. */
export const CrossSale = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  paid_at: z.string(),
  store_name: z.string(),
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  /** The other side: the campaign's owner (side store) or the store's seller (side owner). */
  partner_name: z.string(),
  items: z.number().int(),
  revenue: z.number().int(),
  commission_percent: z.number().int(),
  commission: z.number().int(),
  /** What the owner's ledger booked for it. */
  owner_amount: z.number().int(),
  /** Refunded orders are listed and left out of the totals. */
  refunded: z.boolean(),
});
export type CrossSale = z.infer<typeof CrossSale>;

export const CrossSaleTotals = z.object({
  orders: z.number().int(),
  items: z.number().int(),
  revenue: z.number().int(),
  commission: z.number().int(),
  owner_amount: z.number().int(),
});
export type CrossSaleTotals = z.infer<typeof CrossSaleTotals>;
