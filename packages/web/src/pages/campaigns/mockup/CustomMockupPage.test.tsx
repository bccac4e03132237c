// @vitest-environment happy-dom
import { type CustomMockup, pageById, User } from '@printloom/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../../../api/hooks/useAuth.js';
import { queryClient } from '../../../api/queryClient.js';
import { pageRoute } from '../../../routes/routes.js';

// The test browser decodes no images: a decoded photo is its size, as createImageBitmap gives.
vi.mock('../../../editor/imageCache.js', async (original) => {
  const real = await original<typeof import('../../../editor/imageCache.js')>();
  const bitmap = (width: number, height: number) => {
    const image = { width, height } as ImageBitmap;
    return { full: image, preview: image, width, height };
  };
  return {
    ...real,
    decodeImage: async (file: Blob) =>
      (file as File).name?.startsWith('design') ? bitmap(400, 400) : bitmap(1200, 900),
    loadImage: async (src: string) =>
      src.includes('design') ? bitmap(400, 400) : bitmap(1200, 900),
  };
});

const saved = (over: Partial<CustomMockup>): CustomMockup => ({
  id: 1,
  name: 'Tee on a chair',
  file_url: '/files/s7/custom-mockups/chair.jpg',
  width: 1200,
  height: 900,
  print_area: { x: 400, y: 200, width: 400, height: 500 },
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

const CAMPAIGN = {
  id: 12,
  name: 'Cat dad',
  status: 'draft',
  products: [
    {
      id: 31,
      template_id: 2,
      name: 'Classic Tee',
      print_spaces: '[{"name":"front","width":3000,"height":3600}]',
      designs: [
        { print_space: 'front', design_json: null, file_url: '/files/s7/d/12/design-front.png' },
      ],
    },
  ],
  designs: [],
};

/** The calls of the page, answered as the server does (400 with field errors for a bad area). */
function mockupServer(rows: CustomMockup[]) {
  const posted: Array<Record<string, unknown>> = [];
  const campaignPuts: Array<Record<string, unknown>> = [];
  const json = (status: number, payload: unknown) =>
    new Response(JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const ok = (data: unknown) => json(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/seller/custom-mockups' && method === 'GET') return ok(rows);
    if (url.pathname === '/seller/custom-mockups' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      posted.push(body);
      const created = saved({ ...(body as Partial<CustomMockup>), id: rows.length + 1 });
      rows.unshift(created);
      return ok(created);
    }
    if (url.pathname === '/seller/campaign/12' && method === 'GET') return ok(CAMPAIGN);
    if (url.pathname === '/seller/campaign/12' && method === 'PUT') {
      campaignPuts.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      return ok(CAMPAIGN);
    }
    if (url.pathname.endsWith('pre-signed-url')) {
      const { filePath, fileName } = JSON.parse(String(init?.body)) as Record<string, string>;
      return ok({
        filePath: `s7/${filePath}/${fileName}`,
        preSignedUrl: `/files-put/s7/${filePath}/${fileName}`,
        fileUrl: `/files/s7/${filePath}/${fileName}`,
      });
    }
    if (method === 'PUT') return new Response(null, { status: 200 });
    return json(404, { success: false, message: `Not found: ${url.pathname}` });
  };
  return { fetch, posted, campaignPuts };
}

let server: ReturnType<typeof mockupServer>;
beforeEach(() => {
  server = mockupServer([saved({})]);
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Loading() {
  return <p>Loading</p>;
}

function open(path: string, page: 'campaign_mockup' | 'campaign_template_mockup') {
  queryClient.setQueryData(
    meQuery.queryKey,
    User.parse({
      id: 7,
      name: 'Seller',
      email: 'seller@printloom.test',
      created_at: '2025-01-01 00:00:00',
      email_verified_at: '2025-01-01 00:00:00',
      utc_offset: 0,
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

describe('Mockup campaigns (/campaigns/mockup)', () => {
  it("lists the seller's mockups with their photo size and print area", async () => {
    open('/campaigns/mockup', 'campaign_mockup');
    const rows = await screen.findByTestId('custom-mockup-rows', {}, { timeout: 10_000 });
    const row = within(rows).getByText('Tee on a chair').closest('tr') as HTMLElement;
    expect(within(row).getByText('1200 × 900 px')).toBeTruthy();
    expect(within(row).getByText(/400 × 500 px at \(400, 200\)/)).toBeTruthy();
  });

  it('says so when there are none yet', async () => {
    server = mockupServer([]);
    vi.stubGlobal('fetch', server.fetch);
    open('/campaigns/template/mockup', 'campaign_template_mockup');
    expect(await screen.findByText(/No mockups yet/, {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('uploads a photo, refuses an area outside it, then saves the marked area', async () => {
    const user = userEvent.setup();
    open('/campaigns/mockup', 'campaign_mockup');
    await screen.findByText('Tee on a chair', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'New mockup' }));
    const form = screen.getByRole('form', { name: 'New mockup' });
    await user.type(within(form).getByLabelText('Name'), 'Mug on a desk');
    await user.upload(
      within(form).getByLabelText('Product photo'),
      new File(['jpeg'], 'desk.jpg', { type: 'image/jpeg' }),
    );
    expect(await within(form).findByText('1200 × 900 px')).toBeTruthy();
    // A centred area half the photo's size to start from.
    expect((within(form).getByLabelText('Left') as HTMLInputElement).value).toBe('300');
    expect((within(form).getByLabelText('Width') as HTMLInputElement).value).toBe('600');

    const width = within(form).getByLabelText('Width');
    await user.clear(width);
    await user.type(width, '1000');
    await user.click(within(form).getByRole('button', { name: 'Create mockup' }));
    expect(await within(form).findByText('The print area must lie inside the photo')).toBeTruthy();
    expect(server.posted).toEqual([]);

    await user.clear(width);
    await user.type(width, '500');
    await user.click(within(form).getByRole('button', { name: 'Create mockup' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New mockup' })).toBeNull());
    expect(server.posted[0]).toMatchObject({
      name: 'Mug on a desk',
      width: 1200,
      height: 900,
      print_area: { x: 300, y: 225, width: 500, height: 450 },
    });
    expect(String(server.posted[0]?.file_url)).toMatch(
      /^\/files\/s7\/custom-mockups\/.*desk\.jpg$/,
    );
    expect(await screen.findByText('Mug on a desk')).toBeTruthy();
  });

  it("renders a campaign's design on a mockup and saves it as the product's default mockup", async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
      done(new Blob(['jpeg'], { type: 'image/jpeg' })),
    );
    const user = userEvent.setup();
    open('/campaigns/mockup/12', 'campaign_mockup');
    const section = await screen.findByRole(
      'region',
      { name: 'Use on Cat dad' },
      { timeout: 10_000 },
    );
    expect((within(section).getByLabelText('Product') as HTMLSelectElement).value).toBe('31');
    const apply = within(section).getByRole('button', { name: 'Use as the product mockup' });
    await waitFor(() => expect((apply as HTMLButtonElement).disabled).toBe(false));
    await user.click(apply);
    expect(
      await within(section).findByText('Tee on a chair is now the mockup of Classic Tee.'),
    ).toBeTruthy();
    expect(server.campaignPuts).toHaveLength(1);
    const [mockup] = (server.campaignPuts[0]?.mockups ?? []) as Array<Record<string, unknown>>;
    expect(mockup).toMatchObject({ product_id: 31, print_space: 'front', is_default: true });
    expect(String(mockup?.file_url)).toMatch(/^\/files\/s7\/p\/12\/1_\d+\.jpg$/);
  });
});
