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
import { setCampaignStatus } from '../sql/campaignLifecycle.js';

interface Month {
  month: string;
  today: string;
  events: Array<{
    date: string;
    kind: string;
    title: string;
    ref_id: number | null;
    region: string | null;
  }>;
}

describe.each(BACKENDS)('calendar on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;
  let other: string;
  let launchedId: number;

  const month = async (as: string, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/seller/calendar${query}`,
      headers: bearer(as),
    });
    expect(response.statusCode, response.body).toBe(200);
    return body<Month>(response).data;
  };
  const mine = (m: Month) => m.events.filter((e) => e.ref_id !== null);

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'cal@example.test' })).id;
    await createUser(t.app, { email: 'cal-other@example.test' });
    // The seller lives at UTC+7.
    await t.app.db.query('UPDATE users SET utc_offset = 7 WHERE id = $1', [sellerId]);
    seller = await login(t.app, 'cal@example.test');
    other = await login(t.app, 'cal-other@example.test');

    const launched = await campaignOf(t.app, seller, 'Winter Tee');
    launchedId = launched.id;
    await setCampaignStatus(t.app.db, sellerId, launchedId, 'active');
    // 2026-11-30 18:00 UTC is 2026-12-01 01:00 at UTC+7.
    await t.app.db.query(
      "UPDATE campaigns SET launched_at = '2026-11-30T18:00:00Z' WHERE id = $1",
      [launchedId],
    );
    const [store] = await t.app.db.query<{ id: number }>(
      "INSERT INTO stores (seller_id, name) VALUES ($1, 'Cal Shop') RETURNING id",
      [sellerId],
    );
    await t.app.db.query(
      `INSERT INTO coupons (seller_id, store_id, code, type, value, starts_at, ends_at)
       VALUES ($1, $2, 'XMAS20', 'percent', 20, '2026-12-10T00:00:00Z', '2026-12-24T20:00:00Z')`,
      [sellerId, store?.id],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records the first launch of a campaign and keeps it through a deactivation', async () => {
    const fresh = await campaignOf(t.app, seller, 'Fresh');
    await setCampaignStatus(t.app.db, sellerId, fresh.id, 'active');
    const [first] = await t.app.db.query<{ launched_at: Date }>(
      'SELECT launched_at FROM campaigns WHERE id = $1',
      [fresh.id],
    );
    expect(first?.launched_at).toBeInstanceOf(Date);
    await setCampaignStatus(t.app.db, sellerId, fresh.id, 'inactive');
    await setCampaignStatus(t.app.db, sellerId, fresh.id, 'active');
    const [again] = await t.app.db.query<{ launched_at: Date }>(
      'SELECT launched_at FROM campaigns WHERE id = $1',
      [fresh.id],
    );
    expect(again?.launched_at.getTime()).toBe(first?.launched_at.getTime());
  });

  it("shows launches and promotions on the seller's own days, with the season", async () => {
    const december = await month(seller, '?month=2026-12');
    expect(december.month).toBe('2026-12');
    expect(mine(december).map((e) => [e.date, e.kind, e.title])).toEqual([
      ['2026-12-01', 'campaign_launch', 'Launch: Winter Tee'],
      ['2026-12-10', 'promotion_start', 'Promotion XMAS20 starts'],
      // 20:00 UTC on the 24th is already the 25th at UTC+7.
      ['2026-12-25', 'promotion_end', 'Promotion XMAS20 ends'],
    ]);
    expect(december.events).toContainEqual(
      expect.objectContaining({ date: '2026-12-25', kind: 'holiday', title: 'Christmas' }),
    );
    expect(december.events).toContainEqual(
      expect.objectContaining({ date: '2026-12-17', kind: 'last_order', region: 'US' }),
    );
    // November, in UTC the launch's month, does not show it.
    const november = await month(seller, '?month=2026-11');
    expect(mine(november).map((e) => e.title)).not.toContain('Launch: Winter Tee');
  });

  it("answers the user's current month when none is asked", async () => {
    const now = await month(seller);
    expect(now.today.slice(0, 7)).toBe(now.month);
  });

  it('shows scheduled email campaigns once their table exists', async () => {
    await t.app.db.query(
      `CREATE TABLE IF NOT EXISTS email_campaigns (
         id bigserial PRIMARY KEY, seller_id bigint NOT NULL, store_id bigint NOT NULL,
         name text NOT NULL, subject text NOT NULL, blocks jsonb NOT NULL, audience jsonb NOT NULL,
         status text NOT NULL DEFAULT 'draft', send_at timestamptz)`,
    );
    const [store] = await t.app.db.query<{ id: number }>(
      'SELECT id FROM stores WHERE seller_id = $1',
      [sellerId],
    );
    await t.app.db.query(
      `INSERT INTO email_campaigns (seller_id, store_id, name, subject, blocks, audience, status, send_at)
       VALUES ($1, $2, 'Gift guide', 'Gifts', '[]', '{}', 'scheduled', '2026-12-05T03:00:00Z'),
              ($1, $2, 'Draft only', 'Later', '[]', '{}', 'draft', '2026-12-06T03:00:00Z')`,
      [sellerId, store?.id],
    );
    const december = await month(seller, '?month=2026-12');
    expect(december.events.filter((e) => e.kind === 'email_campaign').map((e) => e.title)).toEqual([
      'Email: Gift guide',
    ]);
  });

  it("never shows another seller's campaigns or promotions", async () => {
    const december = await month(other, '?month=2026-12');
    expect(mine(december)).toEqual([]);
    expect(december.events.some((e) => e.kind === 'holiday')).toBe(true);
  });

  it('shows a member without get_campaigns the season only', async () => {
    const member = await memberSession(t.app, sellerId, 'cal-member@example.test', []);
    expect(mine(await month(member, '?month=2026-12'))).toEqual([]);
    const reader = await memberSession(t.app, sellerId, 'cal-reader@example.test', [
      'get_campaigns',
    ]);
    expect(mine(await month(reader, '?month=2026-12')).length).toBeGreaterThan(0);
  });

  it('answers 400 for a month that is not YYYY-MM', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/seller/calendar?month=2026-13',
      headers: bearer(seller),
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).errors?.month).toEqual(['Must be a month written YYYY-MM']);
  });
});
