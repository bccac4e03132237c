// @vitest-environment happy-dom
import type { PageId } from '@printloom/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

/** The shop connection routes answered from memory, as the server answers them. */
function shopsServer() {
  const connections: Array<Record<string, unknown>> = [];
  const runs: Array<Record<string, unknown>> = [];
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  let next = 1;
  const json = (status: number, payload: unknown) =>
    new Response(JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const ok = (data: unknown, message?: string) => json(200, { success: true, data, message });
  const connection = (kind: string, name: string, credentials: Record<string, string>) => {
    const row = {
      id: next++,
      kind,
      name,
      shop_url: kind === 'woocommerce' ? `https://${name}` : 'US',
      credentials,
      last_import_at: null,
      last_error: null,
      created_at: '2026-11-20T10:00:00.000Z',
    };
    connections.push(row);
    return row;
  };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path, body });
    if (path === '/seller/shop-connections' && method === 'GET') return ok(connections);
    if (path === '/seller/shop-connections/woocommerce') {
      if (body.consumer_key === 'ck_refused') {
        return json(422, {
          success: false,
          message: 'The shop refused the key (401: Sorry, you cannot list resources.)',
          errors: {
            consumer_key: ['The shop refused the key (401: Sorry, you cannot list resources.)'],
          },
        });
      }
      return ok(
        connection('woocommerce', new URL(body.shop_url).host, { consumer_key: '•••• 4567' }),
      );
    }
    if (path === '/seller/shop-connections/tiktok/authorize') {
      return ok({ authorize_url: `https://auth.tiktok-shops.test/oauth/authorize?state=s1` });
    }
    if (path === '/seller/shop-connections/tiktok/callback') {
      if (body.state !== 'good-state') {
        return json(422, {
          success: false,
          message: 'This authorisation link has expired or was not started here; start again',
          errors: {
            state: ['This authorisation link has expired or was not started here; start again'],
          },
        });
      }
      return ok(connection('tiktok', 'Tee Shop US', { app_key: '•••• ghij' }));
    }
    const importMatch = /^\/seller\/shop-connections\/(\d+)\/import$/.exec(path);
    if (importMatch && method === 'POST') {
      const run = {
        id: runs.length + 1,
        trigger: 'manual',
        started_at: '2026-11-20T11:00:00.000Z',
        finished_at: '2026-11-20T11:00:02.000Z',
        imported: 127,
        skipped: [
          { external_order_id: 'shop.test#1007', reason: 'No product 999999 in your campaigns' },
        ],
        error: null,
      };
      runs.unshift(run);
      const row = connections.find((c) => c.id === Number(importMatch[1]));
      if (row) row.last_import_at = '2026-11-20T11:00:00.000Z';
      return ok(run, '127 orders imported');
    }
    if (/^\/seller\/shop-connections\/\d+\/runs$/.test(path)) return ok(runs);
    const removeMatch = /^\/seller\/shop-connections\/(\d+)$/.exec(path);
    if (removeMatch && method === 'DELETE') {
      const at = connections.findIndex((c) => c.id === Number(removeMatch[1]));
      connections.splice(at, 1);
      return ok(null, 'Shop disconnected');
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return { fetch, requests, connections };
}

let server: ReturnType<typeof shopsServer>;
beforeEach(() => {
  server = shopsServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open(page: PageId, entry: string) {
  renderPages([page], entry, {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
  });
}

const LOAD_TIMEOUT = { timeout: 10_000 };

describe('WooCommerce page (/woocommerce/connect)', () => {
  it('connects a shop, imports now, shows the log and disconnects', async () => {
    const user = userEvent.setup();
    open('woocommerce_connect', '/woocommerce/connect');
    await screen.findByRole('heading', { name: 'WooCommerce', level: 1 }, LOAD_TIMEOUT);
    expect(await screen.findByText('No WooCommerce connection yet.')).toBeTruthy();

    await user.type(screen.getByLabelText('Shop address'), 'https://shop.test');
    await user.type(screen.getByLabelText('Consumer key'), 'ck_refused');
    await user.type(screen.getByLabelText('Consumer secret'), 'cs_0123456789');
    await user.click(screen.getByRole('button', { name: 'Connect shop' }));
    expect(
      await screen.findByText('The shop refused the key (401: Sorry, you cannot list resources.)'),
    ).toBeTruthy();

    await user.clear(screen.getByLabelText('Consumer key'));
    await user.type(screen.getByLabelText('Consumer key'), 'ck_0123456789abcdef4567');
    await user.click(screen.getByRole('button', { name: 'Connect shop' }));
    const card = await screen.findByTestId('shop-connection');
    expect(card.textContent).toContain('shop.test');
    expect(card.textContent).toContain('•••• 4567');
    expect(server.requests.find((r) => r.path.endsWith('/woocommerce'))?.body).toMatchObject({
      shop_url: 'https://shop.test',
      consumer_secret: 'cs_0123456789',
    });

    await user.click(within(card).getByRole('button', { name: 'Import orders of shop.test now' }));
    expect(await within(card).findByText(/127 orders imported, 1 skipped/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Import log' }));
    const run = await within(card).findByTestId('import-run');
    expect(run.textContent).toContain('shop.test#1007: No product 999999 in your campaigns');

    await user.click(within(card).getByRole('button', { name: 'Disconnect shop.test' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.queryByTestId('shop-connection')).toBeNull());
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(true);
  });

  it('checks the form before calling the server', async () => {
    const user = userEvent.setup();
    open('woocommerce_connect', '/woocommerce/connect');
    await user.click(await screen.findByRole('button', { name: 'Connect shop' }, LOAD_TIMEOUT));
    expect(await screen.findByText('Shop address is required')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });
});

describe('TikTok Shop page (/tts/callback)', () => {
  it('starts the authorisation by sending the seller to TikTok Shop', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://dashboard.test' });
    const user = userEvent.setup();
    open('tts_callback', '/tts/callback');
    await user.type(await screen.findByLabelText('App key', {}, LOAD_TIMEOUT), '6abcdefghij');
    await user.type(screen.getByLabelText('App secret'), 'tts-app-secret');
    await user.click(screen.getByRole('button', { name: 'Authorise on TikTok Shop' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'https://auth.tiktok-shops.test/oauth/authorize?state=s1',
      ),
    );
  });

  it('finishes the authorisation once with the returned code and state', async () => {
    open('tts_callback', '/tts/callback?code=abc&state=good-state');
    expect(await screen.findByText('Tee Shop US is connected.', {}, LOAD_TIMEOUT)).toBeTruthy();
    expect(
      server.requests.filter((r) => r.path.endsWith('/tiktok/callback')).map((r) => r.body),
    ).toEqual([{ code: 'abc', state: 'good-state' }]);
    expect((await screen.findByTestId('shop-connection')).textContent).toContain('Tee Shop US');
  });

  it('shows why a callback failed', async () => {
    open('tts_callback', '/tts/callback?code=abc&state=forged');
    const alert = await screen.findByText(/could not be connected/, {}, LOAD_TIMEOUT);
    expect(alert.textContent).toContain('expired or was not started here');
  });
});

describe('the way in from Fulfill Orders', () => {
  it('links both shop connections, whose orders it lists', async () => {
    open('fulfill_orders', '/fulfillment');
    const nav = await screen.findByRole(
      'navigation',
      { name: 'Import orders from a shop' },
      LOAD_TIMEOUT,
    );
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['WooCommerce', '/woocommerce/connect'],
      ['TikTok Shop', '/tts/callback'],
    ]);
  });
});
