/**
 * Route guards of spec §2 "Layouts and guards", plus the two every app has: `auth` (signed in)
 * and `guest` (signed out: the login and register forms send a signed-in user on). The web app
 * implements each as a pure plan; an unknown name fails the page with 'Unknown middleware'.
 */
export const PAGE_GUARDS = [
  'auth',
  'guest',
  'beta-auth',
  'cs-tracking',
  'maintenance',
  'preferOldBulkCampaign',
  'tfa-auth',
  'verify-email-auth',
] as const;
export type PageGuard = (typeof PAGE_GUARDS)[number];

/**
 * The layouts of spec §2: the signed-in dashboard, the auth layout with the featured-info panel,
 * the plain auth layout, and the blank one.
 */
export const PAGE_LAYOUTS = ['default', 'auth', 'authPlain', 'blank'] as const;
export type PageLayout = (typeof PAGE_LAYOUTS)[number];

/** The checks every page of a layout runs before its own, in this order (spec §2). */
export const LAYOUT_GUARDS: Readonly<Record<PageLayout, readonly PageGuard[]>> = {
  default: ['maintenance', 'auth', 'tfa-auth', 'verify-email-auth', 'cs-tracking'],
  auth: [],
  authPlain: [],
  blank: [],
};

/**
 * Rules of spec §6 that gate a page besides its permission and tags:
 * - `account_owner`: hidden from authorized team accounts (email senders, email gateways,
 *   general settings, notifications, team);
 * - `custom_payment`: the seller has custom payment (payment gateways, invalid address, cancel
 *   orders);
 * - `not_referral`: not for referral accounts (`is_ref`, Referral Program);
 * - `bulk_capability`: the 'old bulk campaign' tag or the bulk v3 capability (Bulk campaigns).
 */
export const PAGE_GATES = [
  'account_owner',
  'custom_payment',
  'not_referral',
  'bulk_capability',
] as const;
export type PageGate = (typeof PAGE_GATES)[number];

/** The tag that opens Bulk campaigns besides the bulk v3 capability (spec §6). */
export const OLD_BULK_TAG = 'old bulk campaign';

/** 'new' for Personalized, 'beta' for Email Marketing (spec §2). */
export type MenuBadge = 'new' | 'beta';

/**
 * The groups of the top navigation menu (spec §2), with their place among the top-level
 * entries. A group is not a page: it shows when at least one of its pages does.
 */
export const MENU_GROUPS = {
  dashboard: { label: 'Dashboard', order: 10 },
  orders: { label: 'Orders', order: 30 },
  campaigns: { label: 'Campaigns', order: 40 },
  personalized: { label: 'Personalized', order: 50, badge: 'new' },
  email_marketing: { label: 'Email Marketing', order: 60, badge: 'beta' },
  storefronts: { label: 'Storefronts', order: 70 },
  products: { label: 'Products', order: 80 },
  settings: { label: 'Settings', order: 100 },
} as const satisfies Record<string, { label: string; order: number; badge?: MenuBadge }>;
export type MenuGroupKey = keyof typeof MENU_GROUPS;
