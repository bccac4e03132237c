// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { jsonAnswer, renderPages } from '../../test/pageHarness.js';

const TEE = {
  id: 101,
  name: 'Classic T-shirt',
  base_cost: 7.5,
  options: { color: ['White'] },
  colors: [{ name: 'White', hex_code: '#FFFFFF' }],
  print_spaces: [{ name: 'front', width: 4200, height: 4800 }],
};

/** An all-over-print product (print type 3): its pattern covers every piece. */
const AOP_PILLOW = {
  id: 102,
  name: 'AOP Pillow',
  base_cost: 9,
  full_printed: 3,
  options: { color: ['White'] },
  colors: [{ name: 'White', hex_code: '#FFFFFF' }],
  print_spaces: [{ name: 'front', width: 3000, height: 3000 }],
};

const COMBO = {
  id: 6,
  name: 'Mug and Tee',
  slug: 'mug-and-tee',
  status: 'draft',
  niche: null,
  system_type: 'combo',
  products: [],
};

const AI_JOB = {
  id: 31,
  tool: 'remove_background',
  status: 'done',
  progress: 100,
  print_width_in: 12,
  input: {
    file_path: 'u/in.png',
    file_url: '/blob/in.png',
    width: 600,
    height: 600,
    quality: { dpi: 50, label: 'low' },
  },
  output: {
    file_path: 'u/out.png',
    file_url: '/blob/out.png',
    width: 600,
    height: 600,
    quality: { dpi: 50, label: 'low' },
  },
  error: null,
  created_at: '2026-11-20T10:00:00.000Z',
  started_at: '2026-11-20T10:00:01.000Z',
  finished_at: '2026-11-20T10:00:05.000Z',
};

const CAMPAIGN = {
  id: 5,
  name: 'Cat Lovers',
  slug: 'cat-lovers',
  status: 'draft',
  niche: null,
  products: [],
};

/** The catalog and one saved campaign, as the server answers them; every request is kept. */
function editorServer() {
  const requests: Array<{ method: string; path: string }> = [];
  const ok = (data: unknown) => jsonAnswer(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://dashboard.test').pathname;
    const method = init?.method ?? 'GET';
    requests.push({ method, path });
    if (path === '/seller/product-templates') {
      return ok({
        data: [TEE, AOP_PILLOW],
        total: 2,
        per_page: 100,
        current_page: 1,
        last_page: 1,
        from: 1,
        to: 2,
      });
    }
    if (path === '/seller/campaign/6' && method === 'GET') return ok(COMBO);
    if (path === '/seller/ai-design/jobs' && method === 'GET') {
      return ok({
        data: [AI_JOB],
        total: 1,
        per_page: 12,
        current_page: 1,
        last_page: 1,
        from: 1,
        to: 1,
      });
    }
    if (path === '/seller/campaign/5' && method === 'GET') return ok(CAMPAIGN);
    return jsonAnswer(404, { success: false, message: 'Not found.' });
  };
  return { fetch, requests };
}

