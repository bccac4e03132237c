import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAddress } from './address.js';
import { DEFAULT_SHIPPING_RATES } from './shipping.js';
import {
  type CheckoutLine,
  type CouponEffect,
  checkoutTotals,
  percentOf,
  TIP_OPTIONS,
  type TipOption,
  toMinor,
} from './totals.js';

const line = fc.record({
  key: fc.constantFrom('tee', 'hoodie', 'mug'),
  unit_price: fc.integer({ min: 1, max: 50_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
  shipping: fc.constant(DEFAULT_SHIPPING_RATES),
  campaign_id: fc.integer({ min: 1, max: 4 }),
}) as fc.Arbitrary<CheckoutLine>;
const scope = fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }), {
  nil: undefined,
});
const withScope = <T extends object>(effect: T, ids: readonly number[] | undefined) =>
  ids === undefined ? effect : { ...effect, campaign_ids: ids };
const coupon: fc.Arbitrary<CouponEffect> = fc.oneof(
  fc.constant({ kind: 'none' } as const),
  fc.constant({ kind: 'free_shipping' } as const),
  fc
    .tuple(fc.integer({ min: 0, max: 100 }), scope)
    .map(([percent, ids]) => withScope({ kind: 'percent', percent } as const, ids)),
  fc
    .tuple(fc.integer({ min: 0, max: 1_000_000 }), scope)
    .map(([amount, ids]) => withScope({ kind: 'amount', amount } as const, ids)),
  fc
    .tuple(
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 100 }),
      scope,
    )
    .map(([buy, get, percent, ids]) =>
      withScope({ kind: 'bogo', buy, get, percent } as const, ids),
    ),
);
const input = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 6 }),
  country: fc.constantFrom('US', 'CA', 'DE', 'FR', 'JP', 'BR', 'AU'),
  tip: fc.constantFrom<TipOption>(...TIP_OPTIONS),
  fees: fc.record({
    processing_fee: fc.integer({ min: 0, max: 10 }),
    processing_fee_min: fc.integer({ min: 0, max: 500 }),
  }),
  coupon,
  currency: fc.constant('USD'),
});

describe('checkout totals', () => {
  it('are whole minor units and the total is the sum of its parts', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = checkoutTotals(i);
        for (const value of [
          t.subtotal,
          t.shipping,
          t.discount,
          t.tip,
          t.processing_fee,
          t.total,
        ]) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(t.total).toBe(t.subtotal - t.discount + t.shipping + t.tip + t.processing_fee);
        expect(t.subtotal).toBe(i.lines.reduce((s, l) => s + l.unit_price * l.quantity, 0));
      }),
    );
  });

  it('never discount more than the subtotal; free shipping zeroes shipping', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = checkoutTotals(i);
        expect(t.discount).toBeLessThanOrEqual(t.subtotal);
        if (i.coupon.kind === 'free_shipping') expect(t.shipping).toBe(0);
        else expect(t.shipping).toBeGreaterThan(0);
      }),
    );
  });

  it('tip the chosen percent of the discounted subtotal, rounded to the minor unit; none is 0', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = checkoutTotals(i);
        if (i.tip === 'none' || i.tip === 0) expect(t.tip).toBe(0);
        else {
          const exact = ((t.subtotal - t.discount) * i.tip) / 100;
          expect(Math.abs(t.tip - exact)).toBeLessThanOrEqual(0.5);
        }
      }),
    );
  });

  it('charge the processing fee percent, never under its minimum, and nothing without one', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = checkoutTotals(i);
        const before = t.total - t.processing_fee;
        if (i.fees.processing_fee === 0 && i.fees.processing_fee_min === 0) {
          expect(t.processing_fee).toBe(0);
        } else {
          expect(t.processing_fee).toBeGreaterThanOrEqual(i.fees.processing_fee_min);
          expect(t.processing_fee).toBe(
            Math.max(percentOf(before, i.fees.processing_fee), i.fees.processing_fee_min),
          );
        }
      }),
    );
  });

  it('ship one more unit for its additional-item price', () => {
    fc.assert(
      fc.property(input, (i) => {
        const more = {
          ...i,
          lines: i.lines.map((l, n) => (n === 0 ? { ...l, quantity: l.quantity + 1 } : l)),
        };
        const a = checkoutTotals({ ...i, coupon: { kind: 'none' } });
        const b = checkoutTotals({ ...more, coupon: { kind: 'none' } });
        expect(b.shipping).toBeGreaterThan(a.shipping);
      }),
    );
  });

  it('rounds major prices to minor units as §5 rounds currency (half up, no float slip)', () => {
    expect(toMinor(1.005)).toBe(101);
    expect(toMinor(19.99)).toBe(1999);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(toMinor(cents / 100)).toBe(cents);
      }),
    );
  });

  it('prices a known cart as a buyer sees it', () => {
    const t = checkoutTotals({
      lines: [
        { key: 'tee', unit_price: 1999, quantity: 2, shipping: DEFAULT_SHIPPING_RATES },
        { key: 'mug', unit_price: 1499, quantity: 1, shipping: DEFAULT_SHIPPING_RATES },
      ],
      country: 'DE',
      tip: 5,
      fees: { processing_fee: 3, processing_fee_min: 50 },
      coupon: { kind: 'percent', percent: 10 },
      currency: 'EUR',
    });
    // Europe (150): 8.99 first item, 3.00 for each of the two others.
    expect(t).toEqual({
      subtotal: 5497,
      discount: 550,
      shipping: 899 + 600,
      tip: 247,
      processing_fee: 201,
      total: 5497 - 550 + 1499 + 247 + 201,
      currency: 'EUR',
    });
  });
});

