import { Overview, OverviewQuery } from '../../analytics/overview.js';
import { route } from './RouteContract.js';

/** The seller's overview (spec §2 `/`, needs get_reports like the page). */
export const overview = {
  get: route({
    method: 'GET',
    path: '/seller/overview',
    summary:
      'Sales, orders, items, profit, visits, conversion and average order value for a date range ' +
      'and the period before it, a daily (or hourly) series, and the top campaigns, stores and countries',
    tags: ['reports'],
    permission: 'get_reports',
    query: OverviewQuery,
    response: Overview,
    errors: [403, 404],
  }),
} as const;
