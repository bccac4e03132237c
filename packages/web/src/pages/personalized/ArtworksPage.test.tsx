// @vitest-environment happy-dom
import { pageById, User } from '@printloom/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../api/hooks/useAuth.js';
import { queryClient } from '../../api/queryClient.js';
import { pageRoute } from '../../routes/routes.js';

/** The artwork routes answered from memory, checking fields as the server does. */
function server() {
  const artworks: Record<string, unknown>[] = [];
  const posted: unknown[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const ok = (data: unknown) => json(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    const path = url.pathname;
    if (path === '/seller/campaign' && method === 'GET') {
      return ok({
        data: [
          {
            id: 5,
            name: 'Name mug',
            slug: null,
            status: 'draft',
            created_at: '2026-11-20T10:00:00.000Z',
          },
        ],
        current_page: 1,
        last_page: 1,
        per_page: 100,
        total: 1,
        total_is_capped: false,
        from: 1,
        to: 1,
      });
    }
    if (path === '/seller/personalized/campaigns/5/layers') {
      return ok([
        { print_space: 'front', layer_id: 'name', type: 'text', content: 'ALEX' },
        { print_space: 'front', layer_id: 'pet', type: 'image', content: '/files/pet.png' },
      ]);
    }
    if (path === '/seller/personalized/fonts') {
      return ok([
        {
          id: 3,
          family: 'Lobster',
          full_name: 'Lobster Regular',
          file_name: 'Lobster.ttf',
          format: 'ttf',
          file_url: '/files/s7/fonts/Lobster.ttf',
          size: 4096,
          created_at: '2026-11-20T10:00:00.000Z',
        },
      ]);
    }
    if (path === '/seller/personalized/clipart-groups') {
      return ok([
        {
          id: 9,
          name: 'Dogs',
          clipart_count: 4,
          cover_url: null,
          created_at: '2026-11-20T10:00:00.000Z',
        },
      ]);
    }
    if (path === '/seller/personalized/artworks' && method === 'GET') return ok(artworks);
    if (path === '/seller/personalized/artworks' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { fields: { label: string }[] };
      posted.push(body);
      const artwork = {
        id: 11,
        campaign_name: 'Name mug',
        created_at: '2026-11-20T10:00:00.000Z',
        updated_at: '2026-11-20T10:00:00.000Z',
        ...body,
      };
      artworks.push(artwork);
      return ok(artwork);
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return { fetch, posted };
}

let fake: ReturnType<typeof server>;
beforeEach(() => {
  fake = server();
  vi.stubGlobal('fetch', fake.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function Loading() {
  return <p>Loading</p>;
}

describe('artworks (/personalized/artworks)', () => {
  it("marks a design's text and image layers for the buyer and saves the artwork", async () => {
    queryClient.setQueryData(
      meQuery.queryKey,
      User.parse({
        id: 7,
        name: 'Seller',
        email: 'seller@printloom.test',
        created_at: '2025-01-01 00:00:00',
        email_verified_at: '2025-01-01 00:00:00',
        tags: ['personalized'],
      }),
    );
    const router = createMemoryRouter(
      [
        {
          element: <Outlet />,
          HydrateFallback: Loading,
          children: [pageRoute(pageById('artworks'))],
        },
      ],
      { initialEntries: ['/personalized/artworks'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    expect(
      (await screen.findByTestId('list-empty', {}, { timeout: 10_000 })).textContent,
    ).toContain('No artworks yet');
    await user.click(screen.getByRole('button', { name: 'New artwork' }));
    const campaign = screen.getByLabelText('Campaign');
    await waitFor(() =>
      expect(within(campaign).getByRole('option', { name: 'Name mug' })).toBeTruthy(),
    );
    await user.selectOptions(campaign, 'Name mug');

    const [text, image] = await screen.findAllByTestId('layer-field');
    expect(text?.querySelector('legend')?.textContent).toBe('Text “ALEX”');
    expect(screen.getByRole('button', { name: 'Save artwork' }).hasAttribute('disabled')).toBe(
      true,
    );

    await user.click(within(text as HTMLElement).getByLabelText('The buyer can change this text'));
    const label = within(text as HTMLElement).getByLabelText('Label shown to the buyer');
    await user.clear(label);
    // A field without a label is refused at the label, and nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Save artwork' }));
    await waitFor(() => expect(label.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${label.id}-error`)?.textContent).toBe(
      'Give the field a label of at most 60 characters.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fake.posted).toEqual([]);
    await user.type(label, 'Your name');
    const most = within(text as HTMLElement).getByLabelText('Most characters');
    await user.clear(most);
    await user.type(most, '10');
    await user.type(
      within(text as HTMLElement).getByLabelText('Colours the buyer may choose'),
      '#112233, #ffffff',
    );
    await user.click(within(text as HTMLElement).getByLabelText('Lobster Regular'));

    await user.click(within(image as HTMLElement).getByLabelText('The buyer picks a clipart here'));
    const group = within(image as HTMLElement).getByLabelText('Clipart group');
    await waitFor(() =>
      expect(within(group).getByRole('option', { name: 'Dogs (4)' })).toBeTruthy(),
    );
    await user.selectOptions(group, 'Dogs (4)');

    await user.click(screen.getByRole('button', { name: 'Save artwork' }));
    await waitFor(() =>
      expect(screen.getByTestId('artwork-row').textContent).toContain('Name mug'),
    );
    expect(fake.posted).toEqual([
      {
        campaign_id: 5,
        print_space: 'front',
        fields: [
          {
            kind: 'text',
            layer_id: 'name',
            label: 'Your name',
            max_length: 10,
            font_ids: [3],
            colors: ['#112233', '#ffffff'],
          },
          { kind: 'clipart', layer_id: 'pet', label: 'Your picture', group_id: 9 },
        ],
      },
    ]);
    expect(screen.getByTestId('artwork-row').textContent).toContain(
      'Your name (text, up to 10); Your picture (clipart)',
    );
  });
});
