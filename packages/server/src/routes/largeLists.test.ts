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
import {
  insertLedgerEntry,
  ledgerBalances,
  ledgerBalancesFromEntries,
  type NewLedgerEntry,
  setLedgerEntryStatus,
} from '../sql/ledger.js';

interface Page<T> {
  data: T[];
  total: number;
  total_is_capped: boolean;
  current_page: number;
  last_page: number;
  from: number | null;
  to: number | null;
}
interface Order {
  id: number;
  order_number: string;
  status: string;
  type: string;
  payment_status: string;
  total: number;
  email: string;
  items_count: number;
}

const ORDERS = 1030;
const STATUSES = ['processing', 'completed', 'on_hold', 'cancelled'];
const TYPES = ['regular', 'fulfillment', 'custom'];
/** What the generated order g is, as the INSERT below writes it. */
const orderOf = (g: number) => ({
  status: STATUSES[g % 4],
  type: TYPES[g % 3],
  payment: g % 7 === 0 ? 'refunded' : 'paid',
  total: 1000 + ((g * 37) % 500),
  daysAgo: g % 60,
});

// The orders and the ledger's transactions count up to 1,000 (core LARGE_LIST_COUNT_CAP), or
// the end of the page asked for, past that.
describe.each(BACKENDS)('orders and transactions of a large seller on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let token: string;
  const get = async <T>(url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return body<Page<T>>(response).data;
  };
  const orders = (query: string) => get<Order>(`/seller/orders?${query}`);

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'big@example.test' })).id;
    const other = await createUser(t.app, { email: 'other@example.test' });
    token = await login(t.app, 'big@example.test');
    const insert = (seller: number, prefix: string, count: number) =>
      t.app.db.query(
        `INSERT INTO orders (seller_id, order_number, order_type, status, payment_status, email,
           customer_name, shipping_address, currency, subtotal, shipping, discount, tip,
           processing_fee, total, created_at)
         SELECT $1, $2 || g, ($4::text[])[1 + g % 3], ($5::text[])[1 + g % 4],
           CASE WHEN g % 7 = 0 THEN 'refunded' ELSE 'paid' END, 'buyer' || g || '@example.test',
           'Buyer ' || g, '{"country":"US"}', 'USD', 1000, 0, 0, 0, 0, 1000 + (g * 37) % 500,
           now() - make_interval(days => g % 60)
         FROM generate_series(1, $3::int) g`,
        [seller, prefix, count, TYPES, STATUSES],
      );
    await insert(sellerId, 'BIG', ORDERS);
    // Another seller's orders match the same filters and are never counted or listed.
    await insert(other.id, 'OTHER', 40);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts the orders up to 1,000 and lets the seller page past it', async () => {
    const first = await orders('per_page=25');
    expect(first).toMatchObject({
      total: 1000,
      total_is_capped: true,
      current_page: 1,
      last_page: 41,
      from: 1,
      to: 25,
    });
    expect(first.data.map((o) => o.order_number).slice(0, 3)).toEqual([
      'BIG1030',
      'BIG1029',
      'BIG1028',
    ]);
    expect(first.data[0]?.items_count).toBe(0);

    const pastCap = await orders('per_page=25&page=41');
    expect(pastCap).toMatchObject({ total: 1025, total_is_capped: true, last_page: 42 });
    expect(pastCap.data).toHaveLength(25);
    const last = await orders('per_page=25&page=42');
    expect(last).toMatchObject({ total: ORDERS, total_is_capped: false, last_page: 42 });
    expect(last.data.map((o) => o.order_number)).toEqual(['BIG5', 'BIG4', 'BIG3', 'BIG2', 'BIG1']);
    // A page after the last one is empty and still knows how many there are.
    const beyond = await orders('per_page=25&page=60');
    expect(beyond).toMatchObject({ data: [], total: ORDERS, total_is_capped: false });
  });

  it('combines filters, a time range and a sort, counted exactly under the cap', async () => {
    const all = Array.from({ length: ORDERS }, (_, i) => ({ g: i + 1, ...orderOf(i + 1) }));
    const want = all.filter(
      (o) => o.status === 'on_hold' && o.type === 'fulfillment' && o.payment === 'paid',
    );
    const page = await orders(
      'status=on_hold&type=fulfillment&payment_status=paid&per_page=100&order_by=total:asc',
    );
    expect(page).toMatchObject({ total: want.length, total_is_capped: false });
    expect(page.data).toHaveLength(Math.min(100, want.length));
    const totals = page.data.map((o) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(totals).toEqual(
      want
        .map((o) => o.total)
        .sort((a, b) => a - b)
        .slice(0, 100),
    );
    for (const o of page.data) {
      expect(o).toMatchObject({ status: 'on_hold', type: 'fulfillment', payment_status: 'paid' });
      expect(o.order_number.startsWith('BIG')).toBe(true);
    }

    // The last 7 days of the seller's clock (UTC here): today and the 6 days before.
    const recent = all.filter((o) => o.status === 'cancelled' && o.daysAgo <= 6);
    const week = await orders('status=cancelled&time=last_7_days&per_page=100');
    expect(week).toMatchObject({ total: recent.length, total_is_capped: false });
    expect(week.data.map((o) => o.order_number)).toEqual(recent.map((o) => `BIG${o.g}`).reverse());
  });

  it('combines a search with the filters, searching once for the count and the page', async () => {
    // Order 14 is on hold (14 % 4 = 2); its email matches whatever its case.
    const found = await orders('q=BUYER14@example.test&status=on_hold');
    expect(found).toMatchObject({ total: 1, total_is_capped: false });
    expect(found.data.map((o) => o.order_number)).toEqual(['BIG14']);
    expect(await orders('q=buyer14@example.test&status=completed')).toMatchObject({
      data: [],
      total: 0,
    });
    // A name matches anywhere in it: 'Buyer 103' and 'Buyer 1030'.
    const named = await orders('q=Buyer%20103&per_page=50');
    expect(named.data.map((o) => o.order_number).sort()).toEqual(['BIG103', 'BIG1030'].sort());
  });

  it('counts the transactions up to 1,000 and filters them by type exactly', async () => {
    await t.app.db.query(
      `INSERT INTO ledger_entries (seller_id, type, status, amount, currency, description,
         idempotency_key, available_at, created_at)
       SELECT $1, CASE WHEN g % 5 = 0 THEN 'fee' ELSE 'admin' END, 'completed', 10, 'USD',
         'Entry ' || g, 'big:' || g, now() - interval '30 days',
         now() - interval '30 days' + make_interval(secs => g)
       FROM generate_series(1, 1010) g`,
      [sellerId],
    );
    const first = await get<{ description: string }>('/seller/transactions?per_page=10');
    expect(first).toMatchObject({ total: 1000, total_is_capped: true, last_page: 101 });
    expect(first.data.map((e) => e.description).slice(0, 2)).toEqual(['Entry 1010', 'Entry 1009']);
    const fees = await get<{ description: string; type: string }>(
      '/seller/transactions?type=fee&per_page=100',
    );
    expect(fees).toMatchObject({ total: 202, total_is_capped: false, last_page: 3 });
    expect(fees.data.every((e) => e.type === 'fee')).toBe(true);
    expect(fees.data[0]?.description).toBe('Entry 1010');
  });
});

