// @vitest-environment happy-dom
import { pageById, User } from '@printloom/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../../api/hooks/useAuth.js';
import { queryClient } from '../../../api/queryClient.js';
import { pageRoute } from '../../../routes/routes.js';

interface Stored {
  id: number;
  name: string;
  slug: string | null;
  product_type: 'campaign' | 'campaign_template';
}

/** The campaign and template routes answered from memory, as the server answers them. */
function templatesServer(initial: Stored[]) {
  const campaigns = [...initial];
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  let nextId = 100;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const ok = (data: unknown) => json(200, { success: true, data });
  const view = (c: Stored) => ({
    ...c,
    status: 'draft',
    created_at: '2026-11-20T10:00:00.000Z',
    products: [
      {
        id: c.id * 10,
        template_id: 1,
        name: 'Classic T-shirt',
        print_spaces: JSON.stringify([{ name: 'front', width: 4200, height: 4800 }]),
        options: { color: ['Black', 'White'] },
        price: 21.5,
        designs: [{ print_space: 'front', file_url: '/files/front.png' }],
      },
    ],
  });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path: url.pathname, body });
    if (url.pathname === '/seller/campaign' && method === 'GET') {
      const types = (url.searchParams.get('product_type') ?? '').split(',');
      const q = url.searchParams.get('q') ?? '';
      const rows = campaigns.filter((c) => types.includes(c.product_type) && c.name.includes(q));
      return ok({
        data: rows.map((c) => ({ ...view(c), products: [] })),
        current_page: 1,
        last_page: 1,
        per_page: 15,
        total: rows.length,
        total_is_capped: false,
        from: rows.length ? 1 : null,
        to: rows.length || null,
      });
    }
    const save = url.pathname.match(/^\/seller\/campaign\/(\d+)\/save-as-template$/);
    if (save && method === 'POST') {
      const source = campaigns.find((c) => c.id === Number(save[1]));
      if (!source) return json(404, { success: false, message: 'Campaign not found' });
      const made: Stored = {
        id: nextId++,
        name: source.name,
        slug: `${source.slug}-template`,
        product_type: 'campaign_template',
      };
      campaigns.push(made);
      return ok(view(made));
    }
    const use = url.pathname.match(/^\/seller\/campaign\/template\/(\d+)\/use$/);
    if (use && method === 'POST') {
      if (body.slug === 'taken') {
        return json(422, { success: false, message: 'That slug will not do.' });
      }
      const made: Stored = {
        id: nextId++,
        name: body.name,
        slug: body.slug ?? null,
        product_type: 'campaign',
      };
      campaigns.push(made);
      return ok(view(made));
    }
    const one = url.pathname.match(/^\/seller\/campaign\/(\d+)$/);
    if (one && method === 'GET') {
      const found = campaigns.find((c) => c.id === Number(one[1]));
      return found ? ok(view(found)) : json(404, { success: false, message: 'Not found.' });
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return { fetch, campaigns, requests };
}

const seller = {
  id: 7,
  name: 'Seller',
  email: 'seller@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
};

let server: ReturnType<typeof templatesServer>;
let router: ReturnType<typeof createMemoryRouter>;
beforeEach(() => {
  server = templatesServer([
    { id: 1, name: 'Cat tee', slug: 'cat-tee', product_type: 'campaign' },
    { id: 2, name: 'Dog starter', slug: 'dog', product_type: 'campaign_template' },
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

function Editor() {
  return <p>Editing campaign {useParams().id}</p>;
}

function open(path: string) {
  queryClient.setQueryData(meQuery.queryKey, User.parse(seller));
  router = createMemoryRouter(
    [
      {
        element: <Outlet />,
        HydrateFallback: Loading,
        children: [
          pageRoute(pageById('campaign_template')),
          { path: '/campaigns/edit/:id', element: <Editor /> },
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

describe('campaign templates (/campaigns/template/*)', () => {
  it('lists only templates, and saves a campaign as a new one', async () => {
    open('/campaigns/template');
    const table = await screen.findByRole('table', { name: 'Templates' }, LOAD);
    await within(table).findByRole('link', { name: 'Dog starter' }, LOAD);
    expect(within(table).queryByText('Cat tee')).toBeNull();
    const asked = server.requests.find((r) => r.path === '/seller/campaign');
    expect(asked).toBeDefined();

    await userEvent.click(
      await screen.findByRole('button', { name: 'Save Cat tee as a template' }, LOAD),
    );
    await screen.findByRole('heading', { name: 'Cat tee', level: 1 }, LOAD);
    expect(router.state.location.pathname).toBe('/campaigns/template/100');
    expect(screen.getByTestId('template-product').textContent).toContain('Black, White');
  });

  it('starts a draft campaign from a template and opens it in the editor', async () => {
    open('/campaigns/template/2');
    await screen.findByRole('heading', { name: 'Dog starter', level: 1 }, LOAD);
    const name = screen.getByLabelText('Campaign name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Dog tee for fall');
    await userEvent.type(screen.getByLabelText('Slug (optional)'), 'dog-fall');
    await userEvent.click(screen.getByRole('button', { name: 'Create campaign from template' }));
    await screen.findByText('Editing campaign 100', undefined, LOAD);
    const sent = server.requests.find((r) => r.path === '/seller/campaign/template/2/use');
    expect(sent?.body).toEqual({ name: 'Dog tee for fall', slug: 'dog-fall' });
  });

  it('says what went wrong when the server refuses', async () => {
    open('/campaigns/template/2');
    await screen.findByRole('heading', { name: 'Dog starter', level: 1 }, LOAD);
    await userEvent.type(screen.getByLabelText('Slug (optional)'), 'taken');
    await userEvent.click(screen.getByRole('button', { name: 'Create campaign from template' }));
    expect((await screen.findByRole('alert', undefined, LOAD)).textContent).toContain(
      'That slug will not do.',
    );
  });

  it('tells a campaign that is not a template, and an empty list', async () => {
    open('/campaigns/template/1');
    expect((await screen.findByRole('alert', undefined, LOAD)).textContent).toContain(
      '“Cat tee” is a campaign, not a template.',
    );
    cleanup();
    server.campaigns.splice(1, 1);
    open('/campaigns/template');
    await waitFor(
      () =>
        expect(screen.getByTestId('list-empty').textContent).toContain('You have no templates yet'),
      LOAD,
    );
  });
});
