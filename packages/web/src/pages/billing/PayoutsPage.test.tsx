// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

const tx = (id: number, type: string, amount: number, status = 'completed') => ({
  id,
  type,
  status,
  account: 'default',
  amount,
  currency: 'USD',
  description: `${type} ${id}`,
  order_id: null,
  order_number: type === 'sale' ? `PL10000${id}` : null,
  payout_id: null,
  available_at: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
});

/** The billing routes, answered from memory as the server answers them. */
function billingServer() {
  const lists: URLSearchParams[] = [];
  const payoutPosts: unknown[] = [];
  const rows = [
    tx(1, 'sale', 3_060, 'pending'),
    tx(2, 'admin', 2_000),
    tx(3, 'payout', -1_500),
    { ...tx(4, 'sale', 2_500, 'on hold'), hold_reason: 'Buyer opened a dispute' },
  ];
  const page = (data: unknown[]) => ({
    data,
    total: data.length,
    per_page: 10,
    current_page: 1,
    last_page: 1,
    from: data.length ? 1 : null,
    to: data.length || null,
  });
  const ok = (data: unknown) =>
    new Response(JSON.stringify({ success: true, data }), {
      headers: { 'content-type': 'application/json' },
    });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/seller/balance') {
      return ok({
        user_info: { sms_credit: 12, balance: 5, balance_2: 0 },
        balances: [],
        available: 500,
        pending: 3_060,
        on_hold: 2_500,
        accounts: [],
      });
    }
    if (url.pathname === '/seller/transactions') {
      lists.push(url.searchParams);
      const type = url.searchParams.get('type');
      return ok(page(rows.filter((r) => !type || r.type === type)));
    }
    if (url.pathname === '/seller/payment-accounts') {
      return ok([
        {
          id: 4,
          method: 'payoneer',
          status: 'valid',
          details: { email: 's•••@example.test' },
          label: 'Payoneer · s•••@example.test',
          created_at: '2026-11-01T00:00:00.000Z',
          updated_at: '2026-11-01T00:00:00.000Z',
        },
      ]);
    }
    if (url.pathname === '/seller/payouts' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { amount: number };
      payoutPosts.push(body);
      if (body.amount > 500) {
        return new Response(
          JSON.stringify({
            success: false,
            message: 'The amount is more than your available balance.',
            errors: { amount: ['The amount is more than your available balance.'] },
          }),
          { status: 422, headers: { 'content-type': 'application/json' } },
        );
      }
    }
    if (url.pathname === '/seller/payouts') return ok(page([]));
    return new Response(JSON.stringify({ success: false, message: 'Not found.' }), { status: 404 });
  };
  return { fetch, lists, payoutPosts };
}

let server: ReturnType<typeof billingServer>;
beforeEach(() => {
  server = billingServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open(path = '/payouts') {
  return renderPages(['payouts'], path, {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
  });
}

describe('Billing & Payouts (/payouts)', () => {
  it('shows the three balances and the ledger, filtered through the address', async () => {
    const user = userEvent.setup();
    const router = open();
    await waitFor(() => expect(screen.getByTestId('balance-available').textContent).toBe('$5'), {
      timeout: 10_000,
    });
    expect(screen.getByTestId('balance-pending').textContent).toBe('$30.60');
    // Money the operator holds: its amount, and on its row the status and why.
    expect(screen.getByTestId('balance-on_hold').textContent).toBe('$25');
    const rows = await screen.findAllByTestId('transaction-row');
    expect(rows).toHaveLength(4);
    const held = rows.find((row) => row.textContent?.includes('sale 4'));
    expect(held?.textContent).toContain('On hold: Buyer opened a dispute');
    expect(within(held as HTMLElement).getAllByText(/^On hold/)).toHaveLength(2);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'payout');
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(1));
    expect(screen.getByText('payout 3')).toBeTruthy();
    expect(router.state.location.search).toBe('?type=payout');
    expect(server.lists.at(-1)?.get('type')).toBe('payout');
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toContain('/seller/transactions/export.csv?type=payout');
  });

  it('checks a payout request, then shows the server’s refusal on the amount', async () => {
    const user = userEvent.setup();
    open();
    const form = within(
      (await screen.findByRole('heading', { name: 'Request a payout' }, { timeout: 10_000 }))
        .parentElement as HTMLElement,
    );
    await form.findByRole('option', { name: 'Payoneer · s•••@example.test' });
    await user.type(form.getByLabelText('Amount (USD)'), '5');
    await user.selectOptions(form.getByLabelText('Pay to'), '4');
    await user.click(form.getByRole('button', { name: 'Request payout' }));
    await form.findByText('The smallest payout is 10 USD.');
    expect(server.payoutPosts).toEqual([]);
    await user.clear(form.getByLabelText('Amount (USD)'));
    await user.type(form.getByLabelText('Amount (USD)'), '12.50');
    await user.click(form.getByRole('button', { name: 'Request payout' }));
    await form.findByText('The amount is more than your available balance.');
    expect(server.payoutPosts).toEqual([{ amount: 1_250, payment_account_id: 4 }]);
  });
});
