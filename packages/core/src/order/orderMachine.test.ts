import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../enums/orders.js';
import {
  applyOrderEvent,
  canEditAddress,
  eventForStatus,
  fulfillmentOf,
  ORDER_EVENT_TYPES,
  ORDER_TRANSITIONS,
  type OrderEvent,
  type OrderState,
  sellerActionsOf,
} from './orderMachine.js';

const paidOrder = (lines = 2): OrderState => ({
  status: 'processing',
  payment_status: 'paid',
  fulfillment_status: 'unfulfilled',
  held_from: null,
  items: Array.from({ length: lines }, (_, i) => ({ id: i + 1, status: 'pending' as const })),
});

const run = (state: OrderState, ...events: OrderEvent[]): OrderState =>
  events.reduce((s, event) => {
    const result = applyOrderEvent(s, event);
    if (!result.ok) throw new Error(result.reason);
    return result.state;
  }, state);

describe('applyOrderEvent', () => {
  it('holds and resumes an order back to where it was', () => {
    const held = run(paidOrder(), { type: 'hold' });
    expect(held).toMatchObject({ status: 'on_hold', fulfillment_status: 'on_hold' });
    expect(held.items.map((i) => i.status)).toEqual(['on_hold', 'on_hold']);
    const designing = run(paidOrder(), { type: 'designing' }, { type: 'hold' }, { type: 'resume' });
    expect(designing.status).toBe('designing');
    expect(designing.items.every((i) => i.status === 'designing')).toBe(true);
    expect(run(held, { type: 'resume' })).toMatchObject({ status: 'processing', held_from: null });
  });

  it('ships lines: partial, then fulfilled and completed', () => {
    const partial = run(
      paidOrder(),
      { type: 'to_production' },
      { type: 'ship_line', item_ids: [1] },
    );
    expect(partial).toMatchObject({
      status: 'processing',
      fulfillment_status: 'partial_fulfilled',
    });
    const done = run(partial, { type: 'ship_line' });
    expect(done).toMatchObject({ status: 'completed', fulfillment_status: 'fulfilled' });
    const reprint = run(done, { type: 'request_reprint', item_ids: [2] });
    expect(reprint).toMatchObject({
      status: 'processing',
      fulfillment_status: 'partial_fulfilled',
    });
  });

  it('cancels with a refund before production, and refuses once production started', () => {
    expect(run(paidOrder(), { type: 'cancel' })).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      fulfillment_status: 'cancelled',
    });
    const started = run(paidOrder(), { type: 'to_production' });
    const refused = applyOrderEvent(started, { type: 'cancel' });
    expect(refused).toEqual({
      ok: false,
      reason: expect.stringContaining('production has started'),
    });
    expect(applyOrderEvent(started, { type: 'hold' }).ok).toBe(false);
    expect(canEditAddress(started)).toBe(false);
    expect(canEditAddress(paidOrder())).toBe(true);
  });

  it('refuses events from statuses outside the table, with the reason', () => {
    const cancelled = run(paidOrder(), { type: 'cancel' });
    const result = applyOrderEvent(cancelled, { type: 'resume' });
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('cancelled') });
    expect(applyOrderEvent(paidOrder(), { type: 'ship_line', item_ids: [9] }).ok).toBe(false);
  });

  it('maps a requested status to its event', () => {
    expect(eventForStatus(paidOrder(), 'on_hold')).toEqual({ ok: true, event: { type: 'hold' } });
    const held = run(paidOrder(), { type: 'hold' });
    expect(eventForStatus(held, 'processing')).toEqual({ ok: true, event: { type: 'resume' } });
    expect(eventForStatus(paidOrder(), 'completed').ok).toBe(false);
    expect(sellerActionsOf(paidOrder())).toEqual(['hold', 'cancel']);
    expect(sellerActionsOf(held)).toEqual(['resume', 'cancel']);
  });
});

const eventArb: fc.Arbitrary<OrderEvent> = fc.oneof(
  fc.constantFrom(
    ...ORDER_EVENT_TYPES.filter((t) => t !== 'ship_line' && t !== 'request_reprint').map(
      (type) => ({ type }) as OrderEvent,
    ),
  ),
  fc
    .option(fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1 }), { nil: undefined })
    .map((ids): OrderEvent => ({ type: 'ship_line', item_ids: ids })),
  fc
    .uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1 })
    .map((ids): OrderEvent => ({ type: 'request_reprint', item_ids: ids })),
);

const startArb = fc.record({
  lines: fc.integer({ min: 1, max: 4 }),
  paid: fc.boolean(),
});

describe('order machine properties', () => {
  it('no sequence of accepted events leaves the table, and statuses stay consistent', () => {
    fc.assert(
      fc.property(startArb, fc.array(eventArb, { maxLength: 30 }), ({ lines, paid }, events) => {
        let state: OrderState = paid
          ? paidOrder(lines)
          : { ...paidOrder(lines), status: 'pending_payment', payment_status: 'unpaid' };
        for (const event of events) {
          const result = applyOrderEvent(state, event);
          if (!result.ok) {
            expect(result.reason.length).toBeGreaterThan(0);
            continue;
          }
          // The event was allowed from where it started.
          expect(ORDER_TRANSITIONS[event.type]).toContain(state.status);
          state = result.state;
          expect(ORDER_STATUSES).toContain(state.status);
          // Fulfillment always agrees with the lines.
          expect(state.fulfillment_status).toBe(fulfillmentOf(state.status, state.items));
          const live = state.items.filter((i) => i.status !== 'cancelled');
          // Work reaches production or the buyer only when paid.
          if (state.items.some((i) => ['processing', 'fulfilled'].includes(i.status))) {
            expect(state.payment_status).toBe('paid');
          }
          if (state.status === 'completed') {
            expect(live.every((i) => i.status === 'fulfilled')).toBe(true);
            expect(state.fulfillment_status).toBe('fulfilled');
          }
          if (state.status === 'cancelled') {
            expect(state.items.every((i) => i.status === 'cancelled')).toBe(true);
            expect(['refunded', 'canceled']).toContain(state.payment_status);
          }
          if (state.status === 'on_hold') {
            expect(state.held_from).not.toBeNull();
            expect(state.items.some((i) => i.status === 'processing')).toBe(false);
          } else expect(state.held_from).toBeNull();
          if (state.payment_status === 'unpaid') {
            expect(['pending', 'pending_payment', 'on_hold']).toContain(state.status);
          }
          expect(state.items.length).toBe(lines);
        }
      }),
      { numRuns: 500 },
    );
  });
});
