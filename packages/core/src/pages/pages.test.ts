import { describe, expect, it } from 'vitest';
import type { UserLike } from '../auth/UserLike.js';
import { FULL_MENU, type MenuNode } from '../menu/constants.js';
import { ANY_MEMBER, KNOWN_PERMISSIONS } from '../user/User.js';
import {
  isMemberPage,
  MENU_GROUPS,
  PAGE_LIST,
  PAGES,
  pageAccess,
  pageGuards,
  pageLink,
  pagePath,
  QUICK_NAV_TARGETS,
  quickNavPages,
} from './index.js';

const seller: UserLike = { roles: [], tags: [], permissions: [] };
const team = (permissions: string[], tags: string[] = []): UserLike => ({
  roles: ['manager'],
  tags,
  permissions,
});

function leaves(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => (node.children ? leaves(node.children) : [node]));
}

describe('PAGES table', () => {
  it('makes every menu entry a page, linked at that page', () => {
    const entries = leaves(FULL_MENU);
    expect(entries.length).toBe(40);
    for (const entry of entries) {
      expect(entry.key in PAGES, entry.key).toBe(true);
      const page = PAGES[entry.key as keyof typeof PAGES];
      expect(entry.path).toBe(pageLink(page));
    }
    for (const group of FULL_MENU.filter((node) => node.children)) {
      expect(group.key in MENU_GROUPS, group.key).toBe(true);
    }
  });

  it('gives every page a title, and a menu entry a label', () => {
    for (const page of PAGE_LIST) {
      expect(page.title.trim(), page.id).not.toBe('');
      if (isMemberPage(page) && page.menu) expect(page.menu.label ?? page.title).not.toBe('');
    }
  });

  it('has one page per address, and page ids apart from menu group keys', () => {
    const paths = PAGE_LIST.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const key of Object.keys(MENU_GROUPS)) expect(key in PAGES, key).toBe(false);
  });

  it('orders menu entries without ties under one parent', () => {
    const places = new Map<string, number[]>();
    for (const page of PAGE_LIST) {
      if (!isMemberPage(page) || !page.menu) continue;
      const parent = page.menu.group ?? 'top';
      places.set(parent, [...(places.get(parent) ?? []), page.menu.order]);
    }
    places.set('top', [
      ...(places.get('top') ?? []),
      ...Object.values(MENU_GROUPS).map((group) => group.order),
    ]);
    for (const [parent, orders] of places) expect(new Set(orders).size, parent).toBe(orders.length);
  });

  it('declares who may open every signed-in page', () => {
    const allowed: readonly string[] = [...KNOWN_PERMISSIONS, ANY_MEMBER];
    for (const page of PAGE_LIST) {
      if (isMemberPage(page)) expect(allowed, page.id).toContain(page.permission);
    }
  });

  it('links menu and quick-navigation pages without parameters', () => {
    for (const page of PAGE_LIST) {
      if (isMemberPage(page) && (page.menu || page.quickNav)) {
        expect(pageLink(page), page.id).not.toMatch(/[:*]/);
      }
    }
  });

  it('lists the quick-navigation targets of spec §2', () => {
    const spec = `/ /referral?sort_by=sold_items /contest /fulfillment /orders /abandoned-orders
      /customers /campaigns /promotions /collections /pricing /personalized/artworks
      /personalized/cliparts /personalized/fonts /storefronts /settings/product-reviews
      /search-keyword /social-feed /payouts /settings/general /settings/account
      /settings/payment-account /settings/payment-gateways /domains /team /settings/notification
      /email-marketing/campaigns /email-marketing/subscribers /email-marketing/settings
      /sms/topup`.split(/\s+/);
    expect([...QUICK_NAV_TARGETS].sort()).toEqual([...spec].sort());
  });
});

describe('pageGuards', () => {
  it("runs the layout's guards, then the page's own", () => {
    expect(pageGuards(PAGES.all_campaigns)).toEqual([
      'maintenance',
      'auth',
      'tfa-auth',
      'verify-email-auth',
      'cs-tracking',
    ]);
    expect(pageGuards(PAGES.ai_design).at(-1)).toBe('beta-auth');
    expect(pageGuards(PAGES.bulk_campaign).at(-1)).toBe('preferOldBulkCampaign');
    expect(pageGuards(PAGES.login)).toEqual(['guest']);
    expect(pageGuards(PAGES.maintenance)).toEqual([]);
  });
});

describe('pagePath and pageLink', () => {
  it('fills parameters, encoded, and drops optional ones left out', () => {
    expect(pagePath('campaign_bulk_v2', { id: 12 })).toBe('/campaigns/bulk_v2/12');
    expect(pagePath('campaign_bulk_v2')).toBe('/campaigns/bulk_v2');
    expect(pagePath('store_blog_edit', { id: 'a b', postId: 3 })).toBe(
      '/storefronts/a%20b/blog/3/edit',
    );
    expect(pagePath('store_sitemap_urls', { sitemapId: 4 })).toBe('/storefronts/sitemap/urls/4');
    expect(pagePath('campaign_express', { '*': 'step/2' })).toBe('/campaigns/express/step/2');
    expect(pagePath('overview')).toBe('/');
  });

  it('refuses to leave out a required parameter', () => {
    expect(() => pagePath('notification')).toThrow('Missing parameter "id"');
  });

  it('adds the query the menu opens a page with', () => {
    expect(pageLink('referral')).toBe('/referral?sort_by=sold_items');
    expect(pageLink(PAGES.all_orders)).toBe('/orders');
  });
});

