/**
 * A team member whose grant lists some of the seller's stores: every store-bound group shows
 * only those stores' rows and refuses another store's row (403 for a store named in the
 * request, 404 for a row looked up by its id, as a row of another seller would be).
 */
import { KNOWN_PERMISSIONS } from '@printloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  switchedTo,
  type TestApp,
} from '../../test/helpers.js';
import { paidOrder, storeWithCampaign } from '../../test/storefrontOrder.js';
import { insertGrant } from '../sql/sessions.js';

const SCOPE_MESSAGE = 'You can only act on the stores you were signed in for.';

describe.each(BACKENDS)('a store-limited team member on %s', (backend) => {
  let t: TestApp;
  let seller: string;
  let member: string;
  let storeA: number;
  let storeB: number;
  let orderA: { order_id: number };
  let orderB: { order_id: number };

  const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const get = (url: string, as = member) => call(as, 'GET', url);
  const storeOf = async (slug: string) => {
    const [row] = await t.app.db.query<{ id: number }>('SELECT id FROM stores WHERE slug = $1', [
      slug,
    ]);
    return Number(row?.id);
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    const sellerId = (
      await createUser(t.app, { email: 'tss-seller@example.test', tags: ['email marketing'] })
    ).id;
    seller = await login(t.app, 'tss-seller@example.test');
    const saleA = await storeWithCampaign(t.app, seller, 'tss-a');
    const saleB = await storeWithCampaign(t.app, seller, 'tss-b');
    storeA = await storeOf('tss-a');
    storeB = await storeOf('tss-b');
    orderA = await paidOrder(t.app, 'tss-a', saleA);
    orderB = await paidOrder(t.app, 'tss-b', saleB);
    // Both orders wait on a designer (what production does to an item without a design).
    await t.app.db.query(
      "UPDATE order_items SET status = 'designing' WHERE order_id = ANY($1::bigint[])",
      [[orderA.order_id, orderB.order_id]],
    );
    // An unpaid checkout per store, old enough to count as abandoned.
    for (const [slug, sale] of [
      ['tss-a', saleA],
      ['tss-b', saleB],
    ] as const) {
      const created = await t.app.inject({
        method: 'POST',
        url: `/public/stores/${slug}/checkouts`,
        payload: {
          items: [
            {
              campaign_id: sale.campaignId,
              product_id: sale.product.id,
              color: sale.product.color,
              size: sale.product.size,
              quantity: 1,
            },
          ],
          email: `left-${slug}@example.test`,
          shipping_address: {
            name: 'Lee Left',
            line1: '2 Side St',
            city: 'Austin',
            state: 'TX',
            postcode: '73301',
            country: 'US',
          },
        },
      });
      expect(created.statusCode, created.body).toBe(200);
    }
    await t.app.db.query("UPDATE checkouts SET created_at = now() - interval '3 hours'");
    await t.app.db.query(
      `INSERT INTO subscribers (seller_id, store_id, email)
       VALUES ($1, $2, 'sub-a@example.test'), ($1, $3, 'sub-b@example.test')`,
      [sellerId, storeA, storeB],
    );
    await t.app.db.query(
      `INSERT INTO product_reviews (seller_id, store_id, campaign_id, order_id, author_name, rating, title, body)
       VALUES ($1, $2, $3, $4, 'Ann', 5, 'Store A review', 'Nice'),
              ($1, $5, $6, $7, 'Bob', 4, 'Store B review', 'Fine')`,
      [
        sellerId,
        storeA,
        saleA.campaignId,
        orderA.order_id,
        storeB,
        saleB.campaignId,
        orderB.order_id,
      ],
    );
    const user = await createUser(t.app, { email: 'tss-member@example.test' });
    // Every permission: what is left to refuse is the store limit alone.
    await insertGrant(t.app.db, {
      sellerId,
      memberId: user.id,
      role: 'staff',
      permissions: [...KNOWN_PERMISSIONS],
      storeIds: [storeA],
    });
    member = await switchedTo(t.app, await login(t.app, 'tss-member@example.test'), sellerId);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('has its store limit in /me and sees only that store in the store list', async () => {
    const me = body<{ store_ids: number[]; team_store_ids: number[] }>(await get('/me')).data;
    expect(me.store_ids).toEqual([storeA]);
    expect(me.team_store_ids).toEqual([storeA]);
    const owner = body<{ store_ids: number[]; team_store_ids: number[] }>(
      await get('/me', seller),
    ).data;
    expect(owner.store_ids).toEqual([storeA, storeB]);
    expect(owner.team_store_ids).toEqual([]);
    const stores = body<Array<{ id: number }>>(await get('/seller/stores')).data;
    expect(stores.map((s) => s.id)).toEqual([storeA]);
    const other = await get(`/seller/stores/${storeB}`);
    expect(other.statusCode).toBe(403);
    expect(body(other).message).toBe(SCOPE_MESSAGE);
  });

  it('SEN Design: lists and claims only lines of its stores', async () => {
    const queue = body<Array<{ order_id: number; item_id: number }>>(
      await get('/seller/sen-design'),
    ).data;
    expect(queue.map((q) => q.order_id)).toEqual([orderA.order_id]);
    const owners = body<Array<{ order_id: number; item_id: number }>>(
      await get('/seller/sen-design', seller),
    ).data;
    expect(owners.map((q) => q.order_id).sort()).toEqual([orderA.order_id, orderB.order_id].sort());
    const itemB = owners.find((q) => q.order_id === orderB.order_id)?.item_id;
    const itemA = owners.find((q) => q.order_id === orderA.order_id)?.item_id;
    expect((await call(member, 'POST', `/seller/sen-design/${itemB}/claim`)).statusCode).toBe(404);
    expect((await call(member, 'POST', `/seller/sen-design/${itemB}/hand-back`)).statusCode).toBe(
      404,
    );
    const [claimed] = await t.app.db.query<{ designer_id: number | null }>(
      'SELECT designer_id FROM order_items WHERE id = $1',
      [itemB],
    );
    expect(claimed?.designer_id).toBeNull();
    expect((await call(member, 'POST', `/seller/sen-design/${itemA}/claim`)).statusCode).toBe(200);
  });

  it('orders: lists its stores’ orders and refuses another store’s order', async () => {
    const list = body<{ data: Array<{ id: number }> }>(await get('/seller/orders')).data;
    expect(list.data.map((o) => o.id)).toEqual([orderA.order_id]);
    expect((await get(`/seller/orders/${orderB.order_id}`)).statusCode).toBe(404);
    expect((await get(`/seller/orders/${orderA.order_id}`)).statusCode).toBe(200);
    expect((await get(`/seller/orders?store_id=${storeB}`)).statusCode).toBe(403);
  });

  it('customers and abandoned checkouts: only its stores', async () => {
    expect((await get(`/seller/customers?store_id=${storeB}`)).statusCode).toBe(403);
    const abandoned = body<{ data: Array<{ email: string }> }>(
      await get('/seller/abandoned-orders'),
    ).data;
    expect(abandoned.data.map((c) => c.email)).toEqual(['left-tss-a@example.test']);
    expect((await get(`/seller/abandoned-orders?store_id=${storeB}`)).statusCode).toBe(403);
    const ownerView = body<{ data: Array<{ email: string }> }>(
      await get('/seller/abandoned-orders', seller),
    ).data;
    expect(ownerView.data).toHaveLength(2);
  });

  it('reviews: lists and answers only its stores’ reviews', async () => {
    const list = body<{ data: Array<{ id: number; title: string }> }>(
      await get('/seller/product-reviews'),
    ).data;
    expect(list.data.map((r) => r.title)).toEqual(['Store A review']);
    const [b] = await t.app.db.query<{ id: number }>(
      "SELECT id FROM product_reviews WHERE title = 'Store B review'",
    );
    const refused = await call(member, 'PUT', `/seller/product-reviews/${b?.id}`, {
      status: 'hidden',
    });
    expect(refused.statusCode).toBe(404);
    const [after] = await t.app.db.query<{ status: string }>(
      'SELECT status FROM product_reviews WHERE id = $1',
      [b?.id],
    );
    expect(after?.status).toBe('pending');
  });

  it('subscribers and store settings: only its stores', async () => {
    const subscribers = body<{ data: Array<{ email: string }> }>(
      await get('/seller/email-marketing/subscribers'),
    ).data;
    expect(subscribers.data.map((s) => s.email)).toEqual(['sub-a@example.test']);
    const add = await call(member, 'POST', '/seller/email-marketing/subscribers', {
      store_id: storeB,
      email: 'new@example.test',
    });
    expect(add.statusCode).toBe(403);
    expect((await get(`/seller/stores/${storeB}/klaviyo`)).statusCode).toBe(403);
    const coupon = await call(member, 'PUT', `/seller/stores/${storeB}/coupon-config`, {
      coupon_id: null,
    });
    expect(coupon.statusCode).toBe(403);
    expect((await get(`/seller/stores/${storeA}/klaviyo`)).statusCode).toBe(200);
  });
});
