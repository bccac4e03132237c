// @vitest-environment happy-dom
import type { UserInput } from '@printloom/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

/** A store as the store list answers it. */
function storeRow(id: number, name: string) {
  return {
    id,
    name,
    slug: name.toLowerCase().replace(/ /g, '-'),
    base_url: '',
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
  };
}

/** The team routes the page calls, answered from memory as the server answers them. */
function teamServer() {
  const members = [
    {
      id: 4,
      member_id: 40,
      name: 'Pat Helper',
      email: 'pat@example.test',
      avatar: null,
      role: 'Support',
      permissions: ['get_orders'],
      store_ids: [3],
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ];
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const ok = (data: unknown) =>
    new Response(JSON.stringify({ success: true, data }), {
      headers: { 'content-type': 'application/json' },
    });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path, body });
    if (path === '/seller/team' && method === 'GET') return ok(members);
    if (path === '/seller/stores') {
      return ok([storeRow(3, 'Cat Shirts'), storeRow(9, 'Dog Mugs')]);
    }
    if (path === '/seller/team/invitations' && method === 'POST') {
      return ok({
        id: 1,
        email: body.email,
        role: body.role,
        permissions: body.permissions,
        store_ids: body.store_ids ?? null,
        created_at: '2026-11-20T10:00:00.000Z',
        expires_at: '2026-11-27T10:00:00.000Z',
        expired: false,
      });
    }
    const one = path.match(/^\/seller\/team\/(\d+)$/);
    if (one && method === 'DELETE') {
      members.splice(
        members.findIndex((m) => m.id === Number(one[1])),
        1,
      );
      return ok(null);
    }
    return new Response(JSON.stringify({ success: false, message: 'Not found.' }), {
      status: 404,
    });
  };
  return { fetch, requests };
}

let server: ReturnType<typeof teamServer>;
beforeEach(() => {
  server = teamServer();
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
};

function _Loading() {
  return null;
}

function open() {
  renderPages(['team'], '/team', seller);
}

const LOAD_TIMEOUT = { timeout: 10_000 };

describe('Team page (/team)', () => {
  it('lists members with their stores and invites with chosen permissions and stores', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('heading', { name: 'Team' }, LOAD_TIMEOUT);
    const rows = await screen.findByTestId('team-rows');
    await within(rows).findByText('Cat Shirts');
    expect(rows.textContent).toContain('Pat Helper');

    await user.click(screen.getByRole('button', { name: 'Invite a member' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'new@example.test');
    await user.type(within(dialog).getByRole('textbox', { name: 'Role' }), 'Designer help');
    await user.click(within(dialog).getByRole('checkbox', { name: /get_campaigns/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Only the stores chosen below' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Dog Mugs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await within(dialog).findByText(/Invitation sent to new@example.test/);
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      email: 'new@example.test',
      role: 'Designer help',
      permissions: ['get_campaigns'],
      store_ids: [9],
    });
  });

  it('removes a member after asking', async () => {
    const user = userEvent.setup();
    open();
    await user.click(
      await screen.findByRole('button', { name: 'Remove Pat Helper' }, LOAD_TIMEOUT),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Remove member' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await screen.findByText('No team members yet.');
    await waitFor(() =>
      expect(
        server.requests.some((r) => r.method === 'DELETE' && r.path === '/seller/team/4'),
      ).toBe(true),
    );
  });
});
