import type { OrderDetail, OrderSummary, Overview } from '@printloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, body, createTestApp, login, type TestApp } from '../../test/helpers.js';
import { ledgerBalances, ledgerBalancesFromEntries } from '../sql/ledger.js';
import { getUserByEmail } from '../sql/users.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seedDemo.js';
import { DEMO_HISTORY_DAYS, type DemoHistory, seedDemoHistory } from './seedDemoHistory.js';

const DAY = 86_400_000;

describe.each(BACKENDS)('the demo history on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let seeded: DemoHistory | null;
  const now = new Date();
  const get = async <T>(url: string) => {
    const answer = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(answer.statusCode, answer.body).toBe(200);
    return body<T>(answer).data;
  };
  const allOrders = async () =>
    (await get<{ data: OrderSummary[] }>('/seller/orders?per_page=100')).data;

  beforeAll(async () => {
    t = await createTestApp(backend, { demo: true });
    await seedDemo(t.app.db, t.app.blobDir);
    seeded = await seedDemoHistory(t.app, now);
    token = await login(t.app, DEMO_ACCOUNTS.seller, DEMO_PASSWORD);
  }, 300_000);
  afterAll(async () => t?.close());

  it('gives the demo seller two months of orders in every state, dated over them', async () => {
    expect(seeded?.orders).toBeGreaterThanOrEqual(30);
    expect(seeded?.orders).toBeLessThanOrEqual(60);
    const orders = await allOrders();
    expect(orders).toHaveLength(seeded?.orders ?? -1);
    const statuses = new Set(orders.map((o) => o.status));
    for (const status of ['processing', 'designing', 'completed', 'on_hold', 'cancelled']) {
      expect(statuses).toContain(status);
    }
    expect(orders.filter((o) => o.status === 'cancelled').map((o) => o.payment_status)).toEqual([
      'refunded',
    ]);
    const shipped = orders.filter((o) => o.status === 'completed');
    expect(shipped.length).toBeGreaterThan(10);
    for (const order of shipped) expect(order.tracking_numbers.length).toBe(1);
    const times = orders.map((o) => Date.parse(o.created_at));
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    expect(Math.min(...times)).toBeLessThan(now.getTime() - (DEMO_HISTORY_DAYS - 10) * DAY);
    const emails = new Set(orders.map((o) => o.email));
    expect(emails.size).toBeGreaterThanOrEqual(6);
    expect(emails.size).toBeLessThan(orders.length);
  });

  it('writes each order’s timeline in the order things happened', async () => {
    const shipped = (await allOrders()).filter((o) => o.status === 'completed');
    const detail = await get<OrderDetail>(`/seller/orders/${shipped[0]?.id}`);
    const kinds = detail.timeline.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['created', 'paid', 'design_file', 'shipped']));
    const at = (kind: string) =>
      Date.parse(detail.timeline.find((e) => e.kind === kind)?.created_at ?? '');
    expect(at('created')).toBe(Date.parse(detail.created_at));
    expect(at('design_file')).toBeGreaterThan(at('paid'));
    expect(at('shipped')).toBeGreaterThan(at('design_file'));
    expect(Date.parse(detail.shipments[0]?.shipped_at ?? '')).toBe(at('shipped'));
    expect(detail.shipments[0]?.tracking_url).toMatch(/^https:\/\//);
  });

  it('fills the overview, abandoned checkouts, SEN Design, customers and payouts', async () => {
    const overview = await get<Overview>('/seller/overview?time=last_30_days');
    expect(overview.current.orders).toBeGreaterThan(20);
    expect(overview.current.sales).toBeGreaterThan(0);
    expect(overview.current.profit).toBeGreaterThan(0);
    // Two months of history: the last 30 days and the 30 before them hold every visit, and the
    // overview has a previous period to compare with, smaller than the current one.
    expect(overview.current.visits + overview.previous.visits).toBe(seeded?.visits);
    expect(overview.previous.orders).toBeGreaterThan(5);
    expect(overview.previous.orders).toBeLessThan(overview.current.orders);
    expect(overview.current.conversion_rate).toBeGreaterThan(0.005);
    expect(overview.current.conversion_rate).toBeLessThan(0.2);
    expect(new Set(overview.series.map((p) => p.bucket)).size).toBeGreaterThan(15);
    expect(overview.top_countries.length).toBeGreaterThanOrEqual(5);

    const abandoned = await get<{ data: { email: string }[] }>('/seller/abandoned-orders');
    expect(abandoned.data.map((c) => c.email).sort()).toEqual([
      'ethan.nguyen@example.com',
      'grace.kim@example.com',
      'mia.rossi@example.it',
    ]);
    const queue = await get<{ order_id: number }[]>('/seller/sen-design');
    expect(queue.length).toBeGreaterThan(0);
    const customers = await get<{ data: unknown[] }>('/seller/customers');
    expect(customers.data.length).toBeGreaterThanOrEqual(6);
    const payouts = await get<{ data: { status: string; amount: number }[] }>('/seller/payouts');
    expect(payouts.data).toHaveLength(1);
    expect(payouts.data[0]?.status).toBe('completed');
  });

  it('keeps the stored balances equal to the ledger entries after moving them', async () => {
    const sellerId = Number((await getUserByEmail(t.app.db, DEMO_ACCOUNTS.seller))?.id);
    for (const at of [now, new Date(now.getTime() + 20 * DAY)]) {
      expect(await ledgerBalances(t.app.db, sellerId, at)).toEqual(
        await ledgerBalancesFromEntries(t.app.db, sellerId, at),
      );
    }
    const { default: balance } = await ledgerBalances(t.app.db, sellerId, now);
    expect(balance.available).toBeGreaterThan(0);
    expect(balance.pending).toBeGreaterThan(0);
  });

  it('is seeded once: a second start adds nothing', async () => {
    const before = (await allOrders()).length;
    expect(await seedDemoHistory(t.app, now)).toBeNull();
    expect(await allOrders()).toHaveLength(before);
  });
});
