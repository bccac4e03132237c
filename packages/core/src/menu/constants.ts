import type { KnownPermission } from '../user/User.js';

/**
 * The full top navigation menu of spec §2, before any gate. Labels are the spec's. Paths the spec
 * gives are kept (Overview '/', Referral Program '/referral?sort_by=sold_items', Cross-Selling
 * '/referral-sales', SEN Design '/orders/sen-design', Billing & Payouts '/payouts'); the others
 * are the spec §2 page route (and quick-navigation target) of the same page.
 */
export interface MenuNode {
  readonly key: MenuKey;
  readonly label: string;
  readonly path?: string;
  /** 'new' for Personalized, 'beta' for Email Marketing (spec §2). */
  readonly badge?: 'new' | 'beta';
  readonly children?: readonly MenuNode[];
}

export const MENU_KEYS = [
  'dashboard',
  'overview',
  'referral',
  'contest',
  'calendar',
  'sen_design',
  'orders',
  'all_orders',
  'abandoned',
  'cross_selling',
  'customers',
  'fulfill_orders',
  'invalid_address',
  'cancel_orders',
  'campaigns',
  'all_campaigns',
  'promotions',
  'collections',
  'pricing',
  'bulk_campaigns',
  'on_promotion',
  'personalized',
  'artworks',
  'cliparts',
  'fonts',
  'email_marketing',
  'email_campaigns',
  'subscribers',
  'email_settings',
  'email_senders',
  'storefronts',
  'all_stores',
  'product_reviews',
  'search_keywords',
  'social_feed',
  'products',
  'stock_base_costs',
  'payouts',
  'settings',
  'general_settings',
  'email_gateways',
  'payment_accounts',
  'payment_gateways',
  'domains',
  'team',
  'notifications',
  'api_keys',
] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

export const FULL_MENU: readonly MenuNode[] = [
  {
    key: 'dashboard',
    label: 'Dashboard',
    children: [
      { key: 'overview', label: 'Overview', path: '/' },
      { key: 'referral', label: 'Referral Program', path: '/referral?sort_by=sold_items' },
      { key: 'contest', label: 'SEN Contest', path: '/contest' },
      { key: 'calendar', label: 'Calendar', path: '/calendar' },
    ],
  },
  { key: 'sen_design', label: 'SEN Design', path: '/orders/sen-design' },
  {
    key: 'orders',
    label: 'Orders',
    children: [
      { key: 'all_orders', label: 'All Orders', path: '/orders' },
      { key: 'abandoned', label: 'Abandoned', path: '/abandoned-orders' },
      { key: 'cross_selling', label: 'Cross-Selling', path: '/referral-sales' },
      { key: 'customers', label: 'Customers', path: '/customers' },
      { key: 'fulfill_orders', label: 'Fulfill Orders', path: '/fulfillment' },
      { key: 'invalid_address', label: 'Invalid Address', path: '/invalid-address' },
      { key: 'cancel_orders', label: 'Cancel Orders', path: '/cancel-orders' },
    ],
  },
  {
    key: 'campaigns',
    label: 'Campaigns',
    children: [
      { key: 'all_campaigns', label: 'All Campaigns', path: '/campaigns' },
      { key: 'promotions', label: 'Promotions', path: '/promotions' },
      { key: 'collections', label: 'Collections', path: '/collections' },
      { key: 'pricing', label: 'Pricing', path: '/pricing' },
      { key: 'bulk_campaigns', label: 'Bulk campaigns', path: '/bulk-campaigns' },
      { key: 'on_promotion', label: 'On promotion', path: '/on-promotion' },
    ],
  },
  {
    key: 'personalized',
    label: 'Personalized',
    badge: 'new',
    children: [
      { key: 'artworks', label: 'Artworks', path: '/personalized/artworks' },
      { key: 'cliparts', label: 'Cliparts', path: '/personalized/cliparts' },
      { key: 'fonts', label: 'Fonts', path: '/personalized/fonts' },
    ],
  },
  {
    key: 'email_marketing',
    label: 'Email Marketing',
    badge: 'beta',
    children: [
      { key: 'email_campaigns', label: 'Email Campaigns', path: '/email-marketing/campaigns' },
      { key: 'subscribers', label: 'Subscribers', path: '/email-marketing/subscribers' },
      { key: 'email_settings', label: 'Email Settings', path: '/email-marketing/settings' },
      { key: 'email_senders', label: 'Email Senders', path: '/email-marketing/senders' },
    ],
  },
  {
    key: 'storefronts',
    label: 'Storefronts',
    children: [
      { key: 'all_stores', label: 'All Stores', path: '/storefronts' },
      { key: 'product_reviews', label: 'Product Reviews', path: '/settings/product-reviews' },
      { key: 'search_keywords', label: 'Search Keywords', path: '/search-keyword' },
      { key: 'social_feed', label: 'Social Feed', path: '/social-feed' },
    ],
  },
  {
    key: 'products',
    label: 'Products',
    children: [
      { key: 'stock_base_costs', label: 'Stock Base Costs', path: '/product/stock-base-cost' },
    ],
  },
  { key: 'payouts', label: 'Billing & Payouts', path: '/payouts' },
  {
    key: 'settings',
    label: 'Settings',
    children: [
      { key: 'general_settings', label: 'General Settings', path: '/settings/general' },
      { key: 'email_gateways', label: 'Email Gateways', path: '/settings/email-gateways' },
      { key: 'payment_accounts', label: 'Payment Accounts', path: '/settings/payment-account' },
      { key: 'payment_gateways', label: 'Payment Gateways', path: '/settings/payment-gateways' },
      { key: 'domains', label: 'Domains', path: '/domains' },
      { key: 'team', label: 'Team', path: '/team' },
      { key: 'notifications', label: 'Notifications', path: '/settings/notification' },
      { key: 'api_keys', label: 'API Keys', path: '/settings/api-keys' },
    ],
  },
];

