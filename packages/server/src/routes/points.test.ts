import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { paidOrder, storeWithCampaign } from '../../test/storefrontOrder.js';

interface PointsAnswer {
  balance: number;
  rewards: Array<{ id: string; cost: number }>;
  entries: Array<{ kind: string; points: number; note: string }>;
  total: number;
}
interface CheckIn {
  day: string;
  booked: boolean;
  points: number;
  streak: number;
  balance: number;
}
interface Month {
  today: string;
  month: string;
  days: string[];
  checked_today: boolean;
  streak: number;
}
interface ContestAnswer {
  contest: { name: string; prize: string } | null;
  leaderboard: Array<{ rank: number; seller: string; sales: number; is_me: boolean }>;
  me: { rank: number; seller: string; sales: number } | null;
}
const DAY = 86_400_000;

describe.each(BACKENDS)('SEN points, check-in and contest on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;
  let rival: string;
  let admin: string;
  // Noon UTC on a fixed day, so the local day is known for any offset of the test.
  const start = Date.parse('2026-03-02T12:00:00Z');

  const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const points = async () =>
    body<PointsAnswer>(await call(seller, 'GET', '/seller/points?per_page=50')).data;
  /** The balance is the sum of the entries, and no running balance went negative. */
  const checkSum = async () => {
    const [row] = await t.app.db.query<{ sum: string; low: string }>(
      'SELECT COALESCE(sum(points), 0)::text AS sum, COALESCE(min(balance_after), 0)::text AS low FROM point_entries WHERE seller_id = $1',
      [sellerId],
    );
    expect((await points()).balance).toBe(Number(row?.sum));
    expect(Number(row?.low)).toBeGreaterThanOrEqual(0);
  };
  const at = async (ms: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(ms);
    seller = await login(t.app, 'pointer@example.test');
    rival = await login(t.app, 'rival@example.test');
    admin = await login(t.app, 'contest-operator@example.test');
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'pointer@example.test', name: 'Ada Lovelace' }))
      .id;
    await createUser(t.app, { email: 'rival@example.test', name: 'Grace Hopper' });
    await createUser(t.app, { email: 'contest-operator@example.test', isAdmin: true });
    await at(start);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts empty, with the rewards catalogue', async () => {
    const answer = await points();
    expect(answer.balance).toBe(0);
    expect(answer.entries).toEqual([]);
    expect(answer.rewards.map((r) => r.id)).toContain('sms_10');
  });

  it('books one point per item sold when a storefront order is paid, once', async () => {
    await at(start);
    const sale = await storeWithCampaign(t.app, seller, 'points-shop', 25);
    await paidOrder(t.app, 'points-shop', sale, 3);
    const answer = await points();
    expect(answer.balance).toBe(3);
    expect(answer.entries[0]).toMatchObject({ kind: 'sale', points: 3 });
    await checkSum();
  });

  it('takes the points of a refunded order back', async () => {
    seller = await login(t.app, 'pointer@example.test');
    const sale = await storeWithCampaign(t.app, seller, 'points-refund-shop', 25);
    const order = await paidOrder(t.app, 'points-refund-shop', sale, 2);
    expect((await points()).balance).toBe(5);
    const cancelled = await call(seller, 'POST', `/seller/orders/${order.order_id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const answer = await points();
    expect(answer.balance).toBe(3);
    expect(answer.entries[0]).toMatchObject({ kind: 'sale', points: -2 });
    await checkSum();
  });

  it('checks in once per local day and counts the streak with a bonus on day 7', async () => {
    // 05:00 local at UTC+5 is still the previous evening in UTC: the local day counts.
    await t.app.db.query('UPDATE users SET utc_offset = 5 WHERE id = $1', [sellerId]);
    await at(Date.parse('2026-03-01T20:00:00Z'));
    const first = body<CheckIn>(await call(seller, 'POST', '/seller/check-in')).data;
    expect(first).toMatchObject({ day: '2026-03-02', booked: true, points: 5, streak: 1 });
    // Later the same local day (but the next UTC day): nothing more is booked.
    await at(Date.parse('2026-03-02T18:00:00Z'));
    const again = await call(seller, 'POST', '/seller/check-in');
    expect(again.statusCode).toBe(200);
    expect(body<CheckIn>(again).data).toMatchObject({ booked: false, points: 0, streak: 1 });
    // Six more days in a row: day 7 earns 10.
    let last: CheckIn | undefined;
    for (let d = 1; d <= 6; d++) {
      await at(Date.parse('2026-03-02T08:00:00Z') + d * DAY);
      last = body<CheckIn>(await call(seller, 'POST', '/seller/check-in')).data;
    }
    expect(last).toMatchObject({ day: '2026-03-08', streak: 7, points: 10 });
    expect(last?.balance).toBe(3 + 5 * 6 + 10);
    const month = body<Month>(await call(seller, 'GET', '/seller/check-in')).data;
    expect(month).toMatchObject({ month: '2026-03', checked_today: true, streak: 7 });
    expect(month.days).toHaveLength(7);
    // A day missed breaks the streak.
    await at(Date.parse('2026-03-10T08:00:00Z'));
    const gap = body<Month>(await call(seller, 'GET', '/seller/check-in')).data;
    expect(gap).toMatchObject({ checked_today: false, streak: 0 });
    const after = body<CheckIn>(await call(seller, 'POST', '/seller/check-in')).data;
    expect(after).toMatchObject({ streak: 1, points: 5 });
    await checkSum();
  });

  it('redeems a reward when the balance allows, granting it in the same transaction', async () => {
    seller = await login(t.app, 'pointer@example.test');
    const before = await points();
    expect(before.balance).toBe(48);
    const short = await call(seller, 'POST', '/seller/points/redeem', { reward: 'sms_10' });
    expect(short.statusCode).toBe(409);
    expect(body(short).message).toMatch(/Not enough SEN points/);
    // Give the seller points through an operator entry, then redeem twice with one key.
    await t.app.db.query(
      `INSERT INTO point_entries (seller_id, kind, points, balance_after, note, idempotency_key)
       VALUES ($1, 'admin', 600, 648, 'Welcome gift', 'admin:gift')`,
      [sellerId],
    );
    const headers = { ...bearer(seller), 'idempotency-key': 'redeem-1' };
    for (let i = 0; i < 2; i++) {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/seller/points/redeem',
        headers,
        payload: { reward: 'sms_10' },
      });
      expect(ok.statusCode).toBe(200);
      expect(body<{ balance: number; sms_credit: number }>(ok).data).toMatchObject({
        balance: 548,
        sms_credit: 10,
      });
    }
    const cash = await call(seller, 'POST', '/seller/points/redeem', { reward: 'cashback_5' });
    expect(body<{ balance: number }>(cash).data.balance).toBe(48);
    const ledger = await t.app.db.query<{ type: string; amount: string }>(
      "SELECT type, amount::text FROM ledger_entries WHERE seller_id = $1 AND type = 'cashback'",
      [sellerId],
    );
    expect(ledger).toEqual([{ type: 'cashback', amount: '500' }]);
    const bad = await call(seller, 'POST', '/seller/points/redeem', { reward: 'gold_bar' });
    expect(bad.statusCode).toBe(400);
    await checkSum();
  });

  it('refuses redeeming to a member without update_payments', async () => {
    seller = await login(t.app, 'pointer@example.test');
    const member = await memberSession(t.app, sellerId, 'points-member@example.test', []);
    const refused = await call(member, 'POST', '/seller/points/redeem', { reward: 'sms_10' });
    expect(refused.statusCode).toBe(403);
    expect((await call(member, 'GET', '/seller/points')).statusCode).toBe(200);
  });

  it('lets only operators create contests and ranks paid sales of the period', async () => {
    // Paid orders carry the database clock, so the contest runs on real time from here on:
    // the earlier sale (booked before this test) falls before the period.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = Date.now();
    seller = await login(t.app, 'pointer@example.test');
    rival = await login(t.app, 'rival@example.test');
    admin = await login(t.app, 'contest-operator@example.test');
    const none = body<ContestAnswer>(await call(seller, 'GET', '/seller/contest')).data;
    expect(none).toEqual({ contest: null, leaderboard: [], me: null });
    const payload = {
      name: 'Spring sprint',
      starts_at: new Date(now).toISOString(),
      ends_at: new Date(now + 10 * DAY).toISOString(),
      prize: 'A trip for the top seller',
    };
    expect((await call(seller, 'POST', '/admin/contests', payload)).statusCode).toBe(403);
    const backwards = { ...payload, ends_at: payload.starts_at };
    expect((await call(admin, 'POST', '/admin/contests', backwards)).statusCode).toBe(422);
    expect((await call(admin, 'POST', '/admin/contests', payload)).statusCode).toBe(200);

    // Before any sale in the period, the seller is not ranked yet.
    const empty = body<ContestAnswer>(await call(seller, 'GET', '/seller/contest')).data;
    expect(empty.contest).toMatchObject({ name: 'Spring sprint' });
    expect(empty.leaderboard).toEqual([]);
    expect(empty.me).toMatchObject({ rank: 1, sales: 0, seller: 'Ada' });

    const mine = await storeWithCampaign(t.app, seller, 'points-shop-2', 25);
    await paidOrder(t.app, 'points-shop-2', mine, 2);
    const theirs = await storeWithCampaign(t.app, rival, 'rival-shop', 25);
    await paidOrder(t.app, 'rival-shop', theirs, 4);
    const board = body<ContestAnswer>(await call(seller, 'GET', '/seller/contest')).data;
    // The sale before the period (3 items) does not count.
    expect(board.leaderboard).toEqual([
      { rank: 1, seller: 'Grace', sales: 4, is_me: false },
      { rank: 2, seller: 'Ada', sales: 2, is_me: true },
    ]);
    expect(board.me).toMatchObject({ rank: 2, sales: 2 });
  });
});
