// @vitest-environment happy-dom
import type { UserInput } from '@printloom/core';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

const ORIGIN = 'https://cosmic.preview.printloom.test';

/** The sitemap routes answered from memory as the server answers them: 3 product URLs. */
function sitemapServer(options: { failFirst?: boolean } = {}) {
  const requests: string[] = [];
  let failures = options.failFirst ? 1 : 0;
  const products = ['moon-tee', 'star-mug', 'comet-tote'].map((slug, i) => ({
    loc: `${ORIGIN}/products/${slug}`,
    lastmod: `2026-11-2${i}T10:00:00.000Z`,
  }));
  const json = (data: unknown, status = 200, message?: string) =>
    new Response(
      JSON.stringify(status === 200 ? { success: true, data } : { success: false, message }),
      { status, headers: { 'content-type': 'application/json' } },
    );
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://dashboard.test');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/seller/stores/5/sitemap') {
      if (failures > 0) {
        failures -= 1;
        return json(null, 403, 'You can only act on the stores you were signed in for.');
      }
      return json({
        store_id: 5,
        store_name: 'Cosmic',
        url: `${ORIGIN}/sitemap.xml`,
        max_urls_per_file: 50000,
        files: [
          {
            id: 'products-1',
            kind: 'products',
            url: `${ORIGIN}/sitemaps/products-1.xml`,
            url_count: 3,
          },
          {
            id: 'collections-1',
            kind: 'collections',
            url: `${ORIGIN}/sitemaps/collections-1.xml`,
            url_count: 0,
          },
          { id: 'pages-1', kind: 'pages', url: `${ORIGIN}/sitemaps/pages-1.xml`, url_count: 1 },
        ],
      });
    }
    const urls = url.pathname.match(/^\/seller\/stores\/5\/sitemap\/([a-z]+-\d+)\/urls$/);
    if (urls) {
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = 2;
      const all = urls[1] === 'products-1' ? products : [];
      const slice = all.slice((page - 1) * perPage, page * perPage);
      return json({
        sitemap_id: urls[1],
        url: `${ORIGIN}/sitemaps/${urls[1]}.xml`,
        data: slice,
        total: all.length,
        per_page: perPage,
        current_page: page,
        last_page: Math.max(1, Math.ceil(all.length / perPage)),
        from: slice.length ? (page - 1) * perPage + 1 : null,
        to: slice.length ? (page - 1) * perPage + slice.length : null,
      });
    }
    if (url.pathname === '/seller/stores') {
      return json([]);
    }
    return json(null, 404, 'Not found.');
  };
  return { fetch, requests };
}

let server: ReturnType<typeof sitemapServer>;
beforeEach(() => {
  server = sitemapServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const seller: UserInput = {
  id: 7,
  name: 'Seller',
  email: 'seller@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
  utc_offset: 2,
};

function open(path: string) {
  return renderPages(['store_sitemap', 'store_sitemap_urls'], path, seller);
}

const LOAD_TIMEOUT = { timeout: 10_000 };

describe('Sitemap (/storefronts/sitemap/{id}) and its URLs', () => {
  it("lists the store's sitemap files and opens a file's URLs page by page", async () => {
    const user = userEvent.setup();
    const router = open('/storefronts/sitemap/5');
    await screen.findByRole('heading', { name: 'Sitemap: Cosmic' }, LOAD_TIMEOUT);
    expect(screen.getByRole('link', { name: `${ORIGIN}/sitemap.xml` })).toBeTruthy();
    const rows = within(screen.getByTestId('sitemap-files')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'products-1.xmlProducts3View URLs',
      'collections-1.xmlCollections0View URLs',
      'pages-1.xmlHome and pages1View URLs',
    ]);

    await user.click(screen.getByRole('link', { name: 'View the URLs of products-1.xml' }));
    await screen.findByRole('heading', { name: 'Sitemap URLs: products-1.xml' }, LOAD_TIMEOUT);
    expect(router.state.location.pathname).toBe('/storefronts/sitemap/5/urls/products-1');
    await screen.findByRole('link', { name: `${ORIGIN}/products/moon-tee` });
    // Last changed in the seller's time (UTC+2).
    expect(screen.getByTestId('sitemap-urls').textContent).toContain('2026-11-20 12:00');
    expect(screen.getByTestId('list-range').textContent).toBe('Showing 1–2 of 3 URLs');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('link', { name: `${ORIGIN}/products/comet-tote` });
    expect(router.state.location.search).toBe('?page=2');
    expect(
      server.requests.some((r) => r.startsWith('/seller/stores/5/sitemap/products-1/urls?page=2')),
    ).toBe(true);
  });

  it('says when a file lists no URLs', async () => {
    open('/storefronts/sitemap/5/urls/collections-1');
    await screen.findByText('This file lists no URLs yet.', {}, LOAD_TIMEOUT);
  });

  it('shows a load error with Try again', async () => {
    server = sitemapServer({ failFirst: true });
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    open('/storefronts/sitemap/5');
    const alert = await screen.findByRole('alert', {}, LOAD_TIMEOUT);
    expect(alert.textContent).toContain('You can only act on the stores you were signed in for.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Sitemap: Cosmic' }, LOAD_TIMEOUT);
  });

  it('asks for a store when the address names none', async () => {
    open('/storefronts/sitemap/urls');
    await screen.findByText(/No stores yet/, {}, LOAD_TIMEOUT);
  });
});
