// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

const TEE = {
  template_id: 1,
  template_name: 'Classic T-shirt',
  currency: 'USD',
  variants: [
    { sku: 'TEE-BLK-S', size: 'S', color: 'Black', color_hex: '#000000', base_cost: 850 },
    { sku: 'TEE-BLK-XL', size: 'XL', color: 'Black', color_hex: '#000000', base_cost: 1050 },
  ],
  shipping: [
    { scope: 'US', first_item: 475, additional_item: 200 },
    { scope: '150', first_item: 899, additional_item: 300 },
    { scope: '*', first_item: 1199, additional_item: 400 },
  ],
};
const MUG = { ...TEE, template_id: 2, template_name: 'Mug', variants: [], shipping: [] };

const searches: string[] = [];
beforeEach(() => {
  searches.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const q = url.searchParams.get('q') ?? '';
    searches.push(q);
    const rows = [TEE, MUG].filter(
      (t) =>
        t.template_name.toLowerCase().includes(q.toLowerCase()) ||
        t.variants.some((v) => v.sku.includes(q)),
    );
    return new Response(JSON.stringify({ success: true, data: rows }), {
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
  renderPages(['stock_base_costs'], '/product/stock-base-cost', {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
  });
}

describe('Stock Base Costs (/product/stock-base-cost)', () => {
  it('shows base cost per variant and shipping per region, and searches by SKU', async () => {
    const user = userEvent.setup();
    open();
    const tee = await screen.findByRole('region', { name: 'Classic T-shirt' }, { timeout: 10_000 });
    expect(within(tee).getByText('TEE-BLK-XL').closest('tr')?.textContent).toBe(
      'TEE-BLK-XLBlackXL$10.50',
    );
    expect(within(tee).getByText('Europe').closest('tr')?.textContent).toBe('Europe$8.99$3');
    expect(within(tee).getByText('Rest of the world')).toBeTruthy();
    expect(within(tee).getByText('United States')).toBeTruthy();

    await user.type(screen.getByLabelText('Search by product or SKU'), 'TEE-BLK-S');
    await screen.findByText('TEE-BLK-S');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches).toContain('TEE-BLK-S');
    expect(screen.queryByRole('region', { name: 'Mug' })).toBeNull();
  });
});
