// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

const SELLERS = [
  {
    id: 2,
    name: 'Bob Maker',
    email: 'b***@example.test',
    joined_at: '2026-10-02T10:00:00Z',
    orders: 3,
    sold_items: 7,
    commission: 1250,
  },
  {
    id: 3,
    name: 'Quiet',
    email: 'q***@example.test',
    joined_at: '2026-11-20T23:30:00Z',
    orders: 0,
    sold_items: 0,
    commission: 0,
  },
];

/** The referral routes answered from memory as the server answers them. */
function referralServer(options: { sellers?: typeof SELLERS; failList?: boolean } = {}) {
  const queries: URLSearchParams[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const ok = (data: unknown) =>
      new Response(JSON.stringify({ success: true, data }), {
        headers: { 'content-type': 'application/json' },
      });
    if (url.pathname === '/seller/referral') {
      return ok({
        code: 'AB23CD45',
        link: 'http://dashboard.test/auth/register?ref=AB23CD45',
        commission_percent: 5,
        referred_sellers: 2,
        commission_total: 1250,
        currency: 'USD',
      });
    }
    if (url.pathname === '/seller/referral/sellers') {
      queries.push(url.searchParams);
      if (options.failList) {
        return new Response(JSON.stringify({ success: false, message: 'Server error.' }), {
          status: 500,
        });
      }
      const rows = [...(options.sellers ?? SELLERS)];
      const by = (url.searchParams.get('sort_by') ?? 'sold_items') as 'sold_items';
      const sign = url.searchParams.get('direction') === 'asc' ? 1 : -1;
      rows.sort((a, b) => sign * (a[by] - b[by]));
      return ok({
        data: rows,
        total: rows.length,
        per_page: 25,
        current_page: 1,
        last_page: 1,
        from: rows.length ? 1 : null,
        to: rows.length ? rows.length : null,
      });
    }
    return new Response(JSON.stringify({ success: false, message: 'Not found.' }), { status: 404 });
  };
  return { fetch, queries };
}

let server: ReturnType<typeof referralServer>;
const serve = (options?: Parameters<typeof referralServer>[0]) => {
  server = referralServer(options);
  vi.stubGlobal('fetch', server.fetch);
};
beforeEach(() => serve());
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open(path: string) {
  return renderPages(['referral'], path, {
    id: 7,
    name: 'Rita',
    email: 'rita@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
    utc_offset: 7,
  });
}

const names = () =>
  screen
    .getAllByTestId('referred-row')
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('Referral Program page', () => {
  it('shows the link to share and the referred sellers, most items sold first', async () => {
    open('/referral?sort_by=sold_items');
    const link = (await screen.findByLabelText(
      'Your referral link',
      {},
      { timeout: 10_000 },
    )) as HTMLInputElement;
    expect(link.value).toBe('http://dashboard.test/auth/register?ref=AB23CD45');
    expect(screen.getByTestId('referral-totals').textContent).toContain('$12.50 commission so far');
    await screen.findAllByTestId('referred-row');
    expect(names()).toEqual(['Bob Makerb***@example.test', 'Quietq***@example.test']);
    const bob = screen.getAllByTestId('referred-row')[0] as HTMLElement;
    expect(within(bob).getByText('$12.50')).toBeTruthy();
    // Joined dates are the seller's days (UTC+7): 23:30 UTC on the 20th is the 21st.
    const quiet = screen.getAllByTestId('referred-row')[1] as HTMLElement;
    expect(within(quiet).getByText('2026-11-21')).toBeTruthy();
    const sorted = screen.getByRole('columnheader', { name: /Sold items/ });
    expect(sorted.getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts on the server and counts a chosen period', async () => {
    const user = userEvent.setup();
    const router = open('/referral');
    await screen.findAllByTestId('referred-row', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: /Sold items/ }));
    await vi.waitFor(() => expect(names()[0]).toBe('Quietq***@example.test'));
    expect(router.state.location.search).toContain('direction=asc');
    expect(server.queries.at(-1)?.get('direction')).toBe('asc');
    await user.selectOptions(screen.getByLabelText('Time range'), 'last_30_days');
    await vi.waitFor(() => expect(server.queries.at(-1)?.get('time')).toBe('last_30_days'));
  });

  it('copies the link with one click', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open('/referral');
    await user.click(await screen.findByRole('button', { name: 'Copy link' }, { timeout: 10_000 }));
    expect(writeText).toHaveBeenCalledWith('http://dashboard.test/auth/register?ref=AB23CD45');
    expect(await screen.findByText('Link copied.')).toBeTruthy();
  });

  it('says when nobody joined yet, and offers to try again when the list fails', async () => {
    serve({ sellers: [] });
    open('/referral');
    expect(
      (await screen.findByTestId('list-empty', {}, { timeout: 10_000 })).textContent,
    ).toContain('No one has signed up through your link yet');
    cleanup();
    queryClient.clear();
    serve({ failList: true });
    open('/referral');
    expect(
      await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
