// @vitest-environment happy-dom
import type { UserInput } from '@printloom/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

const ME = 7;

/** The SEN Design routes answered from memory: one item, claims, files, hand back. */
function senServer(options: { crossSold?: boolean; handBackStatus?: string } = {}) {
  const item = {
    item_id: 11,
    order_id: 5,
    order_number: 'PL100005',
    name: 'Tee',
    color: 'Black',
    size: 'M',
    quantity: 1,
    mockup_url: null,
    print_spaces: ['front', 'back'],
    designer_id: null as number | null,
    designer_name: null as string | null,
    claimed_at: null as string | null,
    claimed_by_me: false,
    files: [] as { print_space: string; file_url: string }[],
    created_at: '2026-11-20T10:00:00.000Z',
    cross_sold: options.crossSold ?? false,
  };
  let waiting = true;
  const posts: Array<{ path: string; body: unknown }> = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const ok = (data: unknown) => json(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (method !== 'GET') posts.push({ path: url.pathname, body });
    if (url.pathname === '/seller/sen-design') return ok(waiting ? [item] : []);
    if (url.pathname === '/seller/sen-design/11/claim') {
      Object.assign(item, { designer_id: ME, designer_name: 'Me', claimed_by_me: true });
      return ok(item);
    }
    if (url.pathname === '/seller/sen-design/11/file') {
      item.files = [body];
      return ok(item);
    }
    if (url.pathname === '/seller/sen-design/11/hand-back') {
      const status = options.handBackStatus ?? 'processing';
      waiting = status === 'designing';
      return ok({ order_id: 5, status });
    }
    if (url.pathname === '/uploads/pre-signed-url' || url.pathname.endsWith('pre-signed-url')) {
      return ok({
        filePath: 's7/sen-design/x.png',
        preSignedUrl: '/files-put/s7/sen-design/x.png',
        fileUrl: '/files/s7/sen-design/x.png',
      });
    }
    if (method === 'PUT') return new Response(null, { status: 200 });
    return json(404, { success: false, message: `Not found: ${url.pathname}` });
  };
  return { fetch, posts };
}

let server: ReturnType<typeof senServer>;
function serve(options: Parameters<typeof senServer>[0] = {}) {
  server = senServer(options);
  vi.stubGlobal('fetch', server.fetch);
}
beforeEach(() => serve());
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open() {
  renderPages(['sen_design'], '/orders/sen-design', {
    id: ME,
    name: 'Me',
    email: 'me@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
  } as UserInput);
}

describe('SEN Design (/orders/sen-design)', () => {
  it('claims an item, uploads its print file and hands it back', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Claim' }, { timeout: 10_000 }));
    await screen.findByText('Claimed by you');
    expect(screen.getByRole('button', { name: 'Hand back' }).hasAttribute('disabled')).toBe(true);
    await user.selectOptions(screen.getByLabelText('Print space'), 'back');
    await user.upload(
      screen.getByLabelText('Finished print file (PNG)'),
      new File([new Uint8Array([137, 80, 78, 71])], 'art.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    await screen.findByRole('link', { name: 'back' });
    expect(server.posts.find((p) => p.path.endsWith('/file'))?.body).toEqual({
      print_space: 'back',
      file_url: '/files/s7/sen-design/x.png',
    });
    await user.click(screen.getByRole('button', { name: 'Hand back' }));
    await screen.findByText('No item is waiting on a designer.');
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/PL100005/));
  });

  it('shows a line cross-sold in another store without its order link, and says the order waits on the store', async () => {
    serve({ crossSold: true, handBackStatus: 'designing' });
    const user = userEvent.setup();
    open();
    await screen.findByText('Cross-sold', undefined, { timeout: 10_000 });
    // The order is the other store's: its number is shown, not linked.
    expect(screen.getByText('PL100005').closest('a')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Claim' }));
    await screen.findByText('Claimed by you');
    await user.upload(
      screen.getByLabelText('Finished print file (PNG)'),
      new File([new Uint8Array([137, 80, 78, 71])], 'art.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload file' }));
    await screen.findByRole('link', { name: 'front' });
    await user.click(screen.getByRole('button', { name: 'Hand back' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(
        /PL100005 handed back: it goes to production once its other items/,
      ),
    );
  });
});
