// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

interface Product {
  campaign_id: number;
  campaign_name: string;
  product_id: number;
  product_name: string;
  base_cost: number;
  price: number;
}

/** The campaign list and pricing routes answered from memory, as the server answers them. */
function pricingServer() {
  const products: Product[] = [
    {
      campaign_id: 1,
      campaign_name: 'Cat tee',
      product_id: 11,
      product_name: 'T-shirt',
      base_cost: 900,
      price: 2000,
    },
    {
      campaign_id: 2,
      campaign_name: 'Dog mug',
      product_id: 21,
      product_name: 'Mug',
      base_cost: 600,
      price: 1500,
    },
  ];
  const calls: Array<Record<string, unknown>> = [];
  const changes: unknown[] = [];
  const json = (status: number, payload: unknown) =>
    new Response(JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const ok = (data: unknown) => json(200, { success: true, data });
  const page = (data: unknown[]) => ({
    data,
    current_page: 1,
    last_page: 1,
    per_page: 20,
    total: data.length,
    from: data.length ? 1 : null,
    to: data.length || null,
  });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    if (url.pathname === '/seller/campaign') {
      return ok({
        ...page(
          products.map((p) => ({
            id: p.campaign_id,
            name: p.campaign_name,
            slug: null,
            status: 'active',
            created_at: '2026-11-20T10:00:00.000Z',
          })),
        ),
        total_is_capped: false,
      });
    }
    if (url.pathname === '/seller/pricing/changes') return ok(page(changes));
    if (url.pathname === '/seller/pricing/bulk-update') {
      const body = JSON.parse(String(init?.body)) as {
        campaign_ids: number[];
        mode: string;
        value: number;
        unit?: string;
        preview?: boolean;
        prices?: Array<{ product_id: number; variant?: string; price: number }>;
      };
      calls.push(body);
      if (body.mode === 'custom_price') {
        // Product rows carry their sizes; a size named with a price is a row of its own.
        const rows = products
          .filter((p) => body.campaign_ids.includes(p.campaign_id))
          .flatMap((p) => {
            const own = (body.prices ?? []).find(
              (c) => c.product_id === p.product_id && !c.variant,
            );
            const sized = (body.prices ?? []).filter(
              (c) => c.product_id === p.product_id && c.variant,
            );
            return [
              {
                ...p,
                variant: null,
                sizes: ['M', 'XL'],
                before: p.price,
                after: own?.price ?? p.price,
                below_base_cost: false,
              },
              ...sized.map((c) => ({
                ...p,
                variant: c.variant ?? null,
                before: p.price,
                after: c.price,
                below_base_cost: c.price < p.base_cost,
              })),
            ];
          });
        return ok({ updated: 0, preview: true, rows });
      }
      const rows = products
        .filter((p) => body.campaign_ids.includes(p.campaign_id))
        .map((p) => {
          const after =
            body.unit === 'percent'
              ? Math.round((p.price * (100 + body.value)) / 100)
              : p.price + body.value;
          return {
            ...p,
            variant: null,
            sizes: ['M', 'XL'],
            before: p.price,
            after,
            below_base_cost: after < p.base_cost,
          };
        });
      if (!body.preview) {
        for (const row of rows) {
          const product = products.find((p) => p.product_id === row.product_id);
          if (product) product.price = row.after;
          changes.unshift({
            id: changes.length + 1,
            batch_id: '00000000-0000-4000-8000-000000000000',
            campaign_id: row.campaign_id,
            campaign_name: row.campaign_name,
            product_id: row.product_id,
            product_name: row.product_name,
            mode: 'adjust_price',
            before: row.before,
            after: row.after,
            actor_name: 'Seller',
            created_at: '2026-11-27T03:00:00.000Z',
          });
        }
      }
      return ok({ updated: body.preview ? 0 : rows.length, preview: Boolean(body.preview), rows });
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return { fetch, calls };
}

let server: ReturnType<typeof pricingServer>;
beforeEach(() => {
  server = pricingServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open() {
  renderPages(['pricing'], '/pricing', {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
    tags: ['pricing'],
  });
}

describe('Pricing (/pricing)', () => {
  it('previews a change across campaigns, applies it and lists it in the history', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByLabelText('Cat tee', {}, { timeout: 10_000 }));
    await user.click(screen.getByLabelText('Dog mug'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const table = await screen.findByTestId('price-preview');
    const after = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(after).toEqual(['Cat teeT-shirt$9$20$22', 'Dog mugMug$6$15$16.50']);
    expect(server.calls[0]).toMatchObject({
      campaign_ids: [1, 2],
      mode: 'adjust_price',
      value: 10,
      unit: 'percent',
      preview: true,
    });

    await user.click(screen.getByRole('button', { name: 'Apply to 2 products' }));
    expect(await screen.findByText('2 prices updated.')).toBeTruthy();
    expect(server.calls[1]).toMatchObject({ preview: false });
    const history = await screen.findByTestId('price-history-rows');
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(2));
  });

  it('marks products that would sell below base cost and will not apply the change', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByLabelText('Cat tee', {}, { timeout: 10_000 }));
    const value = screen.getByLabelText('Change (%)');
    await user.clear(value);
    await user.type(value, '-60');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText(
        '1 product would sell below base cost. Change the value before applying.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Below base cost')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Apply to 1 product' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('checks the value before any call', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByLabelText('Cat tee', {}, { timeout: 10_000 }));
    const value = screen.getByLabelText('Change (%)');
    await user.clear(value);
    await user.type(value, '-100');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('A percent change is from -99 to 1000.')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('gives one size of a product its own price in a custom price change', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByLabelText('Cat tee', {}, { timeout: 10_000 }));
    await user.selectOptions(screen.getByLabelText('Mode'), 'custom_price');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const size = await screen.findByLabelText('Give a size of Cat tee T-shirt its own price');
    await user.selectOptions(size, 'XL');
    await user.type(screen.getByLabelText('New price of Cat tee T-shirt size XL'), '26.50');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(server.calls.at(-1)).toMatchObject({
        mode: 'custom_price',
        prices: [{ product_id: 11, variant: 'XL', price: 2650 }],
      }),
    );
    const table = await screen.findByTestId('price-preview');
    const sized = await waitFor(() => {
      const row = table.querySelector('tr[data-variant="XL"]');
      if (!row) throw new Error('no size row yet');
      return row;
    });
    expect(sized.textContent).toContain('Size XL');
    expect(sized.textContent).toContain('$20');
  });
});
