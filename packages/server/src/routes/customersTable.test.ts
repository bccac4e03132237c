import { isSpent, PAYMENT_STATUSES } from '@printloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';
import { insertOrder, insertStore } from '../../test/orderFixtures.js';
import { paidOrder, storeWithCampaign } from '../../test/storefrontOrder.js';

interface CustomerAnswer {
  email: string;
  name: string | null;
  country: string | null;
  orders_count: number;
  total_spent: number;
  currency: string;
  first_order_at: string;
  last_order_at: string;
}

interface OrderRow {
  id: number;
  seller_id: number;
  store_id: number | null;
  email: string;
  currency: string;
  customer_name: string | null;
  country: string | null;
  total: number;
  payment_status: string;
  status: string;
  created_at: Date;
}

/** The customers rows as the orders say they should be, grouped here in plain code. */
function expectedCustomers(orders: OrderRow[]): string[] {
  const groups = new Map<string, OrderRow[]>();
  for (const order of orders) {
    if (order.status === 'deleted') continue;
    const scopes = order.store_id === null ? [0] : [0, Number(order.store_id)];
    for (const scope of scopes) {
      const key = [order.seller_id, scope, order.email.toLowerCase(), order.currency].join('|');
      groups.set(key, [...(groups.get(key) ?? []), order]);
    }
  }
  return [...groups].map(([key, rows]) => {
    const newest = [...rows].sort(
      (a, b) => b.created_at.getTime() - a.created_at.getTime() || Number(b.id) - Number(a.id),
    );
    const latest = newest[0] as OrderRow;
    const spent = rows
      .filter((r) => isSpent(r.payment_status))
      .reduce((sum, r) => sum + Number(r.total), 0);
    const times = rows.map((r) => r.created_at.getTime());
    return [
      key,
      latest.customer_name,
      latest.country,
      rows.length,
      spent,
      new Date(Math.min(...times)).toISOString(),
      new Date(Math.max(...times)).toISOString(),
    ].join('|');
  });
}

