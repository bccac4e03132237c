// @vitest-environment happy-dom
import type { PageId, UserInput } from '@printloom/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

interface StoredOrder {
  id: number;
  order_number: string;
  status: string;
  inProduction?: boolean;
}

const ADDRESS = {
  name: 'Ada Buyer',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
};

/** The order routes answered from memory, as the server answers them. */
function ordersServer(initial: StoredOrder[]) {
  const orders = [...initial];
  const requests: Array<{ method: string; path: string; search: URLSearchParams; body: unknown }> =
    [];
  let address = { ...ADDRESS };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const ok = (data: unknown) => json(200, { success: true, data });
  const summary = (o: StoredOrder) => ({
    id: o.id,
    order_number: o.order_number,
    store_id: null,
    store_name: null,
    type: 'regular',
    status: o.status,
    payment_status: o.status === 'cancelled' ? 'refunded' : 'paid',
    fulfillment_status: o.status === 'on_hold' ? 'on_hold' : 'unfulfilled',
    email: 'ada@example.test',
    customer_name: 'Ada Buyer',
    currency: 'USD',
    total: 2599,
    items_count: 1,
    tracking_numbers: [],
    created_at: '2026-11-20T10:00:00.000Z',
  });
  const detail = (o: StoredOrder) => ({
    ...summary(o),
    shipping_address: address,
    address_invalid: false,
    address_editable: !o.inProduction && o.status !== 'cancelled',
    subtotal: 1999,
    shipping: 600,
    discount: 0,
    tip: 0,
    processing_fee: 0,
    coupon_code: null,
    payment_gateway: 'test',
    paid_at: '2026-11-20T10:00:00.000Z',
    items: [
      {
        id: 11,
        campaign_id: 1,
        product_id: 2,
        name: 'Cat Tee',
        color: 'Black',
        size: 'M',
        quantity: 1,
        price: 1999,
        base_cost: 900,
        status: 'pending',
        mockup_url: null,
        print_files: [{ print_space: 'front', file_url: '/files/front.png' }],
      },
    ],
    timeline: [
      {
        id: 1,
        kind: 'created',
        detail: {},
        actor: { kind: 'buyer', id: null, name: null },
        created_at: '2026-11-20T10:00:00.000Z',
      },
    ],
    shipments: [],
    allowed_actions:
      o.status === 'on_hold' ? ['resume', 'cancel'] : o.inProduction ? [] : ['hold', 'cancel'],
  });
  const act = (action: string, o: StoredOrder) => {
    if (o.inProduction) return { ok: false, message: 'Production has started.' };
    if (action === 'hold' && o.status === 'processing') o.status = 'on_hold';
    else if (action === 'resume' && o.status === 'on_hold') o.status = 'processing';
    else if (action === 'cancel') o.status = 'cancelled';
    else return { ok: false, message: `An order that is ${o.status} cannot take "${action}".` };
    return { ok: true, status: o.status };
  };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, search: url.searchParams, body });
    if (url.pathname === '/seller/orders' && method === 'GET') {
      const status = url.searchParams.get('status');
      const rows = orders.filter((o) => !status || o.status === status);
      return ok({
        data: rows.map(summary),
        current_page: 1,
        last_page: 1,
        per_page: 20,
        total: rows.length,
        total_is_capped: false,
        from: rows.length ? 1 : null,
        to: rows.length || null,
      });
    }
    if (url.pathname === '/seller/orders/bulk-action' && method === 'POST') {
      const results = (body.ids as number[]).map((id) => {
        const o = orders.find((x) => x.id === id);
        return o ? { id, ...act(body.action, o) } : { id, ok: false, message: 'Not found.' };
      });
      return ok({ results });
    }
    const one = url.pathname.match(/^\/seller\/orders\/(\d+)(?:\/(\w+))?$/);
    const o = one ? orders.find((x) => x.id === Number(one[1])) : undefined;
    if (one && o) {
      if (!one[2]) return ok(detail(o));
      if (one[2] === 'address') {
        if (body.postcode === 'ABC') {
          return json(422, {
            success: false,
            message: 'Postcode does not look like a US one',
            errors: { postcode: ['Postcode does not look like a US one'] },
          });
        }
        address = body;
        return ok(detail(o));
      }
      if (one[2] === 'status') {
        const action = { on_hold: 'hold', processing: 'resume', cancelled: 'cancel' }[
          body.status as string
        ];
        const result = act(action ?? body.status, o);
        if (!result.ok) return json(409, { success: false, message: result.message });
        return ok(detail(o));
      }
    }
    if (url.pathname === '/seller/stores') return ok([]);
    return json(404, { success: false, message: 'Not found.' });
  };
  return {
    fetch,
    orders,
    requests,
    listRequests: () => requests.filter((r) => r.path === '/seller/orders' && r.method === 'GET'),
  };
}

