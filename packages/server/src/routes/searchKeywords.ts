/**
 * Search keywords (issue 12; spec §2 /search-keyword): what buyers searched in the seller's
 * stores. The storefront search counts each search in a per-day aggregate (`sql/searchKeywords`);
 * this lists the sums over a time range in the seller's days, most searched or zero-result first.
 */
import { API, type DateRangeName, dateRange, pageInfo, wantsZeroResults } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { registerGroup } from '../http/registerGroup.js';
import { ownStore } from '../http/storeScope.js';
import { listKeywords } from '../sql/searchKeywords.js';

export async function registerSearchKeywordRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  registerGroup(app, API.searchKeywords, {
    list: async ({ auth, query }) => {
      if (query.store_id !== undefined) await ownStore(db, auth, query.store_id);
      const range = query.time
        ? dateRange(
            query.time as DateRangeName,
            Date.now(),
            auth.seller.utc_offset,
            query.from && query.to ? { from: query.from, to: query.to } : undefined,
          )
        : null;
      const { rows, total } = await listKeywords(db, auth.sellerId, {
        storeId: query.store_id,
        storeIds: auth.storeIds,
        q: query.q ? query.q.toLocaleLowerCase('en') : undefined,
        zeroResults: wantsZeroResults(query.zero_results),
        // The user's days of the range; the aggregate counts UTC days.
        fromDay: range?.fromDate ?? null,
        toDay: range?.toDate ?? null,
        orderBy: query.order_by,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return { data: { data: rows, ...pageInfo(total, query.page, query.per_page) } };
    },
  });
}
