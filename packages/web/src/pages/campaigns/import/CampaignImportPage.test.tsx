// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../api/queryClient.js';
import { renderPages } from '../../../test/pageHarness.js';

const FORMAT = 'printloom.campaigns.v1';

/** The import route answered from memory: a source imported once is skipped after. */
function importServer() {
  const imported = new Map<string, number>();
  const requests: Array<{ path: string; body: unknown }> = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ path: url.pathname, body });
    if (url.pathname === '/seller/campaign/import') {
      const results = (body.campaigns as Array<{ source_id: string; name: string }>).map(
        (c, index) => {
          if (!c.name) {
            return {
              index,
              source_id: c.source_id,
              name: null,
              status: 'failed',
              campaign_id: null,
              message: 'name: Campaign name is required',
            };
          }
          const seen = imported.get(c.source_id);
          if (seen) {
            return {
              index,
              source_id: c.source_id,
              name: c.name,
              status: 'skipped',
              campaign_id: seen,
              message: 'Already imported',
            };
          }
          const id = 300 + imported.size;
          imported.set(c.source_id, id);
          return {
            index,
            source_id: c.source_id,
            name: c.name,
            status: 'created',
            campaign_id: id,
            message: null,
          };
        },
      );
      const count = (s: string) => results.filter((r) => r.status === s).length;
      return json(200, {
        success: true,
        data: {
          results,
          created: count('created'),
          skipped: count('skipped'),
          failed: count('failed'),
        },
      });
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return { fetch, requests };
}

const seller = {
  id: 7,
  name: 'Seller',
  email: 'seller@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
};

let server: ReturnType<typeof importServer>;
beforeEach(() => {
  server = importServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open() {
  renderPages(['campaigns_import'], '/campaigns/import', seller);
}

const LOAD = { timeout: 10_000 };
const exportFile = (campaigns: object[]) =>
  new File(
    [JSON.stringify({ format: FORMAT, exported_at: '2026-11-27T00:00:00Z', campaigns })],
    'export.json',
    {
      type: 'application/json',
    },
  );

describe('campaign import (/campaigns/import)', () => {
  it('imports a file row by row, and a second import of it creates nothing', async () => {
    open();
    const input = await screen.findByLabelText('Campaign export file (.json)', undefined, LOAD);
    await userEvent.upload(
      input,
      exportFile([
        { source_id: 'campaign:1', name: 'Moon tee', products: [] },
        { source_id: 'campaign:2', name: '', products: [] },
      ]),
    );
    expect((await screen.findByTestId('import-summary', undefined, LOAD)).textContent).toContain(
      'holds 2 campaigns',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 campaigns' }));
    expect((await screen.findByTestId('import-totals', undefined, LOAD)).textContent).toBe(
      '1 created, 0 already imported, 1 not imported.',
    );
    const rows = screen.getAllByTestId('import-result');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Moon tee' })
        .getAttribute('href'),
    ).toBe('/campaigns/edit/300');
    expect(rows[1]?.textContent).toContain('Not imported: name: Campaign name is required');

    await userEvent.click(screen.getByRole('button', { name: 'Import 2 campaigns' }));
    await screen.findByText('0 created, 1 already imported, 1 not imported.', undefined, LOAD);
  });

  it('tells a file that is not an export before sending anything', async () => {
    open();
    const input = await screen.findByLabelText('Campaign export file (.json)', undefined, LOAD);
    await userEvent.upload(
      input,
      new File(['not json'], 'notes.json', { type: 'application/json' }),
    );
    expect((await screen.findByRole('alert', undefined, LOAD)).textContent).toContain(
      'This file is not JSON',
    );
    await userEvent.upload(
      input,
      new File([JSON.stringify({ format: 'other', campaigns: [] })], 'other.json', {
        type: 'application/json',
      }),
    );
    expect((await screen.findByRole('alert', undefined, LOAD)).textContent).toContain(
      'This file is not a campaign export',
    );
    expect(server.requests).toEqual([]);
  });
});
