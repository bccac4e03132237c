import { suggestedPrice } from '@printloom/core';
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

interface Row {
  campaign_id: number;
  product_id: number;
  base_cost: number;
  before: number;
  after: number;
  below_base_cost: boolean;
}
interface Answer {
  updated: number;
  preview: boolean;
  rows: Row[];
}

describe.each(BACKENDS)('bulk pricing on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;
  let untagged: string;
  const campaigns: { id: number; product: number }[] = [];
  let baseCost = 0;
  let foreign = 0;

  const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const prices = async () =>
    (
      await t.app.db.query<{ price: number }>(
        'SELECT round(price * 100)::int AS price FROM products WHERE id = ANY($1::bigint[]) ORDER BY id',
        [campaigns.map((c) => c.product)],
      )
    ).map((r) => Number(r.price));

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'pricer@example.test', tags: ['pricing'] })).id;
    await createUser(t.app, { email: 'plain@example.test' });
    seller = await login(t.app, 'pricer@example.test');
    untagged = await login(t.app, 'plain@example.test');
    for (const name of ['Price tee', 'Price mug']) {
      const campaign = await campaignOf(t.app, seller, name);
      const product = campaign.products[0]?.id ?? 0;
      await t.app.db.query('UPDATE products SET price = 20 WHERE id = $1', [product]);
      campaigns.push({ id: campaign.id, product });
    }
    foreign = (await campaignOf(t.app, untagged, 'Not yours')).id;
    const [row] = await t.app.db.query<{ cost: number }>(
      `SELECT max(v.base_cost)::int AS cost FROM template_variants v
         JOIN products p ON p.template_id = v.template_id WHERE p.id = $1`,
      [campaigns[0]?.product],
    );
    baseCost = Number(row?.cost);
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = () => campaigns.map((c) => c.id);

  it('previews before and after prices without saving', async () => {
    const response = await call(seller, 'POST', '/seller/pricing/bulk-update', {
      campaign_ids: ids(),
      mode: 'adjust_price',
      value: 10,
      unit: 'percent',
      preview: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = body<Answer>(response).data;
    expect(answer).toMatchObject({ updated: 0, preview: true });
    expect(answer.rows.map((r) => [r.before, r.after])).toEqual([
      [2000, 2200],
      [2000, 2200],
    ]);
    expect(answer.rows[0]?.base_cost).toBe(baseCost);
    expect(await prices()).toEqual([2000, 2000]);
  });

  it('starts from the price buyers pay for a product that has no price of its own', async () => {
    const campaign = await campaignOf(t.app, seller, 'Suggested price tee');
    const product = campaign.products[0]?.id ?? 0;
    await t.app.db.query('UPDATE products SET price = NULL WHERE id = $1', [product]);
    const [template] = await t.app.db.query<{ base_cost: number }>(
      `SELECT t.base_cost::float8 AS base_cost FROM products p
         JOIN product_templates t ON t.id = p.template_id WHERE p.id = $1`,
      [product],
    );
    const response = await call(seller, 'POST', '/seller/pricing/bulk-update', {
      campaign_ids: [campaign.id],
      mode: 'adjust_price',
      value: 0,
      unit: 'amount',
      preview: true,
    });
    expect(response.statusCode).toBe(200);
    const row = body<Answer>(response).data.rows.find((r) => r.product_id === product);
    // The storefront's price: the template's suggested price (core suggestedPrice), never 0.
    expect(row?.before).toBe(Math.round(suggestedPrice(Number(template?.base_cost)) * 100));
    expect(row?.before).toBeGreaterThan(0);
  });

  it('applies each mode and records every change with its actor', async () => {
    const apply = async (payload: object) => {
      const response = await call(seller, 'POST', '/seller/pricing/bulk-update', {
        campaign_ids: ids(),
        ...payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return body<Answer>(response).data;
    };
    expect((await apply({ mode: 'adjust_price', value: 250 })).updated).toBe(2);
    expect(await prices()).toEqual([2250, 2250]);
    await apply({ mode: 'fixed_price', value: 2499 });
    expect(await prices()).toEqual([2499, 2499]);
    const custom = await apply({
      mode: 'custom_price',
      prices: [{ product_id: campaigns[1]?.product, price: 3100 }],
    });
    expect(custom.updated).toBe(1);
    expect(await prices()).toEqual([2499, 3100]);

    const history = await call(
      seller,
      'GET',
      `/seller/pricing/changes?campaign_id=${campaigns[1]?.id}`,
    );
    expect(history.statusCode, history.body).toBe(200);
    const page = body<{
      data: Array<{ mode: string; before: number; after: number; actor_name: string }>;
      total: number;
    }>(history).data;
    expect(page.total).toBe(3);
    expect(page.data.map((c) => [c.mode, c.before, c.after])).toEqual([
      ['custom_price', 2499, 3100],
      ['fixed_price', 2250, 2499],
      ['adjust_price', 2000, 2250],
    ]);
    expect(page.data[0]?.actor_name).toBe('pricer');
  });

  it('refuses a change below base cost, naming the products, and saves nothing', async () => {
    const before = await prices();
    const preview = await call(seller, 'POST', '/seller/pricing/bulk-update', {
      campaign_ids: ids(),
      mode: 'fixed_price',
      value: baseCost - 1,
      preview: true,
    });
    expect(body<Answer>(preview).data.rows.every((r) => r.below_base_cost)).toBe(true);
    const response = await call(seller, 'POST', '/seller/pricing/bulk-update', {
      campaign_ids: ids(),
      mode: 'fixed_price',
      value: baseCost - 1,
    });
    expect(response.statusCode).toBe(422);
    expect(body(response).message).toMatch(
      /^These products would sell below their base cost: Price tee \//,
    );
    expect(body(response).errors?.prices).toHaveLength(2);
    expect(await prices()).toEqual(before);
  });

  it('refuses another seller’s campaigns and products, and bad values clearly', async () => {
    const theirs = await call(seller, 'POST', '/seller/pricing/bulk-update', {
      campaign_ids: [foreign],
      mode: 'fixed_price',
      value: 5000,
    });
    expect(theirs.statusCode).toBe(422);
    expect(body(theirs).errors?.campaign_ids).toEqual(['Some of these campaigns are not yours.']);
    const product = await call(seller, 'POST', '/seller/pricing/bulk-update', {
      campaign_ids: [campaigns[0]?.id],
      mode: 'custom_price',
      prices: [{ product_id: campaigns[1]?.product, price: 5000 }],
    });
    expect(product.statusCode).toBe(422);
    const percent = await call(seller, 'POST', '/seller/pricing/bulk-update', {
      campaign_ids: ids(),
      mode: 'adjust_price',
      unit: 'percent',
      value: -100,
    });
    expect(percent.statusCode).toBe(400);
    expect(body(percent).errors?.value).toEqual(['A percent change is from -99 to 1000.']);
  });

  it('needs the pricing tag and update_campaign, like the Pricing menu', async () => {
    const untaggedCall = await call(untagged, 'POST', '/seller/pricing/bulk-update', {
      campaign_ids: [foreign],
      mode: 'fixed_price',
      value: 5000,
      preview: true,
    });
    expect(untaggedCall.statusCode).toBe(403);
    const reader = await memberSession(t.app, sellerId, 'price-reader@example.test', [
      'get_campaigns',
    ]);
    expect((await call(reader, 'GET', '/seller/pricing/changes')).statusCode).toBe(403);
  });

  it('lists stock base costs per template, variant and shipping region for any member', async () => {
    const response = await call(untagged, 'GET', '/seller/stock-base-costs');
    expect(response.statusCode, response.body).toBe(200);
    const templates =
      body<
        Array<{
          template_id: number;
          template_name: string;
          variants: Array<{ sku: string; base_cost: number }>;
          shipping: Array<{ scope: string; first_item: number }>;
        }>
      >(response).data;
    expect(templates.length).toBeGreaterThan(0);
    const first = templates[0];
    expect(first?.variants.length).toBeGreaterThan(0);
    expect(first?.shipping.map((s) => s.scope)).toContain('US');
    expect(first?.shipping.at(-1)?.scope).toBe('*');
    const sku = first?.variants[0]?.sku ?? '';
    const bySku = body<Array<{ template_id: number }>>(
      await call(untagged, 'GET', `/seller/stock-base-costs?q=${encodeURIComponent(sku)}`),
    ).data;
    expect(bySku.map((row) => row.template_id)).toEqual([first?.template_id]);
  });

  it('answers orders and conversion per price point', async () => {
    const store = await call(seller, 'POST', '/seller/stores', {
      name: 'Price shop',
      slug: 'price-shop',
    });
    const storeId = body<{ id: number }>(store).data.id;
    const tee = campaigns[0];
    await t.app.inject({
      method: 'PUT',
      url: `/seller/stores/${storeId}/campaigns`,
      headers: bearer(seller),
      payload: { campaign_ids: [tee?.id] },
    });
    await t.app.db.query(
      "UPDATE campaigns SET status = 'active', slug = 'price-tee' WHERE id = $1",
      [tee?.id],
    );
    const [variant] = await t.app.db.query<{ color: string; size: string }>(
      `SELECT v.color_name AS color, v.size FROM products p
         JOIN template_variants v ON v.template_id = p.template_id AND v.color_name = p.options->'color'->>0
        WHERE p.id = $1 ORDER BY v.position, v.id LIMIT 1`,
      [tee?.product],
    );
    const buy = async (quantity: number) => {
      const checkout = await t.app.inject({
        method: 'POST',
        url: '/public/stores/price-shop/checkouts',
        payload: {
          items: [
            {
              campaign_id: tee?.id,
              product_id: tee?.product,
              color: variant?.color,
              size: variant?.size,
              quantity,
            },
          ],
          email: 'fan@example.test',
          shipping_address: {
            name: 'F',
            line1: '1 St',
            city: 'Austin',
            state: 'TX',
            postcode: '73301',
            country: 'US',
          },
        },
      });
      const id = body<{ checkout_id: string }>(checkout).data.checkout_id;
      const paid = await t.app.inject({
        method: 'POST',
        url: `/public/checkouts/${id}/pay`,
        payload: { gateway: 'test', card_number: '4242424242424242' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
    };
    // A buyer opens the product page: one visit of the campaign today.
    await t.app.inject({ method: 'GET', url: '/s/price-shop/products/price-tee' });
    const [price] = await prices();
    await buy(2);
    await buy(1);
    await call(seller, 'POST', '/seller/pricing/bulk-update', {
      campaign_ids: [tee?.id],
      mode: 'fixed_price',
      value: (price ?? 0) + 500,
    });
    await buy(1);
    const response = await call(
      seller,
      'GET',
      `/seller/pricing/analytics?time=today&campaign_id=${tee?.id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const points =
      body<
        Array<{
          price: number;
          orders: number;
          units: number;
          revenue: number;
          visits: number;
          conversion: number | null;
        }>
      >(response).data;
    expect(points.map((p) => [p.price, p.orders, p.units, p.revenue])).toEqual([
      [price, 2, 3, (price ?? 0) * 3],
      [(price ?? 0) + 500, 1, 1, (price ?? 0) + 500],
    ]);
    const visits = points[0]?.visits ?? 0;
    expect(visits).toBeGreaterThan(0);
    expect(points[0]?.conversion).toBe(Math.round((2 / visits) * 10_000) / 10_000);
    expect((await call(untagged, 'GET', '/seller/pricing/analytics')).statusCode).toBe(403);
  });
});
