// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

const order = {
  id: 5,
  order_number: 'PL100005',
  marketplace: 'etsy',
  external_order_id: 'E-1',
  email: 'jane@example.test',
  customer_name: 'Jane Doe',
  country: 'US',
  status: 'pending',
  payment_status: 'unpaid',
  fulfillment_status: 'unfulfilled',
  address_invalid: false,
  items_count: 1,
  total: 1375,
  currency: 'USD',
  created_at: '2026-11-20T10:00:00.000Z',
};

function server(balance = 100_000) {
  const orders: (typeof order)[] = [];
  const uploads: FormData[] = [];
  const payments: number[][] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const ok = (data: unknown) => json(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    if (url.pathname === '/seller/fulfillment/orders' && (init?.method ?? 'GET') === 'GET') {
      return ok({
        data: orders,
        current_page: 1,
        last_page: 1,
        per_page: 20,
        total: orders.length,
        total_is_capped: false,
        from: orders.length ? 1 : null,
        to: orders.length || null,
      });
    }
    if (url.pathname === '/seller/fulfillment/orders/import') {
      uploads.push(init?.body as FormData);
      orders.push(order);
      return ok({
        created: 1,
        skipped: 0,
        errors: [{ row: 3, message: 'No product 99 in your campaigns' }],
      });
    }
    if (url.pathname === '/seller/fulfillment/orders/pay') {
      const ids = JSON.parse(String(init?.body)).order_ids as number[];
      payments.push(ids);
      const due = orders.filter((o) => ids.includes(o.id) && o.payment_status === 'unpaid');
      const charge = due.reduce((sum, o) => sum + o.total, 0);
      if (charge > balance) {
        return json(422, {
          success: false,
          message: `These orders cost $${(charge / 100).toFixed(2)}; your available balance is $${(balance / 100).toFixed(2)}. Top up or choose fewer orders.`,
        });
      }
      for (const o of due) Object.assign(o, { payment_status: 'paid', status: 'processing' });
      return ok({ paid: due.length, charged: charge, available: balance - charge });
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return { fetch, uploads, payments, orders };
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

function open(extra: Record<string, unknown> = {}) {
  renderPages(['fulfill_orders'], '/fulfillment', {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
    ...extra,
  });
}

describe('fulfill orders (/fulfillment)', () => {
  it('imports a file, shows refused rows by row, and lists the new order', async () => {
    const user = userEvent.setup();
    open();
    expect(
      (await screen.findByTestId('list-empty', {}, { timeout: 10_000 })).textContent,
    ).toContain('No fulfillment orders yet');
    const file = new File(['marketplace\n'], 'orders.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('CSV file'), file);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const result = await screen.findByTestId('import-result');
    expect(result.textContent).toContain('1 order imported; 1 row refused.');
    const refused = within(result).getByTestId('import-error');
    expect(refused.textContent).toBe('3No product 99 in your campaigns');
    expect((fake.uploads[0]?.get('file') as File | undefined)?.name).toBe('orders.csv');
    await waitFor(() => expect(screen.getByRole('link', { name: 'PL100005' })).toBeTruthy());
  });

  it('pays selected orders from the balance after saying what they cost', async () => {
    const user = userEvent.setup();
    fake.orders.push({ ...order }, { ...order, id: 6, order_number: 'PL100006', total: 2000 });
    open();
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select order PL100005' }, { timeout: 10_000 }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select order PL100006' }));
    await user.click(screen.getByRole('button', { name: 'Pay from balance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay fulfillment orders' });
    expect(dialog.textContent).toContain('Pay 2 orders for $33.75');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $33.75' }));
    await waitFor(() => expect(fake.payments).toEqual([[5, 6]]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getAllByText('Paid', { selector: '[data-status="paid"]' })).toHaveLength(2),
    );
  });

  it('keeps a refusal in the dialog and charges nothing', async () => {
    const user = userEvent.setup();
    fake = server(1000);
    vi.stubGlobal('fetch', fake.fetch);
    fake.orders.push({ ...order });
    open();
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select order PL100005' }, { timeout: 10_000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Pay from balance' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $13.75' }));
    expect((await screen.findByTestId('form-error')).textContent).toContain(
      'These orders cost $13.75; your available balance is $10.00.',
    );
    expect(fake.orders[0]?.payment_status).toBe('unpaid');
  });

  it('offers no payment to a member who may not spend', async () => {
    fake.orders.push({ ...order });
    open({ permissions: ['get_orders'], roles: ['support'] });
    await screen.findByRole('link', { name: 'PL100005' }, { timeout: 10_000 });
    expect(screen.queryByRole('checkbox', { name: 'Select order PL100005' })).toBeNull();
  });
});
