import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BundlePrice,
  bundleLinePrices,
  COMBO_MAX_PRODUCTS,
  COMBO_MESSAGES,
  comboMinimumPrice,
  comboProblems,
  comboSaving,
  splitByWeights,
} from './combo.js';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('splitByWeights (largest remainder)', () => {
  it('sums exactly to the total, no share negative, each within one unit of its exact part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          const shares = splitByWeights(total, weights);
          expect(shares).toHaveLength(weights.length);
          expect(sum(shares)).toBe(total);
          const weightSum = sum(weights);
          shares.forEach((share, i) => {
            expect(Number.isInteger(share)).toBe(true);
            expect(share).toBeGreaterThanOrEqual(0);
            const exact =
              weightSum > 0 ? (total * (weights[i] ?? 0)) / weightSum : total / weights.length;
            expect(Math.abs(share - exact)).toBeLessThan(1);
          });
        },
      ),
    );
  });

  it('gives the left-over cents to the largest remainders, earlier parts first on a tie', () => {
    expect(splitByWeights(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeights(5, [1, 2])).toEqual([2, 3]);
    expect(splitByWeights(10, [0, 0])).toEqual([5, 5]);
  });
});

describe('bundleLinePrices', () => {
  const line = fc.record({
    base_cost: fc.integer({ min: 0, max: 50_000 }),
    price: fc.integer({ min: 0, max: 100_000 }),
  });

  it('lines sum exactly to the bundle price, none negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600_000 }),
        fc.array(line, { minLength: 2, maxLength: COMBO_MAX_PRODUCTS }),
        (bundle, lines) => {
          const prices = bundleLinePrices(bundle, lines);
          expect(sum(prices)).toBe(bundle);
          for (const price of prices) expect(price).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('a bundle at or above its costs pays every line at least its base cost', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 2, maxLength: COMBO_MAX_PRODUCTS }),
        fc.integer({ min: 0, max: 100_000 }),
        (lines, above) => {
          const bundle = sum(lines.map((l) => l.base_cost)) + above;
          const prices = bundleLinePrices(bundle, lines);
          prices.forEach((price, i) => {
            expect(price).toBeGreaterThanOrEqual(lines[i]?.base_cost ?? 0);
          });
        },
      ),
    );
  });

  it('splits the margin by each product’s own margin', () => {
    // Tee costs 8.00 sells 20.00, mug costs 5.00 sells 11.00: set at 28.00 earns 15.00 over costs.
    const prices = bundleLinePrices(2800, [
      { base_cost: 800, price: 2000 },
      { base_cost: 500, price: 1100 },
    ]);
    expect(prices).toEqual([800 + 1000, 500 + 500]);
  });
});

describe('combo rules', () => {
  const fees = { processing_fee: 3, processing_fee_min: 50 };

  it('the minimum is the base costs plus the processing fee on them, at least its minimum', () => {
    expect(comboMinimumPrice([800, 500], fees)).toEqual({ costs: 1300, fees: 50, minimum: 1350 });
    expect(comboMinimumPrice([8000, 5000], fees)).toEqual({
      costs: 13000,
      fees: 390,
      minimum: 13390,
    });
    expect(
      comboMinimumPrice([800, 500], { processing_fee: 0, processing_fee_min: 0 }).minimum,
    ).toBe(1300);
  });

  it('refuses a price below the minimum, saying so, and launching without two products or a price', () => {
    const minimum = comboMinimumPrice([800, 500], fees);
    expect(
      comboProblems({ productCount: 2, bundlePrice: 1349, minimum, launching: false }),
    ).toEqual([
      {
        field: 'bundle_price',
        message:
          'The bundle price must be at least $13.50 (base costs $13 + fees $0.50), so the set never sells at a loss.',
      },
    ]);
    expect(comboProblems({ productCount: 2, bundlePrice: 1350, minimum, launching: true })).toEqual(
      [],
    );
    expect(
      comboProblems({ productCount: 1, bundlePrice: null, minimum, launching: false }),
    ).toEqual([]);
    expect(
      comboProblems({ productCount: 1, bundlePrice: null, minimum, launching: true }).map(
        (p) => p.message,
      ),
    ).toEqual([COMBO_MESSAGES.tooFew, COMBO_MESSAGES.noPrice]);
    expect(
      comboProblems({
        productCount: COMBO_MAX_PRODUCTS + 1,
        bundlePrice: 99_999,
        minimum,
        launching: false,
      }),
    ).toEqual([{ field: 'products', message: COMBO_MESSAGES.tooMany }]);
  });

  it('the saving is what the products cost apart above the bundle, never negative', () => {
    expect(comboSaving([2000, 1100], 2800)).toBe(300);
    expect(comboSaving([2000, 1100], 3500)).toBe(0);
  });

  it('a bundle price is whole minor units above zero', () => {
    expect(BundlePrice.safeParse(12.5).success).toBe(false);
    expect(BundlePrice.safeParse(0).success).toBe(false);
    expect(BundlePrice.safeParse(2800).success).toBe(true);
  });
});
