// @vitest-environment happy-dom
import type { ExpressLaunch } from '@printloom/core';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../api/queryClient.js';
import { jsonAnswer, renderPages, storeView } from '../../../test/pageHarness.js';

// The test browser decodes no images: a decoded artwork is its size, from its file name.
vi.mock('../../../editor/imageCache.js', async (original) => {
  const real = await original<typeof import('../../../editor/imageCache.js')>();
  return {
    ...real,
    decodeImage: async (file: Blob) => {
      const name = (file as File).name ?? '';
      if (name.startsWith('broken')) throw new Error('cannot decode');
      const side = name.startsWith('small') ? 600 : 1500;
      const image = { width: side, height: side } as ImageBitmap;
      return { full: image, preview: image, width: side, height: side };
    },
  };
});

const SELLER = {
  id: 7,
  name: 'Seller',
  email: 'seller@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
  utc_offset: 0,
};

const TEMPLATE = {
  id: 5,
  name: 'Dog tee',
  slug: 'dog-tee-template',
  status: 'draft',
  product_type: 'campaign_template',
  thumb_url: '/files/s7/p/5/thumb.jpg',
  created_at: '2026-11-20T10:00:00.000Z',
  products: [],
};

const TEMPLATE_FULL = {
  ...TEMPLATE,
  products: [
    {
      id: 51,
      template_id: 1,
      name: 'Classic Tee',
      print_spaces: JSON.stringify([{ name: 'front', width: 3000, height: 3600 }]),
      options: { color: ['Black'] },
      price: 21.5,
      designs: [{ print_space: 'front', file_url: '/files/s7/d/5/front.png' }],
    },
  ],
};

/** The express routes and what the page reads around them, answered as the server does. */
function expressServer() {
  const launches: ExpressLaunch[] = [];
  const posted: Array<Record<string, unknown>> = [];
  let polls = 0;
  const ok = (data: unknown) => jsonAnswer(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/seller/campaign' && method === 'GET') {
      const rows = url.searchParams.get('product_type') === 'campaign_template' ? [TEMPLATE] : [];
      return ok({
        data: rows,
        current_page: 1,
        last_page: 1,
        per_page: 8,
        total: rows.length,
        total_is_capped: false,
        from: rows.length ? 1 : null,
        to: rows.length || null,
      });
    }
    if (url.pathname === '/seller/campaign/5') return ok(TEMPLATE_FULL);
    if (url.pathname.endsWith('pre-signed-url')) {
      const { filePath, fileName } = JSON.parse(String(init?.body)) as Record<string, string>;
      return ok({
        filePath: `s7/${filePath}/${fileName}`,
        preSignedUrl: `/files-put/s7/${filePath}/${fileName}`,
        fileUrl: `/files/s7/${filePath}/${fileName}`,
      });
    }
    if (method === 'PUT') return new Response(null, { status: 200 });
    if (url.pathname === '/seller/campaign/express' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      posted.push(body);
      if (body.slug === 'taken') {
        return jsonAnswer(409, {
          success: false,
          message: 'This slug is already used by another of your campaigns.',
        });
      }
      const launch: ExpressLaunch = {
        id: 77,
        source_campaign_id: 5,
        source_name: 'Dog tee',
        name: String(body.name),
        slug: String(body.slug),
        artwork_url: String(body.artwork_url),
        stage: 'queued',
        status: 'pending',
        campaign_id: null,
        campaign_slug: null,
        campaign_status: null,
        thumb_url: null,
        message: null,
        created_at: '2026-11-27T09:00:00.000Z',
      };
      launches.unshift(launch);
      return ok(launch);
    }
    if (url.pathname === '/seller/campaign/express' && method === 'GET') {
      return ok({
        data: launches,
        current_page: 1,
        last_page: 1,
        per_page: 10,
        total: launches.length,
        total_is_capped: false,
        from: launches.length ? 1 : null,
        to: launches.length || null,
      });
    }
    if (url.pathname === '/seller/campaign/express/77') {
      polls += 1;
      const launch = launches[0];
      if (!launch) return jsonAnswer(404, { success: false, message: 'Not found.' });
      // The worker takes it, then it goes on sale.
      const done =
        polls >= 2
          ? {
              ...launch,
              stage: 'launched',
              status: 'completed',
              campaign_id: 900,
              campaign_slug: launch.slug,
              campaign_status: 'active',
              thumb_url: '/files/s7/p/900/m.jpg',
            }
          : launch;
      return ok(done);
    }
    if (url.pathname === '/seller/stores') {
      return ok([storeView({ id: 3, name: 'Tee Shop', base_url: 'https://tees.example.test' })]);
    }
    if (url.pathname === '/public/site-config') {
      return ok({ preview_domain: 'preview.test', market_place_domain: 'market.test' });
    }
    return jsonAnswer(404, { success: false, message: `Not found: ${url.pathname}` });
  };
  return { fetch, posted };
}

