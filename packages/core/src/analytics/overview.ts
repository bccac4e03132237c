import { z } from 'zod';
import { checkTimeFilter, timeFilterFields } from '../campaign/timeFilter.js';
import { DAY_MS, HOUR_MS } from '../dates/constants.js';
import { type DateRange, dateRange } from '../dates/dateRange.js';
import type { DateRangePreset } from '../enums/settings.js';

/**
 * The seller's overview (spec §2 `/`, issue 16): what sold in a date range and how that compares
 * with the range just before it. The rules, shared by the SQL that computes the figures and the
 * tests that check it against an independent sum:
 *
 * - An order counts in the day the buyer paid (`paid_at`, in the seller's `utc_offset`). Only
 *   storefront sales count (order type `regular`), and not once cancelled, refunded or deleted.
 * - `sales`: what buyers paid (order totals); `items`: units sold; `profit`: the seller's sale
 *   entries in the ledger for those orders (sell price − base cost − processing fee − discount).
 * - `visits`: storefront product page visits (counted server-side per campaign, store and UTC day).
 * - `conversion_rate` = orders ÷ visits; `average_order_value` = sales ÷ orders (rounded to a
 *   minor unit); both null when the divisor is 0.
 * - The previous period is as long as the range and ends where it starts.
 * - The series has one point per day of the range, or per hour for a one-day range, with empty
 *   days shown as zero.
 */

export const OVERVIEW_TOP_LIMIT = 5;

export const OverviewQuery = z
  .object({
    ...timeFilterFields,
    time: timeFilterFields.time.default('last_30_days'),
    store_id: z.coerce.number().int().positive().optional(),
  })
  .superRefine(checkTimeFilter);
export type OverviewQuery = z.infer<typeof OverviewQuery>;

const minor = z.number().int();

export const OverviewFigures = z.object({
  sales: minor,
  orders: z.number().int().nonnegative(),
  items: z.number().int().nonnegative(),
  profit: minor,
  visits: z.number().int().nonnegative(),
  /** orders ÷ visits, 0–1; null without visits. */
  conversion_rate: z.number().nullable(),
  /** Minor units; null without orders. */
  average_order_value: minor.nullable(),
});
export type OverviewFigures = z.infer<typeof OverviewFigures>;

export const OverviewRange = z.object({
  from: z.string(),
  to: z.string(),
  from_date: z.string(),
  to_date: z.string(),
});

export const OverviewPoint = z.object({
  /** `YYYY-MM-DD`, or `YYYY-MM-DD HH:00` for hours, in the seller's time. */
  bucket: z.string(),
  sales: minor,
  orders: z.number().int().nonnegative(),
});
export type OverviewPoint = z.infer<typeof OverviewPoint>;

export const OverviewTopCampaign = z.object({
  campaign_id: z.number().int().nullable(),
  name: z.string(),
  orders: z.number().int(),
  items: z.number().int(),
  sales: minor,
});
export const OverviewTopStore = z.object({
  store_id: z.number().int().nullable(),
  name: z.string(),
  orders: z.number().int(),
  sales: minor,
});
export const OverviewTopCountry = z.object({
  country: z.string(),
  orders: z.number().int(),
  sales: minor,
});

export const Overview = z.object({
  currency: z.string(),
  utc_offset: z.number(),
  granularity: z.enum(['day', 'hour']),
  range: OverviewRange,
  previous_range: OverviewRange,
  current: OverviewFigures,
  previous: OverviewFigures,
  series: z.array(OverviewPoint),
  top_campaigns: z.array(OverviewTopCampaign),
  top_stores: z.array(OverviewTopStore),
  top_countries: z.array(OverviewTopCountry),
});
export type Overview = z.infer<typeof Overview>;

/** Order statuses that take an order out of the figures. */
export const OVERVIEW_EXCLUDED_STATUSES = ['cancelled', 'refunded', 'deleted'] as const;

export interface OverviewRanges {
  current: { from: string; to: string; fromDate: string; toDate: string };
  previous: { from: string; to: string; fromDate: string; toDate: string };
  granularity: 'day' | 'hour';
}

const iso = (ms: number) => new Date(ms).toISOString();
const dayOf = (ms: number, offset: number) => iso(ms + offset * HOUR_MS).slice(0, 10);

/**
 * The range a query asks for and the one before it. A lifetime range is not offered (the
 * comparison needs a start); custom ranges use their own days.
 */
export function overviewRanges(
  query: { time: DateRangePreset; from?: string | undefined; to?: string | undefined },
  now: Date | number | string,
  utcOffset: number,
): OverviewRanges {
  const range: DateRange = dateRange(
    query.time,
    now,
    utcOffset,
    query.from && query.to ? { from: query.from, to: query.to } : undefined,
  );
  const from = Date.parse(range.from ?? range.to);
  const to = Date.parse(range.to);
  const length = to - from + 1;
  const previousFrom = from - length;
  const previousTo = from - 1;
  return {
    current: {
      from: iso(from),
      to: iso(to),
      fromDate: dayOf(from, utcOffset),
      toDate: dayOf(to, utcOffset),
    },
    previous: {
      from: iso(previousFrom),
      to: iso(previousTo),
      fromDate: dayOf(previousFrom, utcOffset),
      toDate: dayOf(previousTo, utcOffset),
    },
    granularity: length <= DAY_MS ? 'hour' : 'day',
  };
}

/** The bucket label of an instant: its day (or day and hour) in the seller's time. */
export function overviewBucket(
  instant: number | string | Date,
  utcOffset: number,
  granularity: 'day' | 'hour',
): string {
  const ms = new Date(instant).getTime() + utcOffset * HOUR_MS;
  const text = iso(ms);
  return granularity === 'day'
    ? text.slice(0, 10)
    : `${text.slice(0, 10)} ${text.slice(11, 13)}:00`;
}

/** Every bucket of a range in order, with zero where nothing sold. */
export function fillSeries(
  range: { from: string; to: string },
  utcOffset: number,
  granularity: 'day' | 'hour',
  points: readonly OverviewPoint[],
): OverviewPoint[] {
  const byBucket = new Map(points.map((p) => [p.bucket, p]));
  const step = granularity === 'day' ? DAY_MS : HOUR_MS;
  const out: OverviewPoint[] = [];
  for (let t = Date.parse(range.from); t <= Date.parse(range.to); t += step) {
    const bucket = overviewBucket(t, utcOffset, granularity);
    out.push(byBucket.get(bucket) ?? { bucket, sales: 0, orders: 0 });
  }
  return out;
}

/** The ratios of a period from its sums. */
export function overviewFigures(sums: {
  sales: number;
  orders: number;
  items: number;
  profit: number;
  visits: number;
}): OverviewFigures {
  return {
    ...sums,
    conversion_rate: sums.visits > 0 ? sums.orders / sums.visits : null,
    average_order_value: sums.orders > 0 ? Math.round(sums.sales / sums.orders) : null,
  };
}

/** The change from the previous period, as a fraction (0.25 = +25 %); null from zero. */
export function overviewChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}
