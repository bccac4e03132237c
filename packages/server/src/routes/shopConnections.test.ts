import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { parseCsv } from '@printloom/core';
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
import type { JobContext } from '../jobs/defineJob.js';
import { shopImportJob } from '../jobs/shopImportJob.js';

interface Seen {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

interface WooOrderFixture {
  id: number;
  status: string;
  date_modified_gmt: string;
  billing: Record<string, string>;
  shipping: Record<string, string>;
  line_items: { sku: string; quantity: number }[];
}

interface TtsOrderFixture {
  id: string;
  update_time: number;
  buyer_email: string;
  recipient_address: object;
  line_items: { seller_sku: string }[];
}

const WOO_KEY = 'ck_0123456789abcdef0123456789abcdef01234567';
const WOO_SECRET = 'cs_fedcba9876543210fedcba9876543210fedcba98';
const TTS_APP = { app_key: '6abcdefghij', app_secret: 'tts-app-secret-0001' };

/** The signature as TikTok Shop's docs describe it, written out again for the fake server. */
function documentedSign(url: URL, body: string, secret: string): string {
  const params = [...url.searchParams.entries()]
    .filter(([key]) => key !== 'sign' && key !== 'access_token')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const base = url.pathname + params.map(([k, v]) => k + v).join('') + body;
  return createHmac('sha256', secret)
    .update(secret + base + secret)
    .digest('hex');
}

/**
 * A local server answering as the WooCommerce REST API v3 (under /shop) and TikTok Shop's
 * authorisation service and Open API document.
 */
function shopServer(
  seen: Seen[],
  state: {
    woo: WooOrderFixture[];
    tts: TtsOrderFixture[];
    ttsAccessToken: string;
    ttsExpiresAt: number;
    refreshed: number;
  },
): Server {
  return createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://shop.test');
      seen.push({ method: req.method ?? '', url, headers: req.headers, body: text });
      res.setHeader('content-type', 'application/json');
      const send = (status: number, json: unknown) => {
        res.statusCode = status;
        res.end(JSON.stringify(json));
      };
      if (url.pathname === '/shop/wp-json/wc/v3/orders') {
        const expected = `Basic ${Buffer.from(`${WOO_KEY}:${WOO_SECRET}`).toString('base64')}`;
        if (req.headers.authorization !== expected) {
          send(401, {
            code: 'woocommerce_rest_cannot_view',
            message: 'Sorry, you cannot list resources.',
            data: { status: 401 },
          });
          return;
        }
        const status = url.searchParams.get('status');
        const after = url.searchParams.get('modified_after');
        const perPage = Number(url.searchParams.get('per_page') ?? 10);
        const page = Number(url.searchParams.get('page') ?? 1);
        const matching = state.woo
          .filter((o) => !status || o.status === status)
          .filter((o) => !after || new Date(`${o.date_modified_gmt}Z`) > new Date(`${after}Z`))
          .sort((a, b) => a.date_modified_gmt.localeCompare(b.date_modified_gmt));
        res.setHeader('X-WP-Total', String(matching.length));
        res.setHeader('X-WP-TotalPages', String(Math.max(1, Math.ceil(matching.length / perPage))));
        send(200, matching.slice((page - 1) * perPage, page * perPage));
        return;
      }
      if (url.pathname === '/api/v2/token/get' || url.pathname === '/api/v2/token/refresh') {
        const q = url.searchParams;
        const good =
          q.get('app_key') === TTS_APP.app_key &&
          q.get('app_secret') === TTS_APP.app_secret &&
          (url.pathname.endsWith('get')
            ? q.get('grant_type') === 'authorized_code' && q.get('auth_code') === 'good-code'
            : q.get('grant_type') === 'refresh_token' && q.get('refresh_token') === 'refresh-1');
        if (!good) {
          send(200, { code: 36004004, message: 'invalid auth code', data: null });
          return;
        }
        if (url.pathname.endsWith('refresh')) {
          state.refreshed += 1;
          state.ttsAccessToken = `access-${state.refreshed + 1}`;
          state.ttsExpiresAt = Math.floor(Date.now() / 1000) + 7 * 86400;
        }
        send(200, {
          code: 0,
          message: 'success',
          data: {
            access_token: state.ttsAccessToken,
            access_token_expire_in: state.ttsExpiresAt,
            refresh_token: 'refresh-1',
            refresh_token_expire_in: Math.floor(Date.now() / 1000) + 365 * 86400,
            open_id: 'open-1',
            seller_name: 'Tee Shop',
            seller_base_region: 'US',
            user_type: 0,
          },
          request_id: 'req-1',
        });
        return;
      }
      if (url.pathname.startsWith('/authorization/') || url.pathname.startsWith('/order/')) {
        if (
          url.searchParams.get('sign') !== documentedSign(url, text, TTS_APP.app_secret) ||
          req.headers['x-tts-access-token'] !== state.ttsAccessToken
        ) {
          send(200, { code: 106001, message: 'Invalid credentials', data: null });
          return;
        }
        if (url.pathname === '/authorization/202309/shops') {
          send(200, {
            code: 0,
            message: 'Success',
            data: {
              shops: [
                {
                  cipher: 'ROW_cipher1',
                  code: 'USLCABCD',
                  id: '7494000000001',
                  name: 'Tee Shop US',
                  region: 'US',
                  seller_type: 'LOCAL',
                },
              ],
            },
          });
          return;
        }
        if (url.pathname === '/order/202309/orders/search' && req.method === 'POST') {
          const filter = JSON.parse(text) as { order_status?: string; update_time_ge?: number };
          if (url.searchParams.get('shop_cipher') !== 'ROW_cipher1') {
            send(200, { code: 105005, message: 'shop_cipher invalid', data: null });
            return;
          }
          const size = Number(url.searchParams.get('page_size'));
          const start = Number(url.searchParams.get('page_token') || 0);
          const matching = state.tts.filter(
            (o) => !filter.update_time_ge || o.update_time >= filter.update_time_ge,
          );
          const next = start + size < matching.length ? String(start + size) : '';
          send(200, {
            code: 0,
            message: 'Success',
            data: {
              next_page_token: next,
              total_count: matching.length,
              orders: matching.slice(start, start + size),
            },
          });
          return;
        }
      }
      send(404, { code: 'rest_no_route', message: 'No route was found' });
    });
  });
}

