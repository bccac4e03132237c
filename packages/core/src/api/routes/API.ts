import { abandoned } from './abandoned.js';
import { account } from './account.js';
import { aiDesign } from './aiDesign.js';
import { apiKeys } from './apiKeys.js';
import { auth } from './auth.js';
import { bulkRegular } from './bulkRegular.js';
import { bulkV3 } from './bulkV3.js';
import { calendar } from './calendar.js';
import { campaignImport } from './campaignImport.js';
import { campaigns } from './campaigns.js';
import { campaignTemplates } from './campaignTemplates.js';
import { catalog } from './catalog.js';
import { clientInfo } from './clientInfo.js';
import { collections } from './collections.js';
import { customers } from './customers.js';
import { customMockups } from './customMockups.js';
import { dev } from './dev.js';
import { domains } from './domains.js';
import { emailCampaigns, emailSubscribers, emailTracking } from './emailCampaigns.js';
import { emailGateways } from './emailGateways.js';
import { emailSenders } from './emailSenders.js';
import { featureRequests } from './featureRequests.js';
import { fulfillment } from './fulfillment.js';
import { images } from './images.js';
import { marketing } from './marketing.js';
import { money, moneyAdmin } from './money.js';
import { notificationChannels } from './notificationChannels.js';
import { orderCare } from './orderCare.js';
import { adminOrders, orders } from './orders.js';
import { overview } from './overview.js';
import { paymentGateways } from './paymentGateways.js';
import { personalized } from './personalized.js';
import { personalizedLibrary } from './personalizedLibrary.js';
import { points } from './points.js';
import { pricing } from './pricing.js';
import { productReviews } from './productReviews.js';
import { promotions } from './promotions.js';
import { publicApi } from './publicApi.js';
import type { RouteContract, RouteGroup } from './RouteContract.js';
import { referral } from './referral.js';
import { searchKeywords } from './searchKeywords.js';
import { senDesign } from './senDesign.js';
import { shell } from './shell.js';
import { shopConnections } from './shopConnections.js';
import { social } from './social.js';
import { socialFeeds } from './socialFeeds.js';
import { storeContent } from './storeContent.js';
import { storefront } from './storefront.js';
import { storeSettings } from './storeSettings.js';
import { stores } from './stores.js';
import { team } from './team.js';
import { uploads } from './uploads.js';

export { pathWith } from './pathWith.js';

/**
 * Every HTTP route of the Printloom API, by resource: the one place a route is written. The
 * server registers a handler for each entry, the client calls them by the same names
 * (`api.campaigns.list({ query })`), and `/api/docs` is generated from them. Paths named by
 * the spec (§7) keep its shape; paths the spec leaves "not shown" are chosen here once.
 *
 * Envelope: every JSON answer is `{ success: true, data, message? }`; every error
 * `{ success: false, message, errors? }` where `errors` maps a field name to its messages.
 */
export const API = {
  auth,
  social,
  team,
  account,
  apiKeys,
  shell,
  overview,
  clientInfo,
  uploads,
  images,
  catalog,
  campaigns,
  campaignTemplates,
  campaignImport,
  bulkV3,
  bulkRegular,
  stores,
  domains,
  collections,
  promotions,
  customMockups,
  pricing,
  storeContent,
  storeSettings,
  emailSenders,
  emailGateways,
  paymentGateways,
  emailCampaigns,
  emailTracking,
  emailSubscribers,
  marketing,
  personalized,
  personalizedLibrary,
  aiDesign,
  featureRequests,
  dev,
  storefront,
  notificationChannels,
  publicApi,
  orders,
  adminOrders,
  senDesign,
  money,
  moneyAdmin,
  productReviews,
  searchKeywords,
  socialFeeds,
  customers,
  fulfillment,
  shopConnections,
  abandoned,
  orderCare,
  points,
  referral,
  calendar,
} as const;

export type ApiTable = typeof API;
export type ApiGroupName = keyof ApiTable;

/** Where the generated documentation is served (JSON at `${API_DOCS_PATH}/json`). */
export const API_DOCS_PATH = '/api/docs';

export interface RouteEntry {
  group: string;
  name: string;
  contract: RouteContract;
}

/** Every route of a table, group by group, in declaration order. */
export function routeList(table: Readonly<Record<string, RouteGroup>> = API): RouteEntry[] {
  return Object.entries(table).flatMap(([group, routes]) =>
    Object.entries(routes).map(([name, contract]) => ({ group, name, contract })),
  );
}

/** The fixed part of a path ending in `*` (`/blob/*` → `/blob/`), to build or match its URLs. */
export function pathPrefix(contract: Pick<RouteContract, 'path'>): string {
  const star = contract.path.indexOf('*');
  return star === -1 ? contract.path : contract.path.slice(0, star);
}

/**
 * The leading path segments every route of a group shares (`/seller/campaign/bulk-v3` for the
 * multi-space bulk routes), short of a whole path and of any parameter; '' when none.
 */
export function groupPrefix(group: RouteGroup): string {
  const paths = Object.values(group).map((contract) => contract.path.split('/'));
  const first = paths[0] ?? [];
  // Every path keeps at least its last segment after the prefix.
  const most = Math.min(...paths.map((segments) => segments.length)) - 1;
  let shared = 0;
  while (
    shared < most &&
    paths.every((segments) => segments[shared] === first[shared]) &&
    !/^[:*]/.test(first[shared] ?? '')
  ) {
    shared += 1;
  }
  return first.slice(0, shared).join('/');
}
