import type { z } from 'zod';
import type { TransactionExportQuery } from '../ledger/schemas.js';
import {
  clientInfoExtras,
  fulfillmentExtras,
  personalizedLibraryExtras,
  teamExtras,
  uploadsExtras,
} from './clientExtras.js';
import { type ApiClientOptions, createTransport } from './clientTransport.js';
import {
  customersExportLink,
  fulfillmentTemplateLink,
  ordersExportLink,
  subscribersExportLink,
  transactionsExportLink,
} from './exportLinks.js';
import { imageLink } from './imageLink.js';
import { API } from './routes/API.js';
import { socialStartLink } from './socialLinks.js';
import type { SocialIntent, SocialProvider } from './socialSchemas.js';

export * from './clientExtras.js';
export * from './clientTransport.js';

/**
 * A typed client of the Printloom API over an injected `fetch` (spec §7), generated from the
 * route table: `api.<group>.<route>({ params, query, body })`. Inputs are checked with the
 * route's schemas before anything is sent; every answer is read through the response envelope
 * and checked with the same schema the server answers with; every failure is thrown as one
 * {@link ApiError} (spec §8). Calls that are not plain JSON have named helpers: `uploadFile`,
 * `uploadMockup` and multipart `upload`, `images.url`, `clientInfo.trace`, and the switch-account
 * pair, which report a refusal instead of throwing. Only the upload retries (3 attempts, with
 * growing waits). The whole table is loaded; the dashboard uses `createLazyApiClient`, which
 * loads a group on its first call.
 */
export function createApiClient(options: ApiClientOptions) {
  const t = createTransport(options);
  const { baseUrl, groupClient } = t;

  return {
    auth: groupClient(API.auth),
    social: {
      ...groupClient(API.social),
      /** The address the browser opens to sign in or link with a provider. */
      startUrl: (provider: SocialProvider, intent: SocialIntent = 'login') =>
        socialStartLink(baseUrl, provider, intent),
    },
    apiKeys: groupClient(API.apiKeys),
    team: { ...groupClient(API.team), ...teamExtras(t, API.team) },
    account: groupClient(API.account),
    shell: groupClient(API.shell),
    clientInfo: clientInfoExtras(t, API.clientInfo),
    uploads: { ...groupClient(API.uploads), ...uploadsExtras(t, API.uploads) },
    images: {
      /** The proxy address of an external image fitted in `size` (local addresses stay as they are). */
      url: (url: string, size: { w?: number; h?: number } = {}) => imageLink(baseUrl, url, size),
    },
    catalog: groupClient(API.catalog),
    campaigns: groupClient(API.campaigns),
    campaignTemplates: groupClient(API.campaignTemplates),
    campaignImport: groupClient(API.campaignImport),
    stores: groupClient(API.stores),
    collections: groupClient(API.collections),
    promotions: groupClient(API.promotions),
    customMockups: groupClient(API.customMockups),
    pricing: groupClient(API.pricing),
    storeContent: groupClient(API.storeContent),
    featureRequests: groupClient(API.featureRequests),
    overview: groupClient(API.overview),
    bulkV3: groupClient(API.bulkV3),
    bulkRegular: groupClient(API.bulkRegular),
    storeSettings: groupClient(API.storeSettings),
    emailSenders: groupClient(API.emailSenders),
    emailGateways: groupClient(API.emailGateways),
    domains: groupClient(API.domains),
    paymentGateways: groupClient(API.paymentGateways),
    emailCampaigns: groupClient(API.emailCampaigns),
    emailSubscribers: {
      ...groupClient(API.emailSubscribers),
      /** The address of the CSV export (a link the browser downloads with its session cookie). */
      exportCsvUrl: (query: { store_id?: number } = {}) => subscribersExportLink(baseUrl, query),
    },
    shopConnections: groupClient(API.shopConnections),
    marketing: groupClient(API.marketing),
    personalized: groupClient(API.personalized),
    personalizedLibrary: {
      ...groupClient(API.personalizedLibrary),
      ...personalizedLibraryExtras(t, API.personalizedLibrary),
    },
    aiDesign: groupClient(API.aiDesign),
    dev: groupClient(API.dev),
    /** The buyer's JSON calls (checkout, pay, order lookup); its pages are read by browsers. */
    storefront: groupClient(API.storefront),
    notificationChannels: groupClient(API.notificationChannels),
    /** The public REST API v1, for integrations on an API key. */
    publicApi: groupClient(API.publicApi),
    orders: {
      ...groupClient(API.orders),
      /**
       * The address of the CSV export with the list's filters (a link the browser downloads
       * with its session cookie; the answer is streamed, not JSON).
       */
      exportCsv: (query: z.input<typeof API.orders.exportCsv.query> = {}) =>
        ordersExportLink(baseUrl, query),
    },
    adminOrders: groupClient(API.adminOrders),
    senDesign: groupClient(API.senDesign),
    money: {
      ...groupClient(API.money),
      /**
       * The address of the transactions CSV for the list's filters: a download link, read by
       * the browser with the session cookie (spec §9 file name from Content-Disposition).
       */
      exportTransactionsUrl: (query: TransactionExportQuery = {}) =>
        transactionsExportLink(baseUrl, query),
    },
    moneyAdmin: groupClient(API.moneyAdmin),
    productReviews: groupClient(API.productReviews),
    searchKeywords: groupClient(API.searchKeywords),
    referral: groupClient(API.referral),
    calendar: groupClient(API.calendar),
    socialFeeds: groupClient(API.socialFeeds),
    customers: {
      ...groupClient(API.customers),
      /** The address of the customers CSV with the list's filters (a download link). */
      exportCsv: (query: z.input<typeof API.customers.exportCsv.query> = {}) =>
        customersExportLink(baseUrl, query),
    },
    abandoned: groupClient(API.abandoned),
    orderCare: groupClient(API.orderCare),
    points: groupClient(API.points),
    fulfillment: {
      ...groupClient(API.fulfillment),
      ...fulfillmentExtras(t, API.fulfillment),
      /** The address of the import template (a download link). */
      template: () => fulfillmentTemplateLink(baseUrl),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
