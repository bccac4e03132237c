import { describe, expect, it } from 'vitest';
import type { UserLike } from '../auth/UserLike.js';
import { User } from '../user/User.js';
import { type MenuContext, type MenuItem, menuFor, menuKeys, menuPaths } from './index.js';

const ALL_PERMISSIONS = [
  'get_payments',
  'update_payments',
  'get_orders',
  'get_campaigns',
  'update_campaign',
  'get_reports',
  'get_users',
  'update_social_feed',
];
const domain = {
  host: 'seller.printloom.test',
  isFulfillmentDomain: false,
  isCustomPaymentDomain: false,
};
const seller: UserLike = {
  roles: [],
  tags: [],
  permissions: [],
  custom_payment: false,
  is_ref: false,
};
const team: UserLike = { roles: ['manager'], tags: [], permissions: ALL_PERMISSIONS };

function keys(user: UserLike, ctx: MenuContext = domain): string[] {
  return menuKeys(menuFor(user, ctx));
}
function find(items: MenuItem[], key: string): MenuItem | undefined {
  for (const item of items) {
    if (item.key === key) return item;
    const inner = item.children && find(item.children, key);
    if (inner) return inner;
  }
  return undefined;
}

describe('menuFor: a plain seller', () => {
  const menu = menuFor(seller, domain);

  it('shows the spec groups in order, without the tag-gated ones', () => {
    expect(menu.map((item) => item.label)).toEqual([
      'Dashboard',
      'SEN Design',
      'Orders',
      'Campaigns',
      'Storefronts',
      'Products',
      'Billing & Payouts',
      'Settings',
    ]);
  });

  it("keeps the spec's labels and paths", () => {
    expect(find(menu, 'overview')).toMatchObject({ label: 'Overview', path: '/' });
    expect(find(menu, 'referral')).toMatchObject({
      label: 'Referral Program',
      path: '/referral?sort_by=sold_items',
    });
    expect(find(menu, 'cross_selling')).toMatchObject({
      label: 'Cross-Selling',
      path: '/referral-sales',
    });
    expect(find(menu, 'sen_design')).toMatchObject({
      label: 'SEN Design',
      path: '/orders/sen-design',
    });
    expect(find(menu, 'payouts')).toMatchObject({ label: 'Billing & Payouts', path: '/payouts' });
    expect(find(menu, 'fulfill_orders')).toMatchObject({
      label: 'Fulfill Orders',
      path: '/fulfillment',
    });
    expect(find(menu, 'stock_base_costs')?.path).toBe('/product/stock-base-cost');
  });

  it('lists Orders entries in the spec order, without the custom-payment ones', () => {
    expect(find(menu, 'orders')?.children?.map((c) => c.label)).toEqual([
      'All Orders',
      'Abandoned',
      'Cross-Selling',
      'Customers',
      'Fulfill Orders',
    ]);
  });

  it('only links to routes of spec §2', () => {
    for (const path of menuPaths(menu)) expect(path.startsWith('/')).toBe(true);
  });
});

