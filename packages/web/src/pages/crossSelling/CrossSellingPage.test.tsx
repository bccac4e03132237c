// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { jsonAnswer, renderPages, storeView } from '../../test/pageHarness.js';

const STORE = storeView({ id: 3, name: 'Tee Shop' });

const SOLD = {
  order_id: 41,
  order_number: 'PL1041',
  paid_at: '2026-11-20T23:30:00Z',
  store_name: 'Tee Shop',
  campaign_id: 9,
  campaign_name: 'Cat Tee',
  partner_name: 'Alice',
  items: 2,
  revenue: 6000,
  commission_percent: 15,
  commission: 900,
  owner_amount: 3060,
  refunded: false,
};

/** The cross-selling routes answered from memory as the server answers them. */
function crossServer() {
  const salesQueries: URLSearchParams[] = [];
  const requests: Array<{ method: string; path: string }> = [];
  const listed = new Set<number>();
  const ok = (data: unknown) => jsonAnswer(200, { success: true, data });
  const page = (rows: unknown[], extra: object = {}) => ({
    data: rows,
    total: rows.length,
    per_page: 25,
    current_page: 1,
    last_page: 1,
    from: rows.length ? 1 : null,
    to: rows.length || null,
    ...extra,
  });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    requests.push({ method, path: url.pathname });
    if (url.pathname === '/seller/stores') return ok([STORE]);
    if (url.pathname === '/seller/cross-selling/sales') {
      salesQueries.push(url.searchParams);
      const owner = url.searchParams.get('side') === 'owner';
      const rows = owner ? [] : [SOLD];
      return ok(
        page(rows, {
          totals: owner
            ? { orders: 0, items: 0, revenue: 0, commission: 0, owner_amount: 0 }
            : { orders: 1, items: 2, revenue: 6000, commission: 900, owner_amount: 3060 },
        }),
      );
    }
    if (url.pathname === '/seller/cross-selling/campaigns') {
      return ok(
        page([
          {
            id: 9,
            name: 'Cat Tee',
            thumb_url: null,
            owner_name: 'Alice',
            commission_percent: 15,
            price: 3000,
            store_ids: [...listed],
          },
        ]),
      );
    }
    const cross = /^\/seller\/stores\/(\d+)\/cross-selling\/(\d+)$/.exec(url.pathname);
    if (cross) {
      if (method === 'PUT') {
        listed.add(Number(cross[1]));
        return ok({ store_id: Number(cross[1]), campaign_id: 9, commission_percent: 15 });
      }
      listed.delete(Number(cross[1]));
      return ok(null);
    }
    return jsonAnswer(404, { success: false, message: 'Not found.' });
  };
  return { fetch, salesQueries, requests };
}

let server: ReturnType<typeof crossServer>;
beforeEach(() => {
  server = crossServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const SELLER = {
  id: 7,
  name: 'Bob',
  email: 'bob@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
  utc_offset: 7,
};
const LOAD_TIMEOUT = { timeout: 10_000 };

describe('Cross-Selling page (/referral-sales)', () => {
  it('shows the sales of my stores with their totals, then my campaigns sold by others', async () => {
    const user = userEvent.setup();
    renderPages(['cross_selling'], '/referral-sales', SELLER);
    const row = await screen.findByTestId('cross-sale-row', {}, LOAD_TIMEOUT);
    expect(row.textContent).toContain('PL1041');
    expect(row.textContent).toContain('Cat Tee');
    expect(row.textContent).toContain('Alice');
    expect(row.textContent).toContain('$60$9 (15%)$30.60');
    // Paid 2026-11-20 23:30 UTC is the 21st on the seller's UTC+7 days.
    expect(row.textContent).toMatch(/21/);
    expect(screen.getByTestId('cross-totals').textContent).toBe(
      '1 order · 2 items · sales $60 · commission earned $9',
    );
    expect(screen.getByRole('columnheader', { name: 'Campaign owner' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'My campaigns sold by others' }));
    expect(await screen.findByTestId('list-empty')).toBeTruthy();
    expect(screen.getByTestId('list-empty').textContent).toContain(
      'No other store has sold your campaigns',
    );
    expect(server.salesQueries.at(-1)?.get('side')).toBe('owner');
    expect(screen.getByRole('columnheader', { name: 'Sold by' })).toBeTruthy();
    // The marketplace belongs to the selling side only.
    expect(screen.queryByText('Campaigns open for cross-selling')).toBeNull();
  });

  it('sends the period to the server', async () => {
    const user = userEvent.setup();
    renderPages(['cross_selling'], '/referral-sales', SELLER);
    await screen.findByTestId('cross-sale-row', {}, LOAD_TIMEOUT);
    await user.selectOptions(screen.getByLabelText('Time range'), 'last_7_days');
    await waitFor(
      () => expect(server.salesQueries.at(-1)?.get('time')).toBe('last_7_days'),
      LOAD_TIMEOUT,
    );
  });

  it('lists an open campaign in one of my stores and takes it out again', async () => {
    const user = userEvent.setup();
    renderPages(['cross_selling'], '/referral-sales', SELLER);
    const offer = await screen.findByTestId('market-row', {}, LOAD_TIMEOUT);
    expect(offer.textContent).toContain('by Alice · from $30 · you earn 15%');
    const box = await within(offer).findByLabelText('Sell in Tee Shop');
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await waitFor(() =>
      expect(
        (
          within(screen.getByTestId('market-row')).getByLabelText(
            'Sell in Tee Shop',
          ) as HTMLInputElement
        ).checked,
      ).toBe(true),
    );
    expect(server.requests).toContainEqual({
      method: 'PUT',
      path: '/seller/stores/3/cross-selling/9',
    });
    await user.click(within(screen.getByTestId('market-row')).getByLabelText('Sell in Tee Shop'));
    await waitFor(() =>
      expect(server.requests).toContainEqual({
        method: 'DELETE',
        path: '/seller/stores/3/cross-selling/9',
      }),
    );
  });

  it('keeps the store picker read-only for a member who may not change campaigns', async () => {
    renderPages(['cross_selling'], '/referral-sales', {
      ...SELLER,
      roles: ['staff'],
      permissions: ['get_orders', 'get_campaigns'],
    });
    const offer = await screen.findByTestId('market-row', {}, LOAD_TIMEOUT);
    const box = (await within(offer).findByLabelText('Sell in Tee Shop')) as HTMLInputElement;
    // The picker's fieldset is disabled, which disables every box in it.
    expect(box.closest('fieldset')?.disabled).toBe(true);
  });
});
