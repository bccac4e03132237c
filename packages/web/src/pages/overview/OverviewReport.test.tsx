// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

const figures = (sales: number, orders: number, visits: number) => ({
  sales,
  orders,
  items: orders * 2,
  profit: Math.round(sales * 0.3),
  visits,
  conversion_rate: visits ? orders / visits : null,
  average_order_value: orders ? Math.round(sales / orders) : null,
});

/** `/seller/overview` and `/seller/stores`, answered as the server does. */
function overviewServer() {
  const asked: URLSearchParams[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const ok = (data: unknown) =>
      new Response(JSON.stringify({ success: true, data }), {
        headers: { 'content-type': 'application/json' },
      });
    if (url.pathname === '/seller/stores') return ok([]);
    if (url.pathname === '/seller/overview') {
      asked.push(url.searchParams);
      const week = url.searchParams.get('time') === 'last_7_days';
      return ok({
        currency: 'USD',
        utc_offset: -8,
        granularity: 'day',
        range: {
          from: '2026-10-28T08:00:00.000Z',
          to: '2026-11-27T07:59:59.999Z',
          from_date: week ? '2026-11-20' : '2026-10-28',
          to_date: '2026-11-26',
        },
        previous_range: {
          from: '2026-09-28T08:00:00.000Z',
          to: '2026-10-28T07:59:59.999Z',
          from_date: week ? '2026-11-13' : '2026-09-28',
          to_date: week ? '2026-11-19' : '2026-10-27',
        },
        current: week ? figures(50_000, 4, 100) : figures(123_456, 10, 400),
        previous: week ? figures(0, 0, 0) : figures(100_000, 8, 500),
        series: [
          { bucket: '2026-11-25', sales: 3000, orders: 1 },
          { bucket: '2026-11-26', sales: 0, orders: 0 },
        ],
        top_campaigns: [{ campaign_id: 4, name: 'Moon Tee', orders: 7, items: 9, sales: 80_000 }],
        top_stores: [],
        top_countries: [{ country: 'DE', orders: 3, sales: 40_000 }],
      });
    }
    return new Response(JSON.stringify({ success: false, message: 'Not found.' }), { status: 404 });
  };
  return { fetch, asked };
}

let server: ReturnType<typeof overviewServer>;
beforeEach(() => {
  server = overviewServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open(path = '/') {
  return renderPages(['overview'], path, {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
    utc_offset: -8,
  });
}

describe('Overview (/)', () => {
  it('shows the figures in money and percent with their change against the period before', async () => {
    open();
    const cards = await screen.findByTestId('overview-figures', {}, { timeout: 10_000 });
    expect(within(cards).getByTestId('figure-sales').textContent).toBe('$1,234.56');
    expect(within(cards).getByTestId('figure-orders').textContent).toBe('10');
    expect(within(cards).getByTestId('figure-conversion_rate').textContent).toBe('2.5%');
    expect(within(cards).getByTestId('figure-average_order_value').textContent).toBe('$123.46');
    const sales = within(cards).getByRole('region', { name: 'Sales' });
    expect(sales.textContent).toContain('+23.5% vs previous period');
    const visits = within(cards).getByRole('region', { name: 'Store visits' });
    expect(visits.textContent).toContain('-20% vs previous period');
    expect(server.asked[0]?.get('time')).toBe('last_30_days');
    expect(screen.getByText('Moon Tee')).toBeTruthy();
    expect(screen.getByText('Germany')).toBeTruthy();
    expect(screen.getByTestId('overview-range').textContent).toContain('2026-10-28 – 2026-11-26');
    expect(within(screen.getByTestId('overview-series')).getAllByRole('row')).toHaveLength(2);
  });

  it('keeps the range in the address and says when there is nothing to compare', async () => {
    const user = userEvent.setup();
    const router = open();
    await screen.findByTestId('overview-figures', {}, { timeout: 10_000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time range' }), 'last_7_days');
    await waitFor(() => expect(screen.getByTestId('figure-sales').textContent).toBe('$500.00'));
    expect(screen.getByTestId('overview-range').textContent).toContain('2026-11-20 – 2026-11-26');
    expect(router.state.location.search).toBe('?time=last_7_days');
    expect(server.asked.at(-1)?.get('time')).toBe('last_7_days');
    const sales = within(screen.getByTestId('overview-figures')).getByRole('region', {
      name: 'Sales',
    });
    expect(sales.textContent).toContain('No earlier figure to compare');
  });
});