describe('menuFor: every gate of spec §6, on and off', () => {
  const gates: Array<[string, string, string[]]> = [
    ['orders', 'get_orders', ['orders', 'all_orders', 'customers', 'fulfill_orders']],
    ['campaigns', 'get_campaigns', ['campaigns', 'all_campaigns', 'promotions']],
    ['payouts', 'get_payments', ['payouts']],
    ['payment accounts', 'update_payments', ['payment_accounts']],
    ['overview', 'get_reports', ['overview']],
    ['social feed', 'update_social_feed', ['social_feed']],
  ];
  for (const [name, permission, gated] of gates) {
    it(`${name} needs ${permission}`, () => {
      const without = keys({
        ...team,
        permissions: ALL_PERMISSIONS.filter((p) => p !== permission),
      });
      const withIt = keys(team);
      for (const key of gated) {
        expect(withIt).toContain(key);
        expect(without).not.toContain(key);
      }
    });
  }

  it('team needs get_users (for a seller, where authorized accounts never see it)', () => {
    expect(keys(seller)).toContain('team');
    expect(keys({ ...seller, roles: ['designer'] })).not.toContain('team');
  });

  it('pricing needs the pricing tag plus update_campaign', () => {
    expect(keys(seller)).not.toContain('pricing');
    expect(keys({ ...seller, tags: ['pricing'] })).toContain('pricing');
    expect(keys({ ...team, tags: ['pricing'] })).toContain('pricing');
    const noUpdate = ALL_PERMISSIONS.filter((p) => p !== 'update_campaign');
    expect(keys({ ...team, tags: ['pricing'], permissions: noUpdate })).not.toContain('pricing');
  });

  it('email marketing needs its tag plus update_campaign', () => {
    expect(keys(seller)).not.toContain('email_marketing');
    const tagged = menuFor({ ...seller, tags: ['email marketing'] }, domain);
    expect(find(tagged, 'email_marketing')?.children?.map((c) => [c.label, c.path])).toEqual([
      ['Email Campaigns', '/email-marketing/campaigns'],
      ['Subscribers', '/email-marketing/subscribers'],
      ['Email Settings', '/email-marketing/settings'],
      ['Email Senders', '/email-marketing/senders'],
    ]);
    expect(find(tagged, 'email_marketing')?.badge).toBe('beta');
    const noUpdate = ALL_PERMISSIONS.filter((p) => p !== 'update_campaign');
    expect(keys({ ...team, tags: ['email marketing'], permissions: noUpdate })).not.toContain(
      'email_marketing',
    );
  });

  it('personalized needs pb or personalized plus update_campaign', () => {
    expect(keys(seller)).not.toContain('personalized');
    expect(keys({ ...seller, tags: ['pb'] })).toContain('artworks');
    const menu = menuFor({ ...seller, tags: ['personalized'] }, domain);
    expect(find(menu, 'personalized')?.badge).toBe('new');
    expect(find(menu, 'personalized')?.children?.map((c) => c.label)).toEqual([
      'Artworks',
      'Cliparts',
      'Fonts',
    ]);
    const noUpdate = ALL_PERMISSIONS.filter((p) => p !== 'update_campaign');
    expect(keys({ ...team, tags: ['pb'], permissions: noUpdate })).not.toContain('personalized');
  });

  it('bulk campaigns needs the old bulk tag or the bulk v3 capability (on by default)', () => {
    expect(keys(seller)).toContain('bulk_campaigns');
    expect(keys(seller, { ...domain, bulkV3: false })).not.toContain('bulk_campaigns');
    expect(
      keys(
        { ...seller, tags: ['old bulk campaign'] },
        {
          ...domain,
          bulkV3: false,
        },
      ),
    ).toContain('bulk_campaigns');
  });

  it('payment gateways, invalid address and cancel orders need custom_payment', () => {
    const off = keys(seller);
    const on = keys({ ...seller, custom_payment: true });
    for (const key of ['payment_gateways', 'invalid_address', 'cancel_orders']) {
      expect(off).not.toContain(key);
      expect(on).toContain(key);
    }
  });

  it('referral is hidden for is_ref users', () => {
    expect(keys(seller)).toContain('referral');
    expect(keys({ ...seller, is_ref: true })).not.toContain('referral');
  });

  it('hides what authorized accounts may not see, even with every permission', () => {
    const menu = keys({ ...team, tags: ['email marketing'] });
    for (const key of [
      'email_senders',
      'email_gateways',
      'general_settings',
      'notifications',
      'team',
    ]) {
      expect(menu).not.toContain(key);
    }
    expect(menu).toContain('email_campaigns');
    expect(menu).toContain('domains');
  });

  it('drops groups left empty', () => {
    const bare = menuFor({ roles: ['manager'], permissions: [] }, domain);
    expect(bare.map((item) => item.key)).toEqual([
      'dashboard',
      'sen_design',
      'storefronts',
      'products',
      'settings',
    ]);
    expect(find(bare, 'dashboard')?.children?.map((c) => c.key)).toEqual([
      'referral',
      'contest',
      'calendar',
    ]);
    expect(find(bare, 'settings')?.children?.map((c) => c.key)).toEqual(['domains', 'api_keys']);
  });
});

