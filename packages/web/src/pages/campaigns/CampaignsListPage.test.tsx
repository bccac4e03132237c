// @vitest-environment happy-dom
import { pageById, User, type UserInput } from '@printloom/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../api/hooks/useAuth.js';
import { queryClient } from '../../api/queryClient.js';
import { pageRoute } from '../../routes/routes.js';

interface StoredCampaign {
  id: number;
  name: string;
  status: string;
  designed: boolean;
  system_type?: string;
}

/** The campaign list and action routes answered from memory, as the server answers them. */
function campaignsServer(initial: StoredCampaign[]) {
  const campaigns = [...initial];
  const requests: Array<{ method: string; path: string; search: URLSearchParams; body: unknown }> =
    [];
  let failList = false;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const ok = (data: unknown) => json(200, { success: true, data });
  const view = (c: StoredCampaign) => ({
    id: c.id,
    name: c.name,
    slug: null,
    status: c.status,
    ...(c.system_type ? { system_type: c.system_type } : {}),
    created_at: '2026-11-20T10:00:00.000Z',
  });
  const act = (action: string, id: number): { ok: boolean; status?: string; message?: string } => {
    const c = campaigns.find((x) => x.id === id);
    if (!c) return { ok: false, message: 'Campaign not found' };
    if (action === 'launch' && !c.designed)
      return { ok: false, message: `Add a design to Classic T-shirt before launching.` };
    if (action === 'delete') {
      campaigns.splice(campaigns.indexOf(c), 1);
      return { ok: true };
    }
    c.status = action === 'launch' ? 'active' : 'inactive';
    return { ok: true, status: c.status };
  };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, search: url.searchParams, body });
    if (url.pathname === '/seller/campaign' && method === 'GET') {
      if (failList) return json(500, { success: false, message: 'The list is resting.' });
      const status = url.searchParams.get('status');
      const rows = campaigns.filter((c) => !status || c.status === status);
      return ok({
        data: rows.map(view),
        current_page: Number(url.searchParams.get('page') ?? 1),
        last_page: 1,
        per_page: 15,
        total: rows.length,
        total_is_capped: false,
        from: rows.length ? 1 : null,
        to: rows.length || null,
      });
    }
    if (url.pathname === '/seller/campaign/bulk-action' && method === 'POST') {
      const results = (body.ids as number[]).map((id) => ({ id, ...act(body.action, id) }));
      return ok({ results });
    }
    const one = url.pathname.match(/^\/seller\/campaign\/(\d+)(?:\/(\w+))?$/);
    if (one) {
      const id = Number(one[1]);
      const action = method === 'DELETE' ? 'delete' : one[2];
      if (action === 'duplicate') {
        const source = campaigns.find((c) => c.id === id);
        if (!source) return json(404, { success: false, message: 'Campaign not found' });
        const copy = { ...source, id: 100 + id, name: `${source.name} (copy)`, status: 'draft' };
        campaigns.unshift(copy);
        return ok({ ...view(copy), products: [], designs: [] });
      }
      if (action) {
        const result = act(action, id);
        if (!result.ok) return json(422, { success: false, message: result.message });
        return ok(action === 'delete' ? { id } : view(campaigns.find((c) => c.id === id)!));
      }
    }
    if (url.pathname === '/seller/stores') return ok([]);
    if (url.pathname === '/seller/site-config')
      return ok({ preview_domain: 'preview.test', market_place_domain: 'market.test' });
    return json(404, { success: false, message: 'Not found.' });
  };
  return {
    fetch,
    campaigns,
    requests,
    failListing: (fail: boolean) => {
      failList = fail;
    },
    listRequests: () => requests.filter((r) => r.path === '/seller/campaign' && r.method === 'GET'),
  };
}

const seller = {
  id: 7,
  name: 'Seller',
  email: 'seller@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
};

