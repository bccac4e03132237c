import { z } from 'zod';
import { DATE_RANGE_PRESETS } from '../enums/settings.js';

/**
 * Pricing analytics (spec §2 /pricing/analytics): orders and conversion per price point. A price
 * point is a campaign's unit sell price on paid order items (cancelled orders aside) in the
 * chosen range (a preset in the user's utc_offset). Its conversion is its orders over the
 * campaign's storefront visits on the days it sold at that price (visits are counted per
 * campaign and day, so two prices sold the same day share that day's visits).
 */
/** The presets of §9 and lifetime; a custom range is not offered here. */
export const PRICING_ANALYTICS_RANGES = [
  ...DATE_RANGE_PRESETS.filter(
    (preset): preset is Exclude<(typeof DATE_RANGE_PRESETS)[number], 'custom'> =>
      preset !== 'custom',
  ),
  'lifetime',
] as const;
export const PRICING_ANALYTICS_LIMIT = 500;

export const PricingAnalyticsQuery = z.object({
  time: z.enum(PRICING_ANALYTICS_RANGES).default('last_30_days'),
  campaign_id: z.coerce.number().int().positive().optional(),
});
export type PricingAnalyticsQuery = z.input<typeof PricingAnalyticsQuery>;

export const PricePoint = z.object({
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  /** Unit sell price, minor units of the base currency. */
  price: z.number().int(),
  orders: z.number().int(),
  units: z.number().int(),
  revenue: z.number().int(),
  first_sold_at: z.string(),
  last_sold_at: z.string(),
  visits: z.number().int(),
  checkouts: z.number().int(),
  /** orders / visits; null without visits. */
  conversion: z.number().nullable(),
});
export type PricePoint = z.infer<typeof PricePoint>;

/** Orders per visit, null when nothing was visited (rounded to 4 decimals). */
export function conversionRate(orders: number, visits: number): number | null {
  if (visits <= 0) return null;
  return Math.round((orders / visits) * 10_000) / 10_000;
}
