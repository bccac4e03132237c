import { PAGE_LIST } from '@printloom/core';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createRoutes } from './routes.js';

// The root element draws toasts and the version notice; route matching does not render it.
vi.mock('../layouts/Root.js', () => ({ Root: () => null }));

/** The page routes of spec §2, written as the spec writes them. */
const SPEC_PAGE_ROUTES =
  `/ /abandoned-orders /account /ai-design /ai-design/history /aop-test /bulk-campaigns
/bulk-campaigns/multi-print-spaces /bulk-campaigns/multi-print-spaces/import/{id?}
/bulk-campaigns/custom/mockup/{id?} /bulk-campaigns/{type?}/{id} /calendar /campaigns /campaigns/import
/campaigns/edit/{id?} /campaigns/ai/edit/{id?} /campaigns/aop/edit/{id?} /campaigns/combo/edit/{id?}
/campaigns/custom/edit/{id?} /campaigns/template/bulk/{id?} /campaigns/template/mockup/{id?}
/campaigns/template/* /campaigns/express/* /campaigns/bulk/{id?} /campaigns/bulk_v2/{id?} /campaigns/mockup/{id?}
/cancel-orders /check-in /collections /collections/edit/{id} /collections/{id}/featured-campaigns /contest
/customers /domains /feature-requests /feature-requests/{prefix?}/{slug} /fulfillment /invalid-address
/notifications /notifications/{id} /on-promotion /orders /orders/detail/{id?} /orders/invoice/{id?}
/orders/sen-design /payouts /personalized /personalized/artworks /personalized/cliparts /personalized/fonts
/pricing /pricing/analytics /product/stock-base-cost /promotions /referral /referral-sales /search-keyword
/sen-points /social-feed /social-feed/update /social-feed/update/{id} /storefronts /storefronts/edit/{id}
/storefronts/pages /storefronts/pages/create /storefronts/pages/edit/{id?} /storefronts/sitemap/{id}
/storefronts/sitemap/{id?}/urls/{sitemapId?} /storefronts/{id}/blog /storefronts/{id}/blog/categories
/storefronts/{id}/blog/new /storefronts/{id}/blog/{postId}/edit /team /team/invitations
/email-marketing/campaigns /email-marketing/campaigns/new /email-marketing/campaigns/edit/{id}
/email-marketing/campaigns/view/{id} /email-marketing/senders /email-marketing/settings
/email-marketing/subscribers /settings/account /settings/api-keys /settings/email-gateways /settings/general
/settings/notification /settings/payment-account /settings/payment-gateways /settings/payment-gateways/create
/settings/product-reviews /sms/topup /tts/callback /woocommerce/connect`
    .split(/\s+/)
    .map((path) => path.replace(/\{(\w+)(\?)?\}/g, ':$1$2'));

/** Pages the spec does not list that we add (decisions in the web README). */
const OWN_PAGE_ROUTES = ['/product/catalog', '/team/activity'];

/** The page routes the router registers in the default (logged-in) layout. */
function defaultLayoutRoutes(): RouteObject[] {
  return createRoutes()[0]?.children?.[0]?.children ?? [];
}

function leafPath(url: string): string | undefined {
  return matchRoutes(createRoutes(), url)?.at(-1)?.route.path;
}

describe('route table (spec §2)', () => {
  it('registers every page route of the spec once', () => {
    const registered = defaultLayoutRoutes().map((route) => route.path);
    expect([...registered].sort()).toEqual([...SPEC_PAGE_ROUTES, ...OWN_PAGE_ROUTES].sort());
    expect(new Set(registered).size).toBe(registered.length);
  });

  it('matches pages, optional parameters and the 404 catch-all', () => {
    expect(leafPath('/')).toBe('/');
    expect(leafPath('/orders/detail')).toBe('/orders/detail/:id?');
    expect(leafPath('/bulk-campaigns/regular/12')).toBe('/bulk-campaigns/:type?/:id');
    expect(leafPath('/bulk-campaigns/multi-print-spaces')).toBe(
      '/bulk-campaigns/multi-print-spaces',
    );
    expect(leafPath('/auth/login')).toBe('/auth/login');
    expect(leafPath('/no/such/page')).toBe('*');
    expect(leafPath('/error/404')).toBe('/error/404');
  });

  it('guards the old-bulk redirect route and the beta pages', () => {
    const bulk = PAGE_LIST.find((route) => route.path === '/bulk-campaigns/:type?/:id');
    expect(bulk?.guards).toContain('preferOldBulkCampaign');
    expect(PAGE_LIST.find((route) => route.path === '/ai-design')?.guards).toContain('beta-auth');
  });
});
