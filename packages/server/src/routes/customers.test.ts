import { parseCsv } from '@printloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  memberSession,
  type TestApp,
} from '../../test/helpers.js';
import { insertOrder, insertStore } from '../../test/orderFixtures.js';

interface CustomerAnswer {
  email: string;
  name: string | null;
  country: string | null;
  orders_count: number;
  total_spent: number;
  currency: string;
}
interface Page {
  data: CustomerAnswer[];
  total: number;
  last_page: number;
}

describe.each(BACKENDS)('customers on %s', (backend) => {
  let t: TestApp;
  let seller: string;
  let other: string;
  let sellerId: number;
  let storeA: number;
  let storeB: number;

  const get = (url: string, as = seller) =>
    t.app.inject({ method: 'GET', url, headers: bearer(as) });

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'shop@example.test' })).id;
    const otherId = (await createUser(t.app, { email: 'rival@example.test' })).id;
    await createUser(t.app, { email: 'cust-admin@example.test', isAdmin: true });
    seller = await login(t.app, 'shop@example.test');
    other = await login(t.app, 'rival@example.test');
    storeA = await insertStore(t.app.db, sellerId, 'A');
    storeB = await insertStore(t.app.db, sellerId, 'B');
    const db = t.app.db;
    // Ann: two paid orders and one failed, across both stores; the email's case varies.
    await insertOrder(db, {
      sellerId,
      storeId: storeA,
      email: 'ann@example.test',
      name: 'Ann Lee',
      total: 1000,
      createdAt: '2026-01-01T10:00:00Z',
    });
    await insertOrder(db, {
      sellerId,
      storeId: storeB,
      email: 'ANN@example.test',
      name: 'Ann Lee',
      total: 2500,
      country: 'CA',
      createdAt: '2026-02-01T10:00:00Z',
    });
    await insertOrder(db, {
      sellerId,
      storeId: storeA,
      email: 'ann@example.test',
      name: 'Ann Lee',
      total: 9999,
      paymentStatus: 'failed',
      createdAt: '2026-01-15T10:00:00Z',
    });
    // Bob: one order in store A; "Chloé, ""the"" buyer" needs quoting in CSV.
    await insertOrder(db, {
      sellerId,
      storeId: storeA,
      email: 'bob@example.test',
      name: 'Bob Stone',
      total: 4000,
      createdAt: '2026-01-10T10:00:00Z',
    });
    await insertOrder(db, {
      sellerId,
      storeId: storeB,
      email: 'chloe@example.test',
      name: 'Chloé, "the" buyer',
      total: 500,
      createdAt: '2026-01-05T10:00:00Z',
    });
    // Another seller's buyer never shows.
    await insertOrder(db, { sellerId: otherId, email: 'ann@example.test', total: 7777 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('derives buyers from orders, newest last order first', async () => {
    const response = await get('/seller/customers');
    expect(response.statusCode, response.body).toBe(200);
    const page = body<Page>(response).data;
    expect(page.total).toBe(3);
    expect(page.data.map((c) => c.email)).toEqual([
      'ann@example.test',
      'bob@example.test',
      'chloe@example.test',
    ]);
    expect(page.data[0]).toMatchObject({
      name: 'Ann Lee',
      country: 'CA',
      orders_count: 3,
      total_spent: 3500,
      currency: 'USD',
    });
  });

  it('searches email and name, sorts and pages', async () => {
    const byName = body<Page>(await get('/seller/customers?q=stone')).data;
    expect(byName.data.map((c) => c.email)).toEqual(['bob@example.test']);
    const byEmail = body<Page>(await get('/seller/customers?q=CHLOE')).data;
    expect(byEmail.data.map((c) => c.email)).toEqual(['chloe@example.test']);
    const bySpent = body<Page>(await get('/seller/customers?order_by=total_spent:desc')).data;
    expect(bySpent.data.map((c) => c.total_spent)).toEqual([4000, 3500, 500]);
    const second = body<Page>(
      await get('/seller/customers?order_by=email:asc&per_page=2&page=2'),
    ).data;
    expect(second.data.map((c) => c.email)).toEqual(['chloe@example.test']);
    expect(second.last_page).toBe(2);
    expect((await get('/seller/customers?order_by=password:asc')).statusCode).toBe(400);
    const inB = body<Page>(await get(`/seller/customers?store_id=${storeB}`)).data;
    expect(inB.data.map((c) => c.email)).toEqual(['ann@example.test', 'chloe@example.test']);
  });

  it('shows a buyer with their orders, and 404 for a stranger or another seller', async () => {
    const response = await get('/seller/customers/Ann%40example.test');
    expect(response.statusCode, response.body).toBe(200);
    const ann = body<{
      orders_count: number;
      spent: { currency: string; total: number }[];
      orders: { total: number }[];
    }>(response).data;
    expect(ann.orders_count).toBe(3);
    expect(ann.spent).toEqual([{ currency: 'USD', total: 3500 }]);
    expect(ann.orders.map((o) => o.total)).toEqual([2500, 9999, 1000]);
    expect((await get('/seller/customers/nobody%40example.test')).statusCode).toBe(404);
    expect((await get('/seller/customers/bob%40example.test', other)).statusCode).toBe(404);
  });

  it('exports every matching buyer as CSV', async () => {
    const response = await get('/seller/customers/export.csv?order_by=email:asc');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('customers.csv');
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([
      'email',
      'name',
      'country',
      'orders_count',
      'total_spent',
      'currency',
      'first_order_at',
      'last_order_at',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[4]])).toEqual([
      ['ann@example.test', 'Ann Lee', '35.00'],
      ['bob@example.test', 'Bob Stone', '40.00'],
      ['chloe@example.test', 'Chloé, "the" buyer', '5.00'],
    ]);
    const found = parseCsv((await get('/seller/customers/export.csv?q=bob')).body);
    expect(found).toHaveLength(2);
  });

  it('needs get_orders, and a session limited to a store sees only its buyers', async () => {
    const noOrders = await memberSession(t.app, sellerId, 'helper@example.test', ['get_campaigns']);
    expect((await get('/seller/customers', noOrders)).statusCode).toBe(403);
    expect((await get('/seller/customers/export.csv', noOrders)).statusCode).toBe(403);
    const admin = await login(t.app, 'cust-admin@example.test');
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/auth/login-as-seller',
      headers: bearer(admin),
      payload: { seller_id: sellerId, store_ids: [storeA] },
    });
    const scoped = body<{ access_token: string }>(signedIn).data.access_token;
    const page = body<Page>(await get('/seller/customers', scoped)).data;
    expect(page.data.map((c) => [c.email, c.orders_count])).toEqual([
      ['ann@example.test', 2],
      ['bob@example.test', 1],
    ]);
    expect((await get(`/seller/customers?store_id=${storeB}`, scoped)).statusCode).toBe(403);
    expect((await get('/seller/customers/chloe%40example.test', scoped)).statusCode).toBe(404);
  });
});
