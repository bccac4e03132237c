// @vitest-environment happy-dom
import type { UserInput } from '@printloom/core';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

type Domain = {
  id: number;
  store_id: number;
  store_name: string;
  hostname: string;
  status: 'pending' | 'verified';
  is_primary: boolean;
  records: { type: 'TXT' | 'CNAME'; name: string; value: string; purpose: string }[];
  cname_ok: boolean | null;
  verified_at: string | null;
  last_checked_at: string | null;
  last_error: string | null;
  created_at: string;
};

const STORE = {
  id: 3,
  name: 'Cosmic',
  slug: 'cosmic',
  base_url: 'https://cosmic.preview.test',
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

/** The domain routes answered from memory as the server answers them. */
function domainsServer() {
  const domains: Domain[] = [];
  const requests: Array<{ method: string; path: string; body: Record<string, unknown> }> = [];
  /** Whether the DNS records exist yet (the next verify finds them). */
  const dns = { published: false };
  const json = (data: unknown, status = 200, message?: string) =>
    new Response(
      JSON.stringify(status === 200 ? { success: true, data } : { success: false, message }),
      { status, headers: { 'content-type': 'application/json' } },
    );
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const path = url.pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
    requests.push({ method, path, body });
    if (path === '/seller/stores') return json([STORE]);
    if (path === '/seller/domains' && method === 'GET') return json(domains);
    if (path === '/seller/domains' && method === 'POST') {
      if (body.hostname === 'taken.example.com') {
        return json(null, 409, 'This domain is already added to a store');
      }
      const domain: Domain = {
        id: domains.length + 1,
        store_id: body.store_id,
        store_name: 'Cosmic',
        hostname: String(body.hostname).trim().toLowerCase(),
        status: 'pending',
        is_primary: false,
        records: [
          {
            type: 'TXT',
            name: `_printloom.${body.hostname}`,
            value: 'printloom-verification=abc123',
            purpose: 'Proves the domain is yours',
          },
          {
            type: 'CNAME',
            name: String(body.hostname),
            value: 'cosmic.preview.test',
            purpose: 'Sends buyers to your store',
          },
        ],
        cname_ok: null,
        verified_at: null,
        last_checked_at: null,
        last_error: null,
        created_at: '2026-11-27T08:00:00.000Z',
      };
      domains.unshift(domain);
      return json(domain);
    }
    const one = path.match(/^\/seller\/domains\/(\d+)(\/verify|\/primary)?$/);
    const domain = domains.find((d) => d.id === Number(one?.[1]));
    if (one && !domain) return json(null, 404, 'This domain does not exist');
    if (domain && one?.[2] === '/verify') {
      domain.last_checked_at = '2026-11-27T08:05:00.000Z';
      if (dns.published) {
        Object.assign(domain, {
          status: 'verified',
          verified_at: domain.last_checked_at,
          cname_ok: true,
          last_error: null,
        });
      } else {
        domain.last_error = `No TXT record _printloom.${domain.hostname} was found yet. DNS changes can take a while to show.`;
      }
      return json(domain);
    }
    if (domain && one?.[2] === '/primary') {
      domain.is_primary = true;
      return json(domain);
    }
    if (domain && method === 'DELETE') {
      domains.splice(domains.indexOf(domain), 1);
      return json(null);
    }
    return json(null, 404, 'Not found.');
  };
  return { fetch, requests, dns, domains };
}

let server: ReturnType<typeof domainsServer>;
beforeEach(() => {
  server = domainsServer();
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

function open(user: UserInput) {
  renderPages(['domains'], '/domains', user);
}

const LOAD_TIMEOUT = { timeout: 10_000 };

describe('Domains (/domains)', () => {
  it('adds a domain, shows its DNS records, verifies it and makes it primary', async () => {
    const user = userEvent.setup();
    open(seller);
    await screen.findByText(
      'No custom domains yet. Add one to sell on your own address.',
      {},
      LOAD_TIMEOUT,
    );
    await user.type(screen.getByLabelText('Domain'), 'https://shop.example.com');
    expect(screen.getByText(/Enter a domain name such as shop.example.com/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add domain' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.clear(screen.getByLabelText('Domain'));
    await user.type(screen.getByLabelText('Domain'), 'shop.example.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));

    const card = await screen.findByRole('region', { name: 'shop.example.com' }, LOAD_TIMEOUT);
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      store_id: 3,
      hostname: 'shop.example.com',
    });
    expect(within(card).getByText('Pending verification')).toBeTruthy();
    expect(within(card).getByText('_printloom.shop.example.com')).toBeTruthy();
    expect(within(card).getByText('printloom-verification=abc123')).toBeTruthy();
    expect(within(card).getByText('cosmic.preview.test')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Verify shop.example.com' }));
    expect((await within(card).findByTestId('domain-problem')).textContent).toContain(
      'No TXT record _printloom.shop.example.com was found yet',
    );
    expect(
      within(card).queryByRole('button', { name: 'Make shop.example.com primary' }),
    ).toBeNull();

    server.dns.published = true;
    await user.click(within(card).getByRole('button', { name: 'Verify shop.example.com' }));
    await within(card).findByText('Verified');
    expect(within(card).queryByTestId('domain-problem')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Make shop.example.com primary' }));
    await within(card).findByText('Primary');
  });

  it('says why the server refused a domain', async () => {
    const user = userEvent.setup();
    open(seller);
    await user.type(await screen.findByLabelText('Domain', {}, LOAD_TIMEOUT), 'taken.example.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect((await screen.findByTestId('form-error')).textContent).toContain(
      'This domain is already added to a store',
    );
  });

  it('removes a domain after confirming', async () => {
    const user = userEvent.setup();
    open(seller);
    await user.type(await screen.findByLabelText('Domain', {}, LOAD_TIMEOUT), 'old.example.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    await user.click(
      await screen.findByRole('button', { name: 'Remove old.example.com' }, LOAD_TIMEOUT),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('old.example.com will no longer serve Cosmic.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove domain' }));
    await screen.findByText(
      'No custom domains yet. Add one to sell on your own address.',
      {},
      LOAD_TIMEOUT,
    );
    expect(
      server.requests.some((r) => r.method === 'DELETE' && r.path === '/seller/domains/1'),
    ).toBe(true);
  });

  it('shows records but no changes to a member without update_campaign', async () => {
    server.dns.published = false;
    await server.fetch('/seller/domains', {
      method: 'POST',
      body: JSON.stringify({ store_id: 3, hostname: 'ro.example.com' }),
    });
    open({ ...seller, roles: ['staff'], permissions: ['get_campaigns'] });
    const card = await screen.findByRole('region', { name: 'ro.example.com' }, LOAD_TIMEOUT);
    expect(within(card).getByText('_printloom.ro.example.com')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.queryByLabelText('Domain')).toBeNull();
  });
});
