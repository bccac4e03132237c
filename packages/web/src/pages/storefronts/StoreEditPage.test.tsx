// @vitest-environment happy-dom
import type { UserInput } from '@printloom/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

type Store = Record<string, unknown> & { id: number; name: string; slug: string };

/** A store as the server answers it, with `overrides`. */
function storeFixture(
  overrides: Partial<Store> & { id: number; name: string; slug: string },
): Store {
  return {
    base_url: `https://${overrides.slug}.preview.printloom.test`,
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
    archived_at: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The store and campaign routes answered from memory, as the server answers them. */
function storesServer() {
  const stores: Store[] = [];
  const listed = new Map<number, number[]>();
  const campaigns = [
    { id: 11, name: 'Astro tee', status: 'active' },
    { id: 12, name: 'Nebula mug', status: 'draft' },
  ];
  const requests: Array<{ method: string; path: string; body: Record<string, unknown> }> = [];
  let next = 1;
  const json = (data: unknown, status = 200, message?: string) =>
    new Response(
      JSON.stringify(status === 200 ? { success: true, data } : { success: false, message }),
      {
        status,
        headers: { 'content-type': 'application/json' },
      },
    );
  const view = (store: Store) => ({
    ...store,
    campaign_count: listed.get(store.id)?.length ?? 0,
  });
  const detail = (store: Store) => ({ ...view(store), campaign_ids: listed.get(store.id) ?? [] });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const path = url.pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
    requests.push({ method, path, body });
    if (path === '/seller/stores' && method === 'GET') {
      return json(url.searchParams.get('archived') === '1' ? [] : stores.map(view));
    }
    if (path === '/seller/stores' && method === 'POST') {
      if (body.slug === 'taken-slug') {
        return json(null, 409, 'This slug is already taken by another store.');
      }
      const store = storeFixture({ id: next++, name: body.name, slug: body.slug });
      stores.push(store);
      return json(detail(store));
    }
    const one = path.match(/^\/seller\/stores\/(\d+)(\/campaigns)?$/);
    const store = stores.find((s) => s.id === Number(one?.[1]));
    if (one && !store) return json(null, 404, 'Not found.');
    if (one && store && one[2] && method === 'PUT') {
      listed.set(store.id, [...(body.campaign_ids as number[])].sort());
      return json(detail(store));
    }
    if (one && store && method === 'GET') return json(detail(store));
    if (one && store && method === 'PUT') {
      const clean = { ...body };
      if (typeof clean.primary_color === 'string')
        clean.primary_color = clean.primary_color.toLowerCase();
      Object.assign(store, clean);
      return json(detail(store));
    }
    if (path === '/seller/campaign' && method === 'GET') {
      return json({
        data: campaigns,
        total: 2,
        from: 1,
        to: 2,
        current_page: 1,
        last_page: 1,
        per_page: 20,
      });
    }
    return json(null, 404, 'Not found.');
  };
  return { fetch, stores, listed, requests };
}

let server: ReturnType<typeof storesServer>;
beforeEach(() => {
  server = storesServer();
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

function open(user: UserInput, path: string) {
  return renderPages(['all_stores', 'store_edit'], path, user);
}

const LOAD_TIMEOUT = { timeout: 10_000 };

describe('All Stores (/storefronts) and Edit Store (/storefronts/edit/{id})', () => {
  it('creates a store with a slug suggested from its name and opens its editor', async () => {
    const user = userEvent.setup();
    const router = open(seller, '/storefronts');
    await screen.findByText('No stores yet. Create one to start selling.', {}, LOAD_TIMEOUT);
    await user.click(screen.getByRole('button', { name: 'Create store' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Store name'), 'Cosmic Cats!');
    expect((within(dialog).getByLabelText('Slug') as HTMLInputElement).value).toBe('cosmic-cats');
    await user.click(within(dialog).getByRole('button', { name: 'Create store' }));

    await screen.findByRole('heading', { name: 'Edit Store: Cosmic Cats!' }, LOAD_TIMEOUT);
    expect(router.state.location.pathname).toBe('/storefronts/edit/1');
    expect(screen.getByRole('link', { name: 'cosmic-cats.preview.printloom.test' })).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Cosmic Cats!',
      slug: 'cosmic-cats',
    });
  });

  it('says why a slug cannot be used, before and after asking the server', async () => {
    const user = userEvent.setup();
    open(seller, '/storefronts');
    await user.click(await screen.findByRole('button', { name: 'Create store' }, LOAD_TIMEOUT));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Store name'), 'Shop');
    await user.clear(within(dialog).getByLabelText('Slug'));
    await user.type(within(dialog).getByLabelText('Slug'), 'www');
    expect(dialog.textContent).toContain('This slug is reserved. Please choose another.');
    expect(
      (within(dialog).getByRole('button', { name: 'Create store' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.clear(within(dialog).getByLabelText('Slug'));
    await user.type(within(dialog).getByLabelText('Slug'), 'taken-slug');
    await user.click(within(dialog).getByRole('button', { name: 'Create store' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This slug is already taken by another store.',
    );
  });

  it('saves general settings, branding colours, menus and listed campaigns, tab by tab', async () => {
    const user = userEvent.setup();
    server.stores.push(storeFixture({ id: 5, name: 'Cosmic Cats', slug: 'cosmic-cats' }));
    open(seller, '/storefronts/edit/5');
    await screen.findByRole('heading', { name: 'Edit Store: Cosmic Cats' }, LOAD_TIMEOUT);

    await user.type(screen.getByLabelText('Site title'), 'Cats in space');
    await user.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    await user.type(screen.getByLabelText('Instagram'), 'https://instagram.com/cosmic');
    await user.click(screen.getByRole('button', { name: 'Save general settings' }));
    await screen.findByText('Store saved.');
    const general = server.requests.filter((r) => r.method === 'PUT').at(-1)?.body;
    expect(general).toMatchObject({
      name: 'Cosmic Cats',
      slug: 'cosmic-cats',
      title: 'Cats in space',
      currency: 'EUR',
      social_links: expect.objectContaining({ instagram: 'https://instagram.com/cosmic' }),
    });

    await user.click(screen.getByRole('tab', { name: 'Branding' }));
    await user.type(await screen.findByRole('textbox', { name: 'Primary colour' }), '#FF8800');
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'PUT').at(-1)?.body).toMatchObject({
        primary_color: '#ff8800',
      }),
    );

    await user.click(screen.getByRole('tab', { name: 'Menus' }));
    await user.click(await screen.findByRole('button', { name: 'Add item to header menu' }));
    await user.type(screen.getByLabelText('Header menu item 1 label'), 'Shop all');
    await user.type(screen.getByLabelText('Header menu item 1 address'), '/search');
    await user.click(screen.getByRole('button', { name: 'Add item to header menu' }));
    await user.type(screen.getByLabelText('Header menu item 2 label'), 'Blog');
    await user.type(screen.getByLabelText('Header menu item 2 address'), '/blog');
    // Reordering works from the keyboard: focus the button, press Enter.
    screen.getByRole('button', { name: 'Move Header menu item 2 up' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Blog moved to position 1 of 2.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save menus' }));
    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({
        menus: {
          header: [
            { label: 'Blog', kind: 'url', target_id: null, url: '/blog' },
            { label: 'Shop all', kind: 'url', target_id: null, url: '/search' },
          ],
          footer: [],
          side_column: [],
        },
      }),
    );

    await user.click(screen.getByRole('tab', { name: 'Campaigns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Astro tee (active)' }));
    await user.click(screen.getByRole('button', { name: 'Save campaigns' }));
    await screen.findByText('Store campaigns saved.');
    expect(server.listed.get(5)).toEqual([11]);
  });

  it('shows a member without update_campaign the stores without the buttons that change them', async () => {
    server.stores.push(storeFixture({ id: 5, name: 'Cosmic Cats', slug: 'cosmic-cats' }));
    open({ ...seller, roles: ['staff'], permissions: ['get_campaigns'] }, '/storefronts');
    const rows = await screen.findByTestId('store-rows', {}, LOAD_TIMEOUT);
    await within(rows).findByText('Cosmic Cats');
    expect(screen.queryByRole('button', { name: 'Create store' })).toBeNull();
    expect(within(rows).queryByRole('button', { name: 'Archive Cosmic Cats' })).toBeNull();
  });
});
