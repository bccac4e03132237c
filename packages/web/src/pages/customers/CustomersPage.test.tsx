// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

const ann = {
  email: 'ann@example.test',
  name: 'Ann Lee',
  country: 'CA',
  orders_count: 2,
  total_spent: 3500,
  currency: 'USD',
  first_order_at: '2026-01-01T10:00:00.000Z',
  last_order_at: '2026-02-01T10:00:00.000Z',
};

function customersServer(rows: (typeof ann)[]) {
  const asked: URLSearchParams[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const ok = (data: unknown) => json(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://dashboard.test');
    if (url.pathname === '/seller/customers') {
      asked.push(url.searchParams);
      const q = url.searchParams.get('q') ?? '';
      const found = rows.filter((r) => r.email.includes(q) || (r.name ?? '').includes(q));
      return ok({
        data: found,
        current_page: 1,
        last_page: 1,
        per_page: 20,
        total: found.length,
        total_is_capped: false,
        from: found.length ? 1 : null,
        to: found.length || null,
      });
    }
    if (url.pathname === '/seller/customers/ann%40example.test') {
      return ok({
        ...ann,
        shipping_address: { country: 'CA' },
        spent: [{ currency: 'USD', total: 3500 }],
        orders: [
          {
            id: 11,
            order_number: 'PL100011',
            order_type: 'regular',
            status: 'processing',
            payment_status: 'paid',
            fulfillment_status: 'unfulfilled',
            total: 2500,
            currency: 'USD',
            store_id: 1,
            created_at: '2026-02-01T10:00:00.000Z',
          },
        ],
      });
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return { fetch, asked };
}

let server: ReturnType<typeof customersServer>;
beforeEach(() => {
  server = customersServer([ann, { ...ann, email: 'bob@example.test', name: 'Bob Stone' }]);
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open(path = '/customers') {
  renderPages(['customers'], path, {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
  });
}

const LOAD = { timeout: 10_000 };

describe('customers (/customers)', () => {
  it('lists buyers with what they spent, sorts in the address, exports the same filter', async () => {
    const user = userEvent.setup();
    open('/customers?q=a');
    await screen.findByRole('button', { name: 'Ann Lee' }, LOAD);
    expect(server.asked.at(-1)?.get('q')).toBe('a');
    const row = screen.getByRole('button', { name: 'Ann Lee' }).closest('tr');
    expect(row?.textContent).toContain('$35');
    expect(screen.getByTestId('export-customers').getAttribute('href')).toBe(
      '/seller/customers/export.csv?q=a&order_by=last_order_at%3Adesc',
    );
    await user.selectOptions(screen.getByLabelText('Order'), 'total_spent:desc');
    await waitFor(() => expect(server.asked.at(-1)?.get('order_by')).toBe('total_spent:desc'));
  });

  it('opens a buyer with their orders in a drawer', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Ann Lee' }, LOAD));
    const detail = await screen.findByTestId('customer-detail', {}, LOAD);
    expect(within(detail).getByRole('link', { name: 'PL100011' }).getAttribute('href')).toBe(
      '/orders/detail/11',
    );
  });

  it('tells an empty search from an empty account', async () => {
    open('/customers?q=zzz');
    expect((await screen.findByTestId('list-empty', {}, LOAD)).textContent).toContain(
      'No customers match',
    );
  });
});
