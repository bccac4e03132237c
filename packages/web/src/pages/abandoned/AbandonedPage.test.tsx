// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

function server() {
  let settings = { enabled: false, delay1_minutes: 60, delay2_minutes: 1440, delay3_minutes: 4320 };
  const puts: unknown[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const ok = (data: unknown) => json(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    if (url.pathname === '/seller/abandoned-orders/settings') {
      if (init?.method === 'PUT') {
        settings = JSON.parse(String(init.body));
        puts.push(settings);
      }
      return ok(settings);
    }
    if (url.pathname === '/seller/abandoned-orders') {
      const data = [
        {
          id: '0b7a3c1e-1111-4a2b-9c3d-123456789abc',
          email: 'gone@example.test',
          store_id: 1,
          store_name: 'Left Shop',
          items_count: 1,
          total: 2599,
          currency: 'USD',
          created_at: '2026-11-20T10:00:00.000Z',
          emails: [{ number: 1, sent_at: '2026-11-20T11:00:00.000Z' }],
          recovered: true,
          order_id: null,
        },
      ];
      return ok({
        data,
        current_page: 1,
        last_page: 1,
        per_page: 20,
        total: 1,
        total_is_capped: false,
        from: 1,
        to: 1,
      });
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return { fetch, puts };
}

let fake: ReturnType<typeof server>;
beforeEach(() => {
  fake = server();
  vi.stubGlobal('fetch', fake.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open() {
  renderPages(['abandoned'], '/abandoned-orders', {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
  });
}

describe('abandoned checkouts (/abandoned-orders)', () => {
  it('shows the emails sent and recovery, and saves a checked schedule', async () => {
    const user = userEvent.setup();
    open();
    const row = await screen.findByText('gone@example.test', {}, { timeout: 10_000 });
    expect(row.closest('tr')?.textContent).toContain('Email 1:');
    expect(row.closest('tr')?.textContent).toContain('Recovered');
    const second = await screen.findByLabelText('Email 2 after (minutes)');
    await waitFor(() => expect((second as HTMLInputElement).value).toBe('1440'));
    await user.clear(second);
    await user.type(second, '30');
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('Email 2 must wait longer than email 1')).toBeTruthy();
    expect(fake.puts).toHaveLength(0);
    await user.clear(second);
    await user.type(second, '120');
    await user.click(screen.getByLabelText('Send recovery emails'));
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    await waitFor(() =>
      expect(fake.puts).toEqual([
        { enabled: true, delay1_minutes: 60, delay2_minutes: 120, delay3_minutes: 4320 },
      ]),
    );
  });
});
