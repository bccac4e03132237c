import {
  PublicOrder,
  PublicOrderCreateBody,
  PublicOrderList,
  PublicOrderListQuery,
} from '../../apiKey/PublicApi.js';
import { Campaign } from '../../campaign/Campaign.js';
import { CampaignListQuery } from '../../campaign/CampaignListQuery.js';
import { IdParams } from '../catalogSchemas.js';
import { cappedPaginated } from '../pagination.js';
import { route } from './RouteContract.js';

const tags = ['public api v1'] as const;
const description =
  "Call with `Authorization: Bearer <api key>` (keys from `POST /seller/api-keys`); a key acts only within its scopes. Limited per key to the server's allowance per minute (429 beyond it).";

/**
 * The public REST API, version 1 (issue 13): orders and campaigns for integrations, on API
 * keys (a signed-in session may call it too). Orders need the `get_orders` scope — reading,
 * creating fulfillment orders and cancelling them alike, as orders are one permission in spec
 * §6; campaigns need `get_campaigns`. Every route is rate-limited per key.
 */
export const publicApi = {
  orders: route({
    method: 'GET',
    path: '/api/v1/orders',
    summary: "The seller's orders, newest first, with their items",
    description,
    tags,
    permission: 'get_orders',
    rateLimit: 'apiKey',
    query: PublicOrderListQuery,
    response: PublicOrderList,
  }),
  order: route({
    method: 'GET',
    path: '/api/v1/orders/:id',
    summary: 'One order with its items',
    description,
    tags,
    permission: 'get_orders',
    rateLimit: 'apiKey',
    params: IdParams,
    response: PublicOrder,
    errors: [404],
  }),
  createOrder: route({
    method: 'POST',
    path: '/api/v1/orders',
    summary: 'Create a fulfillment order; idempotent on external_id',
    description: `${description} Lines are priced at the product's base cost for the colour and size; shipping by the product's rates for the address.`,
    tags,
    permission: 'get_orders',
    rateLimit: 'apiKey',
    body: PublicOrderCreateBody,
    response: PublicOrder,
    errors: [404, 422],
  }),
  cancelOrder: route({
    method: 'POST',
    path: '/api/v1/orders/:id/cancel',
    summary:
      'Cancel an order the order machine still allows to cancel (a paid one with its refund)',
    description,
    tags,
    permission: 'get_orders',
    rateLimit: 'apiKey',
    params: IdParams,
    response: PublicOrder,
    errors: [404, 409],
  }),
  campaigns: route({
    method: 'GET',
    path: '/api/v1/campaigns',
    summary: "The seller's campaigns",
    description,
    tags,
    permission: 'get_campaigns',
    rateLimit: 'apiKey',
    query: CampaignListQuery,
    response: cappedPaginated(Campaign),
  }),
  campaign: route({
    method: 'GET',
    path: '/api/v1/campaigns/:id',
    summary: 'One campaign with its products, designs and mockups',
    description,
    tags,
    permission: 'get_campaigns',
    rateLimit: 'apiKey',
    params: IdParams,
    response: Campaign,
    errors: [404],
  }),
} as const;
