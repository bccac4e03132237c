import type {
  AbandonedListQueryInput,
  AiJobListQuery,
  AuditLogQueryInput,
  BulkMultiSpaceListQueryInput,
  BulkRegularListQueryInput,
  CampaignListQueryInput,
  CancelRequestListQueryInput,
  CustomerListQueryInput,
  EmailCampaignListQuery,
  FulfillmentOrderListQueryInput,
  InvalidAddressListQueryInput,
  OnPromotionQuery,
  OrderListQueryInput,
  PayoutListQuery,
  PriceChangeListQuery,
  PricingAnalyticsQuery,
  PromotionListQuery,
  StockBaseCostQuery,
  TransactionListQueryInput,
} from '@printloom/core';

/** Most product templates one catalog page answers (core ProductTemplateListQuery). */
export const TEMPLATE_PAGE_SIZE = 100;

/**
 * The query keys of every API resource the dashboard reads, one factory per resource
 * (`all`, then `lists()`/`list(q)`, `detail(id)` …). Every key of a resource starts with its
 * `all`, so a write invalidates exactly what it changed: `campaigns.all` after a save refreshes
 * every campaign list and detail, `campaigns.lists()` only the lists.
 */
export const queryKeys = {
  me: { all: ['me'] as const },
  /** A bot-check challenge per mounted widget (a solution works once). */
  botCheck: {
    all: ['bot-check'] as const,
    challenge: (instance: number) => [...queryKeys.botCheck.all, 'challenge', instance] as const,
  },
  /** The demo server's outbox of sent mail. */
  outbox: { all: ['dev', 'outbox'] as const },
  accounts: { all: ['authorized-accounts'] as const },
  notifications: {
    all: ['notifications'] as const,
    lists: () => [...queryKeys.notifications.all, 'list'] as const,
    list: (query: { page?: number; per_page?: number }) =>
      [...queryKeys.notifications.lists(), query] as const,
    detail: (id: number) => [...queryKeys.notifications.all, 'detail', id] as const,
  },
  version: { all: ['version'] as const },
  widgets: { all: ['widgets'] as const },
  featuredInfo: { all: ['featured-info'] as const },
  balance: { all: ['balance'] as const },
  transactions: {
    all: ['transactions'] as const,
    list: (query: TransactionListQueryInput) =>
      [...queryKeys.transactions.all, 'list', query] as const,
  },
  payouts: {
    all: ['payouts'] as const,
    list: (query: Partial<PayoutListQuery>) => [...queryKeys.payouts.all, 'list', query] as const,
  },
  paymentAccounts: { all: ['payment-accounts'] as const },
  /** Express launches (a launch's campaign is in `campaigns` once made). */
  bulkCustomMockup: {
    all: ['bulk-custom-mockup'] as const,
    list: () => [...queryKeys.bulkCustomMockup.all, 'list'] as const,
    job: (id: number) => [...queryKeys.bulkCustomMockup.all, 'job', id] as const,
  },
  campaignExpress: {
    all: ['campaign-express'] as const,
    list: (query: { page: number; per_page: number }) =>
      [...queryKeys.campaignExpress.all, 'list', query] as const,
    detail: (id: number) => [...queryKeys.campaignExpress.all, 'detail', id] as const,
  },
  campaigns: {
    all: ['campaigns'] as const,
    lists: () => [...queryKeys.campaigns.all, 'list'] as const,
    list: (query: CampaignListQueryInput) => [...queryKeys.campaigns.lists(), query] as const,
    detail: (id: number) => [...queryKeys.campaigns.all, 'detail', id] as const,
  },
  productTemplates: {
    all: ['product-templates'] as const,
    list: () =>
      [...queryKeys.productTemplates.all, 'list', { per_page: TEMPLATE_PAGE_SIZE }] as const,
  },
  /**
   * The seller's stores. `all` is also the key of the list in use, which the campaign pages read
   * the current store's address from, so a store change refreshes product links too.
   */
  stores: {
    all: ['stores'] as const,
    archived: () => [...queryKeys.stores.all, 'archived'] as const,
    detail: (id: number) => [...queryKeys.stores.all, 'one', id] as const,
    ofCampaign: (id: number) => [...queryKeys.stores.all, 'campaign', id] as const,
    sitemap: (id: number) => [...queryKeys.stores.all, 'sitemap', id] as const,
    sitemapUrls: (id: number, sitemapId: string, page: number) =>
      [...queryKeys.stores.all, 'sitemap', id, sitemapId, page] as const,
  },
  orders: {
    all: ['orders'] as const,
    lists: () => [...queryKeys.orders.all, 'list'] as const,
    list: (query: OrderListQueryInput) => [...queryKeys.orders.lists(), query] as const,
    detail: (id: number) => [...queryKeys.orders.all, 'detail', id] as const,
  },
  senDesign: {
    all: ['senDesign'] as const,
  },
  featureRequests: {
    all: ['featureRequests'] as const,
    list: (query: object) => [...queryKeys.featureRequests.all, 'list', query] as const,
    detail: (id: number) => [...queryKeys.featureRequests.all, 'one', id] as const,
  },
  overview: {
    all: ['overview'] as const,
    get: (query: object) => [...queryKeys.overview.all, query] as const,
  },
  emailGateways: {
    all: ['email-gateways'] as const,
  },
  /** Custom domains; a primary domain changes its store's address, so stores refresh too. */
  domains: {
    all: ['domains'] as const,
  },
  paymentGateways: {
    all: ['payment-gateways'] as const,
  },
  emailCampaigns: {
    all: ['email-campaigns'] as const,
    list: (query: EmailCampaignListQuery) =>
      [...queryKeys.emailCampaigns.all, 'list', query] as const,
    one: (id: number) => [...queryKeys.emailCampaigns.all, 'one', id] as const,
  },
  emailSenders: {
    all: ['email-senders'] as const,
  },
  /** A store's default sender and footer, and its Klaviyo connection (Email Settings). */
  emailSettings: {
    all: ['email-settings'] as const,
    store: (storeId: number) => [...queryKeys.emailSettings.all, storeId] as const,
    klaviyo: (storeId: number) => [...queryKeys.emailSettings.all, storeId, 'klaviyo'] as const,
  },
  shopConnections: {
    all: ['shop-connections'] as const,
    runs: (id: number) => ['shop-connections', 'runs', id] as const,
  },
  points: {
    all: ['points'] as const,
    balance: (page: number) => [...queryKeys.points.all, 'balance', page] as const,
    checkIn: () => [...queryKeys.points.all, 'checkIn'] as const,
    contest: () => ['contest'] as const,
  },
  collections: {
    all: ['collections'] as const,
    list: (q: string) => [...queryKeys.collections.all, 'list', q] as const,
    detail: (id: number) => [...queryKeys.collections.all, 'one', id] as const,
  },
  aiDesign: {
    all: ['ai-design'] as const,
    list: (query: Partial<AiJobListQuery>) => [...queryKeys.aiDesign.all, 'list', query] as const,
    detail: (id: number) => [...queryKeys.aiDesign.all, 'detail', id] as const,
  },
  promotions: {
    all: ['promotions'] as const,
    list: (query: PromotionListQuery) => [...queryKeys.promotions.all, 'list', query] as const,
    onPromotion: (query: OnPromotionQuery) =>
      [...queryKeys.promotions.all, 'campaigns', query] as const,
  },
  customMockups: {
    all: ['custom-mockups'] as const,
    list: () => [...queryKeys.customMockups.all, 'list'] as const,
  },
  /** The personalisation library: fonts and clipart groups (issue 16). */
  personalized: {
    all: ['personalized'] as const,
    summary: () => [...queryKeys.personalized.all, 'summary'] as const,
    fonts: () => [...queryKeys.personalized.all, 'fonts'] as const,
    clipartGroups: () => [...queryKeys.personalized.all, 'clipart-groups'] as const,
    cliparts: (groupId: number) =>
      [...queryKeys.personalized.all, 'clipart-groups', groupId, 'cliparts'] as const,
    artworks: () => [...queryKeys.personalized.all, 'artworks'] as const,
    layers: (campaignId: number) =>
      [...queryKeys.personalized.all, 'campaigns', campaignId, 'layers'] as const,
  },
  pricing: {
    all: ['pricing'] as const,
    changes: (query: PriceChangeListQuery) => [...queryKeys.pricing.all, 'changes', query] as const,
    analytics: (query: PricingAnalyticsQuery) =>
      [...queryKeys.pricing.all, 'analytics', query] as const,
    stockBaseCosts: (query: StockBaseCostQuery) =>
      [...queryKeys.pricing.all, 'stock-base-costs', query] as const,
  },
  productReviews: {
    all: ['product-reviews'] as const,
    list: (query: object) => [...queryKeys.productReviews.all, 'list', query] as const,
    settings: () => [...queryKeys.productReviews.all, 'settings'] as const,
  },
  calendar: {
    all: ['calendar'] as const,
    month: (month: string) => [...queryKeys.calendar.all, 'month', month] as const,
  },
  crossSelling: {
    all: ['cross-selling'] as const,
    offer: (campaignId: number) => [...queryKeys.crossSelling.all, 'offer', campaignId] as const,
    campaigns: (query: object) => [...queryKeys.crossSelling.all, 'campaigns', query] as const,
    sales: (query: object) => [...queryKeys.crossSelling.all, 'sales', query] as const,
  },
  referral: {
    all: ['referral'] as const,
    program: () => [...queryKeys.referral.all, 'program'] as const,
    sellers: (query: object) => [...queryKeys.referral.all, 'sellers', query] as const,
  },
  searchKeywords: {
    all: ['search-keywords'] as const,
    list: (query: object) => [...queryKeys.searchKeywords.all, 'list', query] as const,
  },
  socialFeeds: {
    all: ['social-feeds'] as const,
    list: () => [...queryKeys.socialFeeds.all, 'list'] as const,
    detail: (id: number) => [...queryKeys.socialFeeds.all, 'one', id] as const,
  },
  siteConfig: { all: ['site-config'] as const },
  /** The seller's team: members and pending invitations. */
  team: {
    all: ['team'] as const,
    members: () => [...queryKeys.team.all, 'members'] as const,
    invitations: () => [...queryKeys.team.all, 'invitations'] as const,
    auditLogs: () => [...queryKeys.team.all, 'audit-log'] as const,
    auditLog: (query: AuditLogQueryInput) => [...queryKeys.team.auditLogs(), query] as const,
  },
  /** The person's own sessions and the seller's general settings. */
  account: {
    all: ['account'] as const,
    sessions: () => [...queryKeys.account.all, 'sessions'] as const,
    general: () => [...queryKeys.account.all, 'general'] as const,
    identities: () => [...queryKeys.account.all, 'identities'] as const,
  },
  socialProviders: { all: ['social-providers'] as const },
  notificationChannels: {
    all: ['notification-channels'] as const,
    lists: () => [...queryKeys.notificationChannels.all, 'list'] as const,
    deliveries: (id: number) => [...queryKeys.notificationChannels.all, 'deliveries', id] as const,
  },
  /** Buyers derived from orders (issue 13). */
  customers: {
    all: ['customers'] as const,
    lists: () => [...queryKeys.customers.all, 'list'] as const,
    list: (query: CustomerListQueryInput) => [...queryKeys.customers.lists(), query] as const,
    detail: (email: string) => [...queryKeys.customers.all, 'detail', email] as const,
  },
  /** Checkouts left unpaid and the recovery email schedule (issue 13). */
  abandoned: {
    all: ['abandoned-checkouts'] as const,
    lists: () => [...queryKeys.abandoned.all, 'list'] as const,
    list: (query: AbandonedListQueryInput) => [...queryKeys.abandoned.lists(), query] as const,
    settings: () => [...queryKeys.abandoned.all, 'settings'] as const,
  },
  /** Buyers' cancellation requests (issue 13 Cancel Orders). */
  cancelRequests: {
    all: ['cancel-requests'] as const,
    list: (query: CancelRequestListQueryInput) =>
      [...queryKeys.cancelRequests.all, 'list', query] as const,
  },
  /** Orders held for their address (issue 13 Invalid Address). */
  invalidAddresses: {
    all: ['invalid-addresses'] as const,
    list: (query: InvalidAddressListQueryInput) =>
      [...queryKeys.invalidAddresses.all, 'list', query] as const,
  },
  /** Orders imported from the seller's other channels (issue 13 Fulfill Orders). */
  fulfillmentOrders: {
    all: ['fulfillment-orders'] as const,
    lists: () => [...queryKeys.fulfillmentOrders.all, 'list'] as const,
    list: (query: FulfillmentOrderListQueryInput) =>
      [...queryKeys.fulfillmentOrders.lists(), query] as const,
  },
  apiKeys: {
    all: ['api-keys'] as const,
    lists: () => [...queryKeys.apiKeys.all, 'list'] as const,
  },
  bulkV3: {
    all: ['bulk-v3'] as const,
    lists: () => [...queryKeys.bulkV3.all, 'list'] as const,
    list: (query: BulkMultiSpaceListQueryInput) => [...queryKeys.bulkV3.lists(), query] as const,
    activity: () => [...queryKeys.bulkV3.all, 'activity'] as const,
    jobs: () => [...queryKeys.bulkV3.all, 'job'] as const,
    job: (id: number) => [...queryKeys.bulkV3.jobs(), id] as const,
    origin: (id: number) => [...queryKeys.bulkV3.all, 'origin', id] as const,
  },
  bulkRegular: {
    all: ['bulk-regular'] as const,
    lists: () => [...queryKeys.bulkRegular.all, 'list'] as const,
    list: (query: BulkRegularListQueryInput) => [...queryKeys.bulkRegular.lists(), query] as const,
    activity: () => [...queryKeys.bulkRegular.all, 'activity'] as const,
  },
} as const;
