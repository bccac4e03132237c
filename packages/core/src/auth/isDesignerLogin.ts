import { DESIGNER_HOST_MARK } from './constants.js';

/**
 * Designer login (spec §2) is used when the host name contains 'designer' or the query has a
 * `designer` parameter (any value, even empty).
 */
export function isDesignerLogin(
  host: string,
  query: URLSearchParams | Record<string, unknown> = {},
): boolean {
  if (host.toLowerCase().includes(DESIGNER_HOST_MARK)) return true;
  if (query instanceof URLSearchParams) return query.has(DESIGNER_HOST_MARK);
  return Object.hasOwn(query, DESIGNER_HOST_MARK);
}
