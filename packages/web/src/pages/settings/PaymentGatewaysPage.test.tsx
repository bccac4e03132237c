// @vitest-environment happy-dom
import { pageById, User, type UserInput } from '@printloom/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../api/hooks/useAuth.js';
import { queryClient } from '../../api/queryClient.js';
import { pageRoute } from '../../routes/routes.js';

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

type Gateway = {
  id: number;
  provider: 'stripe' | 'paypal';
  name: string;
  mode: 'test' | 'live';
  shown: Record<string, string>;
  store_ids: number[];
  webhook_path: string;
  created_at: string;
};

/** The gateway routes answered from memory as the server answers them. */
function gatewaysServer() {
  const gateways: Gateway[] = [];
  const requests: Array<{ method: string; path: string; body: Record<string, unknown> }> = [];
  const json = (data: unknown, status = 200, message?: string, errors?: unknown) =>
    new Response(
      JSON.stringify(
        status === 200 ? { success: true, data } : { success: false, message, errors },
      ),
      { status, headers: { 'content-type': 'application/json' } },
    );
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const path = url.pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
    requests.push({ method, path, body });
    if (path === '/seller/stores') return json([STORE]);
    if (path === '/seller/payment-gateways' && method === 'GET') return json(gateways);
    if (path === '/seller/payment-gateways' && method === 'POST' && body.provider === 'paypal') {
      const id = gateways.length + 1;
      gateways.push({
        id,
        provider: 'paypal',
        name: body.name,
        mode: body.mode === 'live' ? 'live' : 'test',
        shown: {
          client_id: `•••• ${String(body.client_id).slice(-4)}`,
          client_secret: `•••• ${String(body.client_secret).slice(-4)}`,
          webhook_id: body.webhook_id ? `•••• ${String(body.webhook_id).slice(-4)}` : '',
        },
        store_ids: [],
        webhook_path: `/public/payments/paypal/${id}/webhook`,
        created_at: '2026-11-27T08:00:00.000Z',
      });
      return json(gateways.at(-1));
    }
    const webhook = path.match(/^\/seller\/payment-gateways\/(\d+)\/webhook-id$/);
    const paypal = gateways.find((g) => g.id === Number(webhook?.[1]));
    if (webhook && method === 'PUT' && paypal) {
      paypal.shown.webhook_id = `•••• ${String(body.webhook_id).slice(-4)}`;
      return json(paypal);
    }
    if (path === '/seller/payment-gateways' && method === 'POST') {
      const id = gateways.length + 1;
      gateways.push({
        id,
        provider: 'stripe',
        name: body.name,
        mode: 'test',
        shown: {
          publishable_key: body.publishable_key,
          secret_key: `•••• ${String(body.secret_key).slice(-4)}`,
          webhook_secret: `•••• ${String(body.webhook_secret).slice(-4)}`,
        },
        store_ids: [],
        webhook_path: `/public/payments/stripe/${id}/webhook`,
        created_at: '2026-11-27T08:00:00.000Z',
      });
      return json(gateways.at(-1));
    }
    const store = path.match(/^\/seller\/stores\/(\d+)\/payment-gateway$/);
    if (store && method === 'PUT') {
      for (const g of gateways) g.store_ids = g.store_ids.filter((s) => s !== Number(store[1]));
      const chosen = gateways.find((g) => g.id === body.gateway_id);
      chosen?.store_ids.push(Number(store[1]));
      return json(null);
    }
    return json(null, 404, 'Not found.');
  };
  return { fetch, requests, gateways };
}