describe.each(BACKENDS)('the customers table on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;

  const stored = async () =>
    (
      await t.app.db.query<{
        key: string;
        name: string | null;
        country: string | null;
        orders_count: number;
        total_spent: number;
        first_order_at: Date;
        last_order_at: Date;
      }>(
        `SELECT seller_id || '|' || store_scope || '|' || email || '|' || currency AS key, name,
                country, orders_count, total_spent, first_order_at, last_order_at
           FROM customers`,
      )
    ).map((c) =>
      [
        c.key,
        c.name,
        c.country,
        Number(c.orders_count),
        Number(c.total_spent),
        c.first_order_at.toISOString(),
        c.last_order_at.toISOString(),
      ].join('|'),
    );
  const fromOrders = async () =>
    expectedCustomers(
      await t.app.db.query<OrderRow>(
        `SELECT id, seller_id, store_id, email, currency, customer_name,
                shipping_address->>'country' AS country, total, payment_status, status, created_at
           FROM orders`,
      ),
    );
  const list = async (query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/seller/customers${query}`,
      headers: bearer(seller),
    });
    expect(response.statusCode, response.body).toBe(200);
    return body<{ data: CustomerAnswer[] }>(response).data.data;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'table-shop@example.test' })).id;
    seller = await login(t.app, 'table-shop@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts as spent the payment statuses core counts as spent', async () => {
    for (const status of PAYMENT_STATUSES) {
      const [row] = await t.app.db.query<{ spent: boolean }>(
        'SELECT order_counts_as_spent($1) AS spent',
        [status],
      );
      expect([status, row?.spent]).toEqual([status, isSpent(status)]);
    }
  });

  it('follows checkouts, address edits and cancellations made through the API', async () => {
    const sale = await storeWithCampaign(t.app, seller, 'table-shop', 30);
    const first = await paidOrder(t.app, 'table-shop', sale);
    const second = await paidOrder(t.app, 'table-shop', sale, 2);
    const [buyer] = await list();
    expect(buyer).toMatchObject({
      email: 'buyer@example.test',
      name: 'Bea Buyer',
      orders_count: 2,
    });
    const paidTotal = buyer?.total_spent ?? 0;
    const [one] = await t.app.db.query<{ total: number }>(
      'SELECT total FROM orders WHERE id = $1',
      [first.order_id],
    );

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/seller/orders/${second.order_id}/address`,
      headers: bearer(seller),
      payload: {
        name: 'Bea Renamed',
        line1: '1 Main St',
        city: 'Austin',
        state: 'TX',
        postcode: '73301',
        country: 'US',
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/seller/orders/${first.order_id}/status`,
      headers: bearer(seller),
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const [after] = await list();
    expect(after).toMatchObject({
      name: 'Bea Renamed',
      orders_count: 2,
      total_spent: paidTotal - Number(one?.total),
    });
    expect(await stored()).toEqual(expect.arrayContaining(await fromOrders()));
    expect((await stored()).sort()).toEqual((await fromOrders()).sort());
  });

  it('matches a grouping of the orders after a mix of order writes', async () => {
    const db = t.app.db;
    const storeA = await insertStore(db, sellerId, 'Mix A');
    const storeB = await insertStore(db, sellerId, 'Mix B');
    const ann = await insertOrder(db, {
      sellerId,
      storeId: storeA,
      email: 'Ann@Example.test',
      name: 'Ann',
      total: 1000,
      createdAt: '2026-03-01T10:00:00Z',
    });
    await insertOrder(db, {
      sellerId,
      storeId: storeB,
      email: 'ann@example.test',
      name: 'Ann Lee',
      total: 2000,
      country: 'CA',
      createdAt: '2026-03-02T10:00:00Z',
    });
    await insertOrder(db, {
      sellerId,
      email: 'ann@example.test',
      name: 'Ann Euro',
      total: 3000,
      currency: 'EUR',
      orderType: 'fulfillment',
      paymentStatus: 'unpaid',
      createdAt: '2026-03-03T10:00:00Z',
    });
    const ben = await insertOrder(db, {
      sellerId,
      storeId: storeA,
      email: 'ben@example.test',
      name: 'Ben',
      total: 4000,
      createdAt: '2026-03-04T10:00:00Z',
    });
    const gone = await insertOrder(db, {
      sellerId,
      storeId: storeB,
      email: 'cy@example.test',
      name: 'Cy',
      total: 500,
    });
    // The buyer's email is corrected: Ben's order moves to a new buyer and Ben has none left.
    await db.query("UPDATE orders SET email = 'benji@example.test' WHERE id = $1", [ben.id]);
    // Payment changes what was spent; a deleted order leaves its buyer; one order is removed.
    await db.query("UPDATE orders SET payment_status = 'refunded' WHERE id = $1", [ann.id]);
    await db.query("UPDATE orders SET status = 'deleted' WHERE id = $1", [gone.id]);
    // Several orders in one statement, as the fulfillment import writes them.
    await db.query(
      `INSERT INTO orders (seller_id, order_number, order_type, email, customer_name,
         shipping_address, currency, subtotal, shipping, discount, tip, processing_fee, total)
       SELECT $1, 'PLMIX' || g, 'fulfillment', 'bulk' || (g % 2) || '@example.test', 'Bulk ' || g,
         '{"country":"DE"}', 'USD', 100, 0, 0, 0, 0, 100 * g
       FROM generate_series(1, 5) g`,
      [sellerId],
    );
    await db.query("DELETE FROM orders WHERE order_number = 'PLMIX3'");
    // A removed store leaves its orders without one: its own buyer rows go.
    await db.query('DELETE FROM stores WHERE id = $1', [storeB]);

    expect((await stored()).sort()).toEqual((await fromOrders()).sort());
    const inA = await list(`?store_id=${storeA}`);
    expect(inA.map((c) => [c.email, c.orders_count, c.total_spent])).toEqual([
      ['benji@example.test', 1, 4000],
      ['ann@example.test', 1, 0],
    ]);
    const anns = (await list('?q=ann&order_by=email:asc')).map((c) => [c.currency, c.name]);
    expect(anns).toEqual(
      expect.arrayContaining([
        ['USD', 'Ann Lee'],
        ['EUR', 'Ann Euro'],
      ]),
    );
  });

  // Two writers at once need two connections: Postgres only (PGlite has one).
  if (backend === 'pg') {
    it('counts both orders when two transactions write orders of one buyer at once', async () => {
      const db = t.app.db;
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let inserted: (pid: number) => void = () => {};
      const firstInserted = new Promise<number>((resolve) => {
        inserted = resolve;
      });
      const first = db.transaction(async (tx) => {
        await insertOrder(tx, { sellerId, email: 'race@example.test', total: 700 });
        const [me] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        inserted(Number(me?.pid));
        await gate;
      });
      const firstPid = await firstInserted;
      const second = db.transaction((tx) =>
        insertOrder(tx, { sellerId, email: 'race@example.test', total: 300 }),
      );
      // The second writer waits for the first one's buyer row before it recounts.
      for (;;) {
        const [waiting] = await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
          [firstPid],
        );
        if (Number(waiting?.n) > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      release();
      await Promise.all([first, second]);
      const race = (await list('?q=race')).find((c) => c.email === 'race@example.test');
      expect(race).toMatchObject({ orders_count: 2, total_spent: 1000 });
      expect((await stored()).sort()).toEqual((await fromOrders()).sort());
    });
  }
});
