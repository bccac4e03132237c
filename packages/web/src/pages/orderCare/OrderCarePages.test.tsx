// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

const page = (data: unknown[]) => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 20,
  total: data.length,
  total_is_capped: false,
  from: data.length ? 1 : null,
  to: data.length || null,
});

function server() {
  const request = {
    id: 3,
    order_id: 9,
    order_number: 'PL100009',
    email: 'ann@example.test',
    customer_name: 'Ann',
    order_status: 'processing',
    payment_status: 'paid',
    total: 2500,
    currency: 'USD',
    reason: 'Wrong size',
    status: 'pending',
    created_at: '2026-11-20T10:00:00.000Z',
    decided_at: null,
  };
  const held = {
    id: 12,
    order_number: 'PL100012',
    order_type: 'regular',
    email: 'dee@example.test',
    status: 'processing',
    total: 1800,
    currency: 'USD',
    shipping_address: {
      name: 'Dee',
      line1: '5 Elm St',
      city: 'Springfield',
      state: 'Narnia',
      postcode: '62701',
      country: 'US',
    },
    problems: [{ field: 'state', message: 'Unknown state or province for US' }],
    created_at: '2026-11-20T10:00:00.000Z',
  };
  const calls: { method: string; path: string; body: unknown }[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const ok = (data: unknown) => json(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/seller/cancel-requests') return ok(page([request]));
    if (url.pathname === '/seller/cancel-requests/3/approve') {
      request.status = 'approved';
      request.order_status = 'cancelled';
      return ok(request);
    }
    if (url.pathname === '/seller/invalid-addresses')
      return ok(page(held.problems.length ? [held] : []));
    if (url.pathname === '/seller/invalid-addresses/12' && method === 'PUT') {
      if (body.state === 'Narnia') {
        return json(422, {
          success: false,
          message: 'Unknown state or province for US',
          errors: { state: ['Unknown state or province for US'] },
        });
      }
      held.problems = [];
      held.shipping_address = body;
      return ok(held);
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return { fetch, calls };
}

let fake: ReturnType<typeof server>;
beforeEach(() => {
  fake = server();
  vi.stubGlobal('fetch', fake.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open(id: 'cancel_orders' | 'invalid_address', path: string) {
  renderPages([id], path, {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
    custom_payment: true,
  });
}

const LOAD = { timeout: 10_000 };

describe('cancel orders (/cancel-orders)', () => {
  it('approves a request after confirmation', async () => {
    const user = userEvent.setup();
    open('cancel_orders', '/cancel-orders');
    await user.click(
      await screen.findByRole('button', { name: 'Approve cancellation of PL100009' }, LOAD),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect((await screen.findByTestId('action-notice')).textContent).toContain(
      'Order PL100009 cancelled.',
    );
    expect(fake.calls.some((c) => c.path === '/seller/cancel-requests/3/approve')).toBe(true);
  });
});

describe('invalid address (/invalid-address)', () => {
  it('shows what is wrong, keeps a still-bad address on its field, releases a good one', async () => {
    const user = userEvent.setup();
    open('invalid_address', '/invalid-address');
    await user.click(
      await screen.findByRole('button', { name: 'Correct the address of PL100012' }, LOAD),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save and release' }));
    await waitFor(() =>
      expect(within(dialog).getByText('Unknown state or province for US')).toBeTruthy(),
    );
    const state = within(dialog).getByLabelText('State / province');
    await user.clear(state);
    await user.type(state, 'IL');
    await user.click(within(dialog).getByRole('button', { name: 'Save and release' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Address of PL100012 saved; the order is released.',
    );
    expect(await screen.findByTestId('list-empty', {}, LOAD)).toBeTruthy();
  });
});