let server: ReturnType<typeof campaignsServer>;
let router: ReturnType<typeof createMemoryRouter>;
beforeEach(() => {
  server = campaignsServer([
    { id: 1, name: 'Summer Tee', status: 'active', designed: true },
    { id: 2, name: 'Winter Mug', status: 'active', designed: true, system_type: 'combo' },
    { id: 3, name: 'Bare Hoodie', status: 'draft', designed: false, system_type: 'aop' },
  ]);
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

function open(path = '/campaigns', user: UserInput = seller) {
  queryClient.setQueryData(meQuery.queryKey, User.parse(user));
  router = createMemoryRouter(
    [
      {
        element: <Outlet />,
        HydrateFallback: Loading,
        children: [pageRoute(pageById('all_campaigns'))],
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
const rowOf = (name: string) => {
  const link = screen.getByRole('link', { name });
  const row = link.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('campaign list (/campaigns)', () => {
  it('reads its query from the address and asks the API for exactly that', async () => {
    open('/campaigns?status=active&order_by=name:asc&page=2&status_bogus=1');
    await screen.findByRole('link', { name: 'Summer Tee' }, LOAD);
    const asked = server.listRequests().at(-1)?.search;
    expect(asked?.get('status')).toBe('active');
    expect(asked?.get('order_by')).toBe('name:asc');
    expect(asked?.get('page')).toBe('2');
    expect(screen.getByRole('columnheader', { name: /Campaign/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('sorts from a header and filters from a select, back on page 1, in the address', async () => {
    const user = userEvent.setup();
    open('/campaigns?page=3');
    await screen.findByRole('link', { name: 'Summer Tee' }, LOAD);
    await user.click(screen.getByRole('button', { name: 'Campaign' }));
    await waitFor(() => expect(router.state.location.search).toBe('?order_by=name%3Aasc'));
    await user.selectOptions(screen.getByLabelText('Status'), 'draft');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=draft&order_by=name%3Aasc'),
    );
    await waitFor(() => expect(server.listRequests().at(-1)?.search.get('status')).toBe('draft'));
  });

  it('deactivates two selected campaigns after confirmation and shows their new status', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('link', { name: 'Summer Tee' }, LOAD);
    await user.click(screen.getByRole('checkbox', { name: 'Select Summer Tee' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Winter Mug' }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(bar).getByTestId('selected-count').textContent).toBe('2 campaigns selected');

    await user.click(within(bar).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Deactivate 2 campaigns?');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    await waitFor(() => expect(within(rowOf('Summer Tee')).getByText('Inactive')).toBeTruthy());
    expect(within(rowOf('Winter Mug')).getByText('Inactive')).toBeTruthy();
    expect(server.requests.find((r) => r.path === '/seller/campaign/bulk-action')?.body).toEqual({
      action: 'deactivate',
      ids: [1, 2],
    });
    expect(screen.getByTestId('action-results').textContent).toContain('Deactivate: 2 of 2 done');
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
  });

  it('reports, row by row, the campaigns a bulk launch left as they were', async () => {
    const user = userEvent.setup();
    server.campaigns[0]!.status = 'inactive';
    open();
    await screen.findByRole('link', { name: 'Summer Tee' }, LOAD);
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Bulk actions' })).getByRole('button', {
        name: 'Launch',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Launch' }),
    );
    const results = await screen.findByTestId('action-results');
    expect(results.textContent).toContain('Launch: 2 of 3 done');
    expect(results.textContent).toContain(
      'Bare Hoodie: Add a design to Classic T-shirt before launching.',
    );
    // The one that failed stays selected, ready for another try.
    expect(screen.getByTestId('selected-count').textContent).toBe('1 campaign selected');
  });

  it('selects with the keyboard: Tab reaches the checkboxes, Space ticks them', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('link', { name: 'Summer Tee' }, LOAD);
    const selectAll = screen.getByRole('checkbox', { name: 'Select all on this page' });
    const first = screen.getByRole('checkbox', { name: 'Select Summer Tee' });
    // From the header checkbox, past the sort buttons, to the first row.
    selectAll.focus();
    for (let step = 0; step < 5 && document.activeElement !== first; step += 1) await user.tab();
    expect(document.activeElement).toBe(first);
    await user.keyboard(' ');
    expect(screen.getByTestId('selected-count').textContent).toBe('1 campaign selected');
    selectAll.focus();
    await user.keyboard(' ');
    expect(screen.getByTestId('selected-count').textContent).toBe('3 campaigns selected');
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByTestId('selected-count')).toBeNull();
  });

  it('does nothing when the seller cancels the confirmation', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('link', { name: 'Summer Tee' }, LOAD);
    await user.click(screen.getByRole('checkbox', { name: 'Select Summer Tee' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.some((r) => r.method !== 'GET')).toBe(false);
  });

  it('duplicates a campaign from its row menu with the keyboard and links to the copy', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('link', { name: 'Summer Tee' }, LOAD);
    const menu = within(rowOf('Summer Tee')).getByRole('button', {
      name: 'Actions for Summer Tee',
    });
    menu.focus();
    await user.keyboard('{Enter}');
    const duplicate = await screen.findByRole('button', { name: 'Duplicate' });
    duplicate.focus();
    await user.keyboard('{Enter}');
    const notice = await screen.findByTestId('action-notice');
    expect(notice.textContent).toContain('Duplicated “Summer Tee” as “Summer Tee (copy)”.');
    expect(within(notice).getByRole('link', { name: 'Open the copy' }).getAttribute('href')).toBe(
      '/campaigns/edit/101',
    );
    await screen.findByRole('link', { name: 'Summer Tee (copy)' });
  });

  it('shows the empty state, and the error state with a retry', async () => {
    const user = userEvent.setup();
    server.campaigns.splice(0);
    server.failListing(true);
    open();
    expect((await screen.findByTestId('list-error', {}, LOAD)).textContent).toBe(
      'The list is resting.',
    );
    server.failListing(false);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('list-empty')).textContent).toContain(
      'You have no campaigns yet.',
    );
  });

  it('shows a member who may only read campaigns no selection and no actions', async () => {
    open('/campaigns', { ...seller, roles: ['staff'], permissions: ['get_campaigns'] });
    await screen.findByRole('link', { name: 'Summer Tee' }, LOAD);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
  });
});

describe('campaign types on All Campaigns', () => {
  it('opens each campaign in the editor of its type', async () => {
    open();
    await screen.findByRole('link', { name: 'Summer Tee' }, LOAD);
    expect(screen.getByRole('link', { name: 'Summer Tee' }).getAttribute('href')).toBe(
      '/campaigns/edit/1',
    );
    expect(screen.getByRole('link', { name: 'Winter Mug' }).getAttribute('href')).toBe(
      '/campaigns/combo/edit/2',
    );
    expect(screen.getByRole('link', { name: 'Bare Hoodie' }).getAttribute('href')).toBe(
      '/campaigns/aop/edit/3',
    );
  });

  it('offers every campaign type, express, templates and import from Create campaign', async () => {
    const user = userEvent.setup();
    open();
    expect(
      (await screen.findByRole('link', { name: 'Create campaign' }, LOAD)).getAttribute('href'),
    ).toBe('/campaigns/edit');
    await user.click(screen.getByRole('button', { name: 'More ways to create a campaign' }));
    const hrefOf = async (name: string) =>
      (await screen.findByRole('link', { name: new RegExp(`^${name}`) })).getAttribute('href');
    const links = [];
    for (const name of [
      'Regular campaign',
      'AI campaign',
      'AOP campaign',
      'Combo campaign',
      'Custom campaign',
      'Express campaign',
      'Campaign templates',
      'Import campaigns',
    ])
      links.push([name, await hrefOf(name)]);
    expect(links).toEqual([
      ['Regular campaign', '/campaigns/edit'],
      ['AI campaign', '/campaigns/ai/edit'],
      ['AOP campaign', '/campaigns/aop/edit'],
      ['Combo campaign', '/campaigns/combo/edit'],
      ['Custom campaign', '/campaigns/custom/edit'],
      ['Express campaign', '/campaigns/express'],
      ['Campaign templates', '/campaigns/template'],
      ['Import campaigns', '/campaigns/import'],
    ]);
  });
});
