import { saleProfit } from '@printloom/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  memberSession,
  PASSWORD,
  type TestApp,
} from '../../test/helpers.js';
import { paidOrder, storeWithCampaign } from '../../test/storefrontOrder.js';
import { bookOrderReversal } from '../money/bookings.js';
import { ledgerBalances, ledgerBalancesFromEntries, ledgerSum } from '../sql/ledger.js';

interface Balance {
  user_info: { balance: number; sms_credit: number };
  available: number;
  pending: number;
  on_hold: number;
  accounts: Array<{ type: string; available: number; pending: number; on_hold: number }>;
}
interface Tx {
  id: number;
  type: string;
  status: string;
  amount: number;
  order_number: string | null;
  description: string;
}
const DAY = 86_400_000;

describe.each(BACKENDS)('billing and payouts on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;
  let admin: string;
  let other: string;
  let accountId: number;
  const start = Date.now();

  const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const balance = async () => body<Balance>(await call(seller, 'GET', '/seller/balance')).data;
  const list = async (query = '') =>
    body<{ data: Tx[]; total: number }>(await call(seller, 'GET', `/seller/transactions${query}`))
      .data;
  /** The sum of every entry equals every balance, account by account. */
  const checkSums = async () => {
    const b = await ledgerBalances(t.app.db, sellerId, new Date());
    // The stored totals agree with the balances summed entry by entry.
    expect(await ledgerBalancesFromEntries(t.app.db, sellerId, new Date())).toEqual(b);
    const total =
      b.default.available +
      b.default.pending +
      b.default.on_hold +
      b.balance_2.available +
      b.balance_2.pending +
      b.balance_2.on_hold;
    expect(total).toBe(await ledgerSum(t.app.db, sellerId));
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {
      processingFee: 4,
      processingFeeMin: 0.5,
      ledgerHoldDays: 14,
    });
    sellerId = (await createUser(t.app, { email: 'earner@example.test', balance: 20 })).id;
    await createUser(t.app, { email: 'other-earner@example.test' });
    await createUser(t.app, { email: 'operator@example.test', isAdmin: true });
    seller = await login(t.app, 'earner@example.test');
    other = await login(t.app, 'other-earner@example.test');
    admin = await login(t.app, 'operator@example.test');
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  /** Moves the clock `days` after the start; sessions from before may have expired, so sign in again. */
  const moveTo = async (days: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + days * DAY);
    seller = await login(t.app, 'earner@example.test');
    other = await login(t.app, 'other-earner@example.test');
    admin = await login(t.app, 'operator@example.test');
  };
  afterAll(async () => {
    await t?.close();
  });

  it('books the profit of a storefront sale as pending, with the right figures', async () => {
    const sale = await storeWithCampaign(t.app, seller, 'earn-shop', 25);
    const order = await paidOrder(t.app, 'earn-shop', sale, 2);
    const items = await t.app.db.query<{ price: number; base_cost: number; quantity: number }>(
      'SELECT price, base_cost, quantity FROM order_items WHERE order_id = $1',
      [order.order_id],
    );
    const [discount] = await t.app.db.query<{ discount: number }>(
      'SELECT discount FROM orders WHERE id = $1',
      [order.order_id],
    );
    const expected = saleProfit(items, Number(discount?.discount), {
      processing_fee: 4,
      processing_fee_min: 50,
    });
    expect(expected.revenue).toBe(5000);
    expect(expected.processing_fee).toBe(200);
    const rows = (await list()).data;
    expect(rows[0]).toMatchObject({
      type: 'sale',
      status: 'pending',
      amount: expected.profit,
      order_number: order.order_number,
    });
    expect(await balance()).toMatchObject({
      available: 2000,
      pending: expected.profit,
      on_hold: 0,
      user_info: { balance: 20 },
    });
    await checkSums();
    // Filters: by order number, by type and by shown status.
    expect((await list(`?q=${order.order_number}`)).data.map((r) => r.type)).toEqual(['sale']);
    expect((await list('?type=admin')).data.map((r) => r.description)).toEqual(['Opening balance']);
    expect((await list('?status=pending')).total).toBe(1);
    expect((await list('?time=today')).total).toBe(2);
    expect((await list('?time=yesterday')).total).toBe(0);
    // Another seller sees none of it.
    expect(
      body<{ total: number }>(await call(other, 'GET', '/seller/transactions')).data.total,
    ).toBe(0);
  });

  it('makes the sale available after the hold period', async () => {
    await moveTo(15);
    const b = await balance();
    expect(b.pending).toBe(0);
    expect(b.available).toBeGreaterThan(2000);
    expect((await list('?type=sale')).data[0]?.status).toBe('completed');
    expect((await list('?status=pending')).total).toBe(0);
    await checkSums();
  });

  it('asks for the password or a second factor to add a payout account, and masks it', async () => {
    await moveTo(15);
    const details = { email: 'earner.payouts@example.test' };
    const noProof = await call(seller, 'POST', '/seller/payment-accounts', {
      method: 'payoneer',
      details,
    });
    expect(noProof.statusCode).toBe(400);
    const wrong = await call(seller, 'POST', '/seller/payment-accounts', {
      method: 'payoneer',
      details,
      current_password: 'not-it',
    });
    expect(wrong.statusCode).toBe(422);
    const missing = await call(seller, 'POST', '/seller/payment-accounts', {
      method: 'bank',
      details: { bank_name: 'First Bank' },
      current_password: PASSWORD,
    });
    expect(missing.statusCode).toBe(400);
    const added = await call(seller, 'POST', '/seller/payment-accounts', {
      method: 'bank',
      details: {
        account_holder: 'Earner Co',
        bank_name: 'First Bank',
        account_number: 'DE89370400440532013000',
        country: 'DE',
      },
      current_password: PASSWORD,
    });
    expect(added.statusCode, added.body).toBe(200);
    const account = body<{
      id: number;
      status: string;
      label: string;
      details: Record<string, string>;
    }>(added).data;
    accountId = account.id;
    expect(account.status).toBe('new');
    expect(account.details.account_number).toBe('•••• 3000');
    expect(account.label).toBe('Bank transfer · •••• 3000');
    expect(added.body).not.toContain('0532013000');
    const [stored] = await t.app.db.query<Record<string, unknown>>(
      'SELECT * FROM payment_accounts WHERE id = $1',
      [accountId],
    );
    expect(JSON.stringify(stored)).not.toContain('0532013000');
    const listed = body<Array<{ id: number }>>(
      await call(seller, 'GET', '/seller/payment-accounts'),
    ).data;
    expect(listed.map((a) => a.id)).toEqual([accountId]);
    expect(body<unknown[]>(await call(other, 'GET', '/seller/payment-accounts')).data).toEqual([]);
  });

  it('pays out only from the available balance, one request at a time, as the operator decides', async () => {
    await moveTo(15);
    const { available } = await balance();
    const over = await call(seller, 'POST', '/seller/payouts', {
      amount: available + 1,
      payment_account_id: accountId,
    });
    expect(over.statusCode).toBe(422);
    const small = await call(seller, 'POST', '/seller/payouts', {
      amount: 999,
      payment_account_id: accountId,
    });
    expect(small.statusCode).toBe(422);
    const foreign = await call(other, 'POST', '/seller/payouts', {
      amount: 1000,
      payment_account_id: accountId,
    });
    expect(foreign.statusCode).toBe(404);

    const first = await call(seller, 'POST', '/seller/payouts', {
      amount: 1500,
      payment_account_id: accountId,
    });
    expect(first.statusCode, first.body).toBe(200);
    const payout = body<{ id: number; status: string }>(first).data;
    expect(payout.status).toBe('processing');
    expect((await balance()).available).toBe(available - 1500);
    const second = await call(seller, 'POST', '/seller/payouts', {
      amount: 1000,
      payment_account_id: accountId,
    });
    expect(second.statusCode).toBe(409);

    expect((await call(seller, 'POST', `/admin/payouts/${payout.id}/approve`)).statusCode).toBe(
      403,
    );
    const approved = await call(admin, 'POST', `/admin/payouts/${payout.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(body<{ status: string }>(approved).data.status).toBe('completed');
    expect((await call(admin, 'POST', `/admin/payouts/${payout.id}/approve`)).statusCode).toBe(409);
    expect((await list('?type=payout')).data[0]?.status).toBe('completed');

    const third = body<{ id: number }>(
      await call(seller, 'POST', '/seller/payouts', {
        amount: 1000,
        payment_account_id: accountId,
      }),
    ).data;
    expect((await balance()).available).toBe(available - 2500);
    const rejected = await call(admin, 'POST', `/admin/payouts/${third.id}/reject`, {
      reason: 'Account name does not match',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(body<{ status: string; reason: string }>(rejected).data).toMatchObject({
      status: 'cancelled',
      reason: 'Account name does not match',
    });
    expect((await balance()).available).toBe(available - 1500);
    const history = body<{ data: Array<{ id: number; status: string }> }>(
      await call(seller, 'GET', '/seller/payouts'),
    ).data.data;
    expect(history.map((p) => p.status)).toEqual(['cancelled', 'completed']);

    // The operator marks the account invalid: no payout goes to it.
    await call(admin, 'POST', `/admin/payment-accounts/${accountId}/status`, { status: 'invalid' });
    const refused = await call(seller, 'POST', '/seller/payouts', {
      amount: 1000,
      payment_account_id: accountId,
    });
    expect(refused.statusCode).toBe(422);
    await call(admin, 'POST', `/admin/payment-accounts/${accountId}/status`, { status: 'valid' });
    await checkSums();
  });

  it('changes a payout account only with the password, and sends it back to be checked', async () => {
    await moveTo(15);
    const change = {
      method: 'payoneer',
      details: { email: 'new.payouts@example.test' },
    };
    const refused = await call(seller, 'PUT', `/seller/payment-accounts/${accountId}`, {
      ...change,
      current_password: 'wrong-password',
    });
    expect(refused.statusCode).toBe(422);
    const foreign = await call(other, 'PUT', `/seller/payment-accounts/${accountId}`, {
      ...change,
      current_password: PASSWORD,
    });
    expect(foreign.statusCode).toBe(404);
    const changed = await call(seller, 'PUT', `/seller/payment-accounts/${accountId}`, {
      ...change,
      current_password: PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(body<{ method: string; status: string; label: string }>(changed).data).toMatchObject({
      method: 'payoneer',
      status: 'new',
      label: 'Payoneer · n•••@example.test',
    });
  });

  it('buys SMS credits from the available balance, once per key', async () => {
    await moveTo(15);
    const before = await balance();
    const headers = { ...bearer(seller), 'idempotency-key': 'sms-topup-1' };
    const bought = await t.app.inject({
      method: 'POST',
      url: '/seller/sms/topup',
      headers,
      payload: { amount: 500 },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/seller/sms/topup',
      headers,
      payload: { amount: 500 },
    });
    const after = await balance();
    expect(after.available).toBe(before.available - 500);
    expect(after.user_info.sms_credit).toBe(before.user_info.sms_credit + 5);
    const tooMuch = await call(seller, 'POST', '/seller/sms/topup', {
      amount: after.available + 100,
    });
    expect(tooMuch.statusCode).toBe(422);
    expect((await list('?type=topup')).total).toBe(1);
  });

  it('reverses a refunded order once, from pending while the sale is in its hold', async () => {
    await moveTo(15);
    const sale = await storeWithCampaign(t.app, seller, 'refund-shop', 30);
    const order = await paidOrder(t.app, 'refund-shop', sale);
    const before = await balance();
    expect(before.pending).toBeGreaterThan(0);
    const row = { id: order.order_id, seller_id: sellerId, order_number: order.order_number };
    await t.app.db.transaction((tx) => bookOrderReversal(tx, row, { reason: 'Buyer cancelled' }));
    await t.app.db.transaction((tx) => bookOrderReversal(tx, row));
    const after = await balance();
    expect(after.pending).toBe(0);
    expect(after.available).toBe(before.available);
    const entries = (await list(`?q=${order.order_number}`)).data;
    expect(entries.map((e) => `${e.type}:${e.status}`)).toEqual([
      'refund:pending',
      'sale:cancelled',
    ]);
    await checkSums();
  });

  it('gives back the sale when the seller cancels a paid order with its refund', async () => {
    await moveTo(15);
    const sale = await storeWithCampaign(t.app, seller, 'cancel-shop', 28);
    const order = await paidOrder(t.app, 'cancel-shop', sale);
    const before = await balance();
    const cancelled = await call(seller, 'POST', `/seller/orders/${order.order_id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const entries = (await list(`?q=${order.order_number}`)).data;
    expect(entries.map((e) => `${e.type}:${e.status}`)).toEqual([
      'refund:pending',
      'sale:cancelled',
    ]);
    const saleEntry = entries.find((e) => e.type === 'sale');
    expect((await balance()).pending).toBe(before.pending - (saleEntry?.amount ?? 0));
    await checkSums();
  });

  it('exports the filtered ledger as CSV whose amounts add up to the balance', async () => {
    await moveTo(30);
    const response = await call(seller, 'GET', '/seller/transactions/export.csv');
    expect(response.statusCode).toBe(200);
    const day = new Date(start + 30 * DAY).toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="export_billing_history_${day}.csv"`,
    );
    const [header, ...lines] = response.body.trim().split('\n');
    expect(header).toBe(
      'id,date,type,status,account,order_number,description,amount,currency,original_amount,original_currency,exchange_rate',
    );
    const amounts = lines.map((line) => Math.round(Number(line.split(',').at(-5)) * 100));
    const b = await balance();
    expect(amounts.reduce((a, c) => a + c, 0)).toBe(b.available + b.pending + b.on_hold);
    expect(lines).toHaveLength((await list()).total);
    const payouts = await call(seller, 'GET', '/seller/transactions/export.csv?type=payout');
    expect(payouts.body.trim().split('\n')).toHaveLength(1 + (await list('?type=payout')).total);
  });

  it('keeps the money behind the payment permissions', async () => {
    await moveTo(30);
    const reader = await memberSession(t.app, sellerId, 'reader@example.test', ['get_payments']);
    expect((await call(reader, 'GET', '/seller/transactions')).statusCode).toBe(200);
    expect(
      (
        await call(reader, 'POST', '/seller/payouts', {
          amount: 1000,
          payment_account_id: accountId,
        })
      ).statusCode,
    ).toBe(403);
    const none = await memberSession(t.app, sellerId, 'nobody@example.test', []);
    expect((await call(none, 'GET', '/seller/transactions')).statusCode).toBe(403);
  });

  it('refuses in the database a payout entry that would overdraw the balance', async () => {
    await expect(
      t.app.db.query(
        `INSERT INTO ledger_entries (seller_id, type, status, amount, currency, idempotency_key, available_after)
         VALUES ($1, 'payout', 'processing', -100, 'USD', 'sneaky', -1)`,
        [sellerId],
      ),
    ).rejects.toThrow(/ledger_never_negative/);
    await expect(
      t.app.db.query(
        `INSERT INTO ledger_entries (seller_id, type, status, amount, currency, idempotency_key)
         VALUES ($1, 'topup', 'completed', -100, 'USD', 'sneaky-2')`,
        [sellerId],
      ),
    ).rejects.toThrow(/ledger_never_negative/);
  });
});
