// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

// The test browser decodes no images: a decoded pattern is its size, as createImageBitmap gives.
vi.mock('../../editor/imageCache.js', async (original) => {
  const real = await original<typeof import('../../editor/imageCache.js')>();
  const image = { width: 800, height: 800 } as ImageBitmap;
  return {
    ...real,
    decodeImage: async () => ({ full: image, preview: image, width: 800, height: 800 }),
  };
});

const template = (id: number, name: string, fullPrinted: number) => ({
  id,
  name,
  full_printed: fullPrinted,
  print_spaces: [
    { name: 'front', width: 4000, height: 5200 },
    { name: 'sleeve', width: 2000, height: 1800 },
  ],
  mockups: [],
});

function serve(templates: object[]) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    if (path === '/seller/product-templates') {
      return new Response(
        JSON.stringify({
          success: true,
          data: {
            data: templates,
            total: templates.length,
            per_page: 100,
            current_page: 1,
            last_page: 1,
            from: 1,
            to: templates.length,
          },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    }
    return new Response(JSON.stringify({ success: false, message: 'Not found' }), { status: 404 });
  });
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open() {
  renderPages(['aop_test'], '/aop-test', {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
    tags: ['beta'],
  });
}

describe('AOP test (/aop-test)', () => {
  it('offers only all-over-print products and shows the pattern on each of their pieces', async () => {
    serve([template(1, 'Classic Tee', 0), template(2, 'All-over Hoodie', 3)]);
    const user = userEvent.setup();
    open();
    const product = (await screen.findByLabelText(
      'Product',
      {},
      { timeout: 10_000 },
    )) as HTMLSelectElement;
    expect([...product.options].map((o) => o.textContent)).toEqual(['All-over Hoodie']);
    expect(screen.getByText('Choose a pattern to see it on All-over Hoodie.')).toBeTruthy();
    await user.upload(
      screen.getByLabelText('Pattern'),
      new File(['png'], 'leaves.png', { type: 'image/png' }),
    );
    const pieces = await screen.findByRole('region', { name: 'Pattern pieces' });
    expect(within(pieces).getByText('front · 4000 × 5200 px')).toBeTruthy();
    expect(within(pieces).getByText('sleeve · 2000 × 1800 px')).toBeTruthy();
    expect(
      within(pieces)
        .getAllByRole('img')
        .map((img) => img.getAttribute('aria-label')),
    ).toEqual(['front covered by the pattern', 'sleeve covered by the pattern']);
    expect(screen.getByText('800 × 800 px')).toBeTruthy();
    expect(screen.getByText('This product has no 2D mockup.')).toBeTruthy();
  });

  it('says so when the catalog has no all-over-print product', async () => {
    serve([template(1, 'Classic Tee', 0)]);
    open();
    expect(
      await screen.findByText(
        /The catalog has no all-over-print products yet/,
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });
});