let server: ReturnType<typeof gatewaysServer>;
beforeEach(() => {
  server = gatewaysServer();
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
  custom_payment: true,
};

function Loading() {
  return <p>Loading</p>;
}

function open(path: string) {
  queryClient.setQueryData(meQuery.queryKey, User.parse(seller));
  const router = createMemoryRouter(
    [
      {
        element: <Outlet />,
        HydrateFallback: Loading,
        children: [
          pageRoute(pageById('payment_gateways')),
          pageRoute(pageById('payment_gateway_new')),
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const LOAD_TIMEOUT = { timeout: 10_000 };

describe('Payment Gateways (/settings/payment-gateways)', () => {
  it('adds a Stripe account, shows it masked with its webhook address and sets it on a store', async () => {
    const user = userEvent.setup();
    const router = open('/settings/payment-gateways');
    await screen.findByText(/No payment gateways yet/, {}, LOAD_TIMEOUT);
    await user.click(screen.getByRole('link', { name: 'Add gateway' }));
    await screen.findByRole('heading', { name: 'New Payment Gateway' }, LOAD_TIMEOUT);

    await user.type(screen.getByLabelText('Name'), 'Main Stripe');
    await user.type(screen.getByLabelText('Publishable key'), 'sk_wrong');
    await user.type(screen.getByLabelText('Secret key'), 'sk_test_abcdefgh1234');
    await user.type(screen.getByLabelText('Webhook signing secret'), 'whsec_abcdefgh9876');
    await user.click(screen.getByRole('button', { name: 'Save gateway' }));
    expect((await screen.findByTestId('gateway-publishable-error')).textContent).toBe(
      'A publishable key starts with pk_test_ or pk_live_',
    );
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.clear(screen.getByLabelText('Publishable key'));
    await user.type(screen.getByLabelText('Publishable key'), 'pk_test_abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Save gateway' }));

    const card = await screen.findByRole('region', { name: 'Main Stripe' }, LOAD_TIMEOUT);
    expect(router.state.location.pathname).toBe('/settings/payment-gateways');
    expect(card.textContent).toContain('•••• 1234');
    expect(card.textContent).not.toContain('sk_test_abcdefgh1234');
    expect(card.textContent).toContain('/public/payments/stripe/1/webhook');
    expect(within(card).getByText('Test mode')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Payment gateway of Cosmic'), 'Main Stripe');
    expect(server.requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/seller/stores/3/payment-gateway',
      body: { gateway_id: 1 },
    });
  }, 30_000);

  it('adds a PayPal app without its webhook id, then sets the id PayPal gave the webhook', async () => {
    const user = userEvent.setup();
    open('/settings/payment-gateways/create');
    await screen.findByRole('heading', { name: 'New Payment Gateway' }, LOAD_TIMEOUT);
    await user.selectOptions(screen.getByLabelText('Provider'), 'PayPal');
    await user.type(screen.getByLabelText('Name'), 'Shop PayPal');
    await user.selectOptions(screen.getByLabelText('Environment'), 'Live');
    await user.type(screen.getByLabelText('Client id'), 'short');
    await user.type(screen.getByLabelText('Secret'), 'EGnHDxD_qRPdaLdZz8iCr8N7_MzF');
    await user.click(screen.getByRole('button', { name: 'Save gateway' }));
    expect((await screen.findByTestId('gateway-client-id-error')).textContent).toBe(
      'A client id is 16 to 128 letters, digits, - or _',
    );
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.clear(screen.getByLabelText('Client id'));
    await user.type(screen.getByLabelText('Client id'), 'AZDxjDScFpQtjWTOUtWKbyN_bDt4Ogqa');
    await user.click(screen.getByRole('button', { name: 'Save gateway' }));

    const card = await screen.findByRole('region', { name: 'Shop PayPal' }, LOAD_TIMEOUT);
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      provider: 'paypal',
      name: 'Shop PayPal',
      mode: 'live',
      client_id: 'AZDxjDScFpQtjWTOUtWKbyN_bDt4Ogqa',
      client_secret: 'EGnHDxD_qRPdaLdZz8iCr8N7_MzF',
      webhook_id: '',
    });
    expect(within(card).getByText('PayPal')).toBeTruthy();
    expect(within(card).getByText('Live')).toBeTruthy();
    expect(card.textContent).toContain('•••• Ogqa');
    expect(card.textContent).not.toContain('EGnHDxD_qRPdaLdZz8iCr8N7_MzF');
    expect(card.textContent).toContain('/public/payments/paypal/1/webhook');
    expect(card.textContent).toContain('Not set');

    await user.type(
      within(card).getByLabelText('New webhook id of Shop PayPal'),
      '1JE4291016473214C',
    );
    await user.click(within(card).getByRole('button', { name: 'Save webhook id' }));
    expect(await within(card).findByText('•••• 214C', {}, LOAD_TIMEOUT)).toBeTruthy();
    expect(server.requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/seller/payment-gateways/1/webhook-id',
      body: { webhook_id: '1JE4291016473214C' },
    });
    expect(card.textContent).not.toContain('Not set');
  }, 30_000);
});
