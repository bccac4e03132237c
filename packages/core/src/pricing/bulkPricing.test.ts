import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BulkPriceBody,
  PRICE_MAX,
  type PricedProduct,
  planPriceChange,
  unknownCustomPrices,
} from './bulkPricing.js';

const product = fc.record({
  campaign_id: fc.integer({ min: 1, max: 5 }),
  campaign_name: fc.constant('Campaign'),
  product_id: fc.integer({ min: 1, max: 1_000_000 }),
  product_name: fc.constant('Tee'),
  price: fc.integer({ min: 0, max: 100_000 }),
  base_cost: fc.integer({ min: 0, max: 5000 }),
}) as fc.Arbitrary<PricedProduct>;
const products = fc.uniqueArray(product, { selector: (p) => p.product_id, maxLength: 20 });

describe('planning a bulk price change', () => {
  it('sets every product to a fixed price', () => {
    fc.assert(
      fc.property(products, fc.integer({ min: 1, max: PRICE_MAX }), (list, value) => {
        for (const row of planPriceChange(list, { mode: 'fixed_price', value })) {
          expect(row.after).toBe(value);
        }
      }),
    );
  });

  it('adds an amount or a percent, rounded half up, never below 0', () => {
    fc.assert(
      fc.property(products, fc.integer({ min: -10_000, max: 10_000 }), (list, value) => {
        const amount = planPriceChange(list, { mode: 'adjust_price', value, unit: 'amount' });
        amount.forEach((row, i) => {
          expect(row.after).toBe(Math.max(0, (list[i]?.price ?? 0) + value));
        });
      }),
    );
    fc.assert(
      fc.property(products, fc.integer({ min: -99, max: 1000 }), (list, value) => {
        const rows = planPriceChange(list, { mode: 'adjust_price', value, unit: 'percent' });
        rows.forEach((row) => {
          expect(Number.isSafeInteger(row.after)).toBe(true);
          expect(Math.abs(row.after - (row.before * (100 + value)) / 100)).toBeLessThanOrEqual(0.5);
          if (value === 0) expect(row.after).toBe(row.before);
        });
      }),
    );
    expect(
      planPriceChange(
        [
          {
            campaign_id: 1,
            campaign_name: 'C',
            product_id: 1,
            product_name: 'T',
            price: 1999,
            base_cost: 900,
          },
        ],
        { mode: 'adjust_price', value: 10, unit: 'percent' },
      )[0]?.after,
    ).toBe(2199);
  });

  it('gives named products their own price and leaves the others as they were', () => {
    fc.assert(
      fc.property(products, fc.integer({ min: 1, max: 50_000 }), (list, price) => {
        const named = list.filter((_, i) => i % 2 === 0).map((p) => p.product_id);
        const rows = planPriceChange(list, {
          mode: 'custom_price',
          prices: named.map((product_id) => ({ product_id, price })),
        });
        rows.forEach((row) => {
          expect(row.after).toBe(named.includes(row.product_id) ? price : row.before);
        });
      }),
    );
  });

  it('marks exactly the products that would sell below their base cost', () => {
    fc.assert(
      fc.property(products, fc.integer({ min: -5000, max: 5000 }), (list, value) => {
        for (const row of planPriceChange(list, { mode: 'adjust_price', value })) {
          expect(row.below_base_cost).toBe(row.after < row.base_cost);
        }
      }),
    );
  });
});

describe('the bulk price body', () => {
  const messages = (body: object) =>
    BulkPriceBody.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  it('asks for what each mode needs', () => {
    expect(messages({ campaign_ids: [1], mode: 'fixed_price', value: 1999 })).toBeUndefined();
    expect(messages({ campaign_ids: [1], mode: 'fixed_price' })).toEqual([
      'value: Enter the price or the change.',
    ]);
    expect(
      messages({ campaign_ids: [1], mode: 'adjust_price', value: -100, unit: 'percent' }),
    ).toEqual(['value: A percent change is from -99 to 1000.']);
    expect(messages({ campaign_ids: [1], mode: 'custom_price' })).toEqual([
      'prices: Give a price for at least one product.',
    ]);
    expect(messages({ campaign_ids: [], mode: 'fixed_price', value: 5 })).toEqual([
      'campaign_ids: Choose at least one campaign.',
    ]);
  });
});

describe('custom prices per size', () => {
  const tee: PricedProduct = {
    campaign_id: 1,
    campaign_name: 'Cats',
    product_id: 7,
    product_name: 'Tee',
    price: 2000,
    base_cost: 1400,
    variants: [
      { variant: 'M', base_cost: 900, price: null },
      { variant: 'L', base_cost: 900, price: null },
      { variant: '2XL', base_cost: 1400, price: 2600 },
    ],
  };

  it('previews a size given its own price as a row of its own, against its own base cost', () => {
    const rows = planPriceChange([tee], {
      mode: 'custom_price',
      prices: [
        { product_id: 7, price: 1500 },
        { product_id: 7, variant: 'L', price: 800 },
      ],
    });
    expect(rows.map((r) => [r.variant, r.before, r.after, r.base_cost, r.below_base_cost])).toEqual(
      [
        // The product's price now covers M only (L and 2XL have their own): M's base cost.
        [null, 2000, 1500, 900, false],
        ['L', 2000, 800, 900, true],
        ['2XL', 2600, 2600, 1400, false],
      ],
    );
  });

  it('moves the sizes that have their own price with the others', () => {
    const adjusted = planPriceChange([tee], { mode: 'adjust_price', value: 10, unit: 'percent' });
    expect(adjusted.map((r) => [r.variant, r.after])).toEqual([
      [null, 2200],
      ['2XL', 2860],
    ]);
    const fixed = planPriceChange([tee], { mode: 'fixed_price', value: 3000 });
    expect(fixed.map((r) => [r.variant, r.after])).toEqual([
      [null, 3000],
      ['2XL', 3000],
    ]);
  });

  it('names the prices whose product or size is not among the products', () => {
    expect(
      unknownCustomPrices(
        [tee],
        [
          { product_id: 7, variant: '2XL', price: 1 },
          { product_id: 7, variant: '5XL', price: 1 },
          { product_id: 8, price: 1 },
        ],
      ),
    ).toEqual({
      products: [{ product_id: 8, price: 1 }],
      variants: [{ product_id: 7, variant: '5XL', price: 1 }],
    });
  });
});
