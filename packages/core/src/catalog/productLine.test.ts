import { describe, expect, it } from 'vitest';
import { NICHES, Niche, nicheLabel } from '../enums/niches.js';
import {
  baseCostRange,
  convertSizeChart,
  EUROPE_COUNTRY_CODES,
  findVariant,
  isEuropeanCountry,
  ProductTemplate,
  ProductVariant,
  ShippingProfile,
  SizeChart,
  shippingRateFor,
  variantSizes,
} from './index.js';

const profile = ShippingProfile.parse({
  rates: [
    { scope: '*', first_item: 1199, additional_item: 400 },
    { scope: '150', first_item: 899, additional_item: 300 },
    { scope: 'US', first_item: 475, additional_item: 200 },
    { scope: 'CA', first_item: 799, additional_item: 300 },
    { scope: 'DE', first_item: 650, additional_item: 250 },
  ],
});

describe('shippingRateFor', () => {
  it("charges a country's own rate first: one item, then each additional one", () => {
    expect(shippingRateFor(profile, 'US', 1)).toEqual({
      scope: 'US',
      level: 'country',
      amount: 475,
    });
    expect(shippingRateFor(profile, 'US', 3)?.amount).toBe(475 + 2 * 200);
    expect(shippingRateFor(profile, 'ca', 2)?.amount).toBe(799 + 300);
  });

  it('prefers a European country rate to the Europe rate, and Europe to worldwide', () => {
    expect(shippingRateFor(profile, 'DE', 2)).toEqual({
      scope: 'DE',
      level: 'country',
      amount: 900,
    });
    expect(shippingRateFor(profile, 'FR', 2)).toEqual({
      scope: '150',
      level: 'region',
      amount: 1199,
    });
    expect(shippingRateFor(profile, 'GB', 1)?.scope).toBe('150');
  });

  it('falls back to worldwide outside the listed scopes', () => {
    expect(shippingRateFor(profile, 'JP', 1)).toEqual({
      scope: '*',
      level: 'worldwide',
      amount: 1199,
    });
    expect(shippingRateFor(profile, 'AU', 4)?.amount).toBe(1199 + 3 * 400);
  });

  it('does not ship where no rate covers the country', () => {
    const usOnly = { rates: [{ scope: 'US', first_item: 500, additional_item: 100 }] };
    expect(shippingRateFor(usOnly, 'FR', 1)).toBeUndefined();
    const europeOnly = { rates: [{ scope: '150', first_item: 900, additional_item: 300 }] };
    expect(shippingRateFor(europeOnly, 'IT', 1)?.amount).toBe(900);
    expect(shippingRateFor(europeOnly, 'US', 1)).toBeUndefined();
    expect(shippingRateFor(europeOnly, 'TR', 1)).toBeUndefined();
  });

  it('refuses a quantity that is not a whole number of at least one', () => {
    expect(() => shippingRateFor(profile, 'US', 0)).toThrow(RangeError);
    expect(() => shippingRateFor(profile, 'US', 1.5)).toThrow(RangeError);
  });
});

describe('Europe (region 150)', () => {
  it('holds the UN M49 European countries and nothing outside them', () => {
    for (const code of ['DE', 'FR', 'IT', 'ES', 'PL', 'SE', 'GB', 'IE', 'CH', 'NO', 'UA', 'VA']) {
      expect(isEuropeanCountry(code)).toBe(true);
    }
    for (const code of ['US', 'CA', 'TR', 'CY', 'GE', 'AM', 'AU', 'MA', 'IL']) {
      expect(isEuropeanCountry(code)).toBe(false);
    }
    expect(new Set(EUROPE_COUNTRY_CODES).size).toBe(EUROPE_COUNTRY_CODES.length);
  });
});

