// @vitest-environment happy-dom
import type { UserInput } from '@printloom/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

interface StoredKey {
  id: number;
  name: string;
  scopes: string[];
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

/** The three API key routes answered from memory, as the server answers them. */
function keysServer() {
  const keys: StoredKey[] = [];
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  let next = 1;
  const ok = (data: unknown) =>
    new Response(JSON.stringify({ success: true, data }), {
      headers: { 'content-type': 'application/json' },
    });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path, body });
    if (path === '/seller/api-keys' && method === 'GET') return ok(keys);
    if (path === '/seller/api-keys' && method === 'POST') {
      const key = `plk_${'k'.repeat(39)}${String(next).padStart(4, '0')}`;
      const row = {
        id: next++,
        name: body.name,
        scopes: body.scopes,
        prefix: key.slice(0, 12),
        created_at: '2026-11-20T10:00:00.000Z',
        last_used_at: null,
      };
      keys.unshift(row);
      return ok({ ...row, key });
    }
    const revoke = path.match(/^\/seller\/api-keys\/(\d+)$/);
    if (revoke && method === 'DELETE') {
      keys.splice(
        keys.findIndex((k) => k.id === Number(revoke[1])),
        1,
      );
      return ok(null);
    }
    return new Response(JSON.stringify({ success: false, message: 'Not found.' }), {
      status: 404,
    });
  };
  return { fetch, keys, requests };
}

let server: ReturnType<typeof keysServer>;
beforeEach(() => {
  server = keysServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const seller = {
  id: 7,
  name: 'Seller',
  email: 'seller@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
};

function open(user: UserInput) {
  renderPages(['api_keys'], '/settings/api-keys', user);
}

const LOAD_TIMEOUT = { timeout: 10_000 };

describe('API keys page (/settings/api-keys)', () => {
  it('creates a key with a name and scopes and shows it once, with a copy button', async () => {
    const user = userEvent.setup();
    open(seller);
    await screen.findByRole('heading', { name: 'API Keys' }, LOAD_TIMEOUT);
    await screen.findByText('No API keys yet.');

    await user.type(screen.getByLabelText('Name'), 'Worker fleet');
    await user.click(screen.getByRole('checkbox', { name: /get_campaigns/ }));
    await user.click(screen.getByRole('checkbox', { name: /update_campaign/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const shown = (await screen.findByLabelText('New API key')) as HTMLInputElement;
    expect(shown.value).toMatch(/^plk_/);
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Worker fleet',
      scopes: ['get_campaigns', 'update_campaign'],
    });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(shown.value);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();

    const rows = screen.getByTestId('api-key-rows');
    await within(rows).findByText('Worker fleet');
    expect(rows.textContent).toContain(`${shown.value.slice(0, 12)}…`);
    expect(rows.textContent).not.toContain(shown.value);

    const key = shown.value;
    await user.click(screen.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByLabelText('New API key')).toBeNull();
    expect(document.body.textContent).not.toContain(key);
  });

  it('revokes a key only after confirmation', async () => {
    const user = userEvent.setup();
    server.keys.push({
      id: 41,
      name: 'Old CI',
      scopes: ['get_campaigns'],
      prefix: 'plk_abcdefgh',
      created_at: '2026-11-01T10:00:00.000Z',
      last_used_at: '2026-11-19T10:00:00.000Z',
    });
    open(seller);
    const rows = await screen.findByTestId('api-key-rows', {}, LOAD_TIMEOUT);
    await within(rows).findByText('Old CI');

    await user.click(within(rows).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Old CI');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(rows).getByRole('button', { name: 'Revoke' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }),
    );
    await waitFor(() => expect(within(rows).queryByText('Old CI')).toBeNull());
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/seller/api-keys/41',
    ]);
  });

  it('offers a team member only the permissions they hold as scopes', async () => {
    open({ ...seller, roles: ['staff'], permissions: ['get_campaigns', 'get_orders'] });
    await screen.findByRole('heading', { name: 'API Keys' }, LOAD_TIMEOUT);
    const offered = screen.getAllByRole('checkbox').map((box) => box.id);
    expect(offered).toEqual(['scope-get_orders', 'scope-get_campaigns']);
  });
});
