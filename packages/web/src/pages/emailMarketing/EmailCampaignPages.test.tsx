// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { jsonAnswer, renderPages, storeView } from '../../test/pageHarness.js';

const STATS = {
  recipients: 0,
  pending: 0,
  sent: 0,
  delivered: 0,
  opened: 0,
  clicked: 0,
  unsubscribed: 0,
  failed: 0,
  uncertain: 0,
};

const STORE = storeView({
  id: 3,
  name: 'Tee Shop',
  slug: 'tee-shop',
  base_url: 'https://shop.example.test',
});

/** The email campaign routes answered from memory, as the server answers them. */
function campaignsServer() {
  const campaigns: Array<Record<string, unknown>> = [];
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  let next = 1;
  let failList = false;
  const json = jsonAnswer;
  const ok = (data: unknown) => json(200, { success: true, data });
  const page = (data: unknown[]) =>
    ok({
      data,
      total: data.length,
      per_page: 20,
      current_page: 1,
      last_page: 1,
      from: data.length ? 1 : null,
      to: data.length || null,
    });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path, body });
    if (path === '/seller/stores') return ok([STORE]);
    if (path === '/seller/email-marketing/senders') {
      return page([
        { id: 9, store_domain_id: 3, username: 'news', name: 'Tee Shop', status: 'verified' },
      ]);
    }
    if (path === '/seller/email-marketing/campaigns' && method === 'GET') {
      if (failList) return json(500, { success: false, message: 'The server is down.' });
      return page(campaigns);
    }
    if (path === '/seller/email-marketing/campaigns' && method === 'POST') {
      const row = {
        id: next++,
        ...body,
        preheader: body.preheader ?? '',
        status: 'draft',
        send_at: null,
        started_at: null,
        finished_at: null,
        created_at: '2026-11-20T10:00:00.000Z',
        updated_at: '2026-11-20T10:00:00.000Z',
        stats: STATS,
      };
      campaigns.unshift(row);
      return ok(row);
    }
    const one = /^\/seller\/email-marketing\/campaigns\/(\d+)(\/\w+)?$/.exec(path);
    const row = campaigns.find((c) => c.id === Number(one?.[1]));
    if (one && row) {
      if (!one[2] && method === 'GET') return ok(row);
      if (one[2] === '/preview') {
        return ok({ html: `<p>${String(row.subject)}</p>`, text: String(row.subject) });
      }
      if (one[2] === '/send') {
        Object.assign(row, {
          status: 'sent',
          finished_at: '2026-11-20T11:00:00.000Z',
          stats: {
            ...STATS,
            recipients: 300,
            sent: 300,
            delivered: 298,
            failed: 2,
            uncertain: 1,
            opened: 149,
            clicked: 30,
            unsubscribed: 4,
          },
        });
        return ok(row);
      }
      if (one[2] === '/test') return ok(null);
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return {
    fetch,
    campaigns,
    requests,
    failList: () => {
      failList = true;
    },
  };
}

let server: ReturnType<typeof campaignsServer>;
beforeEach(() => {
  server = campaignsServer();
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

function open(path: string) {
  return renderPages(
    ['email_campaigns', 'email_campaign_new', 'email_campaign_view'],
    path,
    SELLER,
  );
}

const LOAD_TIMEOUT = { timeout: 10_000 };

describe('Email campaigns pages', () => {
  it('composes a campaign with a live preview, saves it, sends it and shows its stats', async () => {
    const user = userEvent.setup();
    open('/email-marketing/campaigns');
    await user.click(
      await screen.findByRole('link', { name: 'Write your first campaign' }, LOAD_TIMEOUT),
    );
    await screen.findByRole('heading', { name: 'New Email Campaign' }, LOAD_TIMEOUT);

    // Saving an empty form says what is missing instead of calling the server.
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    const problems = await screen.findByTestId('form-problems');
    expect(problems?.textContent).toContain('Campaign name is required');
    expect(problems?.textContent).toContain('Choose a store');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Campaign name'), 'Autumn');
    await screen.findByRole('option', { name: 'Tee Shop' });
    await user.selectOptions(screen.getByLabelText('Store'), '3');
    await user.selectOptions(await screen.findByLabelText('Sender'), '9');
    await user.type(screen.getByLabelText('Subject'), 'Autumn drop');
    await user.type(screen.getByLabelText('Heading text'), 'New tees');
    await user.type(screen.getByLabelText(/Paragraphs/), 'Ten percent off');
    await user.type(screen.getByLabelText('Button link'), 'https://shop.example.test/autumn');
    await user.click(screen.getByRole('button', { name: 'Add divider' }));
    expect(screen.getAllByTestId('email-block')).toHaveLength(4);
    await user.click(screen.getByRole('radio', { name: 'Bought in the last N days' }));
    await user.clear(screen.getByLabelText('Days'));
    await user.type(screen.getByLabelText('Days'), '60');

    const preview = screen.getByTitle('Mail preview') as HTMLIFrameElement;
    expect(preview.getAttribute('srcdoc')).toContain('New tees');
    expect(preview.getAttribute('srcdoc')).toContain('https://shop.example.test/autumn');

    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    await screen.findByRole('heading', { name: 'Autumn' }, LOAD_TIMEOUT);
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Autumn',
      store_id: 3,
      sender_id: 9,
      subject: 'Autumn drop',
      preheader: '',
      blocks: [
        { type: 'heading', text: 'New tees' },
        { type: 'text', text: 'Ten percent off' },
        { type: 'button', label: 'Shop now', href: 'https://shop.example.test/autumn' },
        { type: 'divider' },
      ],
      audience: { kind: 'recent_buyers', days: 60 },
    });
    expect(screen.getByTestId('campaign-status')?.textContent).toContain('Draft');

    await user.type(screen.getByLabelText('Send a test to'), 'me@example.test');
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'Test mail sent to me@example.test.',
    );

    await user.click(screen.getByRole('button', { name: 'Send now' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    await waitFor(() =>
      expect(screen.getByTestId('campaign-status')?.textContent).toContain('Sent'),
    );
    const stats = screen.getByTestId('campaign-stats');
    expect(within(stats).getByText('Delivered').nextSibling?.textContent).toContain('298');
    expect(within(stats).getByText('Opened').nextSibling?.textContent).toContain('149');
    expect(within(stats).getByText('Opened').nextSibling?.textContent).toContain('50%');
    expect(within(stats).getByText('Unsubscribed').nextSibling?.textContent).toContain('4');
    expect(within(stats).getByText('Failed').nextSibling?.textContent).toContain('2');
    expect(screen.getByTestId('campaign-uncertain').textContent).toContain(
      '1 of the failed mail was being handed to the mail server when the server stopped',
    );
  }, 30_000);

  it('shows a load error with Try again', async () => {
    server.failList();
    open('/email-marketing/campaigns');
    expect((await screen.findByTestId('list-error', {}, LOAD_TIMEOUT)).textContent).toContain(
      'The server is down.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
