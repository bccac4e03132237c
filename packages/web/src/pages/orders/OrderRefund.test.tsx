// @vitest-environment happy-dom
import type { OrderDetail, UserInput } from '@printloom/core';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { jsonAnswer, renderPages } from '../../test/pageHarness.js';

const SELLER: UserInput = {
  id: 7,
  name: 'Maker',
  email: 'maker@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
};

const STRIPE_MESSAGE = 'Stripe could not refund: the card has expired or was cancelled.';

/** A cancelled Stripe order; its refund and timeline as the server answers them. */
function cancelledOrder(refund: OrderDetail['refund'], entries: string[]): OrderDetail {
  return {
    id: 5,
    order_number: 'PL100005',
    store_id: 1,
    store_name: 'Shop',
    type: 'regular',
    status: 'cancelled',
    payment_status: 'refunded',
    fulfillment_status: 'cancelled',
    email: 'bea@example.test',
    customer_name: 'Bea Buyer',
    currency: 'USD',
    total: 3199,
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
    address_editable: false,
    subtotal: 2500,
    shipping: 699,
    discount: 0,
    tip: 0,
    processing_fee: 0,
    coupon_code: null,
    payment_gateway: 'stripe',
    paid_at: '2026-11-20T10:00:00.000Z',
    items: [],
    timeline: entries.map((kind, i) => ({
      id: i + 1,
      kind,
      detail: {
        provider: 'stripe',
        amount: 3199,
        currency: 'USD',
        ...(kind === 'refund_failed' ? { message: STRIPE_MESSAGE } : {}),
      },
      actor: { kind: 'system', id: null, name: null },
      created_at: '2026-11-21T10:00:00.000Z',
    })),
    shipments: [],
    allowed_actions: [],
    refund,
  };
}

function serve(order: OrderDetail) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://dashboard.test');
    if (url.pathname === '/seller/orders/5') return jsonAnswer(200, { success: true, data: order });
    return jsonAnswer(404, { success: false, message: `Not found: ${url.pathname}` });
  });
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const refundCard = () => screen.findByTestId('order-refund', {}, { timeout: 10_000 });

describe('the refund of a cancelled order on its detail page', () => {
  it('shows a refund still on its way as pending, with the retries made', async () => {
    serve(
      cancelledOrder(
        {
          provider: 'stripe',
          status: 'pending',
          amount: 3199,
          currency: 'USD',
          attempts: 1,
          message: 'Stripe could not take the refund: An unknown error occurred',
          updated_at: '2026-11-21T10:00:00.000Z',
        },
        ['refund_pending'],
      ),
    );
    renderPages(['order_detail'], '/orders/detail/5', SELLER);
    const card = await refundCard();
    expect(within(card).getByTestId('refund-status').textContent).toBe('Pending');
    expect(card.textContent).toContain('$31.99 through Stripe');
    expect(card.textContent).toContain('tried 1 time, trying again');
    expect(within(card).getByTestId('refund-message').textContent).toBe(
      'Stripe could not take the refund: An unknown error occurred',
    );
    expect(within(screen.getByTestId('timeline')).getByText(/Refund pending/).textContent).toBe(
      'Refund pending of $31.99 through Stripe',
    );
  }, 20_000);

  it('shows a completed refund', async () => {
    serve(
      cancelledOrder(
        {
          provider: 'stripe',
          status: 'completed',
          amount: 3199,
          currency: 'USD',
          attempts: 1,
          message: null,
          updated_at: '2026-11-21T10:00:00.000Z',
        },
        ['refund_pending', 'refund_completed'],
      ),
    );
    renderPages(['order_detail'], '/orders/detail/5', SELLER);
    const card = await refundCard();
    expect(within(card).getByTestId('refund-status').textContent).toBe('Completed');
    expect(within(card).queryByTestId('refund-message')).toBeNull();
    expect(screen.getByText('Refund completed of $31.99 through Stripe')).toBeTruthy();
  }, 20_000);

  it('shows a failed refund with the provider’s message as an alert', async () => {
    serve(
      cancelledOrder(
        {
          provider: 'stripe',
          status: 'failed',
          amount: 3199,
          currency: 'USD',
          attempts: 1,
          message: STRIPE_MESSAGE,
          updated_at: '2026-11-21T10:00:00.000Z',
        },
        ['refund_pending', 'refund_failed'],
      ),
    );
    renderPages(['order_detail'], '/orders/detail/5', SELLER);
    const card = await refundCard();
    expect(within(card).getByTestId('refund-status').textContent).toBe('Failed');
    expect(within(card).getByRole('alert').textContent).toBe(STRIPE_MESSAGE);
    expect(
      screen.getByText(`Refund failed of $31.99 through Stripe: ${STRIPE_MESSAGE}`),
    ).toBeTruthy();
  }, 20_000);

  it('shows no refund card for an order no gateway refunded', async () => {
    serve(cancelledOrder(null, []));
    renderPages(['order_detail'], '/orders/detail/5', SELLER);
    await screen.findByTestId('order-title', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('order-refund')).toBeNull();
  }, 20_000);
});