describe('menuFor: designer', () => {
  it('is SEN Design alone, whatever the tags, permissions or domain', () => {
    const designer = { roles: ['designer'], tags: ['fulfill', 'pb'], permissions: ALL_PERMISSIONS };
    expect(menuFor(designer, domain)).toEqual([
      { key: 'sen_design', label: 'SEN Design', path: '/orders/sen-design' },
    ]);
    expect(keys(designer, { ...domain, isFulfillmentDomain: true })).toEqual(['sen_design']);
  });
});

describe('menuFor: fulfillment domain and the fulfill tag (spec §2)', () => {
  const fulfillmentDomain = { ...domain, isFulfillmentDomain: true };

  it('reduces the menu to Fulfill Orders, Storefronts and Billing & Payouts', () => {
    const menu = menuFor(seller, fulfillmentDomain);
    expect(menu.map((item) => item.label)).toEqual([
      'Fulfill Orders',
      'Storefronts',
      'Billing & Payouts',
    ]);
    expect(menu[0]).toEqual({
      key: 'fulfill_orders',
      label: 'Fulfill Orders',
      path: '/fulfillment',
    });
    expect(menu[1]?.children?.map((c) => c.label)).toEqual([
      'All Stores',
      'Product Reviews',
      'Search Keywords',
      'Social Feed',
    ]);
  });

  it('still applies the gates there', () => {
    const noPayments = ALL_PERMISSIONS.filter((p) => p !== 'get_payments' && p !== 'get_orders');
    expect(keys({ ...team, permissions: noPayments }, fulfillmentDomain)).toEqual([
      'storefronts',
      'all_stores',
      'product_reviews',
      'search_keywords',
      'social_feed',
    ]);
  });

  it("keeps Fulfill Orders first there even with the 'fulfill' tag", () => {
    expect(menuFor({ ...seller, tags: ['fulfill'] }, fulfillmentDomain)[0]?.key).toBe(
      'fulfill_orders',
    );
  });

  it("moves Fulfill Orders to second place with the 'fulfill' tag", () => {
    const menu = menuFor({ ...seller, tags: ['fulfill'] }, domain);
    expect(menu.map((item) => item.key).slice(0, 3)).toEqual([
      'dashboard',
      'fulfill_orders',
      'sen_design',
    ]);
    expect(menu[1]?.path).toBe('/fulfillment');
    expect(find(menu, 'orders')?.children?.map((c) => c.key)).not.toContain('fulfill_orders');
    expect(menuKeys(menu).filter((k) => k === 'fulfill_orders')).toHaveLength(1);
  });

  it('leaves Fulfill Orders inside Orders without the tag', () => {
    const menu = menuFor(seller, domain);
    expect(menu[1]?.key).toBe('sen_design');
    expect(find(menu, 'orders')?.children?.map((c) => c.key)).toContain('fulfill_orders');
  });

  it('does not invent Fulfill Orders for a user who cannot see orders', () => {
    const noOrders = ALL_PERMISSIONS.filter((p) => p !== 'get_orders');
    expect(keys({ ...team, tags: ['fulfill'], permissions: noOrders })).not.toContain(
      'fulfill_orders',
    );
  });
});

describe('menuFor: results are fresh copies', () => {
  it('does not share entries between calls', () => {
    const first = menuFor(seller, domain);
    first[0]!.label = 'Changed';
    expect(menuFor(seller, domain)[0]?.label).toBe('Dashboard');
  });
});

describe('menuFor: a parsed GET /me user', () => {
  it('takes the User schema output as it is', () => {
    const user = User.parse({
      id: 1,
      name: 'Ann',
      email: 'ann@example.com',
      created_at: '2024-01-01 00:00:00',
      tags: ['fulfill', 'pricing'],
      custom_payment: true,
    });
    const menu = menuFor(user, domain);
    expect(menu[1]?.key).toBe('fulfill_orders');
    expect(menuKeys(menu)).toEqual(
      expect.arrayContaining(['pricing', 'payment_gateways', 'cancel_orders']),
    );
  });
});
