// @vitest-environment happy-dom
import type { OrderDetail, UserInput } from '@printloom/core';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { jsonAnswer, renderPages } from '../../test/pageHarness.js';

const SELLER: UserInput = {
  id: 7,
  name: 'Maker',
  email: 'maker@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
};

const ORDER: OrderDetail = {
  id: 5,
  order_number: 'PL100005',
  store_id: 1,
  store_name: 'Names',
  type: 'regular',
  status: 'processing',
  payment_status: 'paid',
  fulfillment_status: 'unfulfilled',
  email: 'bea@example.test',
  customer_name: 'Bea Buyer',
  currency: 'USD',
  total: 2500,
  items_count: 1,
  tracking_numbers: [],
  created_at: '2026-11-20T10:00:00.000Z',
  shipping_address: {
    name: 'Bea Buyer',
    line1: '1 Main St',
    city: 'Austin',
    state: 'TX',
    postcode: '73301',
    country: 'US',
  },
  address_invalid: false,
  address_editable: true,
  subtotal: 2500,
  shipping: 0,
  discount: 0,
  tip: 0,
  processing_fee: 0,
  coupon_code: null,
  payment_gateway: 'test',
  paid_at: '2026-11-20T10:00:00.000Z',
  items: [
    {
      id: 11,
      campaign_id: 3,
      product_id: 4,
      name: 'Name mug',
      color: 'White',
      size: '11oz',
      quantity: 1,
      price: 2500,
      base_cost: 900,
      status: 'processing',
      mockup_url: null,
      print_files: [],
      personalization: [
        {
          kind: 'text',
          print_space: 'front',
          layer_id: 'name',
          label: 'Your name',
          text: 'Mia',
          font_id: 2,
          font_name: 'Lobster',
          font_url: '/files/s7/fonts/lobster.ttf',
          color: '#1d4ed8',
        },
        {
          kind: 'clipart',
          print_space: 'front',
          layer_id: 'pet',
          label: 'Your dog',
          clipart_id: 9,
          clipart_name: 'Beagle',
          clipart_url: '/files/s7/cliparts/beagle.png',
          width: 40,
          height: 20,
        },
      ],
    },
  ],
  timeline: [],
  shipments: [],
  allowed_actions: [],
};

beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://dashboard.test');
    if (url.pathname === '/seller/orders/5') return jsonAnswer(200, { success: true, data: ORDER });
    return jsonAnswer(404, { success: false, message: `Not found: ${url.pathname}` });
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('a personalised order item', () => {
  it('shows the buyer’s values on the order detail page', async () => {
    renderPages(['order_detail'], '/orders/detail/5', SELLER);
    const item = await screen.findByTestId('order-item', {}, { timeout: 10_000 });
    const values = within(item).getByTestId('order-item-personalization');
    expect(
      within(values)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Your name: Mia (Lobster, #1d4ed8)', 'Your dog: Beagle']);
  }, 20_000);

  it('prints the buyer’s values on the invoice', async () => {
    renderPages(['order_invoice'], '/orders/invoice/5', SELLER);
    const row = (await screen.findByText('Name mug', {}, { timeout: 10_000 })).closest('tr');
    if (!row) throw new Error('no invoice line');
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Your name: Mia (Lobster, #1d4ed8)', 'Your dog: Beagle']);
  }, 20_000);
});
