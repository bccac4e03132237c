import { ApiError, NEVER_NEGATIVE_TYPES } from '@printloom/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, createUser, type TestApp } from '../../test/helpers.js';
import type { Queryable } from '../db/Db.js';
import { payFulfillmentOrders } from '../orders/payFulfillmentOrders.js';
import { ledgerBalances, ledgerBalancesFromEntries, ledgerSum } from '../sql/ledger.js';
import {
  approvePayout,
  bookOrderReversal,
  bookSale,
  buySmsCredits,
  rejectPayout,
  requestPayout,
} from './bookings.js';
import { adjustLedger, holdLedger, releaseLedger } from './ledgerOperations.js';

/**
 * The property, against the real SQL bookings: for any generated sequence of sales,
 * refunds, fulfillment charges, top-ups, payouts (request, approve, reject), adjustments, holds
 * and releases, each posted twice (a retry), and clock moves, the stored balances equal the
 * entries summed bucket by bucket, nothing is booked twice, and no never-negative debit leaves
 * the available balance below zero. One database per backend; each sequence a new seller.
 */

const HOUR = 3_600_000;
const HOLD_DAYS = 14;

type Step =
  | { kind: 'sale'; profit: number }
  | { kind: 'reverse'; order: number }
  | { kind: 'fulfill'; charge: number }
  | { kind: 'topup'; amount: number; key: number }
  | { kind: 'payout'; amount: number }
  | { kind: 'approve' }
  | { kind: 'reject' }
  | { kind: 'adjust'; amount: number; key: number }
  | { kind: 'hold'; entry: number; byOrder: boolean }
  | { kind: 'release'; entry: number }
  | { kind: 'tick'; hours: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('sale' as const), profit: fc.integer({ min: -500, max: 6_000 }) }),
  fc.record({ kind: fc.constant('reverse' as const), order: fc.nat(20) }),
  fc.record({ kind: fc.constant('fulfill' as const), charge: fc.integer({ min: 1, max: 4_000 }) }),
  fc.record({
    kind: fc.constant('topup' as const),
    amount: fc.integer({ min: 100, max: 3_000 }),
    key: fc.nat(5),
  }),
  fc.record({ kind: fc.constant('payout' as const), amount: fc.integer({ min: 900, max: 8_000 }) }),
  fc.record({ kind: fc.constant('approve' as const) }),
  fc.record({ kind: fc.constant('reject' as const) }),
  fc.record({
    kind: fc.constant('adjust' as const),
    amount: fc.integer({ min: -4_000, max: 4_000 }).filter((n) => n !== 0),
    key: fc.nat(5),
  }),
  fc.record({ kind: fc.constant('hold' as const), entry: fc.nat(40), byOrder: fc.boolean() }),
  fc.record({ kind: fc.constant('release' as const), entry: fc.nat(40) }),
  fc.record({ kind: fc.constant('tick' as const), hours: fc.integer({ min: 1, max: 24 * 20 }) }),
);

