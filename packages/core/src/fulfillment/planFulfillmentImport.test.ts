import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvLine } from '../text/csv.js';
import { FULFILLMENT_CSV_COLUMNS } from './constants.js';
import {
  type FulfillmentCatalog,
  type FulfillmentRecord,
  planFulfillmentImport,
  planFulfillmentRecords,
} from './planFulfillmentImport.js';
import { formatSku, parseSku } from './sku.js';

const catalog: FulfillmentCatalog = (sku) => {
  if (sku.productId !== 42) return { error: `No product ${sku.productId} in your campaigns` };
  if (sku.color.toLowerCase() !== 'black')
    return { error: `Product 42 is not made in ${sku.color}` };
  if (!['S', 'XL'].includes(sku.size.toUpperCase())) return { error: `No size ${sku.size}` };
  return {
    campaign_id: 7,
    product_id: 42,
    template_id: 3,
    name: 'Tee',
    color: 'Black',
    size: sku.size.toUpperCase(),
    base_cost: 900,
    shipping: [{ scope: '*', first_item: 500, additional_item: 200 }],
  };
};

type Row = Partial<Record<(typeof FULFILLMENT_CSV_COLUMNS)[number], string>>;
const good: Row = {
  marketplace: 'etsy',
  external_order_id: 'A1',
  email: 'Buyer@Example.com',
  name: 'Jane Doe',
  line1: '1 Main St',
  line2: '',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'us',
  sku: 'P42-Black-XL',
  quantity: '2',
};
const file = (rows: Row[]) =>
  csvLine(FULFILLMENT_CSV_COLUMNS) +
  rows.map((row) => csvLine(FULFILLMENT_CSV_COLUMNS.map((c) => row[c] ?? ''))).join('');

describe('SKUs', () => {
  it('reads P{product}-{colour}-{size}, colours with spaces and dashes included', () => {
    expect(parseSku(' p42-Heather Grey-2XL ')).toEqual({
      productId: 42,
      color: 'Heather Grey',
      size: '2XL',
    });
    expect(parseSku('P7-Off-White-One size')).toEqual({
      productId: 7,
      color: 'Off-White',
      size: 'One size',
    });
    expect(parseSku('42-Black-XL')).toBeNull();
    expect(parseSku('P42-XL')).toBeNull();
    expect(parseSku(formatSku(9, 'Navy', 'M'))).toEqual({ productId: 9, color: 'Navy', size: 'M' });
  });
});

describe('planFulfillmentImport', () => {
  it('groups rows of one order and prices base cost plus shipping', () => {
    const plan = planFulfillmentImport(
      file([good, { ...good, sku: 'p42-black-s', quantity: '1' }]),
      catalog,
    );
    expect(plan.errors).toEqual([]);
    expect(plan.orders).toHaveLength(1);
    expect(plan.orders[0]).toMatchObject({
      marketplace: 'etsy',
      external_order_id: 'A1',
      email: 'buyer@example.com',
      subtotal: 2700,
      shipping: 500 + 2 * 200,
      total: 3600,
      address_invalid: false,
      rows: [2, 3],
    });
    expect(plan.orders[0]?.address.country).toBe('US');
  });

  it('reports each bad row with its reason and drops the whole order of a bad row', () => {
    const plan = planFulfillmentImport(
      file([
        good,
        { ...good, quantity: '0' },
        { ...good, external_order_id: 'B2', marketplace: 'shopify' },
        { ...good, external_order_id: 'C3', sku: 'P99-Black-XL' },
        { ...good, external_order_id: 'D4', sku: 'nonsense' },
        { ...good, external_order_id: 'E5', email: 'nope' },
        { ...good, external_order_id: 'F6' },
      ]),
      catalog,
    );
    expect(plan.orders.map((o) => o.external_order_id)).toEqual(['F6']);
    expect(plan.errors.map((e) => e.row)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(plan.errors[0]?.message).toBe('Not imported: order A1 has errors on row 3');
    expect(plan.errors[1]?.message).toContain('Quantity must be at least 1');
    expect(plan.errors[2]?.message).toContain('Marketplace must be one of');
    expect(plan.errors[3]?.message).toBe('No product 99 in your campaigns');
    expect(plan.errors[4]?.message).toContain('is not shaped');
    expect(plan.errors[5]?.message).toContain('Email');
  });

  it('refuses a file without its columns, and flags an address the checkout would', () => {
    expect(
      planFulfillmentImport('marketplace,sku\netsy,P42-Black-XL\n', catalog).errors[0],
    ).toEqual({ row: 1, message: expect.stringContaining('Missing columns: external_order_id') });
    const flagged = planFulfillmentImport(file([{ ...good, state: 'Narnia' }]), catalog);
    expect(flagged.orders[0]?.address_invalid).toBe(true);
  });

  it('never creates an order with a bad row, whatever rows are bad', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ order: fc.integer({ min: 1, max: 5 }), bad: fc.boolean() }), {
          minLength: 1,
          maxLength: 15,
        }),
        (specs) => {
          const rows = specs.map((s) => ({
            ...good,
            external_order_id: `O${s.order}`,
            quantity: s.bad ? 'many' : '1',
          }));
          const plan = planFulfillmentImport(file(rows), catalog);
          const badOrders = new Set(specs.filter((s) => s.bad).map((s) => `O${s.order}`));
          const allOrders = new Set(specs.map((s) => `O${s.order}`));
          expect(plan.orders.map((o) => o.external_order_id).sort()).toEqual(
            [...allOrders].filter((o) => !badOrders.has(o)).sort(),
          );
          const created = plan.orders.reduce((n, o) => n + o.rows.length, 0);
          expect(created + plan.errors.length).toBe(rows.length);
        },
      ),
    );
  });
});

describe('orders of a connected shop', () => {
  const record = (overrides: Partial<FulfillmentRecord>): FulfillmentRecord => ({
    ...(good as FulfillmentRecord),
    marketplace: 'woocommerce',
    ...overrides,
  });

  it('plans them with the rules of the file: lines grouped by order, a bad line stops its order', () => {
    const plan = planFulfillmentRecords(
      [
        { row: 1, raw: record({ external_order_id: 'shop#1' }) },
        { row: 2, raw: record({ external_order_id: 'shop#1', sku: 'P42-Black-S', quantity: '1' }) },
        { row: 3, raw: record({ external_order_id: 'shop#2', sku: 'P42-Red-S' }) },
        { row: 4, raw: record({ external_order_id: 'shop#3', sku: '' }) },
      ],
      catalog,
    );
    expect(plan.orders.map((o) => [o.marketplace, o.external_order_id, o.lines.length])).toEqual([
      ['woocommerce', 'shop#1', 2],
    ]);
    expect(plan.errors).toEqual([
      { row: 3, message: 'Product 42 is not made in Red' },
      { row: 4, message: 'SKU is required' },
    ]);
  });

  it('keeps the file to the marketplaces of the spec', () => {
    const plan = planFulfillmentImport(file([{ ...good, marketplace: 'woocommerce' }]), catalog);
    expect(plan.orders).toEqual([]);
    expect(plan.errors[0]?.message).toBe(
      'Marketplace must be one of ebay, etsy, poshmark, tiktok, amazon',
    );
  });
});