const HOUR = 3_600_000;

describe.each(BACKENDS)('the pending balance kept per hour on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'hours@example.test' })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('agrees with the balances summed entry by entry at every clock, through holds', async () => {
    // A whole hour, so entries fall on, just before and just after hour boundaries.
    const base = new Date(Math.floor(Date.now() / HOUR) * HOUR);
    const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000);
    const book = (
      key: string,
      amount: number,
      availableIn: number,
      extra: Partial<NewLedgerEntry> = {},
    ) =>
      insertLedgerEntry(t.app.db, {
        sellerId,
        account: 'default',
        type: 'sale',
        status: 'pending',
        amount,
        currency: 'USD',
        description: key,
        idempotencyKey: key,
        availableAt: at(availableIn),
        createdAt: base,
        ...extra,
      });
    await book('now', 100, 0);
    await book('in-10-min', 200, 10);
    await book('end-of-hour', 300, 59);
    await book('next-hour', 400, 60);
    await book('in-2-hours', 500, 125);
    await book('in-3-days', 600, 3 * 24 * 60);
    await book('refund', -250, 3 * 24 * 60);
    await book('balance-2', 700, 30, { account: 'balance_2' });
    await book('held', 800, 90, { status: 'on hold' });
    await book('past', 900, -30, { status: 'completed' });
    // A held entry released, and a pending one put on hold.
    await setLedgerEntryStatus(t.app.db, sellerId, 'held', 'pending');
    await setLedgerEntryStatus(t.app.db, sellerId, 'in-2-hours', 'on hold');
    // Booking the same key twice books once.
    expect(await book('next-hour', 400, 60)).toBeNull();

    const clocks = [0, 5, 10, 30, 59, 60, 61, 90, 124, 125, 126, 24 * 60, 3 * 24 * 60 + 1];
    for (const minutes of clocks) {
      const now = at(minutes);
      const kept = await ledgerBalances(t.app.db, sellerId, now);
      expect(kept, `${minutes} min`).toEqual(
        await ledgerBalancesFromEntries(t.app.db, sellerId, now),
      );
    }
    // The figures themselves, 30 minutes in: pending is every entry still ahead.
    const half = await ledgerBalances(t.app.db, sellerId, at(30));
    expect(half.default).toEqual({
      available: 100 + 200 + 900,
      pending: 300 + 400 + 600 - 250 + 800,
      on_hold: 500,
    });
    expect(half.balance_2).toEqual({ available: 700, pending: 0, on_hold: 0 });
  });
});
