import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  createTestApp,
  createUser,
  login,
  PASSWORD,
  type TestApp,
} from '../../test/helpers.js';
import { bookOrderReversal, bookSale } from '../money/bookings.js';
import { ledgerBalances, ledgerBalancesFromEntries, ledgerSum } from '../sql/ledger.js';

const DAY = 86_400_000;
const ORDERS = 20;
const SALE_PROFIT = 1_000;
const OPENING = 10_000;
const PAYOUT = 4_000;

// On real Postgres every request holds its own pool connection and truly races the others;
// PGlite (one connection) serialises them, which still checks the bookkeeping.
describe.each(BACKENDS)('50 payout requests and refunds racing on one balance on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;
  let admin: string;
  let accountId: number;
  const orderIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(backend, { processingFee: 0, processingFeeMin: 0 });
    sellerId = (await createUser(t.app, { email: 'racer@example.test', balance: OPENING / 100 }))
      .id;
    await createUser(t.app, { email: 'race-operator@example.test', isAdmin: true });
    seller = await login(t.app, 'racer@example.test');
    admin = await login(t.app, 'race-operator@example.test');
    // Twenty sales paid three weeks ago: their profit is available now.
    const paidAt = new Date(Date.now() - 21 * DAY);
    for (let i = 0; i < ORDERS; i += 1) {
      const [order] = await t.app.db.query<{ id: number; order_number: string }>(
        `INSERT INTO orders (seller_id, order_number, status, payment_status, email,
           shipping_address, currency, subtotal, shipping, discount, tip, processing_fee, total)
         VALUES ($1, $2, 'processing', 'paid', 'b@example.test', '{}', 'USD', 1500, 0, 0, 0, 0, 1500)
         RETURNING id, order_number`,
        [sellerId, `RACE${i}`],
      );
      if (!order) throw new Error('no order');
      orderIds.push(Number(order.id));
      await t.app.db.transaction((tx) =>
        bookSale(
          tx,
          {
            id: Number(order.id),
            sellerId,
            orderNumber: order.order_number,
            currency: 'USD',
            items: [{ price: 1_500, base_cost: 500, quantity: 1 }],
            discount: 0,
          },
          { fees: { processing_fee: 0, processing_fee_min: 0 }, holdDays: 14 },
          paidAt,
        ),
      );
    }
    const added = await t.app.inject({
      method: 'POST',
      url: '/seller/payment-accounts',
      headers: bearer(seller),
      payload: {
        method: 'payoneer',
        details: { email: 'racer@example.test' },
        current_password: PASSWORD,
      },
    });
    accountId = added.json<{ data: { id: number } }>().data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never pays out more than was available, whatever the order they land in', async () => {
    const start = await ledgerBalances(t.app.db, sellerId, new Date());
    expect(start.default.available).toBe(OPENING + ORDERS * SALE_PROFIT);

    const payoutTask = async () => {
      const asked = await t.app.inject({
        method: 'POST',
        url: '/seller/payouts',
        headers: bearer(seller),
        payload: { amount: PAYOUT, payment_account_id: accountId },
      });
      if (asked.statusCode !== 200) {
        expect([409, 422]).toContain(asked.statusCode);
        return 0;
      }
      const id = asked.json<{ data: { id: number } }>().data.id;
      const paid = await t.app.inject({
        method: 'POST',
        url: `/admin/payouts/${id}/approve`,
        headers: bearer(admin),
      });
      expect(paid.statusCode, paid.body).toBe(200);
      return PAYOUT;
    };
    const refundTask = (orderId: number) => async () => {
      await t.app.db.transaction((tx) =>
        bookOrderReversal(tx, { id: orderId, seller_id: sellerId }, { reason: 'race' }),
      );
      return 0;
    };
    // 30 payout requests and 20 refunds, started together, each repeated until nothing moves.
    const tasks = [
      ...Array.from({ length: 30 }, () => payoutTask),
      ...orderIds.map((id) => refundTask(id)),
    ];
    let paidOut = 0;
    for (let round = 0; round < 4; round += 1) {
      const results = await Promise.all(tasks.map((task) => task()));
      paidOut += results.reduce((a, b) => a + b, 0);
    }

    const payouts = await t.app.db.query<{
      amount: number;
      available_after: number;
      status: string;
    }>(
      "SELECT amount, available_after, status FROM ledger_entries WHERE seller_id = $1 AND type = 'payout'",
      [sellerId],
    );
    // Each payout was within the balance at the moment it was booked.
    for (const p of payouts) expect(Number(p.available_after)).toBeGreaterThanOrEqual(0);
    expect(payouts.filter((p) => p.status === 'processing')).toHaveLength(0);
    const total = OPENING + ORDERS * SALE_PROFIT;
    expect(paidOut).toBeGreaterThan(0);
    expect(paidOut).toBeLessThanOrEqual(total);
    expect(paidOut % PAYOUT).toBe(0);
    // Every refund booked once, whatever raced it.
    const refunds = await t.app.db.query(
      "SELECT 1 FROM ledger_entries WHERE seller_id = $1 AND type = 'refund'",
      [sellerId],
    );
    expect(refunds).toHaveLength(ORDERS);
    const end = await ledgerBalances(t.app.db, sellerId, new Date());
    expect(end.default.available).toBe(total - paidOut - ORDERS * SALE_PROFIT);
    expect(await ledgerBalancesFromEntries(t.app.db, sellerId, new Date())).toEqual(end);
    expect(end.default.available + end.default.pending + end.default.on_hold).toBe(
      await ledgerSum(t.app.db, sellerId),
    );
  });
});
