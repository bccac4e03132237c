// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

const MONTHS: Record<string, unknown[]> = {
  '2026-11': [
    { date: '2026-11-26', kind: 'holiday', title: 'Thanksgiving', ref_id: null, region: null },
    {
      date: '2026-11-27',
      kind: 'campaign_launch',
      title: 'Launch: Winter Tee',
      ref_id: 4,
      region: null,
    },
    {
      date: '2026-11-30',
      kind: 'last_order',
      title: 'Last order day for Christmas (EU)',
      ref_id: null,
      region: 'EU',
    },
  ],
  '2026-12': [
    {
      date: '2026-12-17',
      kind: 'last_order',
      title: 'Last order day for Christmas (US)',
      ref_id: null,
      region: 'US',
    },
    { date: '2026-12-25', kind: 'holiday', title: 'Christmas', ref_id: null, region: null },
  ],
};

function calendarServer(fail = false) {
  const asked: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://dashboard.test');
    if (url.pathname !== '/seller/calendar') {
      return new Response(JSON.stringify({ success: false, message: 'Not found.' }), {
        status: 404,
      });
    }
    if (fail) {
      return new Response(JSON.stringify({ success: false, message: 'Server error.' }), {
        status: 500,
      });
    }
    const month = url.searchParams.get('month') ?? '2026-11';
    asked.push(month);
    return new Response(
      JSON.stringify({
        success: true,
        data: { month, today: '2026-11-27', events: MONTHS[month] ?? [] },
      }),
      { headers: { 'content-type': 'application/json' } },
    );
  };
  return { fetch, asked };
}

let server: ReturnType<typeof calendarServer>;
beforeEach(() => {
  server = calendarServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open(path = '/calendar') {
  return renderPages(['calendar'], path, {
    id: 7,
    name: 'Ada',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
  });
}

const cell = (name: RegExp) => screen.getByRole('gridcell', { name });

describe('Calendar page', () => {
  it("opens on today's month with today's events listed", async () => {
    open();
    expect(
      await screen.findByRole('grid', { name: 'November 2026' }, { timeout: 10_000 }),
    ).toBeTruthy();
    const today = cell(/Friday, November 27, 2026/);
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(today.getAttribute('tabindex')).toBe('0');
    expect(today.getAttribute('aria-label')).toContain('1 event');
    expect(within(screen.getByTestId('day-events')).getByText('Launch: Winter Tee')).toBeTruthy();
  });

  it('moves between days with the keyboard and into the next month', async () => {
    const user = userEvent.setup();
    const router = open();
    await screen.findByRole('grid', { name: 'November 2026' }, { timeout: 10_000 });
    cell(/November 27, 2026/).focus();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-11-26');
    expect(within(screen.getByTestId('day-events')).getByText('Thanksgiving')).toBeTruthy();
    // A week down leaves November: December loads and its 3rd takes the focus.
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('grid', { name: 'December 2026' })).toBeTruthy();
    expect(router.state.location.search).toBe('?month=2026-12');
    await vi.waitFor(() =>
      expect(document.activeElement?.getAttribute('data-day')).toBe('2026-12-03'),
    );
    await user.keyboard('{End}');
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-12-06');
    expect(screen.getByTestId('day-empty').textContent).toBe('Nothing planned on this day.');
  });

  it('pages months with the buttons and filters last order days by region', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('grid', { name: 'November 2026' }, { timeout: 10_000 });
    expect(cell(/November 30, 2026/).textContent).toContain('Last order day for Christmas (EU)');
    await user.selectOptions(screen.getByLabelText('Last order days for'), 'US');
    expect(cell(/November 30, 2026/).textContent).not.toContain('Christmas');
    await user.click(screen.getByRole('button', { name: /Next month/ }));
    expect(await screen.findByRole('grid', { name: 'December 2026' })).toBeTruthy();
    expect(cell(/December 17, 2026/).textContent).toContain('Last order day for Christmas (US)');
    expect(server.asked).toContain('2026-12');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('grid', { name: 'November 2026' })).toBeTruthy();
  });

  it('offers to try again when the month cannot be loaded', async () => {
    server = calendarServer(true);
    vi.stubGlobal('fetch', server.fetch);
    open();
    expect(
      await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
