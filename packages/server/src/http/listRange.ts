import { type DateRangeName, dateRange } from '@printloom/core';

/**
 * The created_at bounds a list query's `time` preset (spec §3) asks for, in the seller's UTC
 * offset; `from`/`to` are the days of a custom range. Null when the list is not limited in time.
 */
export function listRange(
  query: { time?: string | undefined; from?: string | undefined; to?: string | undefined },
  utcOffset: number,
): { from: string | null; to: string } | null {
  if (!query.time) return null;
  return dateRange(
    query.time as DateRangeName,
    Date.now(),
    utcOffset,
    query.from && query.to ? { from: query.from, to: query.to } : undefined,
  );
}
