// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

/** The email gateway routes answered from memory, as the server answers them. */
function gatewaysServer() {
  const gateways: Array<Record<string, unknown>> = [];
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  let next = 1;
  let refuse = false;
  const json = (status: number, payload: unknown) =>
    new Response(JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const ok = (data: unknown) => json(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path, body });
    if (path === '/seller/stores') return ok([]);
    if (path === '/seller/email-gateways' && method === 'GET') return ok(gateways);
    if (path === '/seller/email-gateways' && method === 'POST') {
      const row = {
        id: next++,
        name: body.name,
        driver: body.driver,
        store_id: body.store_id,
        credentials: { ...body.credentials, api_key: `•••• ${body.credentials.api_key.slice(-4)}` },
        from: body.credentials.from,
        last_test_at: null,
        last_test_ok: null,
        last_test_message: null,
        created_at: '2026-11-20T10:00:00.000Z',
        updated_at: '2026-11-20T10:00:00.000Z',
      };
      gateways.unshift(row);
      return ok(row);
    }
    if (/^\/seller\/email-gateways\/\d+\/test$/.test(path) && method === 'POST') {
      if (refuse) {
        return json(422, {
          success: false,
          message: 'The gateway did not accept the test mail: 401: Invalid private key',
        });
      }
      return ok({ ok: true, message_id: '<1@mg.example.test>' });
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return {
    fetch,
    gateways,
    requests,
    refuseTests: () => {
      refuse = true;
    },
  };
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

function open() {
  renderPages(['email_gateways'], '/settings/email-gateways', {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
  });
}

const LOAD_TIMEOUT = { timeout: 10_000 };

describe('Email gateways page (/settings/email-gateways)', () => {
  it('adds a Mailgun gateway, lists it masked and sends a test mail', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('heading', { name: 'Email Gateways' }, LOAD_TIMEOUT);
    await user.click(await screen.findByRole('button', { name: 'Add your first gateway' }));
    await user.selectOptions(screen.getByLabelText('Driver'), 'mailgun');
    await user.type(screen.getByLabelText('Name'), 'Mailgun EU');
    await user.type(screen.getByLabelText('Sending domain'), 'mg.example.test');
    await user.type(screen.getByLabelText('API key'), 'key-0123456789abcdef');
    await user.selectOptions(screen.getByLabelText('Region'), 'eu');
    await user.type(screen.getByLabelText('From address'), 'shop@mg.example.test');
    await user.click(screen.getByRole('button', { name: 'Add gateway' }));

    const row = await screen.findByTestId('email-gateway');
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Mailgun EU',
      store_id: null,
      driver: 'mailgun',
      credentials: {
        domain: 'mg.example.test',
        api_key: 'key-0123456789abcdef',
        region: 'eu',
        from: 'shop@mg.example.test',
      },
    });
    expect(row.textContent).toContain('•••• cdef');
    expect(row.textContent).not.toContain('0123456789');

    await user.click(
      within(row).getByRole('button', { name: 'Send a test mail through Mailgun EU' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Send a test mail to'), 'me@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));
    await within(dialog).findByText(/accepted the test mail/);
    expect(server.requests.find((r) => r.path.endsWith('/test'))?.body).toEqual({
      to: 'me@example.test',
    });
  });

  it("shows the provider's refusal of a test mail, and checks fields before sending", async () => {
    const user = userEvent.setup();
    server.gateways.push({
      id: 9,
      name: 'Own SMTP',
      driver: 'smtp',
      store_id: null,
      credentials: {
        host: 'smtp.example.test',
        port: 587,
        secure: false,
        username: '',
        password: '',
        from: 'a@example.test',
      },
      from: 'a@example.test',
      last_test_at: null,
      last_test_ok: null,
      last_test_message: null,
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-20T10:00:00.000Z',
    });
    server.refuseTests();
    open();
    const row = await screen.findByTestId('email-gateway', undefined, LOAD_TIMEOUT);
    await user.click(
      within(row).getByRole('button', { name: 'Send a test mail through Own SMTP' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));
    await within(dialog).findByText('to must be an email address');
    await user.type(within(dialog).getByLabelText('Send a test mail to'), 'me@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain('Invalid private key'),
    );
  });
});
