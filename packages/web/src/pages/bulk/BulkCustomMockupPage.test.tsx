// @vitest-environment happy-dom
import type { CustomMockupJob } from '@printloom/core';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { jsonAnswer, renderPages } from '../../test/pageHarness.js';

const SELLER = {
  id: 7,
  name: 'Seller',
  email: 'seller@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
  utc_offset: 0,
};

const MOCKUP = {
  id: 3,
  name: 'Tee on a chair',
  file_url: '/files/s7/custom-mockups/chair.jpg',
  width: 1200,
  height: 900,
  print_area: { x: 400, y: 200, width: 400, height: 500 },
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

const CAMPAIGNS = [
  { id: 11, name: 'Cat dad' },
  { id: 12, name: 'Dog mom' },
  { id: 13, name: 'Bird uncle' },
];

/** The routes the page calls, answered as the server does; the worker draws on the 2nd look. */
function jobServer() {
  const created: Array<Record<string, unknown>> = [];
  const retried: Array<Record<string, unknown>> = [];
  let looks = 0;
  let job: CustomMockupJob | null = null;
  const ok = (data: unknown) => jsonAnswer(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/seller/custom-mockups') return ok([MOCKUP]);
    if (url.pathname === '/seller/campaign' && method === 'GET') {
      const q = url.searchParams.get('q') ?? '';
      const rows = CAMPAIGNS.filter((c) => c.name.toLowerCase().includes(q.toLowerCase())).map(
        (c) => ({ ...c, status: 'active', products: [], created_at: '2026-11-20T10:00:00.000Z' }),
      );
      return ok({
        data: rows,
        current_page: 1,
        last_page: 1,
        per_page: 20,
        total: rows.length,
        total_is_capped: false,
        from: rows.length ? 1 : null,
        to: rows.length || null,
      });
    }
    if (url.pathname === '/seller/campaign/bulk/custom-mockup' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { campaign_ids: number[] };
      created.push(body);
      job = {
        id: 40,
        custom_mockup_id: 3,
        mockup_name: 'Tee on a chair',
        total: body.campaign_ids.length,
        counts: { pending: body.campaign_ids.length, processing: 0, completed: 0, failed: 0 },
        created_at: '2026-11-27T10:00:00.000Z',
        rows: body.campaign_ids.map((id, i) => ({
          id: 100 + i,
          campaign_id: id,
          campaign_name: CAMPAIGNS.find((c) => c.id === id)?.name ?? null,
          status: 'pending',
          reason: null,
          file_url: null,
        })),
      };
      return ok(job);
    }
    if (url.pathname === '/seller/campaign/bulk/custom-mockup' && method === 'GET') {
      return ok(job ? [{ ...job, rows: [] }] : []);
    }
    if (url.pathname === '/seller/campaign/bulk/custom-mockup/40' && job) {
      looks += 1;
      if (looks >= 2 && job.counts.pending > 0) {
        // Drawn: the first campaign got its picture, the second has no design.
        job = {
          ...job,
          counts: { pending: 0, processing: 0, completed: 1, failed: 1 },
          rows: job.rows.map((row, i) =>
            i === 0
              ? { ...row, status: 'completed', file_url: '/files/s7/p/11/custom_100.jpg' }
              : {
                  ...row,
                  status: 'failed',
                  reason: 'This campaign has no design file to place on the mockup.',
                },
          ),
        };
      }
      return ok(job);
    }
    if (url.pathname === '/seller/campaign/bulk/custom-mockup/40/retry' && job) {
      retried.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      job = {
        ...job,
        counts: { pending: 1, processing: 0, completed: 1, failed: 0 },
        rows: job.rows.map((row) =>
          row.status === 'failed' ? { ...row, status: 'pending', reason: null } : row,
        ),
      };
      return ok(job);
    }
    return jsonAnswer(404, { success: false, message: `Not found: ${url.pathname}` });
  };
  return { fetch, created, retried };
}

let server: ReturnType<typeof jobServer>;
beforeEach(() => {
  server = jobServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('Custom mockup bulk (/bulk-campaigns/custom/mockup)', { timeout: 30_000 }, () => {
  it('starts a job for the chosen mockup and campaigns, then shows each row with its result and retries a failed one', async () => {
    const user = userEvent.setup();
    renderPages(['bulk_custom_mockup'], '/bulk-campaigns/custom/mockup', SELLER);

    await user.click(await screen.findByLabelText('Tee on a chair', {}, { timeout: 10_000 }));
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    // Selections stay while the seller searches for more.
    await user.click(within(table).getByLabelText('Select Cat dad'));
    await user.type(screen.getByLabelText('Search your campaigns'), 'dog');
    await user.click(await screen.findByLabelText('Select Dog mom'));
    expect(screen.getByTestId('selected-count').textContent).toContain('2 campaigns selected');

    await user.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByRole('heading', { name: 'Custom mockup job #40' }, { timeout: 10_000 });
    expect(server.created).toEqual([{ custom_mockup_id: 3, campaign_ids: [11, 12] }]);

    // The page asks again by itself until every row is drawn.
    const failed = await screen.findByText(
      'This campaign has no design file to place on the mockup.',
      {},
      { timeout: 10_000 },
    );
    expect(screen.getByTestId('job-counts').textContent).toContain('1 done, 1 failed');
    expect(screen.getByRole('img', { name: 'Mockup of Cat dad' }).getAttribute('src')).toBe(
      '/files/s7/p/11/custom_100.jpg',
    );
    const failedRow = failed.closest('tr') as HTMLElement;
    await user.click(within(failedRow).getByRole('button', { name: /Retry/ }));
    expect(server.retried).toEqual([{ row_ids: [101] }]);
    expect(await screen.findByText(/1 done, 0 failed, 1 waiting/)).toBeTruthy();
  });

  it('says what is missing before starting', async () => {
    const user = userEvent.setup();
    renderPages(['bulk_custom_mockup'], '/bulk-campaigns/custom/mockup', SELLER);
    await screen.findByLabelText('Tee on a chair', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a custom mockup.');
    await user.click(screen.getByLabelText('Tee on a chair'));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Select at least one campaign.');
    expect(server.created).toHaveLength(0);
  });
});
