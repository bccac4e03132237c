import { z } from 'zod';
import {
  CampaignOnPromotion,
  OnPromotionQuery,
  Promotion,
  PromotionBody,
  PromotionListQuery,
} from '../../promotion/promotions.js';
import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { route } from './RouteContract.js';

const tags = ['promotions'] as const;

/**
 * Promotions (issue 14; spec §2 /promotions, /on-promotion): coupon codes per store. They sit
 * under Campaigns in the menu and change what campaigns sell for, so reading needs
 * get_campaigns and changing update_campaign, as the §7 coupon calls (storeSettings) do.
 * Another seller's promotion is 404.
 */
export const promotions = {
  list: route({
    method: 'GET',
    path: '/seller/promotions',
    summary: "The seller's promotions, newest first, with their uses and status",
    tags,
    permission: 'get_campaigns',
    query: PromotionListQuery,
    response: z.array(Promotion),
    errors: [404],
  }),
  create: route({
    method: 'POST',
    path: '/seller/promotions',
    summary: 'Create a promotion (a coupon code of a store)',
    tags,
    permission: 'update_campaign',
    body: PromotionBody,
    response: Promotion,
    errors: [403, 404, 409, 422],
  }),
  update: route({
    method: 'PUT',
    path: '/seller/promotions/:id',
    summary: 'Replace a promotion with the fields given',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    body: PromotionBody,
    response: Promotion,
    errors: [403, 404, 409, 422],
  }),
  remove: route({
    method: 'DELETE',
    path: '/seller/promotions/:id',
    summary: 'Delete a promotion (orders that used it keep their code and discount)',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    response: DoneAnswer,
    errors: [404],
  }),
  onPromotion: route({
    method: 'GET',
    path: '/seller/promotions/campaigns',
    summary: 'The campaigns a running promotion covers, one row per campaign and promotion',
    tags,
    permission: 'get_campaigns',
    query: OnPromotionQuery,
    response: z.array(CampaignOnPromotion),
    errors: [404],
  }),
} as const;