describe.each(BACKENDS)('the SQL ledger under any sequence of bookings on %s', (backend) => {
  let t: TestApp;
  let operatorId: number;
  let sellers = 0;

  beforeAll(async () => {
    t = await createTestApp(backend, {});
    operatorId = (await createUser(t.app, { email: 'prop-operator@example.test', isAdmin: true }))
      .id;
  }, 400_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Runs one booking; a refusal (4xx) is an answer, anything else fails the property. */
  const attempt = async (fn: (tx: Queryable) => Promise<unknown>): Promise<'ok' | number> => {
    try {
      await t.app.db.transaction(fn);
      return 'ok';
    } catch (error) {
      if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) {
        return error.statusCode;
      }
      throw error;
    }
  };

  async function runSequence(steps: readonly Step[]): Promise<void> {
    sellers += 1;
    const sellerId = (await createUser(t.app, { email: `prop-${sellers}@example.test` })).id;
    const db = t.app.db;
    const [account] = await db.query<{ id: number }>(
      `INSERT INTO payment_accounts (seller_id, method, details_sealed, details_masked, label, status)
       VALUES ($1, 'payoneer', 'sealed', '{}', 'Payoneer', 'valid') RETURNING id`,
      [sellerId],
    );
    const orders: Array<{ id: number; order_number: string }> = [];
    let clock = Date.now();
    const newOrder = async (type: 'storefront' | 'fulfillment', total: number) => {
      const [order] = await db.query<{ id: number; order_number: string }>(
        `INSERT INTO orders (seller_id, order_number, order_type, status, payment_status, email,
           shipping_address, currency, subtotal, shipping, discount, tip, processing_fee, total)
         VALUES ($1, 'PR' || nextval('order_number_seq'), $2, $3, $4, 'b@example.test', '{}',
           'USD', $5, 0, 0, 0, 0, $5)
         RETURNING id, order_number`,
        [
          sellerId,
          type,
          type === 'fulfillment' ? 'pending' : 'processing',
          type === 'fulfillment' ? 'unpaid' : 'paid',
          total,
        ],
      );
      if (!order) throw new Error('no order');
      return { id: Number(order.id), order_number: order.order_number };
    };
    const entryIds = async () =>
      (
        await db.query<{ id: number; order_id: number | null }>(
          'SELECT id, order_id FROM ledger_entries WHERE seller_id = $1 ORDER BY id',
          [sellerId],
        )
      ).map((row) => ({
        id: Number(row.id),
        order_id: row.order_id === null ? null : Number(row.order_id),
      }));
    const openPayout = async () => {
      const [row] = await db.query<{ id: number }>(
        "SELECT id FROM payouts WHERE seller_id = $1 AND status = 'processing'",
        [sellerId],
      );
      return row ? Number(row.id) : null;
    };

    for (const s of steps) {
      const now = new Date(clock);
      const available = async () => (await ledgerBalances(db, sellerId, now)).default.available;
      let runs: Array<(tx: Queryable) => Promise<unknown>> = [];
      let debit = false;
      switch (s.kind) {
        case 'tick':
          clock += s.hours * HOUR;
          continue;
        case 'sale': {
          const order = await newOrder('storefront', Math.max(s.profit, 0) + 1_000);
          orders.push(order);
          const run = (tx: Queryable) =>
            bookSale(
              tx,
              {
                id: order.id,
                sellerId,
                orderNumber: order.order_number,
                currency: 'USD',
                items: [{ price: 1_000 + s.profit, base_cost: 1_000, quantity: 1 }],
                discount: 0,
              },
              { fees: { processing_fee: 0, processing_fee_min: 0 }, holdDays: HOLD_DAYS },
              now,
            );
          runs = [run, run];
          break;
        }
        case 'reverse': {
          const order = orders[s.order % Math.max(orders.length, 1)];
          if (!order) continue;
          const run = (tx: Queryable) =>
            bookOrderReversal(
              tx,
              { id: order.id, seller_id: sellerId, order_number: order.order_number },
              { now },
            );
          runs = [run, run];
          break;
        }
        case 'fulfill': {
          const order = await newOrder('fulfillment', s.charge);
          const run = (tx: Queryable) =>
            payFulfillmentOrders(
              tx,
              t.app.jobs,
              { sellerId, storeIds: null },
              { kind: 'seller', id: sellerId },
              [order.id],
              now,
            );
          runs = [run, run];
          break;
        }
        case 'topup': {
          const run = (tx: Queryable) =>
            buySmsCredits(
              tx,
              { sellerId, actorId: sellerId, amount: s.amount, key: `k${s.key}` },
              now,
            );
          runs = [run, run];
          debit = true;
          break;
        }
        case 'payout': {
          const run = (tx: Queryable) =>
            requestPayout(
              tx,
              {
                sellerId,
                actorId: sellerId,
                amount: s.amount,
                paymentAccountId: Number(account?.id),
              },
              now,
            );
          runs = [run, run];
          debit = true;
          break;
        }
        case 'approve':
        case 'reject': {
          const id = await openPayout();
          if (id === null) continue;
          const run = (tx: Queryable) =>
            s.kind === 'approve'
              ? approvePayout(tx, sellerId, id, operatorId, now)
              : rejectPayout(tx, sellerId, id, operatorId, 'Property test', now);
          runs = [run, run];
          break;
        }
        case 'adjust': {
          const run = (tx: Queryable) =>
            adjustLedger(
              tx,
              {
                sellerId,
                actorId: operatorId,
                account: 'default',
                amount: s.amount,
                reason: 'Property',
                key: `a${s.key}`,
              },
              now,
            );
          runs = [run, run];
          debit = s.amount < 0;
          break;
        }
        case 'hold':
        case 'release': {
          const entries = await entryIds();
          const entry = entries[s.entry % Math.max(entries.length, 1)];
          if (!entry) continue;
          const target =
            s.kind === 'hold' && s.byOrder && entry.order_id !== null
              ? { orderId: entry.order_id }
              : { entryId: entry.id };
          const run = (tx: Queryable) =>
            (s.kind === 'hold' ? holdLedger : releaseLedger)(
              tx,
              { sellerId, actorId: operatorId, reason: 'Property', ...target },
              now,
            );
          runs = [run, run];
          break;
        }
      }
      const before = await ledgerSum(db, sellerId);
      const first = await attempt(runs[0] as (tx: Queryable) => Promise<unknown>);
      const afterFirst = await ledgerSum(db, sellerId);
      const second = await attempt(runs[1] as (tx: Queryable) => Promise<unknown>);
      // A retry of a booking that went through books nothing more (payouts are one open at a time).
      if (first === 'ok' && !['hold', 'release', 'approve', 'reject'].includes(s.kind)) {
        expect(await ledgerSum(db, sellerId), `${s.kind} retried`).toBe(afterFirst);
        expect(second === 'ok' || second === 409, `${s.kind} retry answered ${second}`).toBe(true);
      }
      if (first !== 'ok') expect(afterFirst, `${s.kind} refused but booked`).toBe(before);
      if (debit && first === 'ok') expect(await available()).toBeGreaterThanOrEqual(0);
    }

    // Every balance equals its entries, now and once every hold period is over.
    for (const at of [new Date(clock), new Date(clock + (HOLD_DAYS + 1) * 24 * HOUR)]) {
      const kept = await ledgerBalances(db, sellerId, at);
      expect(await ledgerBalancesFromEntries(db, sellerId, at)).toEqual(kept);
      const total = Object.values(kept).reduce(
        (sum, b) => sum + b.available + b.pending + b.on_hold,
        0,
      );
      expect(total).toBe(await ledgerSum(db, sellerId));
      expect(kept.default.on_hold).toBeGreaterThanOrEqual(0);
    }
    // Nothing booked twice: one sale and at most one reversal per order, one entry per payout
    // and one more per rejected payout.
    const twice = await db.query(
      `SELECT order_id, type FROM ledger_entries WHERE seller_id = $1 AND order_id IS NOT NULL
        GROUP BY order_id, type HAVING count(*) > 1`,
      [sellerId],
    );
    expect(twice).toEqual([]);
    const [payouts] = await db.query<{ entries: number; expected: number }>(
      `SELECT (SELECT count(*) FROM ledger_entries WHERE seller_id = $1 AND type = 'payout')::int AS entries,
              (SELECT count(*) + count(*) FILTER (WHERE status = 'cancelled') FROM payouts
                WHERE seller_id = $1)::int AS expected`,
      [sellerId],
    );
    expect(payouts?.entries).toBe(payouts?.expected);
    // Every never-negative debit was booked with the available balance it left, never below 0.
    const [overdrawn] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries WHERE seller_id = $1 AND amount < 0
         AND type = ANY($2::text[]) AND (available_after IS NULL OR available_after < 0)`,
      [sellerId, [...NEVER_NEGATIVE_TYPES]],
    );
    expect(overdrawn?.n).toBe(0);
  }

  it('keeps every balance equal to its entries, books once, never overdraws', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 24 }), runSequence),
      { numRuns: 16 },
    );
  }, 300_000);
});
