import { canChangeStatus, LEDGER_STATUS_TRANSITIONS, type LedgerStatus } from '@printloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  PASSWORD,
  type TestApp,
} from '../../test/helpers.js';
import { paidOrder, storeWithCampaign } from '../../test/storefrontOrder.js';
import { ledgerBalances, ledgerBalancesFromEntries, ledgerSum } from '../sql/ledger.js';
import { ledgerHoldHistory } from '../sql/ledgerOperations.js';

interface Entry {
  id: number;
  type: string;
  status: string;
  amount: number;
  description: string;
  hold_reason?: string | null;
  order_id: number | null;
}
interface Answer {
  entries: Entry[];
  balances: Array<{ type: string; available: number; pending: number; on_hold: number }>;
}
interface Balance {
  available: number;
  pending: number;
  on_hold: number;
}

/** Operator adjustments, holds and releases (issue 14), and the append-only ledger (059). */
describe.each(BACKENDS)('ledger operations on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let adminId: number;
  let seller: string;
  let admin: string;

  const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const balance = async () => body<Balance>(await call(seller, 'GET', '/seller/balance')).data;
  const list = async (query = '') =>
    body<{ data: Entry[]; total: number }>(
      await call(seller, 'GET', `/seller/transactions${query}`),
    ).data;
  const adjust = (payload: object, as = admin) =>
    call(as, 'POST', `/admin/sellers/${sellerId}/ledger-adjustments`, payload);
  const hold = (payload: object) =>
    call(admin, 'POST', `/admin/sellers/${sellerId}/ledger-holds`, payload);
  const release = (payload: object) =>
    call(admin, 'POST', `/admin/sellers/${sellerId}/ledger-releases`, payload);
  const checkSums = async () => {
    const now = new Date();
    const kept = await ledgerBalances(t.app.db, sellerId, now);
    expect(await ledgerBalancesFromEntries(t.app.db, sellerId, now)).toEqual(kept);
    const total = Object.values(kept).reduce((s, b) => s + b.available + b.pending + b.on_hold, 0);
    expect(total).toBe(await ledgerSum(t.app.db, sellerId));
  };

  beforeAll(async () => {
    t = await createTestApp(backend, { processingFee: 4, processingFeeMin: 0.5 });
    sellerId = (await createUser(t.app, { email: 'held@example.test', balance: 20 })).id;
    adminId = (await createUser(t.app, { email: 'ops@example.test', isAdmin: true })).id;
    seller = await login(t.app, 'held@example.test');
    admin = await login(t.app, 'ops@example.test');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('books an adjustment once per key, with the operator as its actor, listed for the seller', async () => {
    expect(
      (await adjust({ amount: 500, reason: 'Goodwill', idempotency_key: 'k1' }, seller)).statusCode,
    ).toBe(403);
    const credit = await adjust({
      amount: 2_500,
      reason: 'Late delivery refund',
      idempotency_key: 'k1',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const answer = body<Answer>(credit).data;
    expect(answer.entries).toMatchObject([
      {
        type: 'admin',
        status: 'completed',
        amount: 2_500,
        description: 'Adjustment: Late delivery refund',
      },
    ]);
    expect(answer.balances.find((b) => b.type === 'default')?.available).toBe(4_500);
    // The same key again books nothing more; with another amount it is refused.
    const retry = await adjust({
      amount: 2_500,
      reason: 'Late delivery refund',
      idempotency_key: 'k1',
    });
    expect(body<Answer>(retry).data.entries[0]?.id).toBe(answer.entries[0]?.id);
    expect((await balance()).available).toBe(4_500);
    expect((await adjust({ amount: 2_600, reason: 'x', idempotency_key: 'k1' })).statusCode).toBe(
      409,
    );
    const [row] = await t.app.db.query<{ actor_id: number }>(
      'SELECT actor_id FROM ledger_entries WHERE id = $1',
      [answer.entries[0]?.id],
    );
    expect(Number(row?.actor_id)).toBe(adminId);
    expect((await list('?type=admin')).data.map((e) => e.amount)).toContain(2_500);
    expect(
      (
        await call(admin, 'POST', '/admin/sellers/999999/ledger-adjustments', {
          amount: 1,
          reason: 'x',
          idempotency_key: 'k',
        })
      ).statusCode,
    ).toBe(404);
    expect((await adjust({ amount: 0, reason: 'x', idempotency_key: 'zero' })).statusCode).toBe(
      400,
    );
    await checkSums();
  });

  it('refuses a debit beyond the available balance, with the figures', async () => {
    const over = await adjust({ amount: -5_000, reason: 'Chargeback', idempotency_key: 'd1' });
    expect(over.statusCode).toBe(422);
    expect(body(over).message).toBe(
      'An adjustment of -50.00 USD would take the available balance of 45.00 USD to -5.00 USD; an adjustment may not take it below zero.',
    );
    const within = await adjust({ amount: -500, reason: 'Chargeback fee', idempotency_key: 'd2' });
    expect(within.statusCode, within.body).toBe(200);
    expect((await balance()).available).toBe(4_000);
    // Balance 2 is its own account: nothing there to take.
    const b2 = await adjust({
      amount: -1,
      account: 'balance_2',
      reason: 'x',
      idempotency_key: 'd3',
    });
    expect(b2.statusCode).toBe(422);
    // The database refuses it as well.
    await expect(
      t.app.db.query(
        `INSERT INTO ledger_entries (seller_id, type, status, amount, currency, idempotency_key)
         VALUES ($1, 'admin', 'completed', -100, 'USD', 'sneaky-admin')`,
        [sellerId],
      ),
    ).rejects.toThrow(/ledger_admin_never_negative/);
    await checkSums();
  });

  it("holds an order's sale with a reason, shows it to the seller, and releases it", async () => {
    const sale = await storeWithCampaign(t.app, seller, 'held-shop', 30);
    const order = await paidOrder(t.app, 'held-shop', sale, 1);
    const before = await balance();
    const [booked] = (await list('?type=sale')).data;
    expect(booked?.status).toBe('pending');
    const profit = booked?.amount ?? 0;

    const held = await hold({ order_id: order.order_id, reason: 'Buyer opened a dispute' });
    expect(held.statusCode, held.body).toBe(200);
    expect(body<Answer>(held).data.entries).toMatchObject([
      { status: 'on hold', hold_reason: 'Buyer opened a dispute' },
    ]);
    expect(await balance()).toMatchObject({
      available: before.available,
      pending: before.pending - profit,
      on_hold: before.on_hold + profit,
    });
    const shown = (await list('?status=on hold')).data;
    expect(shown).toMatchObject([{ id: booked?.id, hold_reason: 'Buyer opened a dispute' }]);
    expect((await hold({ entry_id: booked?.id, reason: 'again' })).statusCode).toBe(409);
    await checkSums();

    const released = await release({ entry_id: booked?.id, reason: 'Dispute won' });
    expect(released.statusCode, released.body).toBe(200);
    expect(body<Answer>(released).data.entries[0]).toMatchObject({
      status: 'pending',
      hold_reason: null,
    });
    expect(await balance()).toEqual(expect.objectContaining(before));
    expect((await release({ entry_id: booked?.id, reason: 'again' })).statusCode).toBe(409);
    // The audit: who held and released it, when and why.
    const audit = await ledgerHoldHistory(t.app.db, sellerId);
    expect(audit.slice(0, 2)).toMatchObject([
      { action: 'release', from_status: 'on hold', to_status: 'pending', reason: 'Dispute won' },
      {
        action: 'hold',
        from_status: 'pending',
        to_status: 'on hold',
        reason: 'Buyer opened a dispute',
      },
    ]);
    expect(audit.slice(0, 2).map((a) => Number(a.actor_id))).toEqual([adminId, adminId]);
    // Nothing to hold in a debit, nor anything of another seller.
    const [debit] = (await list('?type=admin')).data.filter((e) => e.amount < 0);
    expect((await hold({ entry_id: debit?.id, reason: 'x' })).statusCode).toBe(422);
    expect((await hold({ entry_id: 999_999, reason: 'x' })).statusCode).toBe(404);
    expect((await hold({ reason: 'no target' })).statusCode).toBe(400);
    await checkSums();
  });

  it('never pays out held money', async () => {
    const account = await call(seller, 'POST', '/seller/payment-accounts', {
      method: 'payoneer',
      details: { email: 'held.payouts@example.test' },
      current_password: PASSWORD,
    });
    expect(account.statusCode, account.body).toBe(200);
    const accountId = body<{ id: number }>(account).data.id;
    const credit = body<Answer>(
      await adjust({ amount: 3_000, reason: 'Bonus', idempotency_key: 'bonus' }),
    ).data.entries[0];
    const { available } = await balance();
    const held = await hold({ entry_id: credit?.id, reason: 'Checking the bonus' });
    expect(held.statusCode, held.body).toBe(200);
    expect((await balance()).available).toBe(available - 3_000);
    const payout = await call(seller, 'POST', '/seller/payouts', {
      amount: available,
      payment_account_id: accountId,
    });
    expect(payout.statusCode).toBe(422);
    expect(body(payout).message).toBe('The amount is more than your available balance.');
    // Spend what is left; the held money stays held and the seller owes nothing.
    const rest = await call(seller, 'POST', '/seller/payouts', {
      amount: available - 3_000,
      payment_account_id: accountId,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect((await balance()).available).toBe(0);
    await release({ entry_id: credit?.id, reason: 'Bonus confirmed' });
    expect((await balance()).available).toBe(3_000);
    // Matured money that was already paid out cannot be held: the figures say why.
    const paid = body<{ id: number }>(rest).data.id;
    await call(admin, 'POST', `/admin/payouts/${paid}/approve`);
    await adjust({ amount: -2_000, reason: 'Fee', idempotency_key: 'fee' });
    const late = await hold({ entry_id: credit?.id, reason: 'Too late' });
    expect(late.statusCode).toBe(422);
    expect(body(late).message).toBe(
      'Holding 30.00 USD of available money would take the available balance of 10.00 USD to -20.00 USD; it was already paid out or spent.',
    );
    await checkSums();
  });

  it('lists a seller’s entries for the operator only', async () => {
    const mine = await call(seller, 'GET', `/admin/sellers/${sellerId}/transactions`);
    expect(mine.statusCode).toBe(403);
    const listed = await call(admin, 'GET', `/admin/sellers/${sellerId}/transactions?type=admin`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(body<{ total: number }>(listed).data.total).toBe((await list('?type=admin')).total);
  });

  it('keeps the ledger append-only in the database', async () => {
    const [entry] = (await list()).data;
    await expect(
      t.app.db.query('UPDATE ledger_entries SET amount = amount + 100 WHERE id = $1', [entry?.id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.app.db.query("UPDATE ledger_entries SET description = 'edited' WHERE id = $1", [entry?.id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.app.db.query(
        "UPDATE ledger_entries SET created_at = now() - interval '1 day' WHERE id = $1",
        [entry?.id],
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.app.db.query('DELETE FROM ledger_entries WHERE seller_id = $1', [sellerId]),
    ).rejects.toThrow(/append-only/);
    const [kept] = await t.app.db.query<{ amount: number; description: string }>(
      'SELECT amount, description FROM ledger_entries WHERE id = $1',
      [entry?.id],
    );
    expect({ amount: Number(kept?.amount), description: kept?.description }).toEqual({
      amount: entry?.amount,
      description: entry?.description,
    });
  });

  it('allows exactly the status changes of core LEDGER_STATUS_TRANSITIONS', async () => {
    const statuses = Object.keys(LEDGER_STATUS_TRANSITIONS) as LedgerStatus[];
    let n = 0;
    for (const from of statuses) {
      for (const to of statuses) {
        n += 1;
        const allowed = await t.app.db
          .transaction(async (tx) => {
            const [row] = await tx.query<{ id: number }>(
              `INSERT INTO ledger_entries (seller_id, type, status, amount, currency, idempotency_key)
               VALUES ($1, 'sale', $2, 100, 'USD', $3) RETURNING id`,
              [sellerId, from, `matrix-${n}`],
            );
            await tx.query('UPDATE ledger_entries SET status = $2 WHERE id = $1', [row?.id, to]);
            throw new Error('roll back');
          })
          .catch((error: Error) => error.message === 'roll back');
        expect(allowed, `${from} → ${to}`).toBe(canChangeStatus(from, to));
      }
    }
  });

  it('still lets a deleted order clear its reference', async () => {
    const [order] = await t.app.db.query<{ id: number }>(
      `INSERT INTO orders (seller_id, order_number, status, payment_status, email, customer_name,
         shipping_address, currency, subtotal, shipping, discount, tip, processing_fee, total)
       VALUES ($1, 'PLDEL1', 'processing', 'paid', 'b@example.test', 'B', '{}', 'USD', 0, 0, 0, 0, 0, 0)
       RETURNING id`,
      [sellerId],
    );
    const [entry] = await t.app.db.query<{ id: number }>(
      `INSERT INTO ledger_entries (seller_id, type, status, amount, currency, idempotency_key, order_id)
       VALUES ($1, 'other', 'completed', 0, 'USD', 'deleted-order', $2) RETURNING id`,
      [sellerId, order?.id],
    );
    await t.app.db.query('DELETE FROM orders WHERE id = $1', [order?.id]);
    const [after] = await t.app.db.query<{ order_id: number | null }>(
      'SELECT order_id FROM ledger_entries WHERE id = $1',
      [entry?.id],
    );
    expect(after?.order_id).toBeNull();
  });
});
