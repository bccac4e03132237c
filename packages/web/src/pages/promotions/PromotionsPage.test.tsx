// @vitest-environment happy-dom
import type { Promotion } from '@printloom/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

const store = {
  id: 4,
  name: 'Cat Shop',
  slug: 'cat-shop',
  base_url: 'https://cat-shop.preview.printloom.test',
  title: null,
  logo_bright: null,
  logo_dark: null,
  logo_alt: null,
  favicon: null,
  primary_color: null,
  secondary_color: null,
  background_color: null,
  contact_email: null,
  social_links: {},
  currency: 'USD',
  locale: 'en-US',
  menus: { header: [], footer: [], side_column: [] },
  campaign_count: 0,
  archived_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

const promotion = (over: Partial<Promotion>): Promotion => ({
  id: 1,
  store_id: 4,
  code: 'WELCOME10',
  name: 'Welcome',
  type: 'percent',
  value: 10,
  buy_quantity: null,
  get_quantity: null,
  starts_at: null,
  ends_at: null,
  usage_limit: 100,
  per_buyer_limit: null,
  min_subtotal: null,
  campaign_ids: [],
  collection_ids: [],
  used: 3,
  status: 'running',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

/** The promotion calls answered as the server does (409 for a code the store has). */
function promotionServer(rows: Promotion[]) {
  const posted: Array<Record<string, unknown>> = [];
  const json = (status: number, payload: unknown) =>
    new Response(JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const ok = (data: unknown) => json(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/seller/stores') return ok([store]);
    if (url.pathname === '/seller/collections') return ok([]);
    if (url.pathname === '/seller/campaign') {
      return ok({
        data: [],
        current_page: 1,
        last_page: 1,
        per_page: 20,
        total: 0,
        total_is_capped: false,
        from: null,
        to: null,
      });
    }
    if (url.pathname === '/seller/promotions' && method === 'GET') {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      return ok(rows.filter((r) => r.code.toLowerCase().includes(q)));
    }
    if (url.pathname === '/seller/promotions' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      posted.push(body);
      if (rows.some((r) => r.code.toLowerCase() === String(body.code).toLowerCase())) {
        const message = 'This store already has a promotion with this code.';
        return json(409, { success: false, message, errors: { code: [message] } });
      }
      const created = promotion({ ...(body as Partial<Promotion>), id: rows.length + 1, used: 0 });
      rows.unshift(created);
      return ok(created);
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return { fetch, posted };
}

let server: ReturnType<typeof promotionServer>;
beforeEach(() => {
  server = promotionServer([promotion({})]);
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open() {
  renderPages(['promotions'], '/promotions', {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
    utc_offset: 7,
  });
}

describe('Promotions (/promotions)', () => {
  it('lists promotions with their offer, uses and status', async () => {
    open();
    const rows = await screen.findByTestId('promotion-rows', {}, { timeout: 10_000 });
    await within(rows).findByText('WELCOME10');
    const row = within(rows).getByText('WELCOME10').closest('tr') as HTMLElement;
    expect(within(row).getByText('10% off')).toBeTruthy();
    expect(within(row).getByText('3 / 100')).toBeTruthy();
    expect(within(row).getByText('Running')).toBeTruthy();
    expect(within(row).getByText('Cat Shop')).toBeTruthy();
  });

  it('creates a promotion in minor units and UTC, and shows a taken code on its field', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByText('WELCOME10', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'New promotion' }));
    const form = screen.getByRole('form', { name: 'New promotion' });
    await waitFor(() =>
      expect((within(form).getByLabelText('Store') as HTMLSelectElement).value).toBe('4'),
    );
    await user.type(within(form).getByLabelText('Code'), 'welcome10');
    await user.selectOptions(within(form).getByLabelText('Type'), 'fixed');
    const amount = within(form).getByLabelText('Amount off');
    await user.clear(amount);
    await user.type(amount, '5.50');
    await user.type(within(form).getByLabelText('Minimum subtotal'), '30');
    await user.click(within(form).getByRole('button', { name: 'Create promotion' }));
    expect(
      await within(form).findByText('This store already has a promotion with this code.'),
    ).toBeTruthy();
    expect(server.posted[0]).toMatchObject({
      store_id: 4,
      code: 'welcome10',
      type: 'fixed',
      value: 550,
      min_subtotal: 3000,
      starts_at: null,
    });

    const code = within(form).getByLabelText('Code');
    await user.clear(code);
    await user.type(code, 'SAVE5');
    await user.click(within(form).getByRole('button', { name: 'Create promotion' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New promotion' })).toBeNull());
    expect(await screen.findByText('SAVE5')).toBeTruthy();
    expect(screen.getByText('$5.50 off')).toBeTruthy();
  });

  it('shows a rule of the API on its field before any call', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByText('WELCOME10', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'New promotion' }));
    const form = screen.getByRole('form', { name: 'New promotion' });
    await user.type(within(form).getByLabelText('Code'), 'BIG');
    const percent = within(form).getByLabelText('Percent off');
    await user.clear(percent);
    await user.type(percent, '150');
    await user.click(within(form).getByRole('button', { name: 'Create promotion' }));
    expect(
      await within(form).findByText('A percent is a whole number from 1 to 100.'),
    ).toBeTruthy();
    expect(server.posted).toHaveLength(0);
  });

  it('tells an empty account from a search with no match', async () => {
    server = promotionServer([]);
    vi.stubGlobal('fetch', server.fetch);
    open();
    expect(
      (await screen.findByTestId('list-empty', {}, { timeout: 10_000 })).textContent,
    ).toContain('No promotions yet.');
  });
});
