// @vitest-environment happy-dom
import type { UserInput } from '@printloom/core';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

const white = { name: 'White', hex_code: '#FFFFFF' };
const black = { name: 'Black', hex_code: '#111111' };
const sizes = ['S', 'M', '2XL'];

const tee = {
  id: 101,
  name: 'Classic T-shirt',
  base_cost: 11.5,
  description: '<p>Soft <b>cotton</b>.</p>',
  description_format: 'html',
  full_printed: 0,
  mockup_type: '2d',
  status: 'active',
  options: { color: ['White', 'Black'], size: sizes },
  colors: [white, black],
  print_spaces: [
    { id: '101_front', name: 'front', width: 4200, height: 4800, DPI: 300, minDPI: 150 },
    { id: '101_back', name: 'back', width: 4200, height: 4800, DPI: 300, minDPI: 150 },
  ],
  mockups: [],
  sizes,
  variants: [white, black].flatMap((color, c) =>
    sizes.map((size, i) => ({
      id: c * 10 + i + 1,
      size,
      color,
      base_cost: size === '2XL' ? 1350 : 1150,
      weight_grams: size === '2XL' ? 235 : 170,
      sku: `TEE-${color.name}-${size}`,
    })),
  ),
  shipping: {
    name: 'Apparel',
    currency: 'USD',
    rates: [
      { scope: 'US', first_item: 475, additional_item: 200 },
      { scope: '150', first_item: 899, additional_item: 300 },
      { scope: '*', first_item: 1199, additional_item: 400 },
    ],
  },
  size_chart: {
    unit: 'in',
    columns: ['Chest width', 'Body length'],
    rows: [
      { size: 'S', values: [18, 28] },
      { size: 'M', values: [20, 29] },
      { size: '2XL', values: [26, 32] },
    ],
  },
};

const mug = {
  ...tee,
  id: 105,
  name: 'Ceramic Mug 11oz',
  description: 'A glossy white mug.',
  description_format: 'text',
  options: { color: ['White'], size: ['11 oz'] },
  colors: [white],
  print_spaces: [
    { id: '105_front', name: 'front', width: 2700, height: 2400, DPI: 300, minDPI: 150 },
  ],
  sizes: ['11 oz'],
  variants: [
    { id: 50, size: '11 oz', color: white, base_cost: 650, weight_grams: 350, sku: 'MUG11' },
  ],
  size_chart: null,
};

beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    if (path === '/seller/product-templates') {
      return new Response(
        JSON.stringify({
          success: true,
          data: {
            data: [tee, mug],
            total: 2,
            per_page: 100,
            current_page: 1,
            last_page: 1,
            from: 1,
            to: 2,
          },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    }
    return new Response(JSON.stringify({ success: false, message: 'Not found.' }), { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open(user: UserInput) {
  renderPages(['product_catalog'], '/product/catalog', user);
}

const seller = {
  id: 7,
  name: 'Seller',
  email: 'seller@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
};
const LOAD_TIMEOUT = { timeout: 10_000 };

const cardOf = async (name: string) =>
  (await screen.findByRole(
    'region',
    { name: new RegExp(`^${name}`) },
    LOAD_TIMEOUT,
  )) as HTMLElement;

describe('product catalogue page (/product/catalog)', () => {
  it('shows each product with its print spaces, sizes, colours and base cost range', async () => {
    open(seller);
    await screen.findByRole('heading', { name: 'Product Catalog' }, LOAD_TIMEOUT);
    const card = await cardOf('Classic T-shirt');
    expect(card.textContent).toContain('Print spaces: front, back');
    expect(within(card).getByTestId('catalog-sizes').textContent).toBe('Sizes S, M, 2XL');
    expect(card.textContent).toContain('Base cost $11.50–$13.50');
    expect(within(card).getByRole('list', { name: 'Colours of Classic T-shirt' }).textContent).toBe(
      'WhiteBlack',
    );
    const mugCard = await cardOf('Ceramic Mug 11oz');
    expect(within(mugCard).getByTestId('catalog-sizes').textContent).toBe('Size 11 oz');
    expect(mugCard.textContent).toContain('Base cost $6.50');
  });

  it('opens the details: cost and weight by size, shipping by region and the size chart', async () => {
    const user = userEvent.setup();
    open(seller);
    const card = await cardOf('Classic T-shirt');
    await user.click(within(card).getByRole('button', { name: 'Details of Classic T-shirt' }));
    const rows = within(card)
      .getAllByRole('row')
      .filter((r) => r.closest('[data-testid="catalog-size-rows"]'))
      .map((r) => r.textContent);
    expect(rows).toEqual(['S$11.50170 g2', 'M$11.50170 g2', '2XL$13.50235 g2']);
    const rates = within(within(card).getByTestId('shipping-rates'))
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rates).toEqual(['United States$4.75$2', 'Europe$8.99$3', 'Everywhere else$11.99$4']);
    expect(card.querySelector('b')?.textContent).toBe('cotton');

    const chart = within(card).getByTestId('size-chart');
    expect(within(chart).getAllByRole('row')[1]?.textContent).toBe('S1828');
    await user.click(within(card).getByRole('radio', { name: 'Centimetres' }));
    expect(within(chart).getAllByRole('columnheader')[1]?.textContent).toBe('Chest width (cm)');
    expect(within(chart).getAllByRole('row')[1]?.textContent).toBe('S45.771.1');
  });

  it('estimates shipping to a country for a quantity with the most specific rate', async () => {
    const user = userEvent.setup();
    open(seller);
    const card = await cardOf('Classic T-shirt');
    await user.click(within(card).getByRole('button', { name: 'Details of Classic T-shirt' }));
    await user.type(within(card).getByLabelText('Country code'), 'fr');
    await user.clear(within(card).getByLabelText('Quantity'));
    await user.type(within(card).getByLabelText('Quantity'), '3');
    await user.click(within(card).getByRole('button', { name: 'Estimate shipping' }));
    expect(within(card).getByRole('status').textContent).toBe(
      'Shipping 3 to FR: $14.99 (Europe rate).',
    );
    await user.clear(within(card).getByLabelText('Country code'));
    await user.type(within(card).getByLabelText('Country code'), 'US');
    await user.click(within(card).getByRole('button', { name: 'Estimate shipping' }));
    expect(within(card).getByRole('status').textContent).toBe(
      'Shipping 3 to US: $8.75 (United States rate).',
    );
  });

  it('filters the products by name', async () => {
    const user = userEvent.setup();
    open(seller);
    await cardOf('Classic T-shirt');
    await user.type(screen.getByLabelText('Search products'), 'mug');
    expect(
      screen.getAllByTestId('catalog-product').map((c) => c.querySelector('h2')?.textContent),
    ).toEqual(['Ceramic Mug 11oz ']);
  });
});
