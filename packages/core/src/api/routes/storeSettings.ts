import { z } from 'zod';
import { DoneAnswer } from '../authSchemas.js';
import {
  CalcExtraPrintCostBody,
  Coupon,
  CouponConfigBody,
  CouponListQuery,
  ExtraPrintCost,
  StoreParams,
} from '../storeSchemas.js';
import { route } from './RouteContract.js';

const tags = ['store-settings'] as const;

/**
 * Store-level settings (spec §3 Store-level state, §7): the coupon a store offers and the extra
 * print cost of products printed beyond their main print space. Coupons are promotions, under
 * Campaigns in the menu: reading needs get_campaigns, changing update_campaign.
 */
export const storeSettings = {
  coupons: route({
    method: 'GET',
    path: '/seller/coupons',
    summary: "The seller's coupons, searched by code or name",
    tags,
    permission: 'get_campaigns',
    query: CouponListQuery,
    response: z.array(Coupon),
  }),
  couponConfig: route({
    method: 'PUT',
    path: '/seller/stores/:storeId/coupon-config',
    summary: 'Choose the coupon a store offers (null for none)',
    tags,
    permission: 'update_campaign',
    params: StoreParams,
    body: CouponConfigBody,
    response: DoneAnswer,
    errors: [403, 404, 422],
  }),
  calcExtraPrintCost: route({
    method: 'POST',
    path: '/seller/campaign/calc-extra-print-cost-products',
    summary: 'Extra cost of printing beyond the main print space, per product',
    description: 'Part of editing a campaign, so it needs what the campaign editor needs.',
    tags,
    permission: 'update_campaign',
    body: CalcExtraPrintCostBody,
    response: z.array(ExtraPrintCost),
    errors: [422],
  }),
} as const;
