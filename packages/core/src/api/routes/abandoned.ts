import {
  AbandonedCheckoutList,
  AbandonedListQuery,
  AbandonedSettings,
} from '../../customer/AbandonedCheckout.js';
import { route } from './RouteContract.js';

const tags = ['abandoned-orders'] as const;

/**
 * Abandoned checkouts (issue 13, spec §2 /abandoned-orders): checkouts with an email left
 * unpaid, the recovery emails 1 to 3 they got and whether they were paid after; the seller's
 * recovery schedule. Needs get_orders (spec §6).
 */
export const abandoned = {
  list: route({
    method: 'GET',
    path: '/seller/abandoned-orders',
    summary: 'Checkouts left unpaid past the first email’s delay, newest first',
    tags,
    permission: 'get_orders',
    query: AbandonedListQuery,
    response: AbandonedCheckoutList,
    errors: [403, 404],
  }),
  getSettings: route({
    method: 'GET',
    path: '/seller/abandoned-orders/settings',
    summary: 'The recovery email schedule',
    tags,
    permission: 'get_orders',
    response: AbandonedSettings,
  }),
  putSettings: route({
    method: 'PUT',
    path: '/seller/abandoned-orders/settings',
    summary: 'Turn recovery emails on or off and set when each of emails 1 to 3 goes out',
    tags,
    permission: 'get_orders',
    body: AbandonedSettings,
    response: AbandonedSettings,
  }),
} as const;
