import type { PageId } from '@printloom/core';
import type { ComponentType } from 'react';
import { NotFoundPage } from '../pages/ErrorPage.js';

/** Loads a page's component: every page is its own chunk. */
export type LoadPage = () => Promise<ComponentType>;

/** The campaign editor; the ai, aop, combo and custom edit routes share it with their type. */
const campaignEdit: LoadPage = async () =>
  (await import('../pages/campaigns/CampaignEditPage.js')).CampaignEditPage;

/** Regular bulk jobs from a template campaign ({id}) and a folder or CSV of artwork. */
const regularBulkImport: LoadPage = async () =>
  (await import('../pages/bulk/BulkImportPage.js')).RegularBulkImportPage;

/** A store page's editor, for a new page and an existing one. */
const storePageEdit: LoadPage = async () =>
  (await import('../pages/storefronts/content/StorePageEditPage.js')).StorePageEditPage;

/** An email campaign's editor, for a new campaign and an existing one. */
const emailCampaignEdit: LoadPage = async () =>
  (await import('../pages/emailMarketing/EmailCampaignEditPage.js')).EmailCampaignEditPage;

/** A blog post's editor, for a new post and an existing one. */
const blogPostEdit: LoadPage = async () =>
  (await import('../pages/storefronts/content/BlogPostEditPage.js')).BlogPostEditPage;

/** The seller's own mockup photos, applied to a campaign or a template campaign ({id}). */
const customMockups: LoadPage = async () =>
  (await import('../pages/campaigns/mockup/CustomMockupPage.js')).CustomMockupPage;

const account: LoadPage = async () => (await import('../pages/AccountPage.js')).AccountPage;
// The error page is in the entry chunk already: it is every layout's error element.
const notFound: LoadPage = async () => NotFoundPage;

/**
 * The component of every page of the PAGES table (core), by page id: the only page list of the
 * web app. A page without an entry here does not compile. Address, title, guards, permission
 * and menu place come from PAGES.
 */
