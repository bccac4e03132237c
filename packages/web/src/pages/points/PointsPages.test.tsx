// @vitest-environment happy-dom
import { monthWeeks } from '@printloom/core';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

/** The points routes, answered from memory as the server answers them. */
function pointsServer() {
  const state = {
    balance: 120,
    days: ['2026-11-25', '2026-11-26'],
    entries: [
      {
        id: 1,
        kind: 'sale',
        points: 120,
        note: 'Order PL1001',
        created_at: '2026-11-20T10:00:00Z',
      },
    ],
    redeemed: [] as string[],
  };
  const rewards = [
    { id: 'sms_10', label: '10 SMS credits', description: 'Adds 10 credits', cost: 100 },
    { id: 'cashback_5', label: '$5 cashback', description: 'Adds $5.00', cost: 500 },
  ];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    const ok = (data: unknown) =>
      new Response(JSON.stringify({ success: true, data }), {
        headers: { 'content-type': 'application/json' },
      });
    if (url.pathname === '/seller/points' && method === 'GET') {
      return ok({
        balance: state.balance,
        rewards,
        entries: state.entries,
        total: state.entries.length,
        per_page: 20,
        current_page: 1,
        last_page: 1,
      });
    }
    if (url.pathname === '/seller/points/redeem') {
      const { reward } = JSON.parse(String(init?.body)) as { reward: string };
      const cost = rewards.find((r) => r.id === reward)?.cost ?? 0;
      state.balance -= cost;
      state.redeemed.push(reward);
      state.entries.unshift({
        id: 2,
        kind: 'reward',
        points: -cost,
        note: reward,
        created_at: '2026-11-27T10:00:00Z',
      });
      return ok({ balance: state.balance, reward, sms_credit: 10 });
    }
    if (url.pathname === '/seller/check-in' && method === 'GET') {
      return ok({
        today: '2026-11-27',
        month: '2026-11',
        days: state.days,
        checked_today: state.days.includes('2026-11-27'),
        streak: state.days.includes('2026-11-27') ? 3 : 2,
      });
    }
    if (url.pathname === '/seller/check-in' && method === 'POST') {
      state.days.push('2026-11-27');
      return ok({
        day: '2026-11-27',
        checked_in: true,
        booked: true,
        points: 5,
        streak: 3,
        balance: 125,
      });
    }
    if (url.pathname === '/seller/contest') {
      return ok({
        contest: {
          id: 1,
          name: 'November sprint',
          starts_at: '2026-11-01T00:00:00Z',
          ends_at: '2026-12-01T00:00:00Z',
          prize: 'A laptop',
        },
        leaderboard: [
          { rank: 1, seller: 'Grace', sales: 40, is_me: false },
          { rank: 2, seller: 'Ada', sales: 12, is_me: true },
        ],
        me: { rank: 2, seller: 'Ada', sales: 12, is_me: true },
      });
    }
    return new Response(JSON.stringify({ success: false, message: 'Not found.' }), { status: 404 });
  };
  return { fetch, state };
}

let server: ReturnType<typeof pointsServer>;
beforeEach(() => {
  server = pointsServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open(path: string) {
  renderPages(['sen_points', 'check_in', 'contest'], path, {
    id: 7,
    name: 'Ada',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
  });
}

describe('SEN points pages', () => {
  it('shows the balance and history, and redeems only what the balance allows', async () => {
    const user = userEvent.setup();
    open('/sen-points');
    expect(await screen.findByText('Order PL1001', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('points-balance').textContent).toBe('120');
    const cash = screen.getByRole('button', { name: 'Redeem $5 cashback' }) as HTMLButtonElement;
    expect(cash.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Redeem 10 SMS credits' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/10 SMS credits/);
    expect(server.state.redeemed).toEqual(['sms_10']);
    expect((await screen.findByText('-100')).textContent).toBe('-100');
  });

  it('shows the month with checked days and checks in', async () => {
    const user = userEvent.setup();
    open('/check-in');
    const button = await screen.findByRole('button', { name: 'Check in' }, { timeout: 10_000 });
    expect(screen.getByTestId('streak').textContent).toMatch(/Streak: 2 days/);
    expect(screen.getAllByText('checked in')).toHaveLength(2);
    await user.click(button);
    expect((await screen.findByRole('status')).textContent).toMatch(/\+5 SEN points/);
    expect(await screen.findByRole('button', { name: 'Checked in today' })).toBeTruthy();
    expect(screen.getByTestId('streak').textContent).toMatch(/Streak: 3 days/);
  });

  it('shows the contest, the leaderboard and the own rank', async () => {
    open('/contest');
    expect(await screen.findByText('November sprint', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('my-rank').textContent).toMatch(/#2 with 12 items/);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[2]?.textContent).toMatch(/Ada \(you\)/);
  });

  it('leads from the contest to the points and the check-in, and between them', async () => {
    const user = userEvent.setup();
    open('/contest');
    const nav = await screen.findByRole('navigation', { name: 'Your points' }, { timeout: 10_000 });
    await user.click(within(nav).getByRole('link', { name: 'SEN Points' }));
    await screen.findByTestId('points-balance');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Earn more' })).getByRole('link', {
        name: 'Check-in',
      }),
    );
    expect(
      await screen.findByRole('button', { name: 'Check in' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('lays a month out in weeks from Monday', () => {
    const weeks = monthWeeks('2026-11');
    // 1 November 2026 is a Sunday.
    expect(weeks[0]?.slice(0, 7)).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });
});
