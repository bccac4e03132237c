/**
 * The seller's overview (`GET /seller/overview`, issue 16): the figures of a date range and of
 * the period before it, a series, and the top campaigns, stores and countries, computed by SQL
 * over the orders, the ledger and the storefront's visit counts (rules in core
 * `analytics/overview.ts`). A store filter must name one of the seller's stores the session may
 * use; a store-limited session counts only its stores.
 */
import { API, fillSeries, LEDGER_CURRENCY, overviewFigures, overviewRanges } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { registerGroup } from '../http/registerGroup.js';
import { ownStore, storesInScope } from '../http/storeScope.js';
import { overviewSeries, overviewSums, overviewTops } from '../sql/overview.js';

export async function registerOverviewRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  registerGroup(app, API.overview, {
    get: async ({ auth, query }) => {
      if (query.store_id !== undefined) await ownStore(db, auth, query.store_id);
      const offset = auth.seller.utc_offset;
      const ranges = overviewRanges(query, Date.now(), offset);
      const scope = {
        sellerId: auth.sellerId,
        storeIds: storesInScope(auth, query.store_id === undefined ? undefined : [query.store_id]),
      };
      const [current, previous, points, tops] = await Promise.all([
        overviewSums(db, scope, ranges.current),
        overviewSums(db, scope, ranges.previous),
        overviewSeries(db, scope, ranges.current, offset, ranges.granularity),
        overviewTops(db, scope, ranges.current),
      ]);
      const range = (p: typeof ranges.current) => ({
        from: p.from,
        to: p.to,
        from_date: p.fromDate,
        to_date: p.toDate,
      });
      return {
        data: {
          currency: LEDGER_CURRENCY,
          utc_offset: offset,
          granularity: ranges.granularity,
          range: range(ranges.current),
          previous_range: range(ranges.previous),
          current: overviewFigures(current),
          previous: overviewFigures(previous),
          series: fillSeries(ranges.current, offset, ranges.granularity, points),
          top_campaigns: tops.campaigns,
          top_stores: tops.stores,
          top_countries: tops.countries,
        },
      };
    },
  });
}
