import { COMBO_MESSAGES } from '@printloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';

interface CampaignView {
  id: number;
  status: string;
  system_type: string;
  bundle_price?: number | null;
  products: Array<{ id: number; template_id: number; name?: string }>;
}

const ADDRESS = {
  name: 'Ada Buyer',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
};

/** The site charges 3 % processing, at least 0.50: a combo's minimum covers that too. */
const FEES = { processingFee: 3, processingFeeMin: 0.5 };

/**
 * Combo campaigns (spec §3 type combo): products sold together at one bundle price. The seller
 * cannot save a set below its costs and fees nor launch one without two products and a price;
 * the buyer's storefront sells the set as one line and the order holds one item per product.
 */
describe.each(BACKENDS)('combo campaigns on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let templateIds: number[];

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  /** What the products cost at their dearest offered variant, plus the site fee on that. */
  async function minimumOf(campaignId: number): Promise<{ costs: number; minimum: number }> {
    const rows = await t.app.db.query<{ cost: number }>(
      `SELECT max(v.base_cost) AS cost FROM products p
         JOIN template_variants v ON v.template_id = p.template_id
          AND (jsonb_array_length(COALESCE(p.options->'color', '[]')) = 0
               OR p.options->'color' ? v.color_name)
        WHERE p.campaign_id = $1 GROUP BY p.id`,
      [campaignId],
    );
    const costs = rows.reduce((sum, r) => sum + Number(r.cost), 0);
    return { costs, minimum: costs + Math.max(Math.round(costs * 0.03), 50) };
  }

  const createCombo = async (payload: Record<string, unknown>) =>
    call('POST', '/seller/campaign', {
      name: 'Cat set',
      system_type: 'combo',
      products: templateIds.map((id) => ({ template_id: id, price: 39.99 })),
      ...payload,
    });

  /** A combo of both templates with a front design on each product, at `bundle` minor units. */
  async function designedCombo(slug: string, bundle?: number): Promise<CampaignView> {
    const created = await createCombo({ slug, ...(bundle ? { bundle_price: bundle } : {}) });
    expect(created.statusCode, created.body).toBe(200);
    const made = body<CampaignView>(created).data;
    const saved = await call('PUT', `/seller/campaign/${made.id}`, {
      designs: made.products.map((p) => ({
        product_id: p.id,
        print_space: 'front',
        file_url: `/files/design-${p.id}.png`,
      })),
      mockups: made.products.map((p, i) => ({
        product_id: p.id,
        print_space: 'front',
        file_url: `/files/mockup-${p.id}.jpg`,
        is_default: i === 0,
      })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return body<CampaignView>(saved).data;
  }

  beforeAll(async () => {
    t = await createTestApp(backend, FEES);
    await createUser(t.app, { email: 'combo@example.test' });
    token = await login(t.app, 'combo@example.test');
    const templates = body<{ data: Array<{ id: number }> }>(
      await call('GET', '/seller/product-templates?per_page=2'),
    ).data.data;
    templateIds = templates.slice(0, 2).map((tpl) => tpl.id);
    expect(templateIds).toHaveLength(2);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('saves a bundle price no lower than the base costs plus fees, saying what the least is', async () => {
    const draft = await createCombo({ slug: 'draft-set' });
    expect(draft.statusCode, draft.body).toBe(200);
    const made = body<CampaignView>(draft).data;
    expect(made).toMatchObject({ system_type: 'combo', bundle_price: null });
    const { costs, minimum } = await minimumOf(made.id);
    expect(costs).toBeGreaterThan(0);

    const low = await call('PUT', `/seller/campaign/${made.id}`, { bundle_price: minimum - 1 });
    expect(low.statusCode).toBe(422);
    const refusal = body<{ errors: Record<string, string[]> }>(low);
    expect(refusal.message).toMatch(
      /^The bundle price must be at least \$[\d,.]+ \(base costs \$[\d,.]+ \+ fees \$[\d,.]+\), so the set never sells at a loss\.$/,
    );
    expect(refusal.message).toContain(`$${(minimum / 100).toFixed(2).replace(/\.00$/, '')}`);
    expect(refusal.errors?.bundle_price).toEqual([refusal.message]);
    // Nothing of the refused save stays.
    expect(body<CampaignView>(await call('GET', `/seller/campaign/${made.id}`)).data).toMatchObject(
      { bundle_price: null },
    );

    const ok = await call('PUT', `/seller/campaign/${made.id}`, { bundle_price: minimum });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body<CampaignView>(ok).data.bundle_price).toBe(minimum);

    // A new combo is checked the same way; a bundle price on another campaign type is refused.
    const createdLow = await createCombo({ slug: 'low-set', bundle_price: minimum - 1 });
    expect(createdLow.statusCode).toBe(422);
    const regular = await call('POST', '/seller/campaign', {
      name: 'Plain tee',
      products: [{ template_id: templateIds[0] }],
      bundle_price: 5000,
    });
    expect(regular.statusCode).toBe(422);
    expect(body(regular).message).toBe('Only a combo campaign has a bundle price.');
  });

  it('launches a combo only with at least two products and a bundle price', async () => {
    const unpriced = await designedCombo('unpriced-set');
    const noPrice = await call('POST', `/seller/campaign/${unpriced.id}/launch`);
    expect(noPrice.statusCode).toBe(422);
    expect(body(noPrice).message).toBe(COMBO_MESSAGES.noPrice);

    const { minimum } = await minimumOf(unpriced.id);
    const single = await call('PUT', `/seller/campaign/${unpriced.id}`, {
      bundle_price: minimum + 500,
      products: [{ id: unpriced.products[0]?.id, template_id: unpriced.products[0]?.template_id }],
    });
    expect(single.statusCode, single.body).toBe(200);
    const one = await call('POST', `/seller/campaign/${unpriced.id}/launch`);
    expect(one.statusCode).toBe(422);
    expect(body(one).message).toBe(COMBO_MESSAGES.tooFew);
    // The editor launches by saving the status: the same rule holds.
    const saved = await call('PUT', `/seller/campaign/${unpriced.id}`, { status: 'active' });
    expect(saved.statusCode).toBe(422);
    expect(body(saved).message).toBe(COMBO_MESSAGES.tooFew);
    expect(
      body<CampaignView>(await call('GET', `/seller/campaign/${unpriced.id}`)).data.status,
    ).toBe('draft');

    const priced = await designedCombo('priced-set', minimum + 500);
    const launched = await call('POST', `/seller/campaign/${priced.id}/launch`);
    expect(launched.statusCode, launched.body).toBe(200);
    expect(body<CampaignView>(launched).data.status).toBe('active');
    // A live combo cannot drop to one product.
    const shrink = await call('PUT', `/seller/campaign/${priced.id}`, {
      products: [{ id: priced.products[0]?.id, template_id: priced.products[0]?.template_id }],
    });
    expect(shrink.statusCode).toBe(422);
    expect(
      body<CampaignView>(await call('GET', `/seller/campaign/${priced.id}`)).data.products,
    ).toHaveLength(2);
  });

  describe('on the storefront', () => {
    let combo: CampaignView;
    let bundle: number;
    let picks: Array<{ product_id: number; color: string; size: string; base_cost: number }>;

    beforeAll(async () => {
      const draft = await designedCombo('cat-set');
      bundle = (await minimumOf(draft.id)).minimum + 1001;
      const priced = await call('PUT', `/seller/campaign/${draft.id}`, { bundle_price: bundle });
      expect(priced.statusCode, priced.body).toBe(200);
      expect((await call('POST', `/seller/campaign/${draft.id}/launch`)).statusCode).toBe(200);
      combo = body<CampaignView>(await call('GET', `/seller/campaign/${draft.id}`)).data;
      const store = await call('POST', '/seller/stores', {
        name: 'Set Shop',
        slug: 'set-shop',
        currency: 'USD',
      });
      expect(store.statusCode, store.body).toBe(200);
      const storeId = body<{ id: number }>(store).data.id;
      const listed = await call('PUT', `/seller/stores/${storeId}/campaigns`, {
        campaign_ids: [combo.id],
      });
      expect(listed.statusCode, listed.body).toBe(200);
      picks = [];
      for (const product of combo.products) {
        const [variant] = await t.app.db.query<{ color: string; size: string; base_cost: number }>(
          `SELECT v.color_name AS color, v.size, v.base_cost FROM template_variants v
             JOIN products p ON p.template_id = v.template_id
            WHERE p.id = $1 AND v.color_name = p.options->'color'->>0 ORDER BY v.position, v.id LIMIT 1`,
          [product.id],
        );
        if (!variant) throw new Error('no variant');
        picks.push({ product_id: product.id, ...variant, base_cost: Number(variant.base_cost) });
      }
    });

    const setItems = (quantity: number, bundleNo = 0) =>
      picks.map((p) => ({
        campaign_id: combo.id,
        product_id: p.product_id,
        color: p.color,
        size: p.size,
        quantity,
        bundle: bundleNo,
      }));
    const checkout = (items: unknown[]) =>
      t.app.inject({
        method: 'POST',
        url: '/public/stores/set-shop/checkouts',
        payload: { items, email: 'ada@example.test', shipping_address: ADDRESS },
      });

    it('offers the set on one product page: a pick per product, the bundle price and the saving', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/s/set-shop/products/cat-set' });
      expect(page.statusCode).toBe(200);
      const html = page.body;
      expect(html).toContain('id="combo-form"');
      expect(html).toContain('Add set to cart');
      expect(html).not.toContain('id="product-form"');
      for (const product of combo.products) {
        expect(html).toContain(`id="color-${product.id}"`);
        expect(html).toContain(`id="size-${product.id}"`);
      }
      const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
      expect(html).toContain(`<span class="price" id="price">${money(bundle)}</span> for the set`);
      const separate = 2 * 3999;
      expect(html).toContain(
        `You save ${money(separate - bundle)} against buying these 2 products separately.`,
      );
      const data = JSON.parse(
        /<script type="application\/json" id="combo-data">(.*?)<\/script>/.exec(html)?.[1] ?? '{}',
      );
      expect(data).toEqual({
        price: bundle / 100,
        products: combo.products.map((p) => ({ id: p.id, name: expect.any(String) })),
      });
      // Listings show the set at its bundle price.
      const home = await t.app.inject({ method: 'GET', url: '/s/set-shop/' });
      expect(home.body).toContain(money(bundle));
    });

    it('checks a set out as one order with one item per product, splitting the price to the cent', async () => {
      const created = await checkout(setItems(2));
      expect(created.statusCode, created.body).toBe(200);
      const { checkout_id, totals } = body<{
        checkout_id: string;
        totals: { subtotal: number; processing_fee: number; shipping: number; total: number };
      }>(created).data;
      expect(totals.subtotal).toBe(2 * bundle);
      expect(totals.total).toBe(totals.subtotal + totals.shipping + totals.processing_fee);

      const paid = await t.app.inject({
        method: 'POST',
        url: `/public/checkouts/${checkout_id}/pay`,
        payload: { gateway: 'test', card_number: '4242 4242 4242 4242' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const orderId = body<{ order_id: number }>(paid).data.order_id;
      const orders = await t.app.db.query<{ n: number }>(
        'SELECT count(*) AS n FROM orders WHERE checkout_id = $1',
        [checkout_id],
      );
      expect(Number(orders[0]?.n)).toBe(1);
      const items = await t.app.db.query<{
        product_id: number;
        quantity: number;
        price: number;
        base_cost: number;
        bundle_id: string | null;
      }>(
        'SELECT product_id, quantity, price, base_cost, bundle_id FROM order_items WHERE order_id = $1 ORDER BY id',
        [orderId],
      );
      expect(items.map((i) => Number(i.product_id))).toEqual(picks.map((p) => p.product_id));
      expect(items.every((i) => i.quantity === 2)).toBe(true);
      expect(items.reduce((sum, i) => sum + Number(i.price), 0)).toBe(bundle);
      items.forEach((item, k) => {
        expect(Number(item.base_cost)).toBe(picks[k]?.base_cost);
        expect(Number(item.price)).toBeGreaterThanOrEqual(Number(item.base_cost));
      });
      const bundleIds = new Set(items.map((i) => i.bundle_id));
      expect(bundleIds.size).toBe(1);
      expect([...bundleIds][0]).toMatch(/^[0-9a-f-]{36}$/);
      // The seller's order detail shows which items were sold together.
      const seen = await call('GET', `/seller/orders/${orderId}`);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(
        body<{ items: Array<{ bundle_id?: string | null }> }>(seen).data.items.map(
          (i) => i.bundle_id,
        ),
      ).toEqual(items.map((i) => i.bundle_id));
      const [order] = await t.app.db.query<{ subtotal: number }>(
        'SELECT subtotal FROM orders WHERE id = $1',
        [orderId],
      );
      expect(Number(order?.subtotal)).toBe(2 * bundle);
    });

    it('keeps two sets of one cart apart, each with its own bundle id', async () => {
      const created = await checkout([...setItems(1, 0), ...setItems(3, 1)]);
      expect(created.statusCode, created.body).toBe(200);
      const { checkout_id, totals } = body<{ checkout_id: string; totals: { subtotal: number } }>(
        created,
      ).data;
      expect(totals.subtotal).toBe(4 * bundle);
      const [row] = await t.app.db.query<{ items: Array<{ bundle_id: string }> }>(
        'SELECT items FROM checkouts WHERE id = $1',
        [checkout_id],
      );
      expect(new Set(row?.items.map((i) => i.bundle_id)).size).toBe(2);
      // A recovery link brings the sets back as two set lines of the cart.
      const cart = await t.app.inject({
        method: 'GET',
        url: `/s/set-shop/cart?restore=${checkout_id}`,
      });
      const restored = JSON.parse(
        /<script type="application\/json" id="restore-data">(.*?)<\/script>/.exec(cart.body)?.[1] ??
          '[]',
      ) as Array<{ quantity: number; price: number; set?: unknown[] }>;
      expect(restored.map((l) => [l.quantity, l.set?.length, l.price])).toEqual([
        [1, 2, bundle / 100],
        [3, 2, bundle / 100],
      ]);
    });

    it('refuses a product of the set bought alone and a set missing a product', async () => {
      const alone = await checkout([{ ...setItems(1)[0], bundle: undefined }]);
      expect(alone.statusCode).toBe(422);
      expect(body(alone).message).toBe(COMBO_MESSAGES.notASet);

      const half = await checkout(setItems(1).slice(0, 1));
      expect(half.statusCode).toBe(422);
      expect(body(half).message).toMatch(
        /^A set holds one of each product \(.+\) in the same quantity\.$/,
      );

      const mixed = await checkout(setItems(1).map((item, i) => ({ ...item, quantity: i + 1 })));
      expect(mixed.statusCode).toBe(422);
      const twice = await checkout([...setItems(1), setItems(1)[0]]);
      expect(twice.statusCode).toBe(422);
    });
  });
});
