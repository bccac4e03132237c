import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  campaignOf,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';
import { STOREFRONT_SCRIPT, STOREFRONT_SCRIPT_URL } from '../storefront/script.js';

/** How the storefront's bytes travel: compressed pages, a cached script, no missing favicon. */
describe.each(BACKENDS)('storefront delivery on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await createUser(t.app, { email: 'fast@example.test' });
    const token = await login(t.app, 'fast@example.test');
    const campaign = await campaignOf(t.app, token, 'Fast Tee');
    const created = await t.app.inject({
      method: 'POST',
      url: '/seller/stores',
      headers: bearer(token),
      payload: { name: 'Fast Shop', slug: 'fast-shop' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const storeId = body<{ id: number }>(created).data.id;
    await t.app.inject({
      method: 'PUT',
      url: `/seller/stores/${storeId}/campaigns`,
      headers: bearer(token),
      payload: { campaign_ids: [campaign.id] },
    });
    await t.app.db.query(
      "UPDATE campaigns SET status = 'active', slug = 'fast-tee' WHERE id = $1",
      [campaign.id],
    );
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends pages brotli or gzip compressed when the browser accepts it, the same page', async () => {
    const plain = await get('/s/fast-shop/products/fast-tee');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Fast Tee');

    const br = await get('/s/fast-shop/products/fast-tee', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('text/html');
    const page = brotliDecompressSync(br.rawPayload).toString();
    expect(page).toContain('<h1 id="product-title">Fast Tee</h1>');
    expect(br.rawPayload.length).toBeLessThan(page.length / 2);

    const gz = await get('/s/fast-shop/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('Fast Shop');

    const missing = await get('/s/fast-shop/products/none', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(brotliDecompressSync(missing.rawPayload).toString()).toContain('Not found');
  });

  it('links the script by its version, cached a year there, and draws a favicon inline', async () => {
    const home = (await get('/s/fast-shop/')).body;
    expect(home).toContain(`<script src="${STOREFRONT_SCRIPT_URL}" defer></script>`);
    // No favicon set: an inline icon, so the browser never asks for a /favicon.ico that 404s.
    expect(home).toMatch(/<link rel="icon" href="data:image\/svg\+xml,/);

    const versioned = await get(STOREFRONT_SCRIPT_URL, { 'accept-encoding': 'br' });
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(versioned.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(versioned.rawPayload).toString()).toBe(STOREFRONT_SCRIPT);

    const bare = await get('/public/storefront.js');
    expect(bare.headers['cache-control']).toBe('public, max-age=300');
    expect(bare.headers['content-encoding']).toBeUndefined();
    expect(bare.body).toBe(STOREFRONT_SCRIPT);
    const old = await get('/public/storefront.js?v=000000000000', { 'accept-encoding': 'gzip' });
    expect(old.headers['cache-control']).toBe('public, max-age=300');
    expect(gunzipSync(old.rawPayload).toString()).toBe(STOREFRONT_SCRIPT);
  });
});
