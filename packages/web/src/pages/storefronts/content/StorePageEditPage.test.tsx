// @vitest-environment happy-dom
import { pageById, User } from '@printloom/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../../api/hooks/useAuth.js';
import { queryClient } from '../../../api/queryClient.js';
import { pageRoute } from '../../../routes/routes.js';

const store = {
  id: 4,
  name: 'Words',
  slug: 'words-shop',
  base_url: 'https://words-shop.preview.printloom.test',
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

function contentServer() {
  const posted: Array<Record<string, unknown>> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    const ok = (data: unknown) =>
      new Response(JSON.stringify({ success: true, data }), {
        headers: { 'content-type': 'application/json' },
      });
    if (path === '/seller/stores') return ok([store]);
    if (path === '/seller/store-pages' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push(body);
      return ok({
        id: 9,
        store_id: body.store_id,
        title: body.title,
        slug: 'about-us',
        content_html: body.content_html,
        status: body.status,
        seo_title: null,
        seo_description: null,
        created_at: '2026-11-20T10:00:00.000Z',
        updated_at: '2026-11-20T10:00:00.000Z',
      });
    }
    if (path === '/seller/store-pages/9') {
      return ok({
        id: 9,
        store_id: 4,
        title: 'About us',
        slug: 'about-us',
        content_html: posted[0]?.content_html ?? '',
        status: 'published',
        seo_title: null,
        seo_description: null,
        created_at: '2026-11-20T10:00:00.000Z',
        updated_at: '2026-11-20T10:00:00.000Z',
      });
    }
    return new Response(JSON.stringify({ success: false, message: 'Not found.' }), { status: 404 });
  };
  return { fetch, posted };
}

let server: ReturnType<typeof contentServer>;
beforeEach(() => {
  server = contentServer();
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

describe('New Store Page (/storefronts/pages/create)', () => {
  it('writes a page with the rich-text editor and opens it after saving', async () => {
    const user = userEvent.setup();
    queryClient.setQueryData(
      meQuery.queryKey,
      User.parse({
        id: 7,
        name: 'Seller',
        email: 'seller@printloom.test',
        created_at: '2025-01-01 00:00:00',
        email_verified_at: '2025-01-01 00:00:00',
      }),
    );
    const router = createMemoryRouter(
      [
        {
          element: <Outlet />,
          HydrateFallback: Loading,
          children: [pageRoute(pageById('store_page_new')), pageRoute(pageById('store_page_edit'))],
        },
      ],
      { initialEntries: ['/storefronts/pages/create?store_id=4'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { name: 'New Store Page' }, { timeout: 10_000 });
    await user.type(screen.getByLabelText('Title'), 'About us');
    await user.selectOptions(screen.getByLabelText('Status'), 'published');
    const editor = await screen.findByRole('textbox', { name: 'Page text' });
    await user.click(editor);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('We print');
    await user.click(screen.getByRole('button', { name: 'Save page' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/storefronts/pages/edit/9'));
    expect(server.posted).toHaveLength(1);
    expect(server.posted[0]).toMatchObject({ store_id: 4, title: 'About us', status: 'published' });
    expect(server.posted[0]?.content_html).toBe('<p><strong>We print</strong></p>');
  });
});
