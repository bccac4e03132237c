// @vitest-environment happy-dom
import { pageById, User } from '@printloom/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../api/hooks/useAuth.js';
import { queryClient } from '../../api/queryClient.js';
import { pageRoute } from '../../routes/routes.js';

/** The campaign list, bulk origin and regular job routes answered from memory. */
function bulkServer() {
  const requests: Array<{ method: string; path: string; search: URLSearchParams; body: unknown }> =
    [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const ok = (data: unknown) => json(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, search: url.searchParams, body });
    if (url.pathname === '/seller/campaign' && method === 'GET') {
      const rows =
        url.searchParams.get('product_type') === 'campaign_template'
          ? [{ id: 5, name: 'Cat starter', status: 'draft', product_type: 'campaign_template' }]
          : [{ id: 6, name: 'Plain campaign', status: 'draft' }];
      return ok({
        data: rows,
        current_page: 1,
        last_page: 1,
        per_page: 8,
        total: rows.length,
        total_is_capped: false,
        from: 1,
        to: rows.length,
      });
    }
    if (url.pathname === '/seller/campaign/bulk-v3/origin/5') {
      return ok({
        id: 5,
        name: 'Cat starter',
        products: [
          {
            id: 50,
            template_id: 1,
            name: 'Classic T-shirt',
            print_spaces: [{ name: 'front', width: 4200, height: 4800 }],
            designs: [{ print_space: 'front', file_url: '/files/front.png' }],
          },
        ],
      });
    }
    if (url.pathname === '/seller/campaign/bulk/jobs' && method === 'POST') {
      return ok({ ids: body.rows.map((_: unknown, i: number) => 900 + i) });
    }
    if (url.pathname === '/seller/campaign/bulk/jobs' && method === 'GET') {
      return ok({
        data: [],
        current_page: 1,
        last_page: 1,
        per_page: 15,
        total: 0,
        total_is_capped: false,
        from: null,
        to: null,
      });
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return { fetch, requests };
}

const seller = {
  id: 7,
  name: 'Seller',
  email: 'seller@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
};

let server: ReturnType<typeof bulkServer>;
let router: ReturnType<typeof createMemoryRouter>;
beforeEach(() => {
  server = bulkServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function Loading() {
  return <p>Loading</p>;
}

function JobList() {
  return <p>Bulk job list</p>;
}

function open(path: string) {
  queryClient.setQueryData(meQuery.queryKey, User.parse(seller));
  router = createMemoryRouter(
    [
      {
        element: <Outlet />,
        HydrateFallback: Loading,
        children: [
          pageRoute(pageById('campaign_template_bulk')),
          { path: '/bulk-campaigns', element: <JobList /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const LOAD = { timeout: 10_000 };

describe('template bulk (/campaigns/template/bulk/{id?})', () => {
  it('offers only templates to start from', async () => {
    open('/campaigns/template/bulk');
    const pick = await screen.findByRole('button', { name: /Cat starter/ }, LOAD);
    expect(screen.getByRole('searchbox', { name: 'Search your templates' })).toBeTruthy();
    expect(screen.queryByText('Plain campaign')).toBeNull();
    await userEvent.click(pick);
    await screen.findByTestId('template-products', undefined, LOAD);
    expect(router.state.location.pathname).toBe('/campaigns/template/bulk/5');
  });

  it('creates one regular bulk job per artwork from the preselected template', async () => {
    open('/campaigns/template/bulk/5');
    expect((await screen.findByTestId('template-products', undefined, LOAD)).textContent).toContain(
      'front',
    );
    const csv = new File(
      [
        'campaign_name,new_url\nCat one,https://cdn.example.test/one.png\nCat two,https://cdn.example.test/two.png\n',
      ],
      'cats.csv',
      { type: 'text/csv' },
    );
    await userEvent.upload(screen.getByTestId('csv-input'), csv);
    expect((await screen.findByTestId('check-summary', undefined, LOAD)).textContent).toContain(
      '2 valid rows will be created',
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Upload artwork and create job (2 rows)' }),
    );
    await screen.findByText('Bulk job list', undefined, LOAD);
    const created = server.requests.find(
      (r) => r.path === '/seller/campaign/bulk/jobs' && r.method === 'POST',
    );
    expect(created?.body).toMatchObject({
      template_campaign_id: 5,
      rows: [{ campaign_name: 'Cat one' }, { campaign_name: 'Cat two' }],
    });
  });
});
