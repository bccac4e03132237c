import type { GuardName } from './guards.js';

/**
 * Every page route of spec §2 in the default (logged-in) layout, with its title and the guards
 * it adds to the layout's own. Pages whose content is not built yet render the "coming soon" card
 * inside the layout; `page` names a built page module (see routes.tsx).
 *
 * Campaign and bulk-campaign pages live in campaignRoutes.ts, so their owners extend that file.
 */
export interface PageRoute {
  path: string;
  title: string;
  guards?: readonly GuardName[];
  page?: 'dashboard' | 'notifications' | 'notification' | 'account';
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/', title: 'Overview', page: 'dashboard' },
  { path: '/abandoned-orders', title: 'Abandoned Orders' },
  { path: '/account', title: 'My Account', page: 'account' },
  { path: '/ai-design', title: 'AI Design', guards: ['beta-auth'] },
  { path: '/ai-design/history', title: 'AI Design History', guards: ['beta-auth'] },
  { path: '/aop-test', title: 'AOP Test', guards: ['beta-auth'] },
  { path: '/calendar', title: 'Calendar' },
  { path: '/cancel-orders', title: 'Cancel Orders' },
  { path: '/check-in', title: 'Check-in' },
  { path: '/collections', title: 'Collections' },
  { path: '/collections/edit/:id', title: 'Edit Collection' },
  { path: '/collections/:id/featured-campaigns', title: 'Featured Campaigns' },
  { path: '/contest', title: 'SEN Contest' },
  { path: '/customers', title: 'Customers' },
  { path: '/domains', title: 'Domains' },
  { path: '/feature-requests', title: 'Feature Requests' },
  { path: '/feature-requests/:prefix?/:slug', title: 'Feature Request' },
  { path: '/fulfillment', title: 'Fulfill Orders' },
  { path: '/invalid-address', title: 'Invalid Address' },
  { path: '/notifications', title: 'Notifications', page: 'notifications' },
  { path: '/notifications/:id', title: 'Notification', page: 'notification' },
  { path: '/on-promotion', title: 'On Promotion' },
  { path: '/orders', title: 'All Orders' },
  { path: '/orders/detail/:id?', title: 'Order Detail' },
  { path: '/orders/invoice/:id?', title: 'Order Invoice' },
  { path: '/orders/sen-design', title: 'SEN Design' },
  { path: '/payouts', title: 'Billing & Payouts' },
  { path: '/personalized', title: 'Personalized' },
  { path: '/personalized/artworks', title: 'Artworks' },
  { path: '/personalized/cliparts', title: 'Cliparts' },
  { path: '/personalized/fonts', title: 'Fonts' },
  { path: '/pricing', title: 'Pricing' },
  { path: '/pricing/analytics', title: 'Pricing Analytics' },
  { path: '/product/stock-base-cost', title: 'Stock Base Costs' },
  { path: '/promotions', title: 'Promotions' },
  { path: '/referral', title: 'Referral Program' },
  { path: '/referral-sales', title: 'Cross-Selling' },
  { path: '/search-keyword', title: 'Search Keywords' },
  { path: '/sen-points', title: 'SEN Points' },
  { path: '/social-feed', title: 'Social Feed' },
  { path: '/social-feed/update', title: 'New Social Feed' },
  { path: '/social-feed/update/:id', title: 'Edit Social Feed' },
  { path: '/storefronts', title: 'All Stores' },
  { path: '/storefronts/edit/:id', title: 'Edit Store' },
  { path: '/storefronts/pages', title: 'Store Pages' },
  { path: '/storefronts/pages/create', title: 'New Store Page' },
  { path: '/storefronts/pages/edit/:id?', title: 'Edit Store Page' },
  { path: '/storefronts/sitemap/:id', title: 'Sitemap' },
  { path: '/storefronts/sitemap/:id?/urls/:sitemapId?', title: 'Sitemap URLs' },
  { path: '/storefronts/:id/blog', title: 'Blog' },
  { path: '/storefronts/:id/blog/categories', title: 'Blog Categories' },
  { path: '/storefronts/:id/blog/new', title: 'New Blog Post' },
  { path: '/storefronts/:id/blog/:postId/edit', title: 'Edit Blog Post' },
  { path: '/team', title: 'Team' },
  { path: '/team/invitations', title: 'Team Invitations' },
  { path: '/email-marketing/campaigns', title: 'Email Campaigns' },
  { path: '/email-marketing/campaigns/new', title: 'New Email Campaign' },
  { path: '/email-marketing/campaigns/edit/:id', title: 'Edit Email Campaign' },
  { path: '/email-marketing/campaigns/view/:id', title: 'Email Campaign' },
  { path: '/email-marketing/senders', title: 'Email Senders' },
  { path: '/email-marketing/settings', title: 'Email Settings' },
  { path: '/email-marketing/subscribers', title: 'Subscribers' },
  { path: '/settings/account', title: 'Account Settings', page: 'account' },
  { path: '/settings/api-keys', title: 'API Keys' },
  { path: '/settings/email-gateways', title: 'Email Gateways' },
  { path: '/settings/general', title: 'General Settings' },
  { path: '/settings/notification', title: 'Notification Settings' },
  { path: '/settings/payment-account', title: 'Payment Accounts' },
  { path: '/settings/payment-gateways', title: 'Payment Gateways' },
  { path: '/settings/payment-gateways/create', title: 'New Payment Gateway' },
  { path: '/settings/product-reviews', title: 'Product Reviews' },
  { path: '/sms/topup', title: 'SMS Top-up' },
  { path: '/tts/callback', title: 'TikTok Shop' },
  { path: '/woocommerce/connect', title: 'WooCommerce' },
];