const seller = {
  id: 7,
  name: 'Seller',
  email: 'seller@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
};

let server: ReturnType<typeof ordersServer>;
beforeEach(() => {
  server = ordersServer([
    { id: 1, order_number: 'PL100001', status: 'processing' },
    { id: 2, order_number: 'PL100002', status: 'processing', inProduction: true },
    { id: 3, order_number: 'PL100003', status: 'on_hold' },
  ]);
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open(path: string, pageIds: readonly PageId[] = ['all_orders', 'order_detail']) {
  renderPages(pageIds, path, seller as UserInput);
}

const LOAD = { timeout: 10_000 };
const rowOf = (name: string) => {
  const row = screen.getByRole('link', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('orders list (/orders)', () => {
  it('reads its filters from the address, asks the API for them, and links the CSV export', async () => {
    open('/orders?status=processing&payment_status=paid&order_by=total:desc&bogus=1');
    await screen.findByRole('link', { name: 'PL100001' }, LOAD);
    const asked = server.listRequests().at(-1)?.search;
    expect(asked?.get('status')).toBe('processing');
    expect(asked?.get('payment_status')).toBe('paid');
    expect(asked?.get('order_by')).toBe('total:desc');
    const href = screen.getByTestId('export-csv').getAttribute('href') ?? '';
    expect(href).toContain('/seller/orders/export.csv?');
    expect(href).toContain('status=processing');
    expect(href).not.toContain('page=');
  });

  it('holds selected orders after confirmation, reporting the one it could not hold', async () => {
    const user = userEvent.setup();
    open('/orders');
    await screen.findByRole('link', { name: 'PL100001' }, LOAD);
    await user.click(screen.getByRole('checkbox', { name: 'Select order PL100001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order PL100002' }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    await user.click(within(bar).getByRole('button', { name: 'Hold' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hold' }),
    );
    const results = await screen.findByTestId('action-results');
    expect(results.textContent).toContain('Hold: 1 of 2 done');
    expect(results.textContent).toContain('PL100002: Production has started.');
    await waitFor(() =>
      expect(within(rowOf('PL100001')).getByTestId('order-status').textContent).toBe('On hold'),
    );
  });

  it('tells a filtered empty list from an empty account', async () => {
    open('/orders?status=archived');
    expect((await screen.findByTestId('list-empty', {}, LOAD)).textContent).toContain(
      'No orders match these filters.',
    );
  });
});

describe('order detail (/orders/detail/:id)', () => {
  it('offers only the allowed actions and resumes a held order', async () => {
    const user = userEvent.setup();
    open('/orders/detail/3');
    await screen.findByTestId('order-title', {}, LOAD);
    expect(screen.queryByTestId('action-hold')).toBeNull();
    await user.click(screen.getByTestId('action-resume'));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Resume' }),
    );
    await waitFor(() => expect(screen.getByTestId('detail-status').textContent).toBe('Processing'));
  });

  it('edits the address, showing the server refusal on its field', async () => {
    const user = userEvent.setup();
    open('/orders/detail/1');
    await user.click(await screen.findByRole('button', { name: 'Edit address' }, LOAD));
    const postcode = screen.getByLabelText('Postcode');
    await user.clear(postcode);
    await user.type(postcode, 'ABC');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Postcode does not look like a US one')).toBeTruthy();
    await user.clear(postcode);
    await user.type(postcode, '62702');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(screen.getByTestId('shipping-address').textContent).toContain('62702'),
    );
  });

  it('keeps the address read-only once production started', async () => {
    open('/orders/detail/2');
    await screen.findByTestId('order-title', {}, LOAD);
    expect(screen.queryByRole('button', { name: 'Edit address' })).toBeNull();
    expect(screen.getByText(/can no longer change/)).toBeTruthy();
  });
});
