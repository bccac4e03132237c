// @vitest-environment happy-dom
import type { pageById } from '@printloom/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

interface Call {
  method: string;
  path: string;
  query: string;
  body: unknown;
}

const STORES = [
  {
    id: 5,
    name: 'Owl Shop',
    slug: 'owl-shop',
    base_url: 'https://owl-shop.preview.printloom.test',
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
    campaign_count: 2,
    archived_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
  },
];
const page = (data: unknown[]) => ({
  data,
  total: data.length,
  per_page: 20,
  current_page: 1,
  last_page: 1,
  from: data.length ? 1 : null,
  to: data.length ? data.length : null,
});

/** An in-memory server: `routes` answers "METHOD /path" with data (or a function of the call). */
function serve(routes: Record<string, unknown | ((call: Call) => unknown)>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    if (route === undefined) {
      return new Response(JSON.stringify({ success: false, message: 'Not found.' }), {
        status: 404,
      });
    }
    const data = typeof route === 'function' ? route(call) : route;
    return new Response(JSON.stringify({ success: true, data }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open(pageId: Parameters<typeof pageById>[0], address: string) {
  return renderPages([pageId, 'social_feed_edit'], address, {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
  });
}

const REVIEW = {
  id: 11,
  store_id: 5,
  store_name: 'Owl Shop',
  campaign_id: 3,
  campaign_name: 'Night Owl Tee',
  order_number: 'PL100001',
  author_name: 'Ada B.',
  rating: 4,
  title: 'Cosy <b>owl</b>',
  text: 'Soft shirt.',
  status: 'pending',
  reply: null,
  replied_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
};

describe('Product Reviews (/settings/product-reviews)', () => {
  it('sends the address filters, publishes and answers a review', async () => {
    const user = userEvent.setup();
    let current = { ...REVIEW };
    const calls = serve({
      'GET /seller/stores': STORES,
      'GET /seller/product-reviews/settings': [
        { store_id: 5, store_name: 'Owl Shop', auto_publish_min_rating: null },
      ],
      'GET /seller/product-reviews': () => page([current]),
      'PUT /seller/product-reviews/11': (call: Call) => {
        current = { ...current, ...(call.body as object) };
        return current;
      },
    });
    open('product_reviews', '/settings/product-reviews?status=pending&rating=4');
    await screen.findByText('Cosy <b>owl</b>', {}, { timeout: 10_000 });
    const list = calls.find((c) => c.path === '/seller/product-reviews');
    expect(new URLSearchParams(list?.query).get('status')).toBe('pending');
    expect(new URLSearchParams(list?.query).get('rating')).toBe('4');
    expect(screen.getByText('4 out of 5 stars')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.method === 'PUT' && (c.body as { status?: string }).status === 'published',
        ),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Reply to Ada B.'), 'Thank you!');
    await user.click(screen.getByRole('button', { name: 'Save reply' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ reply: 'Thank you!' }),
    );
    await screen.findByText('Thank you!');
  });

  it('tells a filtered empty list from an account without reviews', async () => {
    serve({
      'GET /seller/stores': STORES,
      'GET /seller/product-reviews/settings': [],
      'GET /seller/product-reviews': page([]),
    });
    open('product_reviews', '/settings/product-reviews?status=hidden');
    expect(
      (await screen.findByTestId('list-empty', {}, { timeout: 10_000 })).textContent,
    ).toContain('No reviews match these filters.');
  });
});

describe('Search Keywords (/search-keyword)', () => {
  it('lists keywords and switches to searches with no results', async () => {
    const user = userEvent.setup();
    const calls = serve({
      'GET /seller/stores': STORES,
      'GET /seller/search-keywords': (call: Call) =>
        page(
          [
            {
              keyword: 'owl',
              store_id: 5,
              store_name: 'Owl Shop',
              searches: 3,
              zero_result_searches: 0,
              last_results: 2,
              last_searched: '2026-11-26',
            },
            {
              keyword: 'zebra',
              store_id: 5,
              store_name: 'Owl Shop',
              searches: 2,
              zero_result_searches: 2,
              last_results: 0,
              last_searched: '2026-11-26',
            },
          ].filter((r) => !call.query.includes('zero_results=1') || r.zero_result_searches > 0),
        ),
    });
    open('search_keywords', '/search-keyword');
    const rows = await screen.findByTestId('keyword-rows', {}, { timeout: 10_000 });
    await within(rows).findByText('owl');
    await user.click(screen.getByRole('button', { name: 'Searches with no results' }));
    await waitFor(() => expect(within(rows).queryByText('owl')).toBeNull());
    const last = new URLSearchParams(
      calls.filter((c) => c.path === '/seller/search-keywords').at(-1)?.query,
    );
    expect(last.get('zero_results')).toBe('1');
    expect(last.get('order_by')).toBe('zero_results');
    expect(within(rows).getByText('zebra')).toBeTruthy();
  });
});

describe('Social Feed (/social-feed/update)', () => {
  it('checks the chosen campaigns, then creates the feed', async () => {
    const user = userEvent.setup();
    const calls = serve({
      'GET /seller/stores': STORES,
      'GET /seller/collections': [],
      'GET /seller/campaign': page([{ id: 3, name: 'Night Owl Tee' }]),
      'POST /seller/social-feeds': (call: Call) => ({
        id: 9,
        store_name: 'Owl Shop',
        collection_id: null,
        campaign_ids: [],
        colors: [],
        google_product_category: null,
        url: 'https://app.test/public/feeds/abcdefghijklmnopqrstuvwx.xml',
        created_at: '2026-11-20T10:00:00.000Z',
        updated_at: '2026-11-20T10:00:00.000Z',
        ...(call.body as object),
      }),
    });
    const router = open('social_feed_new', '/social-feed/update');
    await user.type(await screen.findByLabelText('Name', {}, { timeout: 10_000 }), 'Google');
    await user.click(screen.getByLabelText('Campaigns I choose'));
    await user.click(screen.getByRole('button', { name: 'Create feed' }));
    expect(await screen.findByText('Choose at least one campaign.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(await screen.findByLabelText('Night Owl Tee'));
    await user.type(screen.getByLabelText('Only these colours (optional)'), 'Black, White');
    await user.click(screen.getByRole('button', { name: 'Create feed' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Google',
      store_id: 5,
      format: 'google_xml',
      scope: 'campaigns',
      campaign_ids: [3],
      colors: ['Black', 'White'],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/social-feed/update/9'));
  }, 20_000);
});
