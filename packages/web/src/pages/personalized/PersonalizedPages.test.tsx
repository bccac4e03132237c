// @vitest-environment happy-dom
import { type PageId, pageById, User } from '@printloom/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../api/hooks/useAuth.js';
import { queryClient } from '../../api/queryClient.js';
import { pageRoute } from '../../routes/routes.js';

const NOT_A_FONT =
  'This file is not a font we can read. Please upload a TTF, OTF, WOFF or WOFF2 file.';

/** A dashboard API that keeps fonts and clipart groups in memory, answering as the server does. */
function server() {
  let nextId = 1;
  const fonts: Record<string, unknown>[] = [];
  const groups: { id: number; name: string; created_at: string }[] = [];
  const cliparts: Record<string, unknown>[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const ok = (data: unknown) => json(200, { success: true, data });
  const groupView = (g: (typeof groups)[number]) => {
    const own = cliparts.filter((c) => c.group_id === g.id);
    return { ...g, clipart_count: own.length, cover_url: (own[0]?.file_url as string) ?? null };
  };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    const path = url.pathname;
    if (path === '/seller/personalized/summary') {
      return ok({ fonts: fonts.length, clipart_groups: groups.length, cliparts: cliparts.length });
    }
    if (path === '/seller/personalized/fonts' && method === 'GET') return ok(fonts);
    if (path === '/seller/personalized/fonts' && method === 'POST') {
      const file = (init?.body as FormData | undefined)?.get('file') as File;
      if (!file.name.endsWith('.ttf')) {
        return json(422, { success: false, message: NOT_A_FONT, errors: { file: [NOT_A_FONT] } });
      }
      const font = {
        id: nextId++,
        family: 'Lobster',
        full_name: 'Lobster Regular',
        file_name: file.name,
        format: 'ttf',
        file_url: `/files/s7/fonts/${file.name}`,
        size: 4096,
        created_at: '2026-11-20T10:00:00.000Z',
      };
      fonts.unshift(font);
      return ok(font);
    }
    const fontId = path.match(/^\/seller\/personalized\/fonts\/(\d+)$/)?.[1];
    if (fontId && method === 'DELETE') {
      fonts.splice(
        fonts.findIndex((f) => f.id === Number(fontId)),
        1,
      );
      return ok(null);
    }
    if (path === '/seller/personalized/clipart-groups' && method === 'GET') {
      return ok(groups.map(groupView));
    }
    if (path === '/seller/personalized/clipart-groups' && method === 'POST') {
      const { name } = JSON.parse(String(init?.body)) as { name: string };
      if (groups.some((g) => g.name.toLowerCase() === name.toLowerCase())) {
        return json(409, {
          success: false,
          message: 'You already have a clipart group with this name.',
        });
      }
      const group = { id: nextId++, name, created_at: '2026-11-20T10:00:00.000Z' };
      groups.push(group);
      return ok(groupView(group));
    }
    const groupImages = path.match(/^\/seller\/personalized\/clipart-groups\/(\d+)\/cliparts$/);
    if (groupImages) {
      const groupId = Number(groupImages[1]);
      if (method === 'GET') return ok(cliparts.filter((c) => c.group_id === groupId));
      const files = (init?.body as FormData | undefined)?.getAll('file') as File[];
      const added = files
        .filter((f) => f.name.endsWith('.png'))
        .map((f) => ({
          id: nextId++,
          group_id: groupId,
          name: f.name.replace(/\.png$/, ''),
          file_url: `/files/s7/cliparts/${f.name}`,
          width: 64,
          height: 48,
          created_at: '2026-11-20T10:00:00.000Z',
        }));
      cliparts.push(...added);
      const refused = files
        .filter((f) => !f.name.endsWith('.png'))
        .map((f) => ({
          file_name: f.name,
          message: 'Only PNG, JPEG, WebP and GIF images can be cliparts.',
        }));
      return ok({ added, refused });
    }
    const clipartId = path.match(/^\/seller\/personalized\/cliparts\/(\d+)$/)?.[1];
    if (clipartId && method === 'DELETE') {
      cliparts.splice(
        cliparts.findIndex((c) => c.id === Number(clipartId)),
        1,
      );
      return ok(null);
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return { fetch, fonts, groups, cliparts };
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

function open(page: PageId, path: string) {
  queryClient.setQueryData(
    meQuery.queryKey,
    User.parse({
      id: 7,
      name: 'Seller',
      email: 'seller@printloom.test',
      created_at: '2025-01-01 00:00:00',
      email_verified_at: '2025-01-01 00:00:00',
      tags: ['pb'],
    }),
  );
  const router = createMemoryRouter(
    [{ element: <Outlet />, HydrateFallback: Loading, children: [pageRoute(pageById(page))] }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('fonts (/personalized/fonts)', () => {
  it('uploads a font, shows why a file that is not a font was refused, and deletes', async () => {
    const user = userEvent.setup();
    open('fonts', '/personalized/fonts');
    expect(
      (await screen.findByTestId('list-empty', {}, { timeout: 10_000 })).textContent,
    ).toContain('No fonts yet');
    const input = screen.getByLabelText('Font file');
    await user.upload(input, new File(['not a font'], 'notes.woff', { type: 'font/woff' }));
    await user.click(screen.getByRole('button', { name: 'Upload font' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_A_FONT);

    await user.upload(
      screen.getByLabelText('Font file'),
      new File(['glyphs'], 'Lobster.ttf', { type: 'font/ttf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload font' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Lobster Regular was added to your fonts.',
    );
    const row = await screen.findByTestId('font-row');
    expect(row.textContent).toContain('Lobster Regular');
    expect(row.textContent).toContain('Family: Lobster');
    expect(row.textContent).toContain('Lobster.ttf');
    expect(row.textContent).toContain('TrueType, 4 KB');

    await user.click(within(row).getByRole('button', { name: 'Delete Lobster Regular' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete font' }));
    await waitFor(() => expect(screen.queryByTestId('font-row')).toBeNull());
    expect(fake.fonts).toHaveLength(0);
  });
});

describe('cliparts (/personalized/cliparts)', () => {
  it('creates a group, uploads images in bulk and reports the refused ones', async () => {
    // The file picker's "All files" lets any file through; the server says which it refused.
    const user = userEvent.setup({ applyAccept: false });
    open('cliparts', '/personalized/cliparts');
    expect(
      (await screen.findByTestId('list-empty', {}, { timeout: 10_000 })).textContent,
    ).toContain('No clipart groups yet');
    await user.type(screen.getByLabelText('New group name'), 'Pets');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByRole('heading', { name: 'Pets' })).toBeTruthy();
    expect((await screen.findByTestId('group-empty')).textContent).toContain('no images yet');

    await user.upload(screen.getByLabelText('Images'), [
      new File(['a'], 'cat.png', { type: 'image/png' }),
      new File(['b'], 'dog.png', { type: 'image/png' }),
      new File(['c'], 'notes.txt', { type: 'text/plain' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Upload 3 images' }));
    const result = await screen.findByTestId('upload-result');
    expect(result.textContent).toContain('2 images added; 1 refused:');
    expect(result.textContent).toContain(
      'notes.txt: Only PNG, JPEG, WebP and GIF images can be cliparts.',
    );
    const images = await screen.findAllByTestId('clipart');
    expect(images.map((li) => within(li).getByRole('img').getAttribute('alt'))).toEqual([
      'cat',
      'dog',
    ]);
    const nav = screen.getByRole('navigation', { name: 'Clipart groups' });
    await waitFor(() => expect(within(nav).getByRole('button').textContent).toBe('Pets2 images'));

    await user.type(screen.getByLabelText('New group name'), 'pets');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You already have a clipart group with this name.',
    );
  });
});

describe('personalized home (/personalized)', () => {
  it('counts what the seller has and links to each part', async () => {
    fake.fonts.push({ id: 1 }, { id: 2 });
    fake.groups.push({ id: 3, name: 'Pets', created_at: '2026-11-20T10:00:00.000Z' });
    fake.cliparts.push({ id: 4, group_id: 3 });
    open('personalized_home', '/personalized');
    await waitFor(() => expect(screen.getByTestId('count-fonts').textContent).toBe('2 fonts'), {
      timeout: 10_000,
    });
    expect(screen.getByTestId('count-cliparts').textContent).toBe('1 image in 1 group');
    expect(screen.getByRole('link', { name: 'Manage fonts' }).getAttribute('href')).toBe(
      '/personalized/fonts',
    );
    expect(screen.getByRole('link', { name: 'Manage cliparts' }).getAttribute('href')).toBe(
      '/personalized/cliparts',
    );
    expect(screen.getByRole('link', { name: 'Manage artworks' }).getAttribute('href')).toBe(
      '/personalized/artworks',
    );
  });
});
