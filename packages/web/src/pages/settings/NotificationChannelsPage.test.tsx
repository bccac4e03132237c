// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

/** The channel routes answered from memory, as the server answers them. */
function channelsServer() {
  const channels: Array<Record<string, unknown>> = [];
  const deliveries: Array<Record<string, unknown>> = [];
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
    if (path === '/seller/notification-channels' && method === 'GET') return ok(channels);
    if (path === '/seller/notification-channels' && method === 'POST') {
      const id = channels.length + 1;
      channels.push({
        id,
        type: body.type,
        name: body.name || 'Webhook',
        url_hint: 'https://hooks.example.com/…',
        chat_id: null,
        events: body.events,
        repeat_alert: body.repeat_alert,
        repeat_until: null,
        enabled: true,
        signed: true,
        created_at: '2026-11-20T10:00:00.000Z',
        last_delivery_status: null,
      });
      return ok({ id, secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0' });
    }
    if (/^\/seller\/notification-channels\/\d+\/test$/.test(path)) {
      const delivery = {
        id: 90,
        message_id: 'msg_1',
        channel_id: 1,
        event: 'order.created',
        test: true,
        status: 'delivered',
        next_attempt_at: null,
        created_at: '2026-11-20T10:00:00.000Z',
        attempts: [
          {
            status_code: 500,
            error: 'Answered 500',
            duration_ms: 3,
            at: '2026-11-20T10:00:00.000Z',
          },
          { status_code: 200, error: null, duration_ms: 3, at: '2026-11-20T10:00:05.000Z' },
        ],
      };
      deliveries.push(delivery);
      return ok(delivery);
    }
    if (/^\/seller\/notification-channels\/\d+\/deliveries$/.test(path)) return ok(deliveries);
    if (path === '/seller/notification-channels/deliveries/90/redeliver') {
      return ok(deliveries[0]);
    }
    return new Response(JSON.stringify({ success: false, message: 'Not found.' }), {
      status: 404,
    });
  };
  return { fetch, requests };
}

let server: ReturnType<typeof channelsServer>;
beforeEach(() => {
  server = channelsServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open() {
  renderPages(['notifications'], '/settings/notification', {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
  });
}

describe('notification settings (/settings/notification)', () => {
  it('adds a webhook, shows its secret once, tests it and redelivers', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('heading', { name: 'Notification Settings' }, { timeout: 10_000 });
    await screen.findByText('No notification channels yet.');

    await user.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(await screen.findByText('Enter the https address the service gave you')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Endpoint URL'), 'https://hooks.example.com/in');
    await user.click(screen.getByRole('checkbox', { name: /order\.changed\.tracking/ }));
    await user.selectOptions(
      screen.getByLabelText('Repeat alerts that wait to be handled'),
      'hourly',
    );
    await user.click(screen.getByRole('button', { name: 'Add channel' }));

    const secret = (await screen.findByLabelText('Signing secret')) as HTMLInputElement;
    expect(secret.value).toMatch(/^whsec_/);
    expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      type: 'webhook',
      url: 'https://hooks.example.com/in',
      events: ['order.created', 'order.changed.tracking'],
      repeat_alert: 'hourly',
    });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(secret.value);
    await user.click(screen.getByRole('button', { name: 'I have stored it' }));
    expect(document.body.textContent).not.toContain(secret.value);

    const rows = await screen.findByTestId('channel-rows');
    await user.click(within(rows).getByRole('button', { name: 'Test' }));
    const table = await screen.findByTestId('delivery-rows');
    await waitFor(() => expect(table.textContent).toContain('delivered'));
    expect(within(table).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(table).getByRole('button', { name: 'Redeliver' }));
    await waitFor(() =>
      expect(server.requests.map((r) => r.path)).toContain(
        '/seller/notification-channels/deliveries/90/redeliver',
      ),
    );
  });
});