let server: ReturnType<typeof editorServer>;
beforeEach(() => {
  server = editorServer();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const SELLER = {
  id: 7,
  name: 'Seller',
  email: 'seller@printloom.test',
  created_at: '2025-01-01 00:00:00',
  email_verified_at: '2025-01-01 00:00:00',
};

const LOAD_TIMEOUT = { timeout: 10_000 };

function open(address = '/campaigns/edit', user: typeof SELLER & { tags?: string[] } = SELLER) {
  return renderPages(
    [
      'campaign_edit',
      'campaign_combo_edit',
      'campaign_aop_edit',
      'campaign_ai_edit',
      'campaign_custom_edit',
      'all_campaigns',
    ],
    address,
    user,
  );
}

const nameInput = () => screen.getByLabelText<HTMLInputElement>('Campaign name');
const slugInput = () => screen.getByLabelText<HTMLInputElement>('Link name');

describe('campaign form (/campaigns/edit)', () => {
  it('shows each field’s error next to the field, saves nothing, and clears it as the seller corrects it', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByTestId('editor-empty', {}, LOAD_TIMEOUT);
    await user.type(slugInput(), 'Bad Slug');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(nameInput().getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('campaign-name-error')?.textContent).toBe(
      'Campaign name is required.',
    );
    expect(document.getElementById('campaign-slug-error')?.textContent).toBe(
      'The link name may hold lowercase letters, digits and single dashes.',
    );
    expect(slugInput().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose at least one product.')).toBeTruthy();
    expect(document.activeElement).toBe(nameInput());
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    await user.type(nameInput(), 'Cats');
    await waitFor(() => expect(nameInput().getAttribute('aria-invalid')).toBeNull());
    expect(document.getElementById('campaign-name-error')?.textContent).toBe('');
    await user.clear(slugInput());
    await user.type(slugInput(), 'cats');
    await waitFor(() => expect(slugInput().getAttribute('aria-invalid')).toBeNull());
  });

  it('checks a product’s price next to its price field once a save was tried', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByTestId('editor-empty', {}, LOAD_TIMEOUT);
    await user.type(nameInput(), 'Cats');
    await user.click(screen.getByLabelText(/Classic T-shirt/));
    const price = await screen.findByLabelText<HTMLInputElement>('Sell price (USD)');
    expect(price.value).toBe('14.99');
    await user.clear(price);
    await user.type(price, '5');
    // Not before a save is tried.
    expect(price.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('price-101-error')?.textContent).toBe(
      'The price must be at least the base cost, $7.50.',
    );
    // Corrected, the error goes as the seller types.
    await user.clear(price);
    await user.type(price, '19.99');
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBeNull());
    expect(document.getElementById('price-101-error')?.textContent).toBe('');
  });

  it('marks unsaved changes and asks before leaving with them', async () => {
    const user = userEvent.setup();
    const router = open('/campaigns/edit/5');
    await waitFor(() => expect(nameInput().value).toBe('Cat Lovers'), LOAD_TIMEOUT);
    expect(slugInput().value).toBe('cat-lovers');
    expect(screen.queryByTestId('unsaved-badge')).toBeNull();

    await user.type(nameInput(), '!');
    expect((await screen.findByTestId('unsaved-badge')).textContent).toBe('Unsaved changes');
    // Back to what is saved: nothing is unsaved.
    await user.type(nameInput(), '{Backspace}');
    await waitFor(() => expect(screen.queryByTestId('unsaved-badge')).toBeNull());

    await user.selectOptions(screen.getByLabelText('Niche'), screen.getAllByRole('option')[1]!);
    await screen.findByTestId('unsaved-badge');
    void router.navigate('/campaigns');
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(router.state.location.pathname).toBe('/campaigns/edit/5');
    expect(screen.getByTestId('unsaved-badge')).toBeTruthy();
  });

  it('checks a combo’s own rules on launch and lets them go as the seller corrects the form', async () => {
    const user = userEvent.setup();
    open('/campaigns/combo/edit');
    await screen.findByTestId('editor-empty', {}, LOAD_TIMEOUT);
    await user.type(nameInput(), 'Set');
    await user.click(screen.getByLabelText(/Classic T-shirt/));
    await user.click(screen.getByRole('button', { name: 'Launch' }));
    expect(
      await screen.findByText(
        'A combo needs at least 2 products: add another product before launching.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Set the bundle price before launching.')).toBeTruthy();
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    await user.type(screen.getByLabelText(/Bundle price/), '99');
    await waitFor(() =>
      expect(screen.queryByText('Set the bundle price before launching.')).toBeNull(),
    );
    expect(screen.getByTestId('unsaved-badge')).toBeTruthy();
  });
});

describe('campaign types in the editor', () => {
  it('moves a combo opened at /campaigns/edit/{id} to the combo editor, with its bundle price', async () => {
    const router = open('/campaigns/edit/6');
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/campaigns/combo/edit/6'),
      LOAD_TIMEOUT,
    );
    await waitFor(
      () =>
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit combo campaign'),
      LOAD_TIMEOUT,
    );
    await waitFor(() => expect(nameInput().value).toBe('Mug and Tee'), LOAD_TIMEOUT);
    expect(screen.getByLabelText(/Bundle price/)).toBeTruthy();
  });

  it('offers only all-over-print products in the AOP editor, every product in the regular one', async () => {
    open('/campaigns/aop/edit');
    await screen.findByTestId('editor-empty', {}, LOAD_TIMEOUT);
    expect(screen.getByLabelText(/AOP Pillow/)).toBeTruthy();
    expect(screen.queryByLabelText(/Classic T-shirt/)).toBeNull();
    cleanup();
    queryClient.clear();
    open('/campaigns/edit');
    await screen.findByTestId('editor-empty', {}, LOAD_TIMEOUT);
    expect(screen.getByLabelText(/AOP Pillow/)).toBeTruthy();
    expect(screen.getByLabelText(/Classic T-shirt/)).toBeTruthy();
  });

  it('lists the seller’s AI results in the AI editor, ready once a product is chosen', async () => {
    const user = userEvent.setup();
    open('/campaigns/ai/edit', { ...SELLER, tags: ['beta'] });
    await screen.findByTestId('editor-empty', {}, LOAD_TIMEOUT);
    const add = await screen.findByRole(
      'button',
      { name: 'Add Remove background #31 (600 × 600) to the design' },
      LOAD_TIMEOUT,
    );
    expect(add.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByLabelText(/Classic T-shirt/));
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
  });

  it('tells a seller outside the beta that AI tools need it, and asks nothing', async () => {
    open('/campaigns/ai/edit');
    await screen.findByTestId('editor-empty', {}, LOAD_TIMEOUT);
    expect(screen.getByText('AI design tools are in beta: ask support to join.')).toBeTruthy();
    expect(server.requests.some((r) => r.path === '/seller/ai-design/jobs')).toBe(false);
  });

  it('links a saved custom campaign to the seller’s own product photos', async () => {
    open('/campaigns/custom/edit');
    await screen.findByTestId('editor-empty', {}, LOAD_TIMEOUT);
    expect(
      screen.getByText('Save the campaign, then show its design on your own product photos.'),
    ).toBeTruthy();
  });
});
