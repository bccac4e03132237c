// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

const POINT = {
  campaign_id: 1,
  campaign_name: 'Cat tee',
  price: 2499,
  orders: 3,
  units: 4,
  revenue: 9996,
  first_sold_at: '2026-11-20T10:00:00.000Z',
  last_sold_at: '2026-11-26T22:00:00.000Z',
  visits: 40,
  checkouts: 6,
  conversion: 0.075,
};

const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://dashboard.test');
    asked.push(url.searchParams.get('time') ?? '');
    const data = url.searchParams.get('time') === 'today' ? [] : [POINT];
    return new Response(JSON.stringify({ success: true, data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open() {
  renderPages(['pricing_analytics'], '/pricing/analytics', {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
    tags: ['pricing'],
    utc_offset: 7,
  });
}

describe('Pricing Analytics (/pricing/analytics)', () => {
  it('shows orders and conversion per price point, and asks again for another period', async () => {
    const user = userEvent.setup();
    open();
    const rows = await screen.findByTestId('price-point-rows', {}, { timeout: 10_000 });
    const row = await within(rows).findByText('Cat tee');
    expect(row.closest('tr')?.textContent).toBe(
      'Cat tee$24.9934$99.96407.5%2026-11-20 – 2026-11-27',
    );
    expect(asked).toContain('last_30_days');
    await user.selectOptions(screen.getByLabelText('Period'), 'today');
    await waitFor(() => expect(screen.getByTestId('list-empty')).toBeTruthy());
  });
});
