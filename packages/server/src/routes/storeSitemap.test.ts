import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  campaignOf,
  createTestApp,
  createUser,
  login,
  memberSession,
  type TestApp,
} from '../../test/helpers.js';
import { sellerPublicStore } from '../sql/storefront.js';
import { sitemapFiles, sitemapUrls } from '../storefront/sitemap.js';

interface SitemapIndexAnswer {
  store_id: number;
  url: string;
  max_urls_per_file: number;
  files: { id: string; kind: string; url: string; url_count: number }[];
}
interface UrlsAnswer {
  sitemap_id: string;
  url: string;
  data: { loc: string; lastmod: string | null }[];
  total: number;
  current_page: number;
  last_page: number;
}

describe.each(BACKENDS)("the seller's view of a store sitemap on %s", (backend) => {
  let t: TestApp;
  let seller: string;
  let other: string;
  let sellerId: number;
  let storeId: number;
  let campaignIds: number[];

  const get = (as: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(as) });

  beforeAll(async () => {
    t = await createTestApp(backend, { previewDomain: 'shops.example.test' });
    sellerId = (await createUser(t.app, { email: 'maps@example.test' })).id;
    await createUser(t.app, { email: 'elsewhere@example.test' });
    seller = await login(t.app, 'maps@example.test');
    other = await login(t.app, 'elsewhere@example.test');
    const created = await t.app.inject({
      method: 'POST',
      url: '/seller/stores',
      headers: bearer(seller),
      payload: { name: 'Map Shop', slug: 'map-shop' },
    });
    storeId = body<{ id: number }>(created).data.id;
    campaignIds = [];
    for (const name of ['Alpha Tee', 'Beta Mug', 'Gamma Tote']) {
      campaignIds.push((await campaignOf(t.app, seller, name)).id);
    }
    await t.app.inject({
      method: 'PUT',
      url: `/seller/stores/${storeId}/campaigns`,
      headers: bearer(seller),
      payload: { campaign_ids: campaignIds },
    });
    for (const [i, id] of campaignIds.entries()) {
      await t.app.db.query("UPDATE campaigns SET status = 'active', slug = $2 WHERE id = $1", [
        id,
        `camp-${i + 1}`,
      ]);
    }
    await t.app.inject({
      method: 'POST',
      url: '/seller/store-pages',
      headers: bearer(seller),
      payload: {
        store_id: storeId,
        title: 'About us',
        slug: 'about',
        content_html: '<p>Hi</p>',
        status: 'published',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the same files as the public sitemap.xml, with their URL counts', async () => {
    const answer = await get(seller, `/seller/stores/${storeId}/sitemap`);
    expect(answer.statusCode, answer.body).toBe(200);
    const index = body<SitemapIndexAnswer>(answer).data;
    expect(index.url).toBe('https://map-shop.shops.example.test/sitemap.xml');
    expect(index.max_urls_per_file).toBe(50_000);
    expect(index.files.map((f) => [f.id, f.url_count])).toEqual([
      ['products-1', 3],
      ['collections-1', 0],
      ['pages-1', 2],
      ['posts-1', 0],
    ]);
    const xml = await t.app.inject({ method: 'GET', url: '/s/map-shop/sitemap.xml' });
    for (const file of index.files) expect(xml.body).toContain(`<loc>${file.url}</loc>`);
  });

  it('pages through the URLs of a file, as the public file lists them', async () => {
    const first = body<UrlsAnswer>(
      await get(seller, `/seller/stores/${storeId}/sitemap/products-1/urls?per_page=2`),
    ).data;
    expect(first.total).toBe(3);
    expect(first.last_page).toBe(2);
    expect(first.data.map((u) => u.loc)).toEqual([
      'https://map-shop.shops.example.test/products/camp-1',
      'https://map-shop.shops.example.test/products/camp-2',
    ]);
    expect(first.data[0]?.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
    const second = body<UrlsAnswer>(
      await get(seller, `/seller/stores/${storeId}/sitemap/products-1/urls?per_page=2&page=2`),
    ).data;
    expect(second.data.map((u) => u.loc)).toEqual([
      'https://map-shop.shops.example.test/products/camp-3',
    ]);
    const xml = await t.app.inject({ method: 'GET', url: '/s/map-shop/sitemaps/products-1.xml' });
    for (const u of [...first.data, ...second.data]) expect(xml.body).toContain(u.loc);

    const pages = body<UrlsAnswer>(
      await get(seller, `/seller/stores/${storeId}/sitemap/pages-1/urls`),
    ).data;
    expect(pages.data.map((u) => u.loc)).toEqual([
      'https://map-shop.shops.example.test/',
      'https://map-shop.shops.example.test/pages/about',
    ]);
  });

  it('splits products into files of at most the per-file limit', async () => {
    const store = await sellerPublicStore(t.app.db, sellerId, storeId);
    if (!store) throw new Error('store missing');
    const origin = 'https://x.test';
    const files = await sitemapFiles(t.app.db, store, origin, 2);
    expect(files.map((f) => [f.id, f.url_count])).toEqual([
      ['products-1', 2],
      ['products-2', 1],
      ['collections-1', 0],
      ['pages-1', 2],
      ['posts-1', 0],
    ]);
    const second = await sitemapUrls(
      t.app.db,
      store,
      origin,
      'products-2',
      { offset: 0, limit: 10 },
      2,
    );
    expect(second?.urls.map((u) => u.loc)).toEqual(['https://x.test/products/camp-3']);
    expect(
      await sitemapUrls(t.app.db, store, origin, 'products-3', { offset: 0, limit: 10 }, 2),
    ).toBeNull();
  });

  it('answers 404 for a file the store does not publish, 400 for a malformed id', async () => {
    expect(
      (await get(seller, `/seller/stores/${storeId}/sitemap/products-2/urls`)).statusCode,
    ).toBe(404);
    const bad = await get(seller, `/seller/stores/${storeId}/sitemap/secrets-1/urls`);
    expect(bad.statusCode).toBe(400);
  });

  it("gives another seller 404 on this seller's store", async () => {
    expect((await get(other, `/seller/stores/${storeId}/sitemap`)).statusCode).toBe(404);
    expect((await get(other, `/seller/stores/${storeId}/sitemap/pages-1/urls`)).statusCode).toBe(
      404,
    );
  });

  it('lets any team member read it (the Storefronts pages are open to members)', async () => {
    const member = await memberSession(t.app, sellerId, 'mapper@example.test', []);
    expect((await get(member, `/seller/stores/${storeId}/sitemap`)).statusCode).toBe(200);
  });
});
