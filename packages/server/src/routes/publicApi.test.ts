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

interface OrderAnswer {
  id: number;
  order_number: string;
  external_id: string | null;
  order_type: string;
  status: string;
  payment_status: string;
  subtotal: number;
  shipping: number;
  total: number;
  items: Array<{ color: string; size: string; quantity: number; price: number; base_cost: number }>;
}

const ADDRESS = {
  name: 'Grace Receiver',
  line1: '5 Elm St',
  city: 'Portland',
  state: 'OR',
  postcode: '97201',
  country: 'US',
};

describe.each(BACKENDS)('public REST API v1 on %s', (backend) => {
  let t: TestApp;
  let session: string;
  let ordersKey: string;
  let campaignsKey: string;
  let otherKey: string;
  let campaign: { id: number; products: { id: number; template_id: number }[] };
  let variant: { color_name: string; size: string; base_cost: number };

  const keyOf = async (token: string, scopes: string[]) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/seller/api-keys',
      headers: bearer(token),
      payload: { name: `key ${scopes.join(' ')}`, scopes },
    });
    expect(created.statusCode, created.body).toBe(200);
    return body<{ key: string }>(created).data.key;
  };
  const call = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });
  const orderBody = (externalId: string, overrides: Record<string, unknown> = {}) => ({
    external_id: externalId,
    shipping_address: ADDRESS,
    items: [
      {
        campaign_id: campaign.id,
        product_id: campaign.products[0]?.id,
        color: variant.color_name,
        size: variant.size,
        quantity: 2,
      },
    ],
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp(backend, { apiRateLimit: 40 });
    await createUser(t.app, { email: 'integrator@example.test' });
    await createUser(t.app, { email: 'stranger@example.test' });
    session = await login(t.app, 'integrator@example.test');
    const stranger = await login(t.app, 'stranger@example.test');
    campaign = await campaignOf(t.app, session, 'API Tee');
    const [found] = await t.app.db.query<{ color_name: string; size: string; base_cost: number }>(
      `SELECT v.color_name, v.size, v.base_cost::int AS base_cost FROM template_variants v
         JOIN products p ON p.template_id = v.template_id
        WHERE p.id = $1 AND v.color_name = p.options->'color'->>0 ORDER BY v.position, v.id LIMIT 1`,
      [campaign.products[0]?.id],
    );
    if (!found) throw new Error('the demo product has no variant');
    variant = found;
    ordersKey = await keyOf(session, ['get_orders']);
    campaignsKey = await keyOf(session, ['get_campaigns']);
    otherKey = await keyOf(stranger, ['get_orders', 'get_campaigns']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a fulfillment order at base cost, once per external id', async () => {
    const first = await call(ordersKey, 'POST', '/api/v1/orders', orderBody('etsy-1001'));
    expect(first.statusCode, first.body).toBe(200);
    const order = body<OrderAnswer>(first).data;
    expect(order).toMatchObject({
      external_id: 'etsy-1001',
      order_type: 'fulfillment',
      status: 'pending',
      payment_status: 'unpaid',
    });
    expect(order.order_number).toMatch(/^PL\d+$/);
    expect(order.items).toEqual([
      expect.objectContaining({
        color: variant.color_name,
        size: variant.size,
        quantity: 2,
        price: variant.base_cost,
        base_cost: variant.base_cost,
      }),
    ]);
    expect(order.subtotal).toBe(2 * variant.base_cost);
    expect(order.shipping).toBeGreaterThan(0);
    expect(order.total).toBe(order.subtotal + order.shipping);

    const again = await call(ordersKey, 'POST', '/api/v1/orders', orderBody('etsy-1001'));
    expect(again.statusCode).toBe(200);
    expect(body<OrderAnswer>(again).data.id).toBe(order.id);
    const [count] = await t.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE external_id = 'etsy-1001'",
    );
    expect(count?.n).toBe(1);
    // Another seller's key cannot order this seller's products.
    const foreign = await call(otherKey, 'POST', '/api/v1/orders', orderBody('etsy-1001'));
    expect(foreign.statusCode).toBe(422);
  });

  it('refuses a colour or size the product is not made in, naming the field', async () => {
    const bad = await call(
      ordersKey,
      'POST',
      '/api/v1/orders',
      orderBody('etsy-bad', {
        items: [
          {
            campaign_id: campaign.id,
            product_id: campaign.products[0]?.id,
            color: 'Plaid',
            size: variant.size,
            quantity: 1,
          },
        ],
      }),
    );
    expect(bad.statusCode).toBe(422);
    expect(body(bad).errors?.['items.0.color']?.[0]).toMatch(/Colour must be one of/);
    const missing = await call(ordersKey, 'POST', '/api/v1/orders', { items: [] });
    expect(missing.statusCode).toBe(400);
  });

  it('lists and reads orders, each seller only their own', async () => {
    const list = await call(ordersKey, 'GET', '/api/v1/orders?external_id=etsy-1001');
    expect(list.statusCode, list.body).toBe(200);
    const page = body<{ data: OrderAnswer[]; total: number }>(list).data;
    expect(page.total).toBe(1);
    const id = page.data[0]?.id;
    expect((await call(ordersKey, 'GET', `/api/v1/orders/${id}`)).statusCode).toBe(200);
    expect((await call(otherKey, 'GET', `/api/v1/orders/${id}`)).statusCode).toBe(404);
    expect(body<{ total: number }>(await call(otherKey, 'GET', '/api/v1/orders')).data.total).toBe(
      0,
    );
  });

  it('cancels through the order machine once, then answers 409 with its reason', async () => {
    const made = body<OrderAnswer>(
      await call(ordersKey, 'POST', '/api/v1/orders', orderBody('etsy-cancel')),
    ).data;
    const cancelled = await call(ordersKey, 'POST', `/api/v1/orders/${made.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(body<OrderAnswer>(cancelled).data.status).toBe('cancelled');
    const again = await call(ordersKey, 'POST', `/api/v1/orders/${made.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBeTruthy();
    expect((await call(otherKey, 'POST', `/api/v1/orders/${made.id}/cancel`)).statusCode).toBe(404);
  });

  it('holds each key to its scopes', async () => {
    expect((await call(ordersKey, 'GET', '/api/v1/campaigns')).statusCode).toBe(403);
    expect((await call(campaignsKey, 'GET', '/api/v1/orders')).statusCode).toBe(403);
    expect((await call(campaignsKey, 'POST', '/api/v1/orders', orderBody('x'))).statusCode).toBe(
      403,
    );
    const campaigns = await call(campaignsKey, 'GET', '/api/v1/campaigns');
    expect(campaigns.statusCode, campaigns.body).toBe(200);
    expect(body<{ data: Array<{ id: number }> }>(campaigns).data.data.map((c) => c.id)).toContain(
      campaign.id,
    );
    const one = await call(campaignsKey, 'GET', `/api/v1/campaigns/${campaign.id}`);
    expect(body<{ name: string }>(one).data.name).toBe('API Tee');
    expect((await call(otherKey, 'GET', `/api/v1/campaigns/${campaign.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/orders' })).statusCode).toBe(401);
  });

  it('limits requests per key, not per address', async () => {
    const busy = await keyOf(session, ['get_campaigns']);
    const calm = await keyOf(session, ['get_campaigns']);
    const statuses: number[] = [];
    for (let i = 0; i < 41; i += 1) {
      statuses.push((await call(busy, 'GET', '/api/v1/campaigns?per_page=1')).statusCode);
    }
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses[40]).toBe(429);
    expect((await call(calm, 'GET', '/api/v1/campaigns?per_page=1')).statusCode).toBe(200);
  });

  it('documents every v1 route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { 'x-rate-limit'?: string; 'x-permission'?: string }>>;
    };
    expect(doc.paths['/api/v1/orders']?.post?.['x-rate-limit']).toBe('apiKey');
    expect(doc.paths['/api/v1/orders']?.get?.['x-permission']).toBe('get_orders');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/orders/{id}',
        '/api/v1/orders/{id}/cancel',
        '/api/v1/campaigns',
        '/api/v1/campaigns/{id}',
      ]),
    );
  });
});