/** What the coupon's lines cost: those of its campaigns, or the whole cart. */
const eligibleCost = (lines: readonly CheckoutLine[], effect: CouponEffect) => {
  const ids = 'campaign_ids' in effect ? effect.campaign_ids : undefined;
  return lines
    .filter(
      (l) => ids === undefined || (l.campaign_id !== undefined && ids.includes(l.campaign_id)),
    )
    .reduce((sum, l) => sum + l.unit_price * l.quantity, 0);
};

describe('coupon effects on the totals', () => {
  it('never discount more than the lines they cover; free shipping discounts no goods', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = checkoutTotals(i);
        expect(t.discount).toBeLessThanOrEqual(eligibleCost(i.lines, i.coupon));
        if (i.coupon.kind === 'none' || i.coupon.kind === 'free_shipping') {
          expect(t.discount).toBe(0);
        }
        const plain = checkoutTotals({ ...i, coupon: { kind: 'none' } });
        expect(t.subtotal).toBe(plain.subtotal);
        expect(t.total).toBeLessThanOrEqual(plain.total);
      }),
    );
  });

  it('take the percent of the covered lines, rounded half up to the minor unit', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 100 }), scope, (i, percent, ids) => {
        const effect = withScope({ kind: 'percent', percent } as const, ids);
        const t = checkoutTotals({ ...i, coupon: effect });
        expect(t.discount).toBe(percentOf(eligibleCost(i.lines, effect), percent));
      }),
    );
  });

  it('take a fixed amount off, or everything the covered lines cost when that is less', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 100_000 }), scope, (i, amount, ids) => {
        const effect = withScope({ kind: 'amount', amount } as const, ids);
        const t = checkoutTotals({ ...i, coupon: effect });
        expect(t.discount).toBe(Math.min(amount, eligibleCost(i.lines, effect)));
      }),
    );
  });

  it('give buy X get Y on the cheapest units of each run, the dearer ones paid in full', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        (price, quantity, buy, get) => {
          // One product: every full run of buy + get units makes `get` of them free.
          const t = checkoutTotals({
            lines: [{ key: 'tee', unit_price: price, quantity, shipping: DEFAULT_SHIPPING_RATES }],
            country: 'US',
            tip: 'none',
            fees: { processing_fee: 0, processing_fee_min: 0 },
            coupon: { kind: 'bogo', buy, get, percent: 100 },
            currency: 'USD',
          });
          expect(t.discount).toBe(Math.floor(quantity / (buy + get)) * get * price);
        },
      ),
    );
    fc.assert(
      fc.property(
        input,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 2 }),
        (i, buy, get) => {
          const t = checkoutTotals({ ...i, coupon: { kind: 'bogo', buy, get, percent: 100 } });
          // What is free is never dearer than what is paid for: at most get / (buy + get).
          expect(t.discount * (buy + get)).toBeLessThanOrEqual(t.subtotal * get);
        },
      ),
    );
  });

  it('price buy 1 get 1 at half price on a mixed cart as a buyer expects', () => {
    const t = checkoutTotals({
      lines: [
        {
          key: 'tee',
          unit_price: 2000,
          quantity: 2,
          shipping: DEFAULT_SHIPPING_RATES,
          campaign_id: 1,
        },
        {
          key: 'mug',
          unit_price: 1000,
          quantity: 1,
          shipping: DEFAULT_SHIPPING_RATES,
          campaign_id: 2,
        },
        {
          key: 'hoodie',
          unit_price: 4000,
          quantity: 1,
          shipping: DEFAULT_SHIPPING_RATES,
          campaign_id: 3,
        },
      ],
      country: 'US',
      tip: 'none',
      fees: { processing_fee: 0, processing_fee_min: 0 },
      coupon: { kind: 'bogo', buy: 1, get: 1, percent: 50, campaign_ids: [1, 2] },
      currency: 'USD',
    });
    // Covered units 2000, 2000, 1000: one run (2000 paid, 2000 at half), 1000 left over.
    expect(t.discount).toBe(1000);
  });
});

describe('address checks', () => {
  it('accept state names or codes of the six listed countries', () => {
    expect(
      checkAddress({
        name: 'A',
        line1: 'x',
        city: 'y',
        state: 'new south wales',
        postcode: '2000',
        country: 'AU',
      }),
    ).toMatchObject({ address: { state: 'NSW' }, problems: [] });
    expect(
      checkAddress({
        name: 'A',
        line1: 'x',
        city: 'y',
        state: 'RM',
        postcode: '00184',
        country: 'IT',
      }).problems,
    ).toEqual([]);
    expect(
      checkAddress({
        name: 'A',
        line1: 'x',
        city: 'y',
        state: 'ON',
        postcode: 'K1A 0B1',
        country: 'CA',
      }).problems,
    ).toEqual([]);
  });
  it('flag a missing state and a postcode of the wrong shape', () => {
    const check = checkAddress({
      name: 'A',
      line1: 'x',
      city: 'y',
      postcode: '1234',
      country: 'US',
    });
    expect(check.problems.map((p) => p.field)).toEqual(['state', 'postcode']);
  });
  it('take other countries with any plausible postcode', () => {
    expect(
      checkAddress({ name: 'A', line1: 'x', city: 'y', postcode: '75001', country: 'FR' }).problems,
    ).toEqual([]);
  });
});
