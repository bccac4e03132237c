import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { paginated } from '../pagination.js';
import {
  EmailMarketingSettings,
  EmailMarketingSettingsBody,
  KlaviyoSettings,
  KlaviyoSettingsBody,
  KlaviyoSyncAnswer,
  StoreParams,
  Subscriber,
  SubscriberBody,
  SubscriberListQuery,
} from '../storeSchemas.js';
import { route } from './RouteContract.js';

/** Like the Email Marketing menu (spec §6): the `email marketing` tag plus update_campaign. */
export const emailMarketingGate = {
  tags: ['email-marketing'],
  permission: 'update_campaign',
  tag: ['email marketing'],
} as const;

/**
 * Email marketing (spec §3 Store-level state, §7): a store's Klaviyo connection (the private
 * key sealed at rest, answered masked) and its subscribers, queued for Klaviyo until synced.
 */
export const marketing = {
  klaviyoSettings: route({
    ...emailMarketingGate,
    method: 'GET',
    path: '/seller/stores/:storeId/klaviyo',
    summary: "A store's Klaviyo connection (key masked) and its last sync",
    params: StoreParams,
    response: KlaviyoSettings,
    errors: [404],
  }),
  updateKlaviyoSettings: route({
    ...emailMarketingGate,
    method: 'PUT',
    path: '/seller/stores/:storeId/klaviyo',
    summary: "Set a store's Klaviyo private key (stored sealed) and list",
    params: StoreParams,
    body: KlaviyoSettingsBody,
    response: KlaviyoSettings,
    errors: [404],
  }),
  emailSettings: route({
    ...emailMarketingGate,
    method: 'GET',
    path: '/seller/stores/:storeId/email-marketing/settings',
    summary: "A store's default sender and marketing mail footer",
    params: StoreParams,
    response: EmailMarketingSettings,
    errors: [404],
  }),
  updateEmailSettings: route({
    ...emailMarketingGate,
    method: 'PUT',
    path: '/seller/stores/:storeId/email-marketing/settings',
    summary: "Set a store's default sender and marketing mail footer",
    description:
      'The default sender must be one of the store’s own senders (422 otherwise); an empty unsubscribe text keeps the standard words.',
    params: StoreParams,
    body: EmailMarketingSettingsBody,
    response: EmailMarketingSettings,
    errors: [404, 422],
  }),
  syncKlaviyoProfiles: route({
    ...emailMarketingGate,
    method: 'POST',
    path: '/seller/stores/:storeId/klaviyo/sync-profiles',
    summary: "Send the store's queued subscribers to its Klaviyo list",
    params: StoreParams,
    response: KlaviyoSyncAnswer,
    errors: [404, 422, 429, 502],
  }),
  subscribers: route({
    ...emailMarketingGate,
    method: 'GET',
    path: '/seller/email-marketing/subscribers',
    summary: 'Email subscribers of the seller’s stores, newest first',
    query: SubscriberListQuery,
    response: paginated(Subscriber),
  }),
  addSubscriber: route({
    ...emailMarketingGate,
    method: 'POST',
    path: '/seller/email-marketing/subscribers',
    summary: 'Add a subscriber to a store (or update the one with that email); queued for Klaviyo',
    body: SubscriberBody,
    response: Subscriber,
    errors: [404],
  }),
  removeSubscriber: route({
    ...emailMarketingGate,
    method: 'DELETE',
    path: '/seller/email-marketing/subscribers/:id',
    summary: 'Remove a subscriber (Klaviyo keeps the profiles it already has)',
    params: IdParams,
    response: DoneAnswer,
    errors: [404],
  }),
} as const;
