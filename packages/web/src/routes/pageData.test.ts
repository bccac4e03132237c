import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../api/queryKeys.js';
import { loadPageData } from './pageData.js';

const campaign = {
  id: 7,
  name: 'Crème Brûlée Tee',
  slug: 'creme-brulee-tee',
  status: 'draft',
  products: [],
};

/** Answers the catalog and campaign 7; anything else is a 500. */
function fakeApi() {
  const paths: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://dashboard.test');
    paths.push(url.pathname);
    const ok = (data: unknown) =>
      new Response(JSON.stringify({ success: true, data }), {
        headers: { 'content-type': 'application/json' },
      });
    if (url.pathname === '/seller/product-templates') {
      return ok({
        data: [],
        current_page: 1,
        last_page: 1,
        per_page: 100,
        total: 0,
        from: null,
        to: null,
      });
    }
    if (url.pathname === '/seller/campaign/7') return ok(campaign);
    return new Response(JSON.stringify({ success: false, message: 'Server error' }), {
      status: 500,
    });
  };
  return { fetch, paths };
}

let api: ReturnType<typeof fakeApi>;
let client: QueryClient;
beforeEach(() => {
  api = fakeApi();
  vi.stubGlobal('fetch', api.fetch);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route loaders fill the cache the page reads', () => {
  it('loads the catalog and the campaign before the editor opens', async () => {
    await loadPageData('campaign_edit', { id: '7' }, client);
    expect(api.paths.sort()).toEqual(['/seller/campaign/7', '/seller/product-templates']);
    expect(client.getQueryData(queryKeys.campaigns.detail(7))).toMatchObject({
      name: 'Crème Brûlée Tee',
    });
    expect(client.getQueryData(queryKeys.productTemplates.list())).toBeDefined();
  });

  it('loads only the catalog for a new campaign', async () => {
    await loadPageData('campaign_custom_edit', {}, client);
    expect(api.paths).toEqual(['/seller/product-templates']);
  });

  it('leaves a failed read to the page instead of failing the navigation', async () => {
    await expect(loadPageData('notification', { id: '3' }, client)).resolves.toBeUndefined();
    expect(api.paths).toEqual(['/seller/notifications/3']);
    expect(client.getQueryState(queryKeys.notifications.detail(3))?.status).toBe('error');
  });

  it('reads nothing for a page that loads no data on open', async () => {
    await loadPageData('overview', {}, client);
    expect(api.paths).toEqual([]);
  });
});
