import { ANY_MEMBER } from '../user/User.js';
import type { PageDef } from './PageDef.js';

/**
 * Every page of spec §2, once: address, title, layout, who may open it (permission, tags,
 * gates), extra guards, menu place and quick navigation. The menu (`FULL_MENU`, `menuFor`), the
 * web router, its guards, quick navigation, document titles and the shell's paths all read this
 * table; adding a page is one row here and one component entry in the web app.
 *
 * Ids of menu pages are the menu keys. Permissions the spec does not give are chosen by what the
 * page does: reading a domain needs its get_ permission, creating or editing campaigns needs
 * update_campaign, and pages of the account itself (stores, domains, API keys, notifications)
 * are open to any member unless spec §6 hides them from team accounts (`account_owner`).
 */
export const PAGES = {
  // Dashboard
  overview: {
    path: '/',
    title: 'Overview',
    layout: 'default',
    permission: 'get_reports',
    menu: { group: 'dashboard', order: 10 },
    quickNav: 'spec',
  },
  referral: {
    path: '/referral',
    title: 'Referral Program',
    layout: 'default',
    permission: ANY_MEMBER,
    gates: ['not_referral'],
    query: 'sort_by=sold_items',
    menu: { group: 'dashboard', order: 20 },
    quickNav: 'spec',
  },
  contest: {
    path: '/contest',
    title: 'SEN Contest',
    layout: 'default',
    permission: ANY_MEMBER,
    menu: { group: 'dashboard', order: 30 },
    quickNav: 'spec',
  },
  calendar: {
    path: '/calendar',
    title: 'Calendar',
    layout: 'default',
    permission: ANY_MEMBER,
    menu: { group: 'dashboard', order: 40 },
  },

  // SEN Design: the designer's whole menu (spec §6)
  sen_design: {
    path: '/orders/sen-design',
    title: 'SEN Design',
    layout: 'default',
    permission: ANY_MEMBER,
    menu: { group: null, order: 20 },
  },

  // Orders
  all_orders: {
    path: '/orders',
    title: 'All Orders',
    layout: 'default',
    permission: 'get_orders',
    menu: { group: 'orders', order: 10 },
    quickNav: 'spec',
  },
  abandoned: {
    path: '/abandoned-orders',
    title: 'Abandoned Orders',
    layout: 'default',
    permission: 'get_orders',
    menu: { group: 'orders', order: 20, label: 'Abandoned' },
    quickNav: 'spec',
  },
  cross_selling: {
    path: '/referral-sales',
    title: 'Cross-Selling',
    layout: 'default',
    permission: 'get_orders',
    menu: { group: 'orders', order: 30 },
  },
  customers: {
    path: '/customers',
    title: 'Customers',
    layout: 'default',
    permission: 'get_orders',
    menu: { group: 'orders', order: 40 },
    quickNav: 'spec',
  },
  fulfill_orders: {
    path: '/fulfillment',
    title: 'Fulfill Orders',
    layout: 'default',
    permission: 'get_orders',
    menu: { group: 'orders', order: 50 },
    quickNav: 'spec',
  },
  invalid_address: {
    path: '/invalid-address',
    title: 'Invalid Address',
    layout: 'default',
    permission: 'get_orders',
    gates: ['custom_payment'],
    menu: { group: 'orders', order: 60 },
  },
  cancel_orders: {
    path: '/cancel-orders',
    title: 'Cancel Orders',
    layout: 'default',
    permission: 'get_orders',
    gates: ['custom_payment'],
    menu: { group: 'orders', order: 70 },
  },
  order_detail: {
    path: '/orders/detail/:id?',
    title: 'Order Detail',
    layout: 'default',
    permission: 'get_orders',
  },
  order_invoice: {
    path: '/orders/invoice/:id?',
    title: 'Order Invoice',
    layout: 'default',
    permission: 'get_orders',
  },

  // Campaigns
  all_campaigns: {
    path: '/campaigns',
    title: 'All Campaigns',
    layout: 'default',
    permission: 'get_campaigns',
    menu: { group: 'campaigns', order: 10 },
    quickNav: 'spec',
  },
  promotions: {
    path: '/promotions',
    title: 'Promotions',
    layout: 'default',
    permission: 'get_campaigns',
    menu: { group: 'campaigns', order: 20 },
    quickNav: 'spec',
  },
  collections: {
    path: '/collections',
    title: 'Collections',
    layout: 'default',
    permission: 'get_campaigns',
    menu: { group: 'campaigns', order: 30 },
    quickNav: 'spec',
  },
  pricing: {
    path: '/pricing',
    title: 'Pricing',
    layout: 'default',
    permission: 'update_campaign',
    tags: ['pricing'],
    menu: { group: 'campaigns', order: 40 },
    quickNav: 'spec',
  },
  bulk_campaigns: {
    path: '/bulk-campaigns',
    title: 'Bulk Campaigns',
    layout: 'default',
    permission: 'get_campaigns',
    gates: ['bulk_capability'],
    menu: { group: 'campaigns', order: 50, label: 'Bulk campaigns' },
    quickNav: 'added',
  },
  on_promotion: {
    path: '/on-promotion',
    title: 'On Promotion',
    layout: 'default',
    permission: 'get_campaigns',
    menu: { group: 'campaigns', order: 60, label: 'On promotion' },
  },
  collection_edit: {
    path: '/collections/edit/:id',
    title: 'Edit Collection',
    layout: 'default',
    permission: 'update_campaign',
  },
  collection_featured: {
    path: '/collections/:id/featured-campaigns',
    title: 'Featured Campaigns',
    layout: 'default',
    permission: 'update_campaign',
  },
  pricing_analytics: {
    path: '/pricing/analytics',
    title: 'Pricing Analytics',
    layout: 'default',
    permission: 'update_campaign',
    tags: ['pricing'],
  },
  campaigns_import: {
    path: '/campaigns/import',
    title: 'Import Campaigns',
    layout: 'default',
    permission: 'update_campaign',
    quickNav: 'added',
  },
  campaign_edit: {
    path: '/campaigns/edit/:id?',
    title: 'Edit Campaign',
    layout: 'default',
    permission: 'update_campaign',
  },
  campaign_ai_edit: {
    path: '/campaigns/ai/edit/:id?',
    title: 'Edit AI Campaign',
    layout: 'default',
    permission: 'update_campaign',
  },
  campaign_aop_edit: {
    path: '/campaigns/aop/edit/:id?',
    title: 'Edit AOP Campaign',
    layout: 'default',
    permission: 'update_campaign',
  },
  campaign_combo_edit: {
    path: '/campaigns/combo/edit/:id?',
    title: 'Edit Combo Campaign',
    layout: 'default',
    permission: 'update_campaign',
  },
  campaign_custom_edit: {
    path: '/campaigns/custom/edit/:id?',
    title: 'Edit Custom Campaign',
    layout: 'default',
    permission: 'update_campaign',
  },
  campaign_template_bulk: {
    path: '/campaigns/template/bulk/:id?',
    title: 'Template Bulk',
    layout: 'default',
    permission: 'update_campaign',
  },
  campaign_template_mockup: {
    path: '/campaigns/template/mockup/:id?',
    title: 'Template Mockup',
    layout: 'default',
    permission: 'update_campaign',
  },
  campaign_template: {
    path: '/campaigns/template/*',
    title: 'Template Campaign',
    layout: 'default',
    permission: 'update_campaign',
    quickNav: 'added',
  },
  campaign_express: {
    path: '/campaigns/express/*',
    title: 'Express Campaign',
    layout: 'default',
    permission: 'update_campaign',
    quickNav: 'added',
  },
  campaign_bulk: {
    path: '/campaigns/bulk/:id?',
    title: 'Bulk Campaign',
    layout: 'default',
    permission: 'update_campaign',
  },
  // The older bulk page (spec §2 'old bulk campaign' tag) creates the same regular jobs.
  campaign_bulk_v2: {
    path: '/campaigns/bulk_v2/:id?',
    title: 'Bulk Campaign',
    layout: 'default',
    permission: 'update_campaign',
  },
  campaign_mockup: {
    path: '/campaigns/mockup/:id?',
    title: 'Mockup Campaign',
    layout: 'default',
    permission: 'update_campaign',
  },
  bulk_multi_space: {
    path: '/bulk-campaigns/multi-print-spaces',
    title: 'Multi Print Spaces Bulk',
    layout: 'default',
    permission: 'get_campaigns',
  },
  bulk_multi_space_import: {
    path: '/bulk-campaigns/multi-print-spaces/import/:id?',
    title: 'Import Multi Print Spaces Bulk',
    layout: 'default',
    permission: 'update_campaign',
  },
  bulk_custom_mockup: {
    path: '/bulk-campaigns/custom/mockup/:id?',
    title: 'Custom Mockup Bulk',
    layout: 'default',
    permission: 'update_campaign',
  },
  // {type} is regular or express; {id} is the template campaign, as on /campaigns/bulk_v2.
  bulk_campaign: {
    path: '/bulk-campaigns/:type?/:id',
    title: 'Bulk Campaign',
    layout: 'default',
    permission: 'update_campaign',
    guards: ['preferOldBulkCampaign'],
  },

  // Personalized (spec §6: a personalized-builder tag plus update_campaign)
  artworks: {
    path: '/personalized/artworks',
    title: 'Artworks',
    layout: 'default',
    permission: 'update_campaign',
    tags: ['pb', 'personalized'],
    menu: { group: 'personalized', order: 10 },
    quickNav: 'spec',
  },
  cliparts: {
    path: '/personalized/cliparts',
    title: 'Cliparts',
    layout: 'default',
    permission: 'update_campaign',
    tags: ['pb', 'personalized'],
    menu: { group: 'personalized', order: 20 },
    quickNav: 'spec',
  },
  fonts: {
    path: '/personalized/fonts',
    title: 'Fonts',
    layout: 'default',
    permission: 'update_campaign',
    tags: ['pb', 'personalized'],
    menu: { group: 'personalized', order: 30 },
    quickNav: 'spec',
  },
  personalized_home: {
    path: '/personalized',
    title: 'Personalized',
    layout: 'default',
    permission: 'update_campaign',
    tags: ['pb', 'personalized'],
    quickNav: 'added',
  },

  // Email Marketing (spec §6: the 'email marketing' tag plus update_campaign)
  email_campaigns: {
    path: '/email-marketing/campaigns',
    title: 'Email Campaigns',
    layout: 'default',
    permission: 'update_campaign',
    tags: ['email marketing'],
    menu: { group: 'email_marketing', order: 10 },
    quickNav: 'spec',
  },
  subscribers: {
    path: '/email-marketing/subscribers',
    title: 'Subscribers',
    layout: 'default',
    permission: 'update_campaign',
    tags: ['email marketing'],
    menu: { group: 'email_marketing', order: 20 },
    quickNav: 'spec',
  },
  email_settings: {
    path: '/email-marketing/settings',
    title: 'Email Settings',
    layout: 'default',
    permission: 'update_campaign',
    tags: ['email marketing'],
    menu: { group: 'email_marketing', order: 30 },
    quickNav: 'spec',
  },
  email_senders: {
    path: '/email-marketing/senders',
    title: 'Email Senders',
    layout: 'default',
    permission: 'update_campaign',
    tags: ['email marketing'],
    gates: ['account_owner'],
    menu: { group: 'email_marketing', order: 40 },
  },
  email_campaign_new: {
    path: '/email-marketing/campaigns/new',
    title: 'New Email Campaign',
    layout: 'default',
    permission: 'update_campaign',
    tags: ['email marketing'],
  },
  email_campaign_edit: {
    path: '/email-marketing/campaigns/edit/:id',
    title: 'Edit Email Campaign',
    layout: 'default',
    permission: 'update_campaign',
    tags: ['email marketing'],
  },
  email_campaign_view: {
    path: '/email-marketing/campaigns/view/:id',
    title: 'Email Campaign',
    layout: 'default',
    permission: 'update_campaign',
    tags: ['email marketing'],
  },

  // Storefronts
  all_stores: {
    path: '/storefronts',
    title: 'All Stores',
    layout: 'default',
    permission: ANY_MEMBER,
    menu: { group: 'storefronts', order: 10 },
    quickNav: 'spec',
  },
  product_reviews: {
    path: '/settings/product-reviews',
    title: 'Product Reviews',
    layout: 'default',
    permission: ANY_MEMBER,
    menu: { group: 'storefronts', order: 20 },
    quickNav: 'spec',
  },
  search_keywords: {
    path: '/search-keyword',
    title: 'Search Keywords',
    layout: 'default',
    permission: ANY_MEMBER,
    menu: { group: 'storefronts', order: 30 },
    quickNav: 'spec',
  },
  social_feed: {
    path: '/social-feed',
    title: 'Social Feed',
    layout: 'default',
    permission: 'update_social_feed',
    menu: { group: 'storefronts', order: 40 },
    quickNav: 'spec',
  },
  social_feed_new: {
    path: '/social-feed/update',
    title: 'New Social Feed',
    layout: 'default',
    permission: 'update_social_feed',
  },
  social_feed_edit: {
    path: '/social-feed/update/:id',
    title: 'Edit Social Feed',
    layout: 'default',
    permission: 'update_social_feed',
  },
  store_edit: {
    path: '/storefronts/edit/:id',
    title: 'Edit Store',
    layout: 'default',
    permission: ANY_MEMBER,
  },
  store_pages: {
    path: '/storefronts/pages',
    title: 'Store Pages',
    layout: 'default',
    permission: ANY_MEMBER,
  },
  store_page_new: {
    path: '/storefronts/pages/create',
    title: 'New Store Page',
    layout: 'default',
    permission: ANY_MEMBER,
  },
  store_page_edit: {
    path: '/storefronts/pages/edit/:id?',
    title: 'Edit Store Page',
    layout: 'default',
    permission: ANY_MEMBER,
  },
  store_sitemap: {
    path: '/storefronts/sitemap/:id',
    title: 'Sitemap',
    layout: 'default',
    permission: ANY_MEMBER,
  },
  store_sitemap_urls: {
    path: '/storefronts/sitemap/:id?/urls/:sitemapId?',
    title: 'Sitemap URLs',
    layout: 'default',
    permission: ANY_MEMBER,
  },
  store_blog: {
    path: '/storefronts/:id/blog',
    title: 'Blog',
    layout: 'default',
    permission: ANY_MEMBER,
  },
  store_blog_categories: {
    path: '/storefronts/:id/blog/categories',
    title: 'Blog Categories',
    layout: 'default',
    permission: ANY_MEMBER,
  },
  store_blog_new: {
    path: '/storefronts/:id/blog/new',
    title: 'New Blog Post',
    layout: 'default',
    permission: ANY_MEMBER,
  },
  store_blog_edit: {
    path: '/storefronts/:id/blog/:postId/edit',
    title: 'Edit Blog Post',
    layout: 'default',
    permission: ANY_MEMBER,
  },

  // Products
  product_catalog: {
    path: '/product/catalog',
    title: 'Product Catalog',
    layout: 'default',
    permission: ANY_MEMBER,
    menu: { group: 'products', order: 5 },
  },
  stock_base_costs: {
    path: '/product/stock-base-cost',
    title: 'Stock Base Costs',
    layout: 'default',
    permission: ANY_MEMBER,
    menu: { group: 'products', order: 10 },
  },

  // Billing & Payouts
  payouts: {
    path: '/payouts',
    title: 'Billing & Payouts',
    layout: 'default',
    permission: 'get_payments',
    menu: { group: null, order: 90 },
    quickNav: 'spec',
  },

  // Settings
  general_settings: {
    path: '/settings/general',
    title: 'General Settings',
    layout: 'default',
    permission: ANY_MEMBER,
    gates: ['account_owner'],
    menu: { group: 'settings', order: 10 },
    quickNav: 'spec',
  },
  email_gateways: {
    path: '/settings/email-gateways',
    title: 'Email Gateways',
    layout: 'default',
    permission: ANY_MEMBER,
    gates: ['account_owner'],
    menu: { group: 'settings', order: 20 },
  },
  payment_accounts: {
    path: '/settings/payment-account',
    title: 'Payment Accounts',
    layout: 'default',
    permission: 'update_payments',
    menu: { group: 'settings', order: 30 },
    quickNav: 'spec',
  },
  payment_gateways: {
    path: '/settings/payment-gateways',
    title: 'Payment Gateways',
    layout: 'default',
    permission: ANY_MEMBER,
    gates: ['custom_payment'],
    menu: { group: 'settings', order: 40 },
    quickNav: 'spec',
  },
  domains: {
    path: '/domains',
    title: 'Domains',
    layout: 'default',
    permission: ANY_MEMBER,
    menu: { group: 'settings', order: 50 },
    quickNav: 'spec',
  },
  team: {
    path: '/team',
    title: 'Team',
    layout: 'default',
    permission: 'get_users',
    gates: ['account_owner'],
    menu: { group: 'settings', order: 60 },
    quickNav: 'spec',
  },
  notifications: {
    path: '/settings/notification',
    title: 'Notification Settings',
    layout: 'default',
    permission: ANY_MEMBER,
    gates: ['account_owner'],
    menu: { group: 'settings', order: 70, label: 'Notifications' },
    quickNav: 'spec',
  },
  api_keys: {
    path: '/settings/api-keys',
    title: 'API Keys',
    layout: 'default',
    permission: ANY_MEMBER,
    menu: { group: 'settings', order: 80 },
  },
  payment_gateway_new: {
    path: '/settings/payment-gateways/create',
    title: 'New Payment Gateway',
    layout: 'default',
    permission: ANY_MEMBER,
    gates: ['custom_payment'],
  },
  team_invitations: {
    path: '/team/invitations',
    title: 'Team Invitations',
    layout: 'default',
    permission: 'get_users',
    gates: ['account_owner'],
  },
  // The account's audit log (issue 15): who acted for the account, what and when. Read-only.
  team_activity: {
    path: '/team/activity',
    title: 'Team Activity',
    layout: 'default',
    permission: 'get_users',
    gates: ['account_owner'],
  },

  // Pages outside the menu
  account_settings: {
    path: '/settings/account',
    title: 'Account Settings',
    layout: 'default',
    permission: ANY_MEMBER,
    quickNav: 'spec',
  },
  sms_topup: {
    path: '/sms/topup',
    title: 'SMS Top-up',
    layout: 'default',
    permission: ANY_MEMBER,
    quickNav: 'spec',
  },
  // The designer's account page (spec §2 user dropdown: /account for designers).
  account: { path: '/account', title: 'My Account', layout: 'default', permission: ANY_MEMBER },
  // AI design makes artwork for campaigns; beta-only (spec §2 top bar).
  ai_design: {
    path: '/ai-design',
    title: 'AI Design',
    layout: 'default',
    permission: 'update_campaign',
    guards: ['beta-auth'],
  },
  ai_design_history: {
    path: '/ai-design/history',
    title: 'AI Design History',
    layout: 'default',
    permission: 'update_campaign',
    guards: ['beta-auth'],
  },
  aop_test: {
    path: '/aop-test',
    title: 'AOP Test',
    layout: 'default',
    permission: 'update_campaign',
    guards: ['beta-auth'],
  },
  check_in: {
    path: '/check-in',
    title: 'Check-in',
    layout: 'default',
    permission: ANY_MEMBER,
    quickNav: 'added',
  },
  feature_requests: {
    path: '/feature-requests',
    title: 'Feature Requests',
    layout: 'default',
    permission: ANY_MEMBER,
  },
  feature_request: {
    path: '/feature-requests/:prefix?/:slug',
    title: 'Feature Request',
    layout: 'default',
    permission: ANY_MEMBER,
  },
  notification_list: {
    path: '/notifications',
    title: 'Notifications',
    layout: 'default',
    permission: ANY_MEMBER,
  },
  notification: {
    path: '/notifications/:id',
    title: 'Notification',
    layout: 'default',
    permission: ANY_MEMBER,
  },
  sen_points: {
    path: '/sen-points',
    title: 'SEN Points',
    layout: 'default',
    permission: ANY_MEMBER,
    quickNav: 'added',
  },
  // Connected shops feed Fulfill Orders: the same permission as its routes. Fulfill Orders links
  // both; TikTok Shop sends the seller back to /tts/callback, so quick navigation lists only
  // WooCommerce.
  tts_callback: {
    path: '/tts/callback',
    title: 'TikTok Shop',
    layout: 'default',
    permission: 'get_orders',
  },
  woocommerce_connect: {
    path: '/woocommerce/connect',
    title: 'WooCommerce',
    layout: 'default',
    permission: 'get_orders',
    quickNav: 'added',
  },

  // Auth layouts (spec §2 auth routes): with the featured-info panel, then the plain one
  login: { path: '/auth/login', title: 'Login', layout: 'auth', guards: ['guest'] },
  register: { path: '/auth/register', title: 'Register', layout: 'auth', guards: ['guest'] },
  forgot_password: { path: '/auth/forgot-password', title: 'Forgot Password', layout: 'auth' },
  reset_password: { path: '/auth/reset-password', title: 'Reset Password', layout: 'auth' },
  // The link sent to a new email address (issue 15): confirms the change of email.
  confirm_email_change: {
    path: '/auth/confirm-email-change',
    title: 'Confirm Email',
    layout: 'authPlain',
  },
  // The link of a team invitation mail (issue 15): joins the inviting seller's team.
  accept_invitation: {
    path: '/auth/accept-invitation',
    title: 'Accept Invitation',
    layout: 'auth',
  },
  tfa: { path: '/auth/tfa', title: 'Two-Factor Authentication', layout: 'authPlain' },
  verify_email: { path: '/auth/verify-email', title: 'Verify Email', layout: 'authPlain' },
  login_as_seller: {
    path: '/auth/login-as-seller',
    title: 'Login As Seller',
    layout: 'authPlain',
  },
  auth_callback: { path: '/auth/callback', title: 'Signing In', layout: 'authPlain' },
  // A social sign-in whose email already has an account (issue 15): that account confirms the
  // link with its password or a mailed link.
  social_link: { path: '/auth/social/confirm', title: 'Link Your Account', layout: 'authPlain' },
  logout: { path: '/auth/logout', title: 'Logout', layout: 'authPlain' },
  // A demo server's outbox (its mails are not sent): the page says so on any other server.
  dev_outbox: { path: '/dev/outbox', title: 'Demo Outbox', layout: 'authPlain' },

  // Blank layout
  maintenance: { path: '/maintenance', title: 'Maintenance', layout: 'blank' },
  error_404: { path: '/error/404', title: 'Page not found', layout: 'blank' },
  not_found: { path: '*', title: 'Page not found', layout: 'blank' },
} as const satisfies Record<string, PageDef>;

export type PageId = keyof typeof PAGES;

/** Ids of the pages the top navigation menu lists. */
export type MenuPageId = {
  [K in PageId]: (typeof PAGES)[K] extends { readonly menu: object } ? K : never;
}[PageId];

/** Every page with its id, in table order. */
export const PAGE_LIST: readonly (PageDef & { readonly id: PageId })[] = Object.entries(PAGES).map(
  ([id, page]) => ({ ...(page as PageDef), id: id as PageId }),
);

/** A page by id, typed as the general row (the table's own type is each row's literal). */
export function pageById(id: PageId): PageDef & { readonly id: PageId } {
  return { ...(PAGES[id] as PageDef), id };
}
