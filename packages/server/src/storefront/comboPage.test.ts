// @vitest-environment happy-dom
import type {
  Document,
  Event as DomEvent,
  HTMLInputElement,
  HTMLSelectElement,
  Storage,
} from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicStore, StoreCampaign, StoreProduct } from '../sql/storefront.js';
import { comboProductPage } from './comboPage.js';
import { checkoutPage, type PageContext } from './pages.js';
import { STOREFRONT_SCRIPT } from './script.js';

const store: PublicStore = {
  id: 1,
  seller_id: 1,
  name: 'Set Shop',
  slug: 'set-shop',
  title: null,
  base_url: null,
  logo_bright: null,
  logo_dark: null,
  logo_alt: null,
  favicon: null,
  primary_color: null,
  background_color: null,
  contact_email: null,
  currency: 'USD',
  locale: 'en-US',
  menus: {},
};
const ctx: PageContext = {
  store,
  prefix: '/s/set-shop',
  origin: 'https://set-shop.example.test',
  pages: [],
  collections: [],
};

const variant = (template_id: number, color_name: string, size: string, base_cost: number) => ({
  template_id,
  color_name,
  size,
  base_cost,
});
const product = (id: number, name: string, price: number, extra: Partial<StoreProduct>) => ({
  id,
  template_id: id,
  name,
  options: { color: ['White', 'Black'] },
  default_option: null,
  price,
  base_cost: 8,
  description: null,
  default_mockup_id: null,
  variants: [],
  size_prices: {},
  ...extra,
});
const campaign: StoreCampaign = {
  id: 6,
  seller_id: 2,
  name: 'Cat set',
  slug: 'cat-set',
  thumb_url: null,
  created_at: new Date('2026-01-01'),
  updated_at: new Date('2026-01-01'),
  system_type: 'combo',
  bundle_price: 2790,
  products: [
    product(10, 'Classic T-shirt', 20, {
      variants: ['S', 'M'].flatMap((size) =>
        ['White', 'Black'].map((c) => variant(10, c, size, 800)),
      ),
    }),
    product(11, 'Mug', 11, { variants: [variant(11, 'White', '11 oz', 500)] }),
  ],
  mockups: [{ id: 1, product_id: 10, print_space: 'front', file_url: '/files/tee.jpg' }],
};

/** The page's globals as the browser environment of this file provides them. */
const dom = globalThis as unknown as {
  document: Document;
  localStorage: Storage;
  Event: typeof DomEvent;
};
const document = dom.document;
const localStorage = dom.localStorage;

/** Opens a storefront page as the browser would, with the storefront script running on it. */
function open(page: string) {
  document.open();
  document.write(page.replace(/<script src="\/public\/storefront.js[^"]*" defer><\/script>/, ''));
  document.close();
  new Function(STOREFRONT_SCRIPT)();
}
const select = (id: string, value: string) => {
  const el = document.getElementById(id) as HTMLSelectElement;
  el.value = value;
};
const submit = (id: string) =>
  document
    .getElementById(id)
    ?.dispatchEvent(new dom.Event('submit', { bubbles: true, cancelable: true }));
const cart = () => JSON.parse(localStorage.getItem('printloom-cart:set-shop') ?? '[]');

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the combo product page in the browser', () => {
  it('puts the whole set in the cart as one line at the bundle price, then checks it out as a set', async () => {
    open(comboProductPage(ctx, campaign));
    expect(document.querySelector('button[type=submit]')?.textContent).toBe('Add set to cart');
    // The mug comes in one colour, the tee in two and two sizes: one pick each.
    expect(
      [...(document.getElementById('color-11') as HTMLSelectElement).options].map((o) => o.value),
    ).toEqual(['White']);
    select('color-10', 'Black');
    select('size-10', 'M');
    submit('combo-form');
    expect(document.getElementById('added')?.textContent).toContain('Added the set to your cart.');
    submit('combo-form');
    const lines = cart();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      campaign_id: 6,
      quantity: 2,
      price: 27.9,
      name: 'Cat set (set)',
      color: 'Black / White',
      size: 'M / 11 oz',
      set: [
        { product_id: 10, name: 'Classic T-shirt', color: 'Black', size: 'M' },
        { product_id: 11, name: 'Mug', color: 'White', size: '11 oz' },
      ],
    });

    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: { body: string }) => {
        sent.push(JSON.parse(init.body));
        return new Response(JSON.stringify({ success: false, message: 'stop here' }), {
          status: 422,
        });
      }),
    );
    open(checkoutPage(ctx, [{ code: 'US', name: 'United States' }]));
    expect(document.getElementById('summary')?.textContent).toContain('2 × Cat set (set)');
    for (const [id, value] of Object.entries({
      email: 'ada@example.test',
      name: 'Ada',
      line1: '1 Main St',
      city: 'Springfield',
      postcode: '62701',
    }))
      (document.getElementById(id) as HTMLInputElement).value = value;
    submit('checkout-form');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { items: unknown[] }).items).toEqual([
      { campaign_id: 6, product_id: 10, color: 'Black', size: 'M', quantity: 2, bundle: 0 },
      { campaign_id: 6, product_id: 11, color: 'White', size: '11 oz', quantity: 2, bundle: 0 },
    ]);
  });

  it('shows a combo without a bundle price as not on sale, with no form', () => {
    open(comboProductPage(ctx, { ...campaign, bundle_price: null }));
    expect(document.getElementById('combo-form')).toBeNull();
    expect(document.body.textContent).toContain('This set is not on sale yet.');
  });
});
