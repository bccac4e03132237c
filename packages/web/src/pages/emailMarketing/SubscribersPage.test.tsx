// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { jsonAnswer, renderPages, storeView } from '../../test/pageHarness.js';

const STORE = storeView({
  id: 3,
  name: 'Tee Shop',
  slug: 'tee-shop',
  base_url: 'https://shop.example.test',
});

/** The subscriber routes answered from memory, as the server answers them. */
function subscribersServer() {
  const subscribers = [
    {
      id: 1,
      store_id: 3,
      email: 'ann@example.test',
      first_name: 'Ann',
      last_name: null,
      phone: null,
      created_at: '2026-11-20T10:00:00.000Z',
      klaviyo_synced_at: null,
      unsubscribed_at: null as string | null,
    },
  ];
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const json = jsonAnswer;
  const ok = (data: unknown) => json(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path, body });
    if (path === '/seller/stores') return ok([STORE]);
    if (path === '/seller/email-marketing/subscribers') {
      return ok({
        data: subscribers,
        total: subscribers.length,
        per_page: 15,
        current_page: 1,
        last_page: 1,
        from: 1,
        to: subscribers.length,
      });
    }
    if (path === '/seller/email-marketing/subscribers/import') {
      return ok({
        created: 1,
        updated: 0,
        merged: 1,
        errors: [{ row: 3, message: 'email: Please enter a valid email address' }],
      });
    }
    if (path === '/seller/email-marketing/subscribers/1/subscription') {
      const row = subscribers[0];
      if (row) row.unsubscribed_at = body.subscribed ? null : '2026-11-21T10:00:00.000Z';
      return ok(row);
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return { fetch, requests };
}

let server: ReturnType<typeof subscribersServer>;
beforeEach(() => {
  server = subscribersServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const SELLER = {
  id: 7,
  name: 'Seller',
  email: 'seller@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
  tags: ['email marketing'],
};

function open() {
  renderPages(['subscribers'], '/email-marketing/subscribers', SELLER);
}

const LOAD_TIMEOUT = { timeout: 10_000 };

describe('Subscribers page (/email-marketing/subscribers)', () => {
  it('lists subscribers with their state, unsubscribes one, and imports a CSV with row errors', async () => {
    const user = userEvent.setup();
    open();
    const row = await screen.findByTestId('subscriber', {}, LOAD_TIMEOUT);
    expect(row.textContent).toContain('ann@example.test');
    expect(row.textContent).toContain('Subscribed');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain(
      '/seller/email-marketing/subscribers/export',
    );

    await user.click(within(row).getByRole('button', { name: 'Unsubscribe ann@example.test' }));
    await waitFor(() =>
      expect(screen.getByTestId('subscriber').textContent).toContain('Unsubscribed'),
    );

    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const form = screen.getByRole('form', { name: 'Import subscribers' });
    await user.selectOptions(within(form).getByLabelText('Store'), '3');
    const csv = 'email\nbob@example.test\nBOB@example.test\nnot-an-email\n';
    await user.upload(
      within(form).getByLabelText('CSV file'),
      new File([csv], 'subscribers.csv', { type: 'text/csv' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Import' }));
    const result = await screen.findByTestId('import-result');
    expect(result.textContent).toContain(
      '1 new, 0 updated, 1 duplicate rows merged, 1 rows in error',
    );
    expect(result.textContent).toContain('Row 3: email: Please enter a valid email address');
    expect(server.requests.find((r) => r.path.endsWith('/import'))?.body).toEqual({
      store_id: 3,
      csv,
    });
  }, 30_000);
});
