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

/** The sender routes answered from memory, as the server answers them. */
function sendersServer() {
  const senders: Array<Record<string, unknown>> = [];
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  let next = 1;
  let refuseAdd = false;
  const json = jsonAnswer;
  const ok = (data: unknown) => json(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path, body });
    if (path === '/seller/stores') return ok([STORE]);
    if (path === '/seller/email-marketing/senders' && method === 'GET') {
      return ok({
        data: senders,
        total: senders.length,
        per_page: 15,
        current_page: 1,
        last_page: 1,
        from: senders.length ? 1 : null,
        to: senders.length || null,
      });
    }
    if (path === '/seller/email-marketing/senders' && method === 'POST') {
      if (refuseAdd) return json(500, { success: false, message: '' });
      const row = {
        id: next++,
        ...body,
        status: 'pending',
        address: `${body.username}@shop.example.test`,
        verify_record: { host: 'shop.example.test', value: 'printloom-verify=abc123' },
        link_sent_at: '2026-11-27T10:00:00.000Z',
        verified_by: null,
      };
      senders.push(row);
      return ok(row);
    }
    const one = /^\/seller\/email-marketing\/senders\/(\d+)(\/status|\/verification)?$/.exec(path);
    const row = senders.find((s) => s.id === Number(one?.[1]));
    if (one && row) {
      if (one[2] === '/verification') {
        Object.assign(row, { link_sent_at: '2026-11-27T10:05:00.000Z' });
        return json(200, {
          success: true,
          data: row,
          message: 'We mailed a verification link to the sender address.',
        });
      }
      if (one[2]) {
        Object.assign(row, { status: 'verified', verify_record: null });
        return ok({ id: row.id, status: 'verified' });
      }
      if (method === 'PATCH') {
        Object.assign(row, body, { address: `${body.username}@shop.example.test` });
        return ok(row);
      }
      if (method === 'DELETE') {
        senders.splice(senders.indexOf(row), 1);
        return ok(null);
      }
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return {
    fetch,
    requests,
    refuseAdd: () => {
      refuseAdd = true;
    },
  };
}

let server: ReturnType<typeof sendersServer>;
beforeEach(() => {
  server = sendersServer();
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
  renderPages(['email_senders'], '/email-marketing/senders', SELLER);
}

const LOAD_TIMEOUT = { timeout: 10_000 };

describe('Email senders page (/email-marketing/senders)', () => {
  it('adds a sender, resends its link, shows its TXT record, checks it, edits and deletes it', async () => {
    const user = userEvent.setup();
    open();
    await user.click(
      await screen.findByRole('button', { name: 'Add your first sender' }, LOAD_TIMEOUT),
    );
    await user.click(screen.getByRole('button', { name: 'Add sender' }));
    expect(screen.getByText('Choose the store whose domain sends')).toBeTruthy();
    expect(screen.getByText('Sender name is required')).toBeTruthy();

    await screen.findByRole('option', { name: 'Tee Shop' });
    await user.selectOptions(screen.getByLabelText('Store'), '3');
    await user.type(screen.getByLabelText('Username'), 'news');
    await user.type(screen.getByLabelText('Sender name'), 'Tee Shop News');
    await user.click(screen.getByRole('button', { name: 'Add sender' }));

    const row = await screen.findByTestId('email-sender');
    expect(row.textContent).toContain('news@shop.example.test');
    expect(row.textContent).toContain('Pending');
    expect(row.textContent).toContain('printloom-verify=abc123');
    expect(row.textContent).toContain(
      'We mailed a verification link to news@shop.example.test: open it to verify.',
    );

    await user.click(
      within(row).getByRole('button', { name: 'Resend verification to Tee Shop News' }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'We mailed a verification link to the sender address.',
    );
    expect(
      server.requests.some(
        (r) => r.method === 'POST' && r.path === '/seller/email-marketing/senders/1/verification',
      ),
    ).toBe(true);

    await user.click(
      within(row).getByRole('button', { name: 'Check the status of Tee Shop News' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('email-sender').textContent).toContain('Verified'),
    );

    await user.click(screen.getByRole('button', { name: 'Edit Tee Shop News' }));
    const name = screen.getByLabelText('Sender name');
    await user.clear(name);
    await user.type(name, 'Tee Shop Deals');
    await user.click(screen.getByRole('button', { name: 'Save sender' }));
    await waitFor(() =>
      expect(screen.getByTestId('email-sender').textContent).toContain('Tee Shop Deals'),
    );
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      store_domain_id: 3,
      username: 'news',
      name: 'Tee Shop Deals',
    });

    await user.click(screen.getByRole('button', { name: 'Delete Tee Shop Deals' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete sender' }),
    );
    await screen.findByTestId('list-empty');
  }, 30_000);

  it("says 'Failed to add sender' when the server refuses without a message", async () => {
    server.refuseAdd();
    const user = userEvent.setup();
    open();
    await user.click(
      await screen.findByRole('button', { name: 'Add your first sender' }, LOAD_TIMEOUT),
    );
    await screen.findByRole('option', { name: 'Tee Shop' });
    await user.selectOptions(screen.getByLabelText('Store'), '3');
    await user.type(screen.getByLabelText('Username'), 'news');
    await user.type(screen.getByLabelText('Sender name'), 'News');
    await user.click(screen.getByRole('button', { name: 'Add sender' }));
    expect((await screen.findByTestId('sender-error')).textContent).toMatch(
      /^Failed to add sender/,
    );
  }, 30_000);
});
