// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

interface Row {
  id: number;
  title: string;
  category: string;
  votes: number;
  voted: boolean;
}

/** The feature request routes, answered from memory as the server answers them. */
function requestServer(rows: Row[]) {
  const lists: URLSearchParams[] = [];
  const posts: unknown[] = [];
  const view = (row: Row) => ({
    ...row,
    body: `${row.title}, please.`,
    slug: `${row.title.toLowerCase().replaceAll(' ', '-')}-${row.id}`,
    status: 'under_review',
    comments: 0,
    mine: false,
    author_name: 'Anna',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
  });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    const ok = (data: unknown) =>
      new Response(JSON.stringify({ success: true, data }), {
        headers: { 'content-type': 'application/json' },
      });
    if (url.pathname === '/seller/feature-requests' && method === 'GET') {
      lists.push(url.searchParams);
      const category = url.searchParams.get('category');
      const data = rows.filter((r) => !category || r.category === category).map(view);
      return ok({
        data,
        total: data.length,
        per_page: 20,
        current_page: 1,
        last_page: 1,
        from: data.length ? 1 : null,
        to: data.length || null,
      });
    }
    if (url.pathname === '/seller/feature-requests' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { title: string; category: string };
      posts.push(body);
      const row = { id: 99, title: body.title, category: body.category, votes: 1, voted: true };
      rows.push(row);
      return ok({ ...view(row), comment_list: [] });
    }
    const vote = /^\/seller\/feature-requests\/(\d+)\/vote$/.exec(url.pathname);
    if (vote) {
      const row = rows.find((r) => r.id === Number(vote[1])) as Row;
      const add = method === 'POST';
      if (row.voted !== add) row.votes += add ? 1 : -1;
      row.voted = add;
      return ok(view(row));
    }
    const one = /^\/seller\/feature-requests\/(\d+)$/.exec(url.pathname);
    if (one) {
      const row = rows.find((r) => r.id === Number(one[1]));
      if (row) return ok({ ...view(row), comment_list: [] });
    }
    return new Response(JSON.stringify({ success: false, message: 'Not found.' }), { status: 404 });
  };
  return { fetch, lists, posts };
}

let server: ReturnType<typeof requestServer>;
beforeEach(() => {
  server = requestServer([
    { id: 1, title: 'Dark mode editor', category: 'editor', votes: 12, voted: false },
    { id: 2, title: 'Etsy import', category: 'integrations', votes: 4, voted: true },
  ]);
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open(path = '/feature-requests') {
  return renderPages(['feature_requests', 'feature_request'], path, {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
  });
}

describe('Feature requests (/feature-requests)', () => {
  it('lists requests, votes and takes a vote back, with the count pressed state', async () => {
    const user = userEvent.setup();
    open();
    const vote = await screen.findByRole(
      'button',
      { name: 'Vote for “Dark mode editor”, 12 votes' },
      { timeout: 10_000 },
    );
    expect(vote.getAttribute('aria-pressed')).toBe('false');
    await user.click(vote);
    const pressed = await screen.findByRole('button', {
      name: 'Take back your vote for “Dark mode editor”, 13 votes',
    });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    await user.click(pressed);
    await screen.findByRole('button', { name: 'Vote for “Dark mode editor”, 12 votes' });
  });

  it('filters by category through the address and tells a filtered empty list apart', async () => {
    const user = userEvent.setup();
    const router = open('/feature-requests?category=payouts');
    await screen.findByText('No request matches these filters.', {}, { timeout: 10_000 });
    expect(server.lists.at(-1)?.get('category')).toBe('payouts');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('Dark mode editor');
    expect(router.state.location.search).toBe('');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'integrations');
    const list = screen.getByTestId('feature-requests');
    await waitFor(() => expect(within(list).queryByText('Dark mode editor')).toBeNull());
    expect(within(list).getByText('Etsy import')).toBeTruthy();
    expect(router.state.location.search).toBe('?category=integrations');
  });

  it('checks a new request before posting it, then opens its page', async () => {
    const user = userEvent.setup();
    const router = open();
    await user.click(await screen.findByRole('button', { name: 'Suggest a feature' }));
    const form = within(screen.getByRole('form', { name: 'Suggest a feature' }));
    await user.type(form.getByLabelText('Title'), 'Hi');
    await user.click(form.getByRole('button', { name: 'Post request' }));
    await form.findByText('The title needs 5 to 120 characters.');
    expect(server.posts).toEqual([]);
    await user.clear(form.getByLabelText('Title'));
    await user.type(form.getByLabelText('Title'), 'Sleeve prints');
    await user.selectOptions(form.getByLabelText('Category'), 'campaigns');
    await user.type(form.getByLabelText('What would it let you do?'), 'Print on the left sleeve.');
    await user.click(form.getByRole('button', { name: 'Post request' }));
    await screen.findByRole('heading', { name: 'Sleeve prints' });
    expect(router.state.location.pathname).toBe('/feature-requests/campaigns/sleeve-prints-99');
    expect(server.posts).toEqual([
      { title: 'Sleeve prints', category: 'campaigns', body: 'Print on the left sleeve.' },
    ]);
  });
});
