import { z } from 'zod';
import {
  ShopConnection,
  ShopImportRun,
  TtsAuthorizeAnswer,
  TtsAuthorizeBody,
  TtsCallbackBody,
  WooConnectBody,
} from '../../fulfillment/shopConnections.js';
import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { route } from './RouteContract.js';

const tags = ['shop connections'] as const;

/**
 * Connected shops (issue 16): WooCommerce and TikTok Shop orders imported as fulfillment orders.
 * Fulfillment orders need get_orders (spec §6), so do the shops they come from. Another seller's
 * connection is 404.
 */
export const shopConnections = {
  list: route({
    method: 'GET',
    path: '/seller/shop-connections',
    summary: "The seller's connected shops, credentials masked",
    tags,
    permission: 'get_orders',
    response: z.array(ShopConnection),
  }),
  connectWooCommerce: route({
    method: 'POST',
    path: '/seller/shop-connections/woocommerce',
    summary: 'Connect a WooCommerce shop by its REST API key, checked against the shop',
    description:
      "The key is checked by reading one order of the shop (GET /wp-json/wc/v3/orders?per_page=1 with HTTP Basic auth over HTTPS); a refusal is 422 with the shop's message. The key and secret are sealed at rest.",
    tags,
    permission: 'get_orders',
    body: WooConnectBody,
    response: ShopConnection,
    errors: [409, 422],
  }),
  authorizeTikTok: route({
    method: 'POST',
    path: '/seller/shop-connections/tiktok/authorize',
    summary: 'Start a TikTok Shop authorisation: the authorise address with a one-time state',
    tags,
    permission: 'get_orders',
    body: TtsAuthorizeBody,
    response: TtsAuthorizeAnswer,
  }),
  tikTokCallback: route({
    method: 'POST',
    path: '/seller/shop-connections/tiktok/callback',
    summary: 'Finish a TikTok Shop authorisation: the code is exchanged for tokens',
    description:
      'The state must be one this seller started in the last 30 minutes and is used once. The tokens are sealed at rest and refreshed when they expire.',
    tags,
    permission: 'get_orders',
    body: TtsCallbackBody,
    response: ShopConnection,
    errors: [422],
  }),
  remove: route({
    method: 'DELETE',
    path: '/seller/shop-connections/:id',
    summary: 'Disconnect a shop: its credentials and import log are deleted, its orders stay',
    tags,
    permission: 'get_orders',
    params: IdParams,
    response: DoneAnswer,
    errors: [404],
  }),
  importNow: route({
    method: 'POST',
    path: '/seller/shop-connections/:id/import',
    summary: "Import the shop's orders now; the run as the import log records it",
    tags,
    permission: 'get_orders',
    params: IdParams,
    response: ShopImportRun,
    errors: [404],
  }),
  runs: route({
    method: 'GET',
    path: '/seller/shop-connections/:id/runs',
    summary: "The connection's import log, newest first",
    tags,
    permission: 'get_orders',
    params: IdParams,
    response: z.array(ShopImportRun),
    errors: [404],
  }),
} as const;