describe('ShippingProfile', () => {
  it('defaults to a USD standard profile and refuses two rates for one scope', () => {
    expect(profile).toMatchObject({ name: 'Standard', currency: 'USD' });
    const twice = ShippingProfile.safeParse({
      rates: [
        { scope: 'US', first_item: 1, additional_item: 1 },
        { scope: 'US', first_item: 2, additional_item: 1 },
      ],
    });
    expect(twice.success).toBe(false);
  });

  it('accepts country codes, 150 and * as scopes, and only whole cents', () => {
    const bad = (scope: string, first = 100) =>
      ShippingProfile.safeParse({ rates: [{ scope, first_item: first, additional_item: 0 }] })
        .success;
    expect(bad('usa')).toBe(false);
    expect(bad('Europe')).toBe(false);
    expect(bad('US', 4.75)).toBe(false);
    expect(bad('150')).toBe(true);
    expect(bad('*')).toBe(true);
  });
});

const variants = [
  { size: 'S', color: 'White', cost: 1250 },
  { size: 'M', color: 'White', cost: 1250 },
  { size: '2XL', color: 'White', cost: 1450 },
  { size: 'S', color: 'Black', cost: 1250 },
].map((v, i) =>
  ProductVariant.parse({
    id: i + 1,
    size: v.size,
    color: { name: v.color, hex_code: v.color === 'White' ? '#FFFFFF' : '#111111' },
    base_cost: v.cost,
    weight_grams: 180,
    sku: `TEE-${v.color}-${v.size}`,
  }),
);

describe('ProductVariant', () => {
  it('lists sizes once in catalog order, finds a variant and gives the base cost range', () => {
    expect(variantSizes(variants)).toEqual(['S', 'M', '2XL']);
    expect(findVariant(variants, '2XL', 'white')?.base_cost).toBe(1450);
    expect(findVariant(variants, 'M', 'Black')).toBeUndefined();
    expect(baseCostRange(variants)).toEqual({ min: 1250, max: 1450 });
    expect(baseCostRange([])).toBeUndefined();
  });

  it('keeps base costs in whole cents', () => {
    const result = ProductVariant.safeParse({ ...variants[0], base_cost: 12.5 });
    expect(result.success).toBe(false);
  });
});

describe('SizeChart', () => {
  const chart = SizeChart.parse({
    unit: 'in',
    columns: ['Chest width', 'Body length'],
    rows: [
      { size: 'S', values: [18, 28] },
      { size: 'M', values: [20, 29] },
    ],
  });

  it('converts inches to centimetres and back', () => {
    const cm = convertSizeChart(chart, 'cm');
    expect(cm.unit).toBe('cm');
    expect(cm.rows[0]?.values).toEqual([45.7, 71.1]);
    expect(convertSizeChart(chart, 'in')).toBe(chart);
  });

  it('refuses a row without one value per column', () => {
    const result = SizeChart.safeParse({ ...chart, rows: [{ size: 'S', values: [18] }] });
    expect(result.success).toBe(false);
  });
});

describe('ProductTemplate with variants', () => {
  it('defaults to no variants, no shipping, no size chart and a plain text description', () => {
    const template = ProductTemplate.parse({
      id: 1,
      name: 'Tee',
      print_spaces: [
        { name: 'front', width: 4200, height: 4800 },
        { name: 'back', width: 4200, height: 4800 },
      ],
    });
    expect(template).toMatchObject({
      sizes: [],
      variants: [],
      shipping: null,
      size_chart: null,
      description_format: 'text',
    });
    expect(template.print_spaces.map((s) => s.name)).toEqual(['front', 'back']);
  });
});

describe('niches', () => {
  it('are the 19 product categories, with the four the spec names', () => {
    expect(NICHES).toHaveLength(19);
    expect(NICHES.map(nicheLabel)).toEqual(
      expect.arrayContaining([
        'Apparel and Fashion',
        'Home Decor',
        'Pet Products',
        'Personalized Gifts',
      ]),
    );
    expect(Niche.safeParse('home_decor').success).toBe(true);
    expect(Niche.safeParse('Home Decor').success).toBe(false);
  });
});