/** A permission a menu entry needs (spec §6 Menu gating); a group's gate hides all it holds. */
export const MENU_PERMISSIONS: Partial<Record<MenuKey, KnownPermission>> = {
  orders: 'get_orders',
  customers: 'get_orders',
  // Fulfill Orders stands alone on a fulfillment domain and after the 'fulfill' tag moves it;
  // it is an order page, so it keeps the Orders gate wherever it is shown.
  fulfill_orders: 'get_orders',
  campaigns: 'get_campaigns',
  payouts: 'get_payments',
  payment_accounts: 'update_payments',
  overview: 'get_reports',
  team: 'get_users',
  social_feed: 'update_social_feed',
};

/** Entries that need a user tag and update_campaign (spec §6). */
export const MENU_TAG_GATES: Partial<Record<MenuKey, readonly string[]>> = {
  pricing: ['pricing'],
  email_marketing: ['email marketing'],
  personalized: ['pb', 'personalized'],
};
export const TAG_GATE_PERMISSION = 'update_campaign';
/** Tag that opens the (old) bulk campaigns entry besides the bulk v3 capability (spec §6). */
export const OLD_BULK_TAG = 'old bulk campaign';
/** Entries that need the seller's custom payment (spec §6). */
export const CUSTOM_PAYMENT_KEYS: readonly MenuKey[] = [
  'payment_gateways',
  'invalid_address',
  'cancel_orders',
];
/** Entries hidden from a seller who is a referral account (spec §6 "Referral hidden for is_ref"). */
export const REFERRAL_KEYS: readonly MenuKey[] = ['referral'];
/**
 * Entries hidden from authorized team accounts (spec §6). The spec also names process-refunds,
 * which is an action on an order page, not a menu entry, so it has no key here.
 */
export const AUTHORIZED_HIDDEN_KEYS: readonly MenuKey[] = [
  'email_senders',
  'email_gateways',
  'general_settings',
  'notifications',
  'team',
];
/** The designer's whole menu (spec §6). */
export const DESIGNER_MENU_KEYS: readonly MenuKey[] = ['sen_design'];
/** What a fulfillment-only domain keeps, in this order (spec §2). */
export const FULFILLMENT_DOMAIN_KEYS: readonly MenuKey[] = [
  'fulfill_orders',
  'storefronts',
  'payouts',
];
/** The tag that moves Fulfill Orders to second place (spec §2). */
export const FULFILL_TAG = 'fulfill';
export const FULFILL_TAG_POSITION = 1;