export const PAGE_COMPONENTS = {
  overview: async () => (await import('../pages/DashboardPage.js')).DashboardPage,
  referral: async () => (await import('../pages/referral/ReferralPage.js')).ReferralPage,
  contest: async () => (await import('../pages/points/ContestPage.js')).ContestPage,
  calendar: async () => (await import('../pages/calendar/CalendarPage.js')).CalendarPage,
  sen_design: async () => (await import('../pages/orders/SenDesignPage.js')).SenDesignPage,

  all_orders: async () => (await import('../pages/orders/OrdersListPage.js')).OrdersListPage,
  abandoned: async () => (await import('../pages/abandoned/AbandonedPage.js')).AbandonedPage,
  cross_selling: async () =>
    (await import('../pages/crossSelling/CrossSellingPage.js')).CrossSellingPage,
  customers: async () => (await import('../pages/customers/CustomersPage.js')).CustomersPage,
  fulfill_orders: async () =>
    (await import('../pages/fulfillment/FulfillmentPage.js')).FulfillmentPage,
  invalid_address: async () =>
    (await import('../pages/orderCare/InvalidAddressPage.js')).InvalidAddressPage,
  cancel_orders: async () =>
    (await import('../pages/orderCare/CancelOrdersPage.js')).CancelOrdersPage,
  order_detail: async () => (await import('../pages/orders/OrderDetailPage.js')).OrderDetailPage,
  order_invoice: async () => (await import('../pages/orders/OrderInvoicePage.js')).OrderInvoicePage,

  all_campaigns: async () =>
    (await import('../pages/campaigns/CampaignsListPage.js')).CampaignsListPage,
  promotions: async () => (await import('../pages/promotions/PromotionsPage.js')).PromotionsPage,
  collections: async () =>
    (await import('../pages/collections/CollectionsListPage.js')).CollectionsListPage,
  pricing: async () => (await import('../pages/pricing/PricingPage.js')).PricingPage,
  bulk_campaigns: async () =>
    (await import('../pages/bulk/RegularBulkListPage.js')).RegularBulkListPage,
  on_promotion: async () =>
    (await import('../pages/promotions/OnPromotionPage.js')).OnPromotionPage,
  collection_edit: async () =>
    (await import('../pages/collections/CollectionEditPage.js')).CollectionEditPage,
  collection_featured: async () =>
    (await import('../pages/collections/FeaturedCampaignsPage.js')).FeaturedCampaignsPage,
  pricing_analytics: async () =>
    (await import('../pages/pricing/PricingAnalyticsPage.js')).PricingAnalyticsPage,
  campaigns_import: async () =>
    (await import('../pages/campaigns/import/CampaignImportPage.js')).CampaignImportPage,
  campaign_edit: campaignEdit,
  campaign_ai_edit: campaignEdit,
  campaign_aop_edit: campaignEdit,
  campaign_combo_edit: campaignEdit,
  campaign_custom_edit: campaignEdit,
  campaign_template_bulk: async () =>
    (await import('../pages/bulk/BulkImportPage.js')).TemplateBulkImportPage,
  campaign_template_mockup: customMockups,
  campaign_template: async () =>
    (await import('../pages/campaigns/templates/TemplatesPage.js')).TemplatesPage,
  campaign_express: async () =>
    (await import('../pages/campaigns/express/ExpressPage.js')).ExpressPage,
  campaign_bulk: regularBulkImport,
  campaign_bulk_v2: regularBulkImport,
  campaign_mockup: customMockups,
  bulk_multi_space: async () =>
    (await import('../pages/bulk/MultiSpaceBulkListPage.js')).MultiSpaceBulkListPage,
  bulk_multi_space_import: async () =>
    (await import('../pages/bulk/BulkImportPage.js')).BulkImportPage,
  bulk_custom_mockup: async () =>
    (await import('../pages/bulk/BulkCustomMockupPage.js')).BulkCustomMockupPage,
  bulk_campaign: regularBulkImport,

  artworks: async () => (await import('../pages/personalized/ArtworksPage.js')).ArtworksPage,
  cliparts: async () => (await import('../pages/personalized/ClipartsPage.js')).ClipartsPage,
  fonts: async () => (await import('../pages/personalized/FontsPage.js')).FontsPage,
  personalized_home: async () =>
    (await import('../pages/personalized/PersonalizedHomePage.js')).PersonalizedHomePage,

  email_campaigns: async () =>
    (await import('../pages/emailMarketing/EmailCampaignsPage.js')).EmailCampaignsPage,
  subscribers: async () =>
    (await import('../pages/emailMarketing/SubscribersPage.js')).SubscribersPage,
  email_settings: async () =>
    (await import('../pages/emailMarketing/EmailSettingsPage.js')).EmailSettingsPage,
  email_senders: async () =>
    (await import('../pages/emailMarketing/EmailSendersPage.js')).EmailSendersPage,
  email_campaign_new: emailCampaignEdit,
  email_campaign_edit: emailCampaignEdit,
  email_campaign_view: async () =>
    (await import('../pages/emailMarketing/EmailCampaignViewPage.js')).EmailCampaignViewPage,

  all_stores: async () => (await import('../pages/storefronts/StoresListPage.js')).StoresListPage,
  product_reviews: async () =>
    (await import('../pages/storeExtras/ProductReviewsPage.js')).ProductReviewsPage,
  search_keywords: async () =>
    (await import('../pages/storeExtras/SearchKeywordsPage.js')).SearchKeywordsPage,
  social_feed: async () =>
    (await import('../pages/storeExtras/SocialFeedsPage.js')).SocialFeedsPage,
  social_feed_new: async () =>
    (await import('../pages/storeExtras/SocialFeedEditPage.js')).SocialFeedEditPage,
  social_feed_edit: async () =>
    (await import('../pages/storeExtras/SocialFeedEditPage.js')).SocialFeedEditPage,
  store_edit: async () => (await import('../pages/storefronts/StoreEditPage.js')).StoreEditPage,
  store_pages: async () =>
    (await import('../pages/storefronts/content/StorePagesPage.js')).StorePagesPage,
  store_page_new: storePageEdit,
  store_page_edit: storePageEdit,
  store_sitemap: async () =>
    (await import('../pages/storefronts/StoreSitemapPage.js')).StoreSitemapPage,
  store_sitemap_urls: async () =>
    (await import('../pages/storefronts/StoreSitemapUrlsPage.js')).StoreSitemapUrlsPage,
  store_blog: async () =>
    (await import('../pages/storefronts/content/BlogPostsPage.js')).BlogPostsPage,
  store_blog_categories: async () =>
    (await import('../pages/storefronts/content/BlogCategoriesPage.js')).BlogCategoriesPage,
  store_blog_new: blogPostEdit,
  store_blog_edit: blogPostEdit,

  product_catalog: async () =>
    (await import('../pages/catalog/ProductCatalogPage.js')).ProductCatalogPage,
  stock_base_costs: async () =>
    (await import('../pages/pricing/StockBaseCostsPage.js')).StockBaseCostsPage,
  payouts: async () => (await import('../pages/billing/PayoutsPage.js')).PayoutsPage,

  general_settings: async () =>
    (await import('../pages/settings/GeneralSettingsPage.js')).GeneralSettingsPage,
  email_gateways: async () =>
    (await import('../pages/settings/EmailGatewaysPage.js')).EmailGatewaysPage,
  payment_accounts: async () =>
    (await import('../pages/billing/PaymentAccountsPage.js')).PaymentAccountsPage,
  payment_gateways: async () =>
    (await import('../pages/settings/PaymentGatewaysPage.js')).PaymentGatewaysPage,
  domains: async () => (await import('../pages/domains/DomainsPage.js')).DomainsPage,
  team: async () => (await import('../pages/team/TeamPage.js')).TeamPage,
  notifications: async () =>
    (await import('../pages/settings/NotificationChannelsPage.js')).NotificationChannelsPage,
  api_keys: async () => (await import('../pages/settings/ApiKeysPage.js')).ApiKeysPage,
  payment_gateway_new: async () =>
    (await import('../pages/settings/PaymentGatewayNewPage.js')).PaymentGatewayNewPage,
  team_invitations: async () =>
    (await import('../pages/team/TeamInvitationsPage.js')).TeamInvitationsPage,
  team_activity: async () => (await import('../pages/team/TeamActivityPage.js')).TeamActivityPage,

  account_settings: account,
  sms_topup: async () => (await import('../pages/billing/SmsTopupPage.js')).SmsTopupPage,
  account,
  ai_design: async () => (await import('../pages/aiDesign/AiDesignPage.js')).AiDesignPage,
  ai_design_history: async () =>
    (await import('../pages/aiDesign/AiDesignHistoryPage.js')).AiDesignHistoryPage,
  aop_test: async () => (await import('../pages/aop/AopTestPage.js')).AopTestPage,
  check_in: async () => (await import('../pages/points/CheckInPage.js')).CheckInPage,
  feature_requests: async () =>
    (await import('../pages/feedback/FeatureRequestsPage.js')).FeatureRequestsPage,
  feature_request: async () =>
    (await import('../pages/feedback/FeatureRequestPage.js')).FeatureRequestPage,
  notification_list: async () => (await import('../pages/NotificationsPage.js')).NotificationsPage,
  notification: async () => (await import('../pages/NotificationPage.js')).NotificationPage,
  sen_points: async () => (await import('../pages/points/SenPointsPage.js')).SenPointsPage,
  tts_callback: async () => (await import('../pages/shops/TikTokShopPage.js')).TikTokShopPage,
  woocommerce_connect: async () =>
    (await import('../pages/shops/WooCommerceConnectPage.js')).WooCommerceConnectPage,

  login: async () => (await import('../pages/auth/LoginPage.js')).LoginPage,
  register: async () => (await import('../pages/auth/RegisterPage.js')).RegisterPage,
  forgot_password: async () =>
    (await import('../pages/auth/ForgotPasswordPage.js')).ForgotPasswordPage,
  confirm_email_change: async () =>
    (await import('../pages/settings/ConfirmEmailChangePage.js')).ConfirmEmailChangePage,
  accept_invitation: async () =>
    (await import('../pages/team/AcceptInvitationPage.js')).AcceptInvitationPage,
  reset_password: async () =>
    (await import('../pages/auth/ResetPasswordPage.js')).ResetPasswordPage,
  tfa: async () => (await import('../pages/auth/TfaPage.js')).TfaPage,
  verify_email: async () => (await import('../pages/auth/VerifyEmailPage.js')).VerifyEmailPage,
  login_as_seller: async () =>
    (await import('../pages/auth/LoginAsSellerPage.js')).LoginAsSellerPage,
  auth_callback: async () => (await import('../pages/auth/CallbackPage.js')).CallbackPage,
  social_link: async () => (await import('../pages/auth/SocialLinkPage.js')).SocialLinkPage,
  logout: async () => (await import('../pages/auth/LogoutPage.js')).LogoutPage,
  dev_outbox: async () => (await import('../pages/dev/OutboxPage.js')).OutboxPage,

  maintenance: async () => (await import('../pages/MaintenancePage.js')).MaintenancePage,
  error_404: notFound,
  not_found: notFound,
} satisfies Record<PageId, LoadPage>;
