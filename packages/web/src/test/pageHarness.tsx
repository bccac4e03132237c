import { type PageId, pageById, type StoreView, User, type UserInput } from '@printloom/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { meQuery } from '../api/hooks/useAuth.js';
import { queryClient } from '../api/queryClient.js';
import { SESSION_MARKER_COOKIE } from '../constants.js';
import { pageRoute } from '../routes/routes.js';

/** A store as `GET /seller/stores` answers it; tests name the fields they care about. */
export function storeView(fields: Partial<StoreView> & Pick<StoreView, 'id' | 'name'>): StoreView {
  return {
    slug: fields.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    base_url: 'https://shop.example.test',
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
    locale: 'en',
    menus: { header: [], footer: [], side_column: [] },
    campaign_count: 0,
    archived_at: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...fields,
  };
}

/** An answer of the API as the server sends it. */
export function jsonAnswer(status: number, payload: unknown): Response {
  return new Response(JSON.stringify(payload), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function Loading() {
  return <p>Loading</p>;
}

/**
 * Renders dashboard pages as their routes do (loaders, guards, lazy components) for `user`,
 * opened at `address`; answers the router, so a test can follow where the page went.
 */
export function renderPages(pages: readonly PageId[], address: string, user: UserInput) {
  queryClient.setQueryData(meQuery.queryKey, User.parse(user));
  // The readable marker the server sets beside a session cookie: a signed-in browser has it.
  // biome-ignore lint/suspicious/noDocumentCookie: the test document stands in for the server's Set-Cookie
  document.cookie = `${SESSION_MARKER_COOKIE}=harness; Path=/`;
  const router = createMemoryRouter(
    [
      {
        element: <Outlet />,
        HydrateFallback: Loading,
        children: pages.map((id) => pageRoute(pageById(id))),
      },
    ],
    { initialEntries: [address] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
