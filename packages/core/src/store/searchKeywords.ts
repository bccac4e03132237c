import { z } from 'zod';
import { PageParam, PerPageParam } from '../api/pagination.js';
import { checkTimeFilter, timeFilterFields } from '../campaign/timeFilter.js';
import { stripControlChars } from '../text/controlChars.js';

/**
 * Search keywords (issue 12; spec §2 /search-keyword): what buyers searched in each store. The
 * storefront search adds one to a per-day aggregate of (store, normalised keyword); nothing about
 * the visitor is kept.
 */

export const SEARCH_KEYWORD_MAX = 100;

/**
 * The form a search is counted under: Unicode NFKC, lower case, spaces squeezed, at most
 * SEARCH_KEYWORD_MAX characters; '' for a search of nothing (not counted).
 */
export function normaliseKeyword(query: string | null | undefined): string {
  return [
    ...stripControlChars((query ?? '').normalize('NFKC').toLocaleLowerCase('en'))
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, SEARCH_KEYWORD_MAX)
    .join('')
    .trim();
}

export const SEARCH_KEYWORD_ORDERS = [
  'searches',
  'zero_results',
  'keyword',
  'last_searched',
] as const;

export const SearchKeywordListQuery = z
  .object({
    store_id: z.coerce.number().int().positive().optional(),
    q: z.string().trim().max(SEARCH_KEYWORD_MAX).optional(),
    /** Only keywords whose searches found nothing. */
    zero_results: z.enum(['1', '0', 'true', 'false']).optional(),
    order_by: z.enum(SEARCH_KEYWORD_ORDERS).default('searches'),
    ...timeFilterFields,
    page: PageParam.default(1),
    per_page: PerPageParam.default(25),
  })
  .superRefine(checkTimeFilter);
export type SearchKeywordListQuery = z.input<typeof SearchKeywordListQuery>;

export const SearchKeywordRow = z.object({
  keyword: z.string(),
  store_id: z.number().int(),
  store_name: z.string(),
  searches: z.number().int(),
  /** Searches of the keyword that found no product. */
  zero_result_searches: z.number().int(),
  /** Products the latest search found. */
  last_results: z.number().int(),
  /** The last day it was searched, YYYY-MM-DD (UTC day of the search). */
  last_searched: z.string(),
});
export type SearchKeywordRow = z.infer<typeof SearchKeywordRow>;

/** Whether a `zero_results` query value asks for the zero-result view. */
export const wantsZeroResults = (value: string | undefined): boolean =>
  value === '1' || value === 'true';
