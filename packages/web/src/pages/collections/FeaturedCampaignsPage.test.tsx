// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';
import { moveItem } from './FeaturedCampaignsPage.js';

interface Member {
  id: number;
  name: string;
  featured: boolean;
}

/** GET and PUT featured-campaigns of collection 3, answered as the server does. */
function collectionServer(members: Member[]) {
  const puts: unknown[] = [];
  const answer = () => ({
    id: 3,
    name: 'Space Gear',
    slug: 'space-gear',
    description: null,
    image_url: null,
    store_id: null,
    featured: false,
    campaign_count: members.length,
    featured_count: members.filter((m) => m.featured).length,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    campaigns: members.map((m, position) => ({
      ...m,
      slug: null,
      status: 'active',
      thumb_url: null,
      position,
    })),
  });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    const ok = (data: unknown) =>
      new Response(JSON.stringify({ success: true, data }), {
        headers: { 'content-type': 'application/json' },
      });
    if (path === '/seller/collections/3' && (init?.method ?? 'GET') === 'GET') return ok(answer());
    if (path === '/seller/collections/3/featured-campaigns' && init?.method === 'PUT') {
      const ids = (JSON.parse(String(init.body)) as { campaign_ids: number[] }).campaign_ids;
      puts.push(ids);
      const featured = ids.map((id) => ({
        ...(members.find((m) => m.id === id) as Member),
        featured: true,
      }));
      const rest = members
        .filter((m) => !ids.includes(m.id))
        .map((m) => ({ ...m, featured: false }));
      members.splice(0, members.length, ...featured, ...rest);
      return ok(answer());
    }
    return new Response(JSON.stringify({ success: false, message: 'Not found.' }), { status: 404 });
  };
  return { fetch, puts };
}

let server: ReturnType<typeof collectionServer>;
beforeEach(() => {
  server = collectionServer([
    { id: 1, name: 'Astro tee', featured: true },
    { id: 2, name: 'Nebula mug', featured: true },
    { id: 3, name: 'Comet hoodie', featured: true },
    { id: 4, name: 'Orbit poster', featured: false },
  ]);
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open() {
  renderPages(['collection_featured'], '/collections/3/featured-campaigns', {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
  });
}

const names = () =>
  within(screen.getByTestId('featured-list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/UpDownUnfeature$/, '').replace('⠿', ''));

describe('Featured Campaigns (/collections/{id}/featured-campaigns)', () => {
  it('reorders by keyboard, announces each move and saves the order', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByText('Astro tee', {}, { timeout: 10_000 });
    expect(names()).toEqual(['Astro tee', 'Nebula mug', 'Comet hoodie']);

    screen.getByRole('button', { name: 'Move Comet hoodie up' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('order-announcement').textContent).toBe(
      'Comet hoodie moved to position 2 of 3.',
    );
    screen.getByRole('button', { name: 'Move Astro tee down' }).focus();
    await user.keyboard(' ');
    expect(names()).toEqual(['Comet hoodie', 'Astro tee', 'Nebula mug']);

    await user.click(screen.getByRole('button', { name: 'Feature Orbit poster' }));
    await user.click(screen.getByRole('button', { name: 'Unfeature Nebula mug' }));
    expect(names()).toEqual(['Comet hoodie', 'Astro tee', 'Orbit poster']);
    expect(within(screen.getByTestId('other-campaigns')).getByText('Nebula mug')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save order' }));
    await screen.findByText('Featured campaigns saved.');
    expect(server.puts).toEqual([[3, 1, 4]]);
  });

  it('reorders by dragging a row onto another', async () => {
    open();
    await screen.findByText('Astro tee', {}, { timeout: 10_000 });
    const rows = within(screen.getByTestId('featured-list')).getAllByRole('listitem');
    const [first, , third] = rows;
    if (!first || !third) throw new Error('rows missing');
    const dataTransfer = { setData: vi.fn(), effectAllowed: '' };
    fireEvent.dragStart(first, { dataTransfer });
    fireEvent.dragOver(third, { dataTransfer });
    fireEvent.drop(third, { dataTransfer });
    await waitFor(() => expect(names()).toEqual(['Nebula mug', 'Comet hoodie', 'Astro tee']));
    expect(screen.getByTestId('order-announcement').textContent).toBe(
      'Astro tee moved to position 3 of 3.',
    );
  });

  it('moves an item within bounds', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
  });
});