describe('pageAccess (spec §6)', () => {
  it('names the permission a team member lacks', () => {
    expect(pageAccess(PAGES.all_campaigns, team(['get_orders']))).toEqual({
      reason: 'permission',
      permission: 'get_campaigns',
    });
    expect(pageAccess(PAGES.all_campaigns, team(['get_campaigns']))).toBeNull();
    expect(pageAccess(PAGES.order_detail, team([]))).toEqual({
      reason: 'permission',
      permission: 'get_orders',
    });
  });

  it('lets a seller open every page that needs only a permission', () => {
    for (const page of PAGE_LIST) {
      if (isMemberPage(page) && !page.tags && !page.gates) {
        expect(pageAccess(page, seller), page.id).toBeNull();
      }
    }
  });

  it('opens pages of any member to a team member with no permission', () => {
    expect(pageAccess(PAGES.all_stores, team([]))).toBeNull();
    expect(pageAccess(PAGES.account_settings, team([]))).toBeNull();
  });

  it('names the tags of a tag-gated page, after the permission', () => {
    expect(pageAccess(PAGES.pricing, seller)).toEqual({ reason: 'tag', tags: ['pricing'] });
    expect(pageAccess(PAGES.pricing, { ...seller, tags: ['pricing'] })).toBeNull();
    expect(pageAccess(PAGES.artworks, { ...seller, tags: ['personalized'] })).toBeNull();
    expect(pageAccess(PAGES.pricing, team([], ['pricing']))).toEqual({
      reason: 'permission',
      permission: 'update_campaign',
    });
  });

  it('keeps team accounts off the account owner pages, whatever their permissions', () => {
    const everything = team([...KNOWN_PERMISSIONS], ['email marketing']);
    for (const id of ['team', 'general_settings', 'email_senders', 'notifications'] as const) {
      expect(pageAccess(PAGES[id], everything), id).toEqual({
        reason: 'gate',
        gate: 'account_owner',
      });
      expect(pageAccess(PAGES[id], { ...seller, tags: ['email marketing'] }), id).toBeNull();
    }
  });

  it('applies custom payment, referral and bulk capability gates', () => {
    expect(pageAccess(PAGES.cancel_orders, seller)).toEqual({
      reason: 'gate',
      gate: 'custom_payment',
    });
    expect(pageAccess(PAGES.cancel_orders, { ...seller, custom_payment: true })).toBeNull();
    expect(pageAccess(PAGES.referral, { ...seller, is_ref: true })).toEqual({
      reason: 'gate',
      gate: 'not_referral',
    });
    expect(pageAccess(PAGES.bulk_campaigns, seller)).toBeNull();
    expect(pageAccess(PAGES.bulk_campaigns, seller, { bulkV3: false })).toEqual({
      reason: 'gate',
      gate: 'bulk_capability',
    });
    const oldBulk = { ...seller, tags: ['old bulk campaign'] };
    expect(pageAccess(PAGES.bulk_campaigns, oldBulk, { bulkV3: false })).toBeNull();
  });

  it('leaves pages outside the signed-in layout open', () => {
    expect(pageAccess(PAGES.login, team([]))).toBeNull();
    expect(pageAccess(PAGES.not_found, team([]))).toBeNull();
  });
});

describe('quickNavPages', () => {
  it('lists Bulk campaigns with the menu labels, in menu order', () => {
    const pages = quickNavPages(seller);
    expect(pages.map((page) => page.label).slice(0, 4)).toEqual([
      'Dashboard › Overview',
      'Dashboard › Referral Program',
      'Dashboard › SEN Contest',
      'Orders › All Orders',
    ]);
    expect(pages.find((page) => page.id === 'bulk_campaigns')).toEqual({
      id: 'bulk_campaigns',
      path: '/bulk-campaigns',
      label: 'Campaigns › Bulk campaigns',
    });
    expect(pages.find((page) => page.id === 'payouts')?.label).toBe('Billing & Payouts');
    expect(pages.at(-1)).toMatchObject({ path: '/woocommerce/connect', label: 'WooCommerce' });
  });

  it('lists the pages the menu leaves out, so each has a way in', () => {
    const paths = quickNavPages(seller).map((page) => page.path);
    for (const path of [
      '/campaigns/import',
      '/campaigns/express',
      '/campaigns/template',
      '/check-in',
      '/sen-points',
      '/woocommerce/connect',
    ])
      expect(paths).toContain(path);
    // Personalized needs its tag; the TikTok Shop page is where TikTok sends the seller back.
    expect(paths).not.toContain('/personalized');
    expect(quickNavPages({ ...seller, tags: ['pb'] }).map((page) => page.path)).toContain(
      '/personalized',
    );
    expect(paths).not.toContain('/tts/callback');
  });

  it('lists only the pages the user may open', () => {
    const paths = quickNavPages(team(['get_orders'])).map((page) => page.path);
    expect(paths).toContain('/orders');
    expect(paths).not.toContain('/campaigns');
    expect(paths).not.toContain('/bulk-campaigns');
    expect(paths).not.toContain('/team');
    expect(paths).not.toContain('/pricing');
    expect(paths).toContain('/storefronts');
  });
});
