import {
  CrossSale,
  CrossSaleListQuery,
  CrossSaleTotals,
  CrossSellCampaign,
  CrossSellCampaignQuery,
  CrossSellListing,
  CrossSellOffer,
  CrossSellOfferBody,
  CrossSellStoreParams,
} from '../../crossSelling/crossSelling.js';
import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { paginated } from '../pagination.js';
import { route } from './RouteContract.js';

const tags = ['cross-selling'] as const;

/**
 * Cross-selling (issue 14; spec §2 /referral-sales, "Cross-Selling" in the Orders menu): an
 * owner opens a campaign to other sellers' stores for a commission, other sellers browse the
 * open campaigns and list them in their stores, and both sides read the sales. Offers and
 * listings change campaigns and stores (update_campaign, as the store routes); reading the
 * marketplace needs get_campaigns; the sales are orders (get_orders, as the page).
 */
export const crossSelling = {
  offer: route({
    method: 'GET',
    path: '/seller/campaigns/:id/cross-selling',
    summary: "A campaign's cross-selling offer: open or not, its commission percent",
    tags,
    permission: 'get_campaigns',
    params: IdParams,
    response: CrossSellOffer,
    errors: [404],
  }),
  setOffer: route({
    method: 'PUT',
    path: '/seller/campaigns/:id/cross-selling',
    summary: 'Open a campaign to other stores with a commission percent, or close it',
    description:
      'Closing takes it out of every other store at once; a new percent opens a new offer that ' +
      'stores listing the old one must accept by adding the campaign again. Orders keep their figures.',
    tags,
    permission: 'update_campaign',
    params: IdParams,
    body: CrossSellOfferBody,
    response: CrossSellOffer,
    errors: [404, 422],
  }),
  campaigns: route({
    method: 'GET',
    path: '/seller/cross-selling/campaigns',
    summary: "Other sellers' live campaigns open for cross-selling, newest offers first",
    tags,
    permission: 'get_campaigns',
    query: CrossSellCampaignQuery,
    response: paginated(CrossSellCampaign),
  }),
  addToStore: route({
    method: 'PUT',
    path: '/seller/stores/:id/cross-selling/:campaign_id',
    summary: "List another seller's open campaign in one of my stores, accepting its offer",
    tags,
    permission: 'update_campaign',
    params: CrossSellStoreParams,
    response: CrossSellListing,
    errors: [403, 404, 422],
  }),
  removeFromStore: route({
    method: 'DELETE',
    path: '/seller/stores/:id/cross-selling/:campaign_id',
    summary: "Stop listing another seller's campaign in one of my stores",
    tags,
    permission: 'update_campaign',
    params: CrossSellStoreParams,
    response: DoneAnswer,
    errors: [403, 404],
  }),
  sales: route({
    method: 'GET',
    path: '/seller/cross-selling/sales',
    summary: 'Cross-sales of a period: sold in my stores, or my campaigns sold by others',
    description:
      'One row per cross-sold campaign of an order, newest paid first. The period is whole days ' +
      'in the seller’s utc_offset; refunded orders are listed and left out of the totals.',
    tags,
    permission: 'get_orders',
    query: CrossSaleListQuery,
    response: paginated(CrossSale).extend({ totals: CrossSaleTotals }),
  }),
} as const;
