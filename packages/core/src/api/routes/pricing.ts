import { z } from 'zod';
import {
  BulkPriceAnswer,
  BulkPriceBody,
  PriceChangeListQuery,
  PriceChangePage,
} from '../../pricing/bulkPricing.js';
import { PricePoint, PricingAnalyticsQuery } from '../../pricing/pricingAnalytics.js';
import { StockBaseCost, StockBaseCostQuery } from '../../pricing/stockBaseCosts.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['pricing'] as const;

/** Like the Pricing menu (spec §6): the `pricing` tag plus update_campaign. */
export const pricingGate = {
  tags,
  permission: 'update_campaign',
  tag: ['pricing'],
} as const;

/**
 * Pricing (issue 14; spec §2 /pricing): one price change across many campaigns, previewed
 * before it is applied and recorded product by product; and the stock base costs every price
 * is checked against (spec §2 /product/stock-base-cost, open to every member like its page).
 */
export const pricing = {
  bulkUpdate: route({
    ...pricingGate,
    method: 'POST',
    path: '/seller/pricing/bulk-update',
    summary: 'Change the prices of the products of many campaigns at once, or preview it',
    description:
      'With `preview: true` nothing is saved and every product is answered with its price before and after. A change that would sell a product below its base cost is refused (422) naming the products.',
    body: BulkPriceBody,
    response: BulkPriceAnswer,
    errors: [403, 422],
  }),
  changes: route({
    ...pricingGate,
    method: 'GET',
    path: '/seller/pricing/changes',
    summary: 'The price changes made, newest first',
    query: PriceChangeListQuery,
    response: PriceChangePage,
    errors: [403],
  }),
  analytics: route({
    ...pricingGate,
    method: 'GET',
    path: '/seller/pricing/analytics',
    summary: 'Orders, units, revenue and conversion per campaign and price point',
    query: PricingAnalyticsQuery,
    response: z.array(PricePoint),
    errors: [403],
  }),
  stockBaseCosts: route({
    method: 'GET',
    path: '/seller/stock-base-costs',
    summary: 'Base cost per product template, variant and shipping region',
    tags,
    permission: ANY_MEMBER,
    query: StockBaseCostQuery,
    response: z.array(StockBaseCost),
  }),
} as const;
