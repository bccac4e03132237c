import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  botChecked,
  createTestApp,
  createUser,
  login,
  memberSession,
  PASSWORD,
  type TestApp,
} from '../../test/helpers.js';
import { paidOrder, storeWithCampaign } from '../../test/storefrontOrder.js';
import { bookReferralCommission } from '../money/referralCommission.js';

interface Program {
  code: string;
  link: string;
  commission_percent: number;
  referred_sellers: number;
  commission_total: number;
}
interface Referred {
  id: number;
  name: string;
  email: string;
  orders: number;
  sold_items: number;
  commission: number;
}
interface Entry {
  type: string;
  status: string;
  amount: number;
}

describe.each(BACKENDS)('referral program on %s', (backend) => {
  let t: TestApp;
  let referrer: string;
  let program: Program;
  let referred: string;
  let referredId: number;

  const get = (as: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(as) });
  const register = async (name: string, email: string, ref?: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: await botChecked(t.app),
      payload: { name, email, password: PASSWORD, ...(ref === undefined ? {} : { ref }) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return body<{ access_token: string }>(response).data.access_token;
  };
  const referredList = async (as: string, query = '') => {
    const response = await get(as, `/seller/referral/sellers${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return body<{ data: Referred[]; total: number }>(response).data;
  };
  const commissions = async (as: string) =>
    body<{ data: Entry[] }>(await get(as, '/seller/transactions?type=commission')).data.data;

  beforeAll(async () => {
    t = await createTestApp(backend, { referralCommissionPercent: 5 });
    await createUser(t.app, { email: 'rita@example.test', name: 'Rita' });
    referrer = await login(t.app, 'rita@example.test');
    const answer = await get(referrer, '/seller/referral');
    expect(answer.statusCode, answer.body).toBe(200);
    program = body<Program>(answer).data;
    // The link is typed by hand at times: the code matches whatever its case.
    referred = await register('Bob Maker', 'bob@example.test', program.code.toLowerCase());
    const me = body<{ id: number; is_ref: boolean }>(await get(referred, '/me')).data;
    referredId = me.id;
    expect(me.is_ref).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the seller one code and a register link carrying it', async () => {
    expect(program.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(program.link).toMatch(new RegExp(`/auth/register\\?ref=${program.code}$`));
    expect(program.commission_percent).toBe(5);
    const again = body<Program>(await get(referrer, '/seller/referral')).data;
    expect(again).toMatchObject({ code: program.code, referred_sellers: 1 });
  });

  it('signs up without a referrer when the code matches no one', async () => {
    const token = await register('Cleo', 'cleo@example.test', 'NOPE2345');
    expect(body<{ is_ref: boolean }>(await get(token, '/me')).data.is_ref).toBe(false);
    // And that seller has a program of their own, with nobody in it.
    expect((await referredList(token)).data).toEqual([]);
  });

  it("books the referrer's commission once when a referred seller's order is paid", async () => {
    const sale = await storeWithCampaign(t.app, referred, 'bob-shop', 25);
    const order = await paidOrder(t.app, 'bob-shop', sale, 2);
    // 5% of 2 × 25.00 = 2.50, pending for the hold period.
    expect(await commissions(referrer)).toEqual([
      expect.objectContaining({ type: 'commission', status: 'pending', amount: 250 }),
    ]);
    // The referred seller's own profit is not touched by it.
    const own = await commissions(referred);
    expect(own).toEqual([]);
    // Posting the same paid order again books nothing.
    const repeat = await bookReferralCommission(
      t.app.db,
      {
        id: order.order_id,
        sellerId: referredId,
        orderNumber: order.order_number,
        currency: 'USD',
        revenue: 5000,
      },
      { percent: 5, holdDays: 14 },
    );
    expect(repeat).toBeNull();
    expect(await commissions(referrer)).toHaveLength(1);

    const list = await referredList(referrer);
    expect(list.data).toEqual([
      expect.objectContaining({
        name: 'Bob Maker',
        email: 'b***@example.test',
        orders: 1,
        sold_items: 2,
        commission: 250,
      }),
    ]);
    expect(body<Program>(await get(referrer, '/seller/referral')).data.commission_total).toBe(250);
  });

  it('sorts by sold items by default and by what the seller chooses', async () => {
    const quiet = await createUser(t.app, { email: 'quiet@example.test', name: 'Quiet' });
    const [rita] = await t.app.db.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'rita@example.test'",
    );
    await t.app.db.query('UPDATE users SET ref_id = $2 WHERE id = $1', [quiet.id, rita?.id]);
    expect((await referredList(referrer)).data.map((r) => r.name)).toEqual(['Bob Maker', 'Quiet']);
    expect(
      (await referredList(referrer, '?sort_by=sold_items&direction=asc')).data.map((r) => r.name),
    ).toEqual(['Quiet', 'Bob Maker']);
    // A period before the sale counts nothing for anyone.
    const before = await referredList(referrer, '?time=custom&from=2020-01-01&to=2020-01-31');
    expect(before.data.every((r) => r.sold_items === 0 && r.commission === 0)).toBe(true);
    expect(before.total).toBe(2);
  });

  it('takes the commission back when the order is cancelled with its refund', async () => {
    const sale = await storeWithCampaign(t.app, referred, 'bob-refund', 40);
    const order = await paidOrder(t.app, 'bob-refund', sale);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/seller/orders/${order.order_id}/status`,
      headers: bearer(referred),
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const amounts = (await commissions(referrer)).map((e) => e.amount).sort((a, b) => a - b);
    expect(amounts).toEqual([-200, 200, 250]);
    // The cancelled order counts in neither the items nor the commission.
    const bob = (await referredList(referrer)).data.find((r) => r.name === 'Bob Maker');
    expect(bob).toMatchObject({ orders: 1, sold_items: 2, commission: 250 });
  });

  it('refuses the program to a referred account, and shows another seller none of it', async () => {
    const refused = await get(referred, '/seller/referral');
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe(
      'Accounts that joined through a referral have no referral program of their own.',
    );
    expect((await get(referred, '/seller/referral/sellers')).statusCode).toBe(403);
    await createUser(t.app, { email: 'other@example.test' });
    const other = await login(t.app, 'other@example.test');
    expect((await referredList(other)).data).toEqual([]);
    expect(await commissions(other)).toEqual([]);
  });

  it("lets any team member read the seller's program", async () => {
    const [rita] = await t.app.db.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'rita@example.test'",
    );
    const member = await memberSession(t.app, Number(rita?.id), 'helper@example.test', []);
    const answer = body<Program>(await get(member, '/seller/referral')).data;
    expect(answer.code).toBe(program.code);
    expect((await referredList(member)).total).toBe(2);
  });

  it('answers 400 with the field for a bad sort or period', async () => {
    const sort = await get(referrer, '/seller/referral/sellers?sort_by=price');
    expect(sort.statusCode).toBe(400);
    expect(body(sort).errors?.sort_by).toBeDefined();
    const period = await get(referrer, '/seller/referral/sellers?time=custom');
    expect(period.statusCode).toBe(400);
    expect(body(period).errors?.from).toEqual(['Choose a start date']);
  });
});
