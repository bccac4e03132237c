import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyLedgerEvent,
  emptyLedger,
  type LedgerEvent,
  type LedgerModel,
} from './ledgerModel.js';
import { balancesOf, bucketOf, canGoNegative } from './rules.js';

const HOLD_DAYS = 3;
const DAY = 86_400_000;

/** An event, or a retry of one already sent (the same event posted again). */
type Step = { event: LedgerEvent; advance: number } | { retry: number; advance: number };

const orderId = fc.integer({ min: 1, max: 12 });
const event: fc.Arbitrary<LedgerEvent> = fc.oneof(
  fc.record({
    kind: fc.constant('sale' as const),
    orderId,
    profit: fc.integer({ min: -500, max: 20_000 }),
  }),
  fc.record({ kind: fc.constant('reverse' as const), orderId }),
  fc.record({
    kind: fc.constant('fulfill' as const),
    orderId,
    charge: fc.integer({ min: 1, max: 8_000 }),
  }),
  fc.record({
    kind: fc.constant('topup' as const),
    key: fc.constantFrom('sms:1', 'sms:2', 'sms:3', 'sms:4'),
    amount: fc.integer({ min: 1, max: 5_000 }),
  }),
  fc.record({
    kind: fc.constant('payout_request' as const),
    amount: fc.integer({ min: 1, max: 30_000 }),
  }),
  fc.constant({ kind: 'payout_approve' as const }),
  fc.constant({ kind: 'payout_reject' as const }),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ event, advance: fc.integer({ min: 0, max: 2 * DAY }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ retry: fc.nat(), advance: fc.integer({ min: 0, max: DAY }) }),
  },
);

function run(steps: readonly Step[]) {
  let model: LedgerModel = emptyLedger();
  let now = Date.UTC(2026, 0, 1);
  const sent: LedgerEvent[] = [];
  const states: { model: LedgerModel; now: number; before: LedgerModel }[] = [];
  for (const s of steps) {
    now += s.advance;
    const ev = 'event' in s ? s.event : sent[s.retry % Math.max(1, sent.length)];
    if (!ev) continue;
    if ('event' in s) sent.push(s.event);
    const before = model;
    [model] = applyLedgerEvent(model, ev, now, HOLD_DAYS);
    states.push({ model, now, before });
  }
  return states;
}

const sum = (model: LedgerModel) => model.entries.reduce((total, e) => total + e.amount, 0);

describe('the ledger under any sequence of events', () => {
  it('has balances that always add up to the sum of its entries', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        for (const { model, now } of run(steps)) {
          const b = balancesOf(model.entries, now).default;
          expect(b.available + b.pending + b.on_hold).toBe(sum(model));
          // Later in time the same entries still add up: nothing is lost when sales mature.
          const later = balancesOf(model.entries, now + 10 * DAY).default;
          expect(later.available).toBe(sum(model));
          expect(later.pending).toBe(0);
        }
      }),
    );
  });

  it('books each event once however often it is retried', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const [last] = run(steps).slice(-1);
        if (!last) return;
        const keys = last.model.entries.map((e) => e.idempotency_key);
        expect(new Set(keys).size).toBe(keys.length);
        // At most one sale and one reversal per order, and a reversal never exceeds its sale.
        for (let id = 1; id <= 12; id++) {
          const order = last.model.entries.filter((e) => e.order_id === id && e.type !== 'fulfill');
          expect(Math.abs(order.reduce((total, e) => total + e.amount, 0))).toBeLessThanOrEqual(
            Math.abs(order.find((e) => e.type === 'sale')?.amount ?? 0),
          );
        }
      }),
    );
  });

  it('lets only the types that may go negative take the available balance below zero', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        for (const { model, now, before } of run(steps)) {
          const added = model.entries.slice(before.entries.length);
          for (const entry of added) {
            if (entry.amount >= 0 || canGoNegative(entry.type)) continue;
            expect(bucketOf(entry, now)).toBe('available');
            expect(balancesOf(model.entries, now).default.available).toBeGreaterThanOrEqual(0);
          }
        }
      }),
    );
  });

  it('never pays out more than was available, and a rejected payout gives the money back', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        for (const { model, now, before } of run(steps)) {
          const paid = model.entries
            .slice(before.entries.length)
            .filter((e) => e.type === 'payout' && e.amount < 0);
          for (const payout of paid) {
            expect(-payout.amount).toBeLessThanOrEqual(
              balancesOf(before.entries, now).default.available,
            );
          }
          const open = model.entries.filter(
            (e) => e.type === 'payout' && e.status === 'processing',
          );
          expect(open.length).toBeLessThanOrEqual(1);
          for (const payout of model.entries.filter((e) => e.type === 'payout' && e.amount < 0)) {
            const back = model.entries.filter(
              (e) => e.payout_id === payout.payout_id && e.amount > 0,
            );
            expect(back.length).toBe(payout.status === 'cancelled' ? 1 : 0);
          }
        }
      }),
    );
  });
});
