// @vitest-environment happy-dom
import type { UserInput } from '@printloom/core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { jsonAnswer, renderPages } from '../../test/pageHarness.js';

const member = {
  id: 4,
  member_id: 40,
  name: 'Pat Helper',
  email: 'pat@example.test',
  avatar: null,
  role: 'Support',
  permissions: ['get_orders'],
  store_ids: null,
  created_at: '2026-11-20T10:00:00.000Z',
};

const entries = [
  {
    id: 12,
    actor_id: 40,
    actor_name: 'Pat Helper',
    actor_email: 'pat@example.test',
    actor_kind: 'member',
    seller_id: 7,
    seller_name: 'Cat Shirts Co',
    action: 'PUT /seller/orders/:id/address',
    detail: { status: 200 },
    // 23:30 UTC is already the next day at UTC+2.
    created_at: '2026-11-20T23:30:00.000Z',
  },
  {
    id: 11,
    actor_id: 7,
    actor_name: 'Seller',
    actor_email: 'seller@printloom.test',
    actor_kind: 'owner',
    seller_id: 7,
    seller_name: 'Cat Shirts Co',
    action: 'team_invite',
    detail: { email: 'pat@example.test' },
    created_at: '2026-11-19T09:00:00.000Z',
  },
];

/** The audit log and team routes, answered from memory as the server answers them. */
function activityServer(fail = false) {
  const queries: URLSearchParams[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://dashboard.test');
    if (url.pathname === '/seller/team') return jsonAnswer(200, { success: true, data: [member] });
    if (url.pathname === '/seller/team/audit-log') {
      queries.push(url.searchParams);
      if (fail) return jsonAnswer(500, { success: false, message: 'Something went wrong.' });
      const actor = url.searchParams.get('actor_id');
      const rows = actor ? entries.filter((e) => String(e.actor_id) === actor) : entries;
      return jsonAnswer(200, {
        success: true,
        data: {
          data: rows,
          total: rows.length,
          per_page: 25,
          current_page: 1,
          last_page: 1,
          from: rows.length ? 1 : null,
          to: rows.length ? rows.length : null,
        },
      });
    }
    return jsonAnswer(404, { success: false, message: 'Not found.' });
  };
  return { fetch, queries };
}

const seller: UserInput = {
  id: 7,
  name: 'Seller',
  email: 'seller@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
  utc_offset: 2,
};

// The first render loads the page lazily, slow on a busy machine.
const LOAD_TIMEOUT = { timeout: 60_000 };

let server: ReturnType<typeof activityServer>;
beforeEach(() => {
  server = activityServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('Team activity page (/team/activity)', () => {
  it('shows who acted for whom, what and when in the seller’s time zone, and filters by person', async () => {
    const user = userEvent.setup();
    renderPages(['team_activity'], '/team/activity', seller);
    await screen.findByRole('heading', { name: 'Team Activity' }, LOAD_TIMEOUT);
    const rows = await screen.findAllByTestId('activity-row', {}, LOAD_TIMEOUT);
    expect(rows).toHaveLength(2);
    const first = rows[0] as HTMLElement;
    expect(first.textContent).toContain('Pat Helper');
    expect(first.textContent).toContain('Team member');
    expect(first.textContent).toContain('Cat Shirts Co');
    expect(within(first).getByText('PUT /seller/orders/:id/address')).toBeTruthy();
    // 2026-11-20 23:30 UTC shown at UTC+2.
    expect(first.textContent).toContain('2026-11-21');
    expect((rows[1] as HTMLElement).textContent).toContain('Invited a team member');

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Person' }),
      'Pat Helper (Support)',
    );
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(1));
    expect(server.queries.at(-1)?.get('actor_id')).toBe('40');
  });

  it('sends a custom day range as the seller picked it', async () => {
    renderPages(
      ['team_activity'],
      '/team/activity?time=custom&from=2026-11-19&to=2026-11-20',
      seller,
    );
    await screen.findAllByTestId('activity-row', {}, LOAD_TIMEOUT);
    const sent = server.queries.at(-1);
    expect([sent?.get('time'), sent?.get('from'), sent?.get('to')]).toEqual([
      'custom',
      '2026-11-19',
      '2026-11-20',
    ]);
  });

  it('shows the error and retries', async () => {
    server = activityServer(true);
    vi.stubGlobal('fetch', server.fetch);
    renderPages(['team_activity'], '/team/activity', seller);
    expect((await screen.findByTestId('list-error', {}, LOAD_TIMEOUT)).textContent).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
