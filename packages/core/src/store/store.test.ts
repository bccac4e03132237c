import { describe, expect, it } from 'vitest';
import {
  absoluteProductUrl,
  isFulfillmentHost,
  SiteConfig,
  StoreLevelState,
  storeBaseUrl,
} from './index.js';

const site = {
  preview_domain: 'preview.printloom.test',
  market_place_domain: 'https://shop.printloom.test/',
};

describe('storeBaseUrl (spec §6)', () => {
  it("uses the current store's base_url first", () => {
    expect(storeBaseUrl({ status: 'new' }, { base_url: 'https://mystore.example/' }, site)).toBe(
      'https://mystore.example',
    );
  });

  it('uses the marketplace for a verified or trusted seller without custom payment', () => {
    expect(storeBaseUrl({ status: 'verified' }, null, site)).toBe('https://shop.printloom.test');
    expect(storeBaseUrl({ status: 'trusted' }, { base_url: '' }, site)).toBe(
      'https://shop.printloom.test',
    );
  });

  it('uses the preview domain for custom payment or an unvetted seller', () => {
    expect(storeBaseUrl({ status: 'trusted', custom_payment: true }, null, site)).toBe(
      'https://preview.printloom.test',
    );
    expect(storeBaseUrl({ status: 'new' }, undefined, site)).toBe('https://preview.printloom.test');
    expect(storeBaseUrl({}, { base_url: null }, site)).toBe('https://preview.printloom.test');
  });

  it('refuses a site config without domains', () => {
    expect(() =>
      storeBaseUrl({ status: 'new' }, null, { preview_domain: '', market_place_domain: '' }),
    ).toThrow(/no preview or marketplace domain/);
  });
});

describe('store helpers', () => {
  it('knows fulfillment hosts by their prefix', () => {
    expect(isFulfillmentHost('fulfill.printloom.test')).toBe(true);
    expect(isFulfillmentHost('fulfillment-partner.example')).toBe(true);
    expect(isFulfillmentHost('seller.printloom.test')).toBe(false);
  });

  it('makes product links absolute with the store host', () => {
    expect(absoluteProductUrl('/cool-shirt', 'mystore.example')).toBe(
      'https://mystore.example/cool-shirt',
    );
    expect(absoluteProductUrl('https://x.test/p', 'mystore.example')).toBe('https://x.test/p');
  });

  it('validates site config and fills store state defaults', () => {
    expect(SiteConfig.safeParse({ preview_domain: 'p.test' }).success).toBe(false);
    const state = StoreLevelState.parse({ states: { US: [{ text: 'Texas', value: 'TX' }] } });
    expect(state.coupons).toEqual([]);
    expect(state.states.US?.[0]?.value).toBe('TX');
    expect(StoreLevelState.safeParse({ states: { FR: [] } }).success).toBe(false);
  });
});
