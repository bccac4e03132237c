// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { jsonAnswer, renderPages, storeView } from '../../test/pageHarness.js';

const STORE = storeView({
  id: 3,
  name: 'Tee Shop',
  slug: 'tees',
  base_url: 'https://tees.example.test',
});

/** The calls of the page answered from memory, as the server answers them. */
function settingsServer() {
  let settings = {
    store_id: 3,
    default_sender_id: null as number | null,
    footer_address: '',
    unsubscribe_text: '',
  };
  const puts: unknown[] = [];
  const json = jsonAnswer;
  const ok = (data: unknown) => json(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/seller/stores') return ok([{ ...STORE }]);
    if (url.pathname === '/seller/stores/3/email-marketing/settings') {
      if (method === 'GET') return ok(settings);
      const body = JSON.parse(String(init?.body));
      puts.push(body);
      if (body.default_sender_id === 99) {
        return json(422, {
          success: false,
          message: 'Choose one of this store’s senders as its default sender.',
        });
      }
      settings = { store_id: 3, ...body };
      return ok(settings);
    }
    if (url.pathname === '/seller/email-marketing/senders') {
      return ok({
        data: [
          {
            id: 7,
            store_domain_id: 3,
            username: 'hello',
            name: 'Tee Shop',
            status: 'verified',
            address: 'hello@tees.example.test',
          },
          {
            id: 8,
            store_domain_id: 4,
            username: 'mugs',
            name: 'Mug Shop',
            status: 'verified',
            address: 'mugs@mugs.example.test',
          },
        ],
        current_page: 1,
        last_page: 1,
        per_page: 100,
        total: 2,
        from: 1,
        to: 2,
      });
    }
    if (url.pathname === '/seller/stores/3/klaviyo') {
      return ok({ store_id: 3, private_key: null, list_id: null });
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return { fetch, puts };
}

let server: ReturnType<typeof settingsServer>;
beforeEach(() => {
  server = settingsServer();
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
  renderPages(['email_settings'], '/email-marketing/settings', SELLER);
}

describe('Email Settings (/email-marketing/settings)', { timeout: 20_000 }, () => {
  it('saves the store’s default sender and footer, offering only that store’s senders', async () => {
    const user = userEvent.setup();
    open();
    const sender = await screen.findByLabelText('Default sender', {}, { timeout: 10_000 });
    await waitFor(() => expect(sender.querySelectorAll('option')).toHaveLength(2));
    expect(sender.textContent).not.toContain('mugs@');
    await user.selectOptions(sender, '7');
    await user.type(screen.getByLabelText('Postal address in the footer'), '1 Main Street');
    await user.type(screen.getByLabelText('Text above the unsubscribe link'), 'Thanks for buying.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email settings saved.')).toBeTruthy();
    expect(server.puts).toEqual([
      {
        default_sender_id: 7,
        footer_address: '1 Main Street',
        unsubscribe_text: 'Thanks for buying.',
      },
    ]);
    expect(screen.getByText(/Not connected/)).toBeTruthy();
  });
});