const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

const address = (i: number) => ({
  first_name: 'Buyer',
  last_name: String(i),
  company: '',
  address_1: `${i} Main St`,
  address_2: '',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
});

interface ConnectionAnswer {
  id: number;
  kind: string;
  name: string;
  credentials: Record<string, string>;
  last_error: string | null;
}
interface RunAnswer {
  imported: number;
  skipped: { external_order_id: string; reason: string }[];
  error: string | null;
  trigger: string;
}

describe.each(BACKENDS)('shop connections on %s', (backend) => {
  let t: TestApp;
  let seller: string;
  let other: string;
  let reader: string;
  let outsider: string;
  let base: string;
  let sku: string;
  const seen: Seen[] = [];
  const state = {
    woo: [] as WooOrderFixture[],
    tts: [] as TtsOrderFixture[],
    ttsAccessToken: 'access-1',
    ttsExpiresAt: 0,
    refreshed: 0,
  };
  const server = shopServer(seen, state);

  const call = (as: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const connectWoo = (as = seller, key = WOO_KEY) =>
    call(as, 'POST', '/seller/shop-connections/woocommerce', {
      shop_url: `${base}/shop/`,
      consumer_key: key,
      consumer_secret: WOO_SECRET,
    });
  const fulfillment = async () =>
    body<{ data: { external_order_id: string; marketplace: string; items_count: number }[] }>(
      await call(seller, 'GET', '/seller/fulfillment/orders?per_page=100&q=shop'),
    ).data.data;

  beforeAll(async () => {
    base = `http://127.0.0.1:${await listen(server)}`;
    t = await createTestApp(backend, {
      shopPrivateHosts: true,
      ttsAuthBaseUrl: base,
      ttsApiBaseUrl: base,
    });
    const sellerId = (await createUser(t.app, { email: 'shops@example.test' })).id;
    await createUser(t.app, { email: 'other-shops@example.test' });
    seller = await login(t.app, 'shops@example.test');
    other = await login(t.app, 'other-shops@example.test');
    reader = await memberSession(t.app, sellerId, 'orders-reader@example.test', ['get_orders']);
    outsider = await memberSession(t.app, sellerId, 'campaigner@example.test', ['update_campaign']);
    await campaignOf(t.app, seller, 'Shop tee');
    const template = await call(seller, 'GET', '/seller/fulfillment/template.csv');
    sku = parseCsv(template.body)[1]?.[10] ?? '';
    expect(sku).toMatch(/^P\d+-.+-.+$/);
    for (let i = 1; i <= 130; i += 1) {
      state.woo.push({
        id: 1000 + i,
        status: i === 130 ? 'completed' : 'processing',
        date_modified_gmt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString().slice(0, 19),
        billing: { ...address(i), email: `buyer${i}@example.test` },
        // Order 1003 ships to its billing address.
        shipping: i === 3 ? { ...address(0), address_1: '', city: '' } : { ...address(i) },
        line_items:
          i === 7
            ? [{ sku: 'P999999-Black-M', quantity: 1 }]
            : i === 8
              ? [{ sku: '', quantity: 1 }]
              : [{ sku, quantity: (i % 3) + 1 }],
      });
    }
  });
  afterAll(async () => {
    await t?.close();
    server.close();
  });

  it('refuses a key the shop refuses, with the shop’s message', async () => {
    const response = await connectWoo(seller, 'ck_wrong');
    expect(response.statusCode).toBe(422);
    expect(body(response).message).toContain('Sorry, you cannot list resources.');
    const invalid = await call(seller, 'POST', '/seller/shop-connections/woocommerce', {
      shop_url: 'not a url',
      consumer_key: 'key',
      consumer_secret: WOO_SECRET,
    });
    expect(invalid.statusCode).toBe(400);
    expect(JSON.stringify(body(invalid))).toContain('Consumer key starts with ck_');
  });

  it('connects a WooCommerce shop with basic auth, seals the key and lists it masked', async () => {
    const response = await connectWoo();
    expect(response.statusCode, response.body).toBe(200);
    const connection = body<ConnectionAnswer>(response).data;
    expect(connection).toMatchObject({
      kind: 'woocommerce',
      credentials: { consumer_key: '•••• 4567' },
    });
    const check = seen.at(-1);
    expect(check?.url.pathname).toBe('/shop/wp-json/wc/v3/orders');
    expect(check?.url.searchParams.get('per_page')).toBe('1');
    const [row] = await t.app.db.query<{ credentials_sealed: string }>(
      'SELECT credentials_sealed FROM shop_connections WHERE id = $1',
      [connection.id],
    );
    expect(row?.credentials_sealed.startsWith('v1.')).toBe(true);
    expect(row?.credentials_sealed).not.toContain(WOO_SECRET);
    const list = await call(seller, 'GET', '/seller/shop-connections');
    expect(JSON.stringify(body(list).data)).not.toContain('0123456789abcdef');
    expect(body<ConnectionAnswer[]>(list).data).toHaveLength(1);
    expect((await connectWoo()).statusCode).toBe(409);
  });

  it('imports processing orders page by page as fulfillment orders, each once', async () => {
    const [connection] = body<ConnectionAnswer[]>(
      await call(seller, 'GET', '/seller/shop-connections'),
    ).data;
    const before = seen.length;
    const response = await call(
      seller,
      'POST',
      `/seller/shop-connections/${connection?.id}/import`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const run = body<RunAnswer>(response).data;
    expect(run.error).toBeNull();
    expect(run.imported).toBe(127);
    expect(run.skipped).toEqual([
      {
        external_order_id: expect.stringMatching(/#1007$/),
        reason: 'No product 999999 in your campaigns',
      },
      { external_order_id: expect.stringMatching(/#1008$/), reason: 'SKU is required' },
    ]);
    const pages = seen.slice(before).map((s) => s.url.searchParams);
    expect(pages.map((p) => p.get('page'))).toEqual(['1', '2']);
    expect(pages.every((p) => p.get('status') === 'processing')).toBe(true);
    const orders = await fulfillment();
    expect(orders).toHaveLength(100);
    expect(orders.every((o) => o.marketplace === 'woocommerce')).toBe(true);
    const [third] = await t.app.db.query<{ line1: string; email: string }>(
      `SELECT shipping_address->>'line1' AS line1, email FROM orders WHERE external_order_id LIKE '%#1003'`,
    );
    expect(third).toEqual({ line1: '3 Main St', email: 'buyer3@example.test' });

    // A new order and a changed one: only what changed since is read, nothing twice.
    state.woo.push({
      ...(state.woo[0] as WooOrderFixture),
      id: 2001,
      date_modified_gmt: new Date(Date.now() + 60_000).toISOString().slice(0, 19),
    });
    const changed = state.woo[1] as WooOrderFixture;
    changed.date_modified_gmt = new Date(Date.now() + 60_000).toISOString().slice(0, 19);
    const again = body<RunAnswer>(
      await call(seller, 'POST', `/seller/shop-connections/${connection?.id}/import`),
    ).data;
    expect(seen.at(-1)?.url.searchParams.get('modified_after')).toBeTruthy();
    expect(again.imported).toBe(1);
    expect(again.skipped).toEqual([
      { external_order_id: expect.stringMatching(/#1002$/), reason: 'Already imported' },
    ]);
    const [{ count } = { count: 0 }] = await t.app.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM orders WHERE marketplace = 'woocommerce'",
    );
    expect(count).toBe(128);
    const runs = body<RunAnswer[]>(
      await call(seller, 'GET', `/seller/shop-connections/${connection?.id}/runs`),
    ).data;
    expect(runs.map((r) => r.imported)).toEqual([1, 127]);
  });

  it('imports on the schedule and logs a shop that stopped answering', async () => {
    const [connection] = body<ConnectionAnswer[]>(
      await call(seller, 'GET', '/seller/shop-connections'),
    ).data;
    await t.app.db.query(
      "UPDATE shop_connections SET last_import_at = now() - interval '2 hours' WHERE id = $1",
      [connection?.id],
    );
    const saved = state.woo;
    state.woo = [];
    await t.app.db.query(`UPDATE shop_connections SET shop_url = $2 WHERE id = $1`, [
      connection?.id,
      `${base}/gone`,
    ]);
    await shopImportJob.handler({}, {
      db: t.app.db,
      log: t.app.log,
      settings: t.app.config,
      signal: new AbortController().signal,
    } as unknown as JobContext);
    state.woo = saved;
    const runs = body<RunAnswer[]>(
      await call(seller, 'GET', `/seller/shop-connections/${connection?.id}/runs`),
    ).data;
    expect(runs[0]).toMatchObject({
      trigger: 'schedule',
      imported: 0,
      error: 'The address does not answer as a WooCommerce REST API (/wp-json/wc/v3)',
    });
    const [listed] = body<ConnectionAnswer[]>(
      await call(seller, 'GET', '/seller/shop-connections'),
    ).data;
    expect(listed?.last_error).toContain('WooCommerce REST API');
  });

  it('keeps each seller to their own connections and asks for get_orders', async () => {
    const [connection] = body<ConnectionAnswer[]>(
      await call(seller, 'GET', '/seller/shop-connections'),
    ).data;
    const id = connection?.id;
    expect(body<unknown[]>(await call(other, 'GET', '/seller/shop-connections')).data).toEqual([]);
    expect((await call(other, 'POST', `/seller/shop-connections/${id}/import`)).statusCode).toBe(
      404,
    );
    expect((await call(other, 'GET', `/seller/shop-connections/${id}/runs`)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/seller/shop-connections/${id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', '/seller/shop-connections')).statusCode).toBe(403);
    expect(
      body<unknown[]>(await call(reader, 'GET', '/seller/shop-connections')).data,
    ).toHaveLength(1);
  });

  it('authorises a TikTok Shop: state checked once, code exchanged, tokens sealed', async () => {
    const start = await call(seller, 'POST', '/seller/shop-connections/tiktok/authorize', TTS_APP);
    expect(start.statusCode, start.body).toBe(200);
    const link = new URL(body<{ authorize_url: string }>(start).data.authorize_url);
    expect(link.pathname).toBe('/oauth/authorize');
    expect(link.searchParams.get('app_key')).toBe(TTS_APP.app_key);
    const tikState = link.searchParams.get('state') ?? '';
    expect(tikState.length).toBeGreaterThan(20);

    const forged = await call(seller, 'POST', '/seller/shop-connections/tiktok/callback', {
      code: 'good-code',
      state: 'forged-state',
    });
    expect(forged.statusCode).toBe(422);
    expect(body(forged).message).toContain('expired or was not started here');
    // Another seller cannot finish this seller's authorisation.
    const stolen = await call(other, 'POST', '/seller/shop-connections/tiktok/callback', {
      code: 'good-code',
      state: tikState,
    });
    expect(stolen.statusCode).toBe(422);

    const again = await call(seller, 'POST', '/seller/shop-connections/tiktok/authorize', TTS_APP);
    const state2 = new URL(
      body<{ authorize_url: string }>(again).data.authorize_url,
    ).searchParams.get('state');
    const badCode = await call(seller, 'POST', '/seller/shop-connections/tiktok/callback', {
      code: 'bad-code',
      state: state2,
    });
    expect(badCode.statusCode).toBe(422);
    expect(body(badCode).message).toContain('invalid auth code');

    const third = await call(seller, 'POST', '/seller/shop-connections/tiktok/authorize', TTS_APP);
    const state3 = new URL(
      body<{ authorize_url: string }>(third).data.authorize_url,
    ).searchParams.get('state');
    state.ttsExpiresAt = Math.floor(Date.now() / 1000) - 10;
    const done = await call(seller, 'POST', '/seller/shop-connections/tiktok/callback', {
      code: 'good-code',
      state: state3,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(body<ConnectionAnswer>(done).data).toMatchObject({
      kind: 'tiktok',
      name: 'Tee Shop US',
    });
    const replay = await call(seller, 'POST', '/seller/shop-connections/tiktok/callback', {
      code: 'good-code',
      state: state3,
    });
    expect(replay.statusCode).toBe(422);
    const [row] = await t.app.db.query<{ credentials_sealed: string }>(
      "SELECT credentials_sealed FROM shop_connections WHERE kind = 'tiktok'",
    );
    expect(row?.credentials_sealed).not.toContain('access-1');
  });

  it('imports TikTok Shop orders with signed calls, refreshing an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (let i = 1; i <= 60; i += 1) {
      state.tts.push({
        id: `57700000${i}`,
        update_time: now - 1000 + i,
        buyer_email: `tt${i}@scs.tiktokw.us`,
        recipient_address: {
          name: `TT Buyer ${i}`,
          address_line1: `${i} Market St`,
          address_line2: '',
          postal_code: '94103',
          region_code: 'US',
          district_info: [
            { address_level_name: 'country', address_name: 'United States' },
            { address_level_name: 'State', address_name: 'California' },
            { address_level_name: 'City', address_name: 'San Francisco' },
          ],
        },
        // One line item per unit: two units of the same SKU.
        line_items: [{ seller_sku: sku }, { seller_sku: sku }],
      });
    }
    const connection = body<ConnectionAnswer[]>(
      await call(seller, 'GET', '/seller/shop-connections'),
    ).data.find((c) => c.kind === 'tiktok');
    const before = seen.length;
    const response = await call(
      seller,
      'POST',
      `/seller/shop-connections/${connection?.id}/import`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const run = body<RunAnswer>(response).data;
    expect(run).toMatchObject({ error: null, imported: 60, skipped: [] });
    expect(state.refreshed).toBe(1);
    const calls = seen.slice(before).map((s) => s.url.pathname);
    expect(calls).toEqual([
      '/api/v2/token/refresh',
      '/order/202309/orders/search',
      '/order/202309/orders/search',
    ]);
    const [order] = await t.app.db.query<{ city: string; quantity: number }>(
      `SELECT o.shipping_address->>'city' AS city, i.quantity FROM orders o
         JOIN order_items i ON i.order_id = o.id
        WHERE o.marketplace = 'tiktok' AND o.external_order_id = '577000001'`,
    );
    expect(order).toEqual({ city: 'San Francisco', quantity: 2 });
    // The refreshed token is kept: the next import does not refresh again.
    await call(seller, 'POST', `/seller/shop-connections/${connection?.id}/import`);
    expect(state.refreshed).toBe(1);
  });

  it('disconnects a shop; its orders stay', async () => {
    const connection = body<ConnectionAnswer[]>(
      await call(seller, 'GET', '/seller/shop-connections'),
    ).data.find((c) => c.kind === 'woocommerce');
    const response = await call(seller, 'DELETE', `/seller/shop-connections/${connection?.id}`);
    expect(response.statusCode).toBe(200);
    expect(
      body<ConnectionAnswer[]>(await call(seller, 'GET', '/seller/shop-connections')).data.map(
        (c) => c.kind,
      ),
    ).toEqual(['tiktok']);
    expect((await fulfillment()).length).toBeGreaterThan(0);
  });
});

describe('shop addresses on a server that keeps to public https shops', () => {
  let t: TestApp;
  let seller: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await createUser(t.app, { email: 'public-shops@example.test' });
    seller = await login(t.app, 'public-shops@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });
  const connect = (shopUrl: string) =>
    t.app.inject({
      method: 'POST',
      url: '/seller/shop-connections/woocommerce',
      headers: bearer(seller),
      payload: { shop_url: shopUrl, consumer_key: WOO_KEY, consumer_secret: WOO_SECRET },
    });

  it('refuses a plain http shop and one on a loopback or private address', async () => {
    const plain = await connect('http://shop.example.com');
    expect(plain.statusCode).toBe(422);
    expect(body(plain).message).toBe('The shop address must start with https://');
    for (const inside of ['https://127.0.0.1:8443/shop', 'https://10.0.0.5', 'https://localhost']) {
      const answer = await connect(inside);
      expect(answer.statusCode, inside).toBe(422);
      expect(body(answer).message).toBe('The shop address is on a private or local network');
    }
  });
});
