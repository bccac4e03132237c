import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING_RATES } from '../checkout/shipping.js';
import type { CheckoutLine } from '../checkout/totals.js';
import { decideCoupon, type PromotionRules, promotionStatus } from './couponRules.js';
import { promotionOffer } from './promotionOffer.js';
import { PromotionBody } from './promotions.js';

const rules = (over: Partial<PromotionRules> = {}): PromotionRules => ({
  type: 'percent',
  value: 10,
  buy_quantity: null,
  get_quantity: null,
  starts_at: null,
  ends_at: null,
  usage_limit: null,
  per_buyer_limit: null,
  min_subtotal: null,
  scope: null,
  ...over,
});
const line = (campaign_id: number, unit_price: number, quantity = 1): CheckoutLine => ({
  key: `t${campaign_id}`,
  campaign_id,
  unit_price,
  quantity,
  shipping: DEFAULT_SHIPPING_RATES,
});
const now = new Date('2026-06-01T12:00:00Z');
const cart = (lines: CheckoutLine[], used = 0, usedByBuyer = 0) => ({
  now,
  lines,
  used,
  usedByBuyer,
});

describe('promotion status', () => {
  it('is scheduled before the start, ended from the end on, used up at the limit', () => {
    const start = new Date('2026-06-01T12:00:00Z');
    const end = new Date('2026-06-02T00:00:00Z');
    const r = { starts_at: start, ends_at: end, usage_limit: 3 };
    expect(promotionStatus(r, new Date(start.getTime() - 1), 0)).toBe('scheduled');
    expect(promotionStatus(r, start, 0)).toBe('running');
    expect(promotionStatus(r, start, 3)).toBe('used_up');
    expect(promotionStatus(r, end, 0)).toBe('ended');
  });

  it('only runs between its dates and under its limit, for any dates and uses', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 1000 })),
        fc.option(fc.integer({ min: 0, max: 1000 })),
        fc.option(fc.integer({ min: 1, max: 20 })),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 30 }),
        (start, end, limit, at, used) => {
          const s = promotionStatus(
            {
              starts_at: start === null ? null : new Date(start),
              ends_at: end === null ? null : new Date(end),
              usage_limit: limit,
            },
            new Date(at),
            used,
          );
          const inDates = (start === null || at >= start) && (end === null || at < end);
          expect(s === 'running').toBe(inDates && (limit === null || used < limit));
        },
      ),
    );
  });
});

describe('deciding a coupon at checkout', () => {
  it('refuses with the reason a buyer can act on', () => {
    const cartOf = cart([line(1, 2000)]);
    expect(decideCoupon(rules({ ends_at: now }), cartOf)).toEqual({ ok: false, reason: 'ended' });
    expect(decideCoupon(rules({ starts_at: new Date(now.getTime() + 1) }), cartOf)).toEqual({
      ok: false,
      reason: 'notStarted',
    });
    expect(decideCoupon(rules({ usage_limit: 5 }), cart([line(1, 2000)], 5))).toEqual({
      ok: false,
      reason: 'usedUp',
    });
    expect(decideCoupon(rules({ per_buyer_limit: 1 }), cart([line(1, 2000)], 1, 1))).toEqual({
      ok: false,
      reason: 'buyerUsedUp',
    });
    expect(decideCoupon(rules({ min_subtotal: 2001 }), cartOf)).toEqual({
      ok: false,
      reason: 'minSubtotal',
    });
    expect(decideCoupon(rules({ scope: [2, 3] }), cartOf)).toEqual({
      ok: false,
      reason: 'notEligible',
    });
    expect(
      decideCoupon(rules({ type: 'bogo', value: 100, buy_quantity: 2, get_quantity: 1 }), cartOf),
    ).toEqual({ ok: false, reason: 'bogoQuantity' });
  });

  it('gives the effect of its type, limited to its campaigns', () => {
    const lines = [line(1, 2000), line(2, 1000)];
    expect(decideCoupon(rules({ scope: [2] }), cart(lines))).toEqual({
      ok: true,
      effect: { kind: 'percent', percent: 10, campaign_ids: [2] },
    });
    expect(decideCoupon(rules({ type: 'fixed', value: 500 }), cart(lines))).toEqual({
      ok: true,
      effect: { kind: 'amount', amount: 500 },
    });
    expect(decideCoupon(rules({ type: 'free_shipping', value: 0 }), cart(lines))).toEqual({
      ok: true,
      effect: { kind: 'free_shipping' },
    });
    expect(
      decideCoupon(
        rules({ type: 'bogo', value: 100, buy_quantity: 1, get_quantity: 1 }),
        cart(lines),
      ),
    ).toEqual({ ok: true, effect: { kind: 'bogo', buy: 1, get: 1, percent: 100 } });
  });
});

describe('the promotion form', () => {
  const valid = { store_id: 1, code: 'SUMMER-10', type: 'percent', value: 10 } as const;
  const messages = (body: object) =>
    PromotionBody.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it('accepts each type with its value', () => {
    expect(PromotionBody.safeParse(valid).success).toBe(true);
    expect(PromotionBody.safeParse({ ...valid, type: 'fixed', value: 500 }).success).toBe(true);
    expect(PromotionBody.safeParse({ ...valid, type: 'free_shipping', value: 0 }).success).toBe(
      true,
    );
    expect(
      PromotionBody.safeParse({
        ...valid,
        type: 'bogo',
        value: 100,
        buy_quantity: 1,
        get_quantity: 1,
      }).success,
    ).toBe(true);
  });

  it('explains a bad percent, amount, code, quantities or dates', () => {
    expect(messages({ ...valid, value: 0 })).toEqual([
      'value: A percent is a whole number from 1 to 100.',
    ]);
    expect(messages({ ...valid, value: 150 })).toEqual([
      'value: A percent is a whole number from 1 to 100.',
    ]);
    expect(messages({ ...valid, type: 'fixed', value: 0 })).toEqual([
      'value: The amount off must be above 0.',
    ]);
    expect(messages({ ...valid, code: 'two words' })?.[0]).toMatch(/^code: The code uses/);
    expect(messages({ ...valid, type: 'bogo', value: 100 })).toHaveLength(2);
    expect(
      messages({ ...valid, starts_at: '2026-06-02T00:00:00Z', ends_at: '2026-06-01T00:00:00Z' }),
    ).toEqual(['ends_at: The end must come after the start.']);
  });
});

describe('the offer in words', () => {
  it('names each type', () => {
    const offer = (type: PromotionRules['type'], value: number, buy = 1, get = 1) =>
      promotionOffer({ type, value, buy_quantity: buy, get_quantity: get }, 'USD');
    expect(offer('percent', 10)).toBe('10% off');
    expect(offer('fixed', 550)).toBe('$5.50 off');
    expect(offer('free_shipping', 0)).toBe('Free shipping');
    expect(offer('bogo', 100, 2, 1)).toBe('Buy 2 get 1 free');
    expect(offer('bogo', 50)).toBe('Buy 1 get 1 at 50% off');
  });
});