let server: ReturnType<typeof expressServer>;
beforeEach(() => {
  server = expressServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const artwork = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('Express campaign (/campaigns/express)', { timeout: 30_000 }, () => {
  it('launches from a template and an artwork in one step and follows it until it is on sale', async () => {
    const user = userEvent.setup();
    renderPages(['campaign_express'], '/campaigns/express', SELLER);

    const templates = await screen.findByRole('group', { name: 'Templates' }, { timeout: 10_000 });
    // Each template is a button with its picture, reached and chosen from the keyboard.
    const dog = within(templates).getByRole('button', { name: /Dog tee/ });
    expect(dog.querySelector('img')?.getAttribute('src')).toBe('/files/s7/p/5/thumb.jpg');
    dog.focus();
    await user.keyboard('{Enter}');
    expect(dog.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText(/print spaces front/)).toBeTruthy();

    await user.upload(screen.getByLabelText('Artwork file'), artwork('happy_dog.png'));
    const quality = await screen.findByTestId('express-quality');
    // 1500 px contained on a 3000 × 3600 print space: 150 DPI, as the editor rates it.
    expect(within(quality).getByText('150 DPI')).toBeTruthy();
    expect(quality.querySelector('[data-quality="normal"]')).not.toBeNull();
    expect((screen.getByLabelText('Campaign name') as HTMLInputElement).value).toBe('happy dog');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('happy-dog');
    await user.type(screen.getByLabelText('Classic Tee'), '24.50');

    await user.click(screen.getByRole('button', { name: 'Launch' }));
    await screen.findByRole('heading', { name: 'happy dog' }, { timeout: 10_000 });
    expect(server.posted[0]).toEqual({
      source_campaign_id: 5,
      artwork_url: expect.stringMatching(/^\/files\/s7\/a\/5\/\d+_happy_dog\.png$/),
      name: 'happy dog',
      slug: 'happy-dog',
      prices: [{ product_id: 51, price: 24.5 }],
    });
    expect(screen.getByTestId('express-stage').textContent).toBe('Waiting for a bulk worker');
    // The page asks again by itself until the campaign is on sale, then links to it.
    const link = await screen.findByTestId('express-product-link', {}, { timeout: 10_000 });
    expect(link.getAttribute('href')).toBe('https://tees.example.test/happy-dog');
    expect(screen.getByTestId('express-stage').textContent).toBe('Launched');
    expect(screen.getByRole('link', { name: 'Open the campaign' }).getAttribute('href')).toBe(
      '/campaigns/edit/900',
    );
  });

  it('warns about a low resolution artwork and shows what the server refuses', async () => {
    const user = userEvent.setup();
    renderPages(['campaign_express'], '/campaigns/express', SELLER);
    const templates = await screen.findByRole('group', { name: 'Templates' }, { timeout: 10_000 });
    await user.click(within(templates).getByRole('button', { name: /Dog tee/ }));
    await screen.findByText(/print spaces front/);

    // Launch with nothing chosen yet: said on the field, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Launch' }));
    expect(screen.getByText('Choose the artwork file.')).toBeTruthy();
    expect(server.posted).toHaveLength(0);

    await user.upload(screen.getByLabelText('Artwork file'), artwork('small.png'));
    expect(
      await screen.findByText('This artwork will print blurry: use a larger file if you can.'),
    ).toBeTruthy();
    const slug = screen.getByLabelText('Slug');
    await user.clear(slug);
    await user.type(slug, 'taken');
    await user.click(screen.getByRole('button', { name: 'Launch' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This slug is already used by another of your campaigns.',
    );

    await user.upload(screen.getByLabelText('Artwork file'), artwork('broken.png'));
    expect(
      await screen.findByText(
        'This file cannot be read as an image: choose a PNG, JPEG or WebP file.',
      ),
    ).toBeTruthy();
  });
});
