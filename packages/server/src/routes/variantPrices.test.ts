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
import { paidOrder, storeWithCampaign } from '../../test/storefrontOrder.js';

interface Row {
  product_id: number;
  variant: string | null;
  base_cost: number;
  before: number;
  after: number;
  below_base_cost: boolean;
}

describe.each(BACKENDS)('custom prices per size on %s', (backend) => {
  let t: TestApp;
  let seller: string;
  let sale: Awaited<ReturnType<typeof storeWithCampaign>>;
  let otherSize = '';
  let sizeCost = 0;

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(seller), ...(payload ? { payload } : {}) });
  const bulk = (payload: object) => call('POST', '/seller/pricing/bulk-update', payload);
  const linePrice = async (orderId: number) => {
    const [row] = await t.app.db.query<{ price: number; size: string }>(
      'SELECT price, size FROM order_items WHERE order_id = $1',
      [orderId],
    );
    return Number(row?.price);
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    await createUser(t.app, { email: 'sizes@example.test', tags: ['pricing'] });
    seller = await login(t.app, 'sizes@example.test');
    sale = await storeWithCampaign(t.app, seller, 'size-shop', 30);
    const sizes = await t.app.db.query<{ size: string; cost: number }>(
      `SELECT v.size, max(v.base_cost)::int AS cost FROM template_variants v
         JOIN products p ON p.template_id = v.template_id
        WHERE p.id = $1 AND v.color_name = $2 GROUP BY v.size ORDER BY v.size`,
      [sale.product.id, sale.product.color],
    );
    sizeCost = Number(
      (
        await t.app.db.query<{ cost: number }>(
          `SELECT max(v.base_cost)::int AS cost FROM template_variants v
             JOIN products p ON p.template_id = v.template_id WHERE p.id = $1 AND v.size = $2`,
          [sale.product.id, sale.product.size],
        )
      )[0]?.cost,
    );
    otherSize = sizes.find((s) => s.size !== sale.product.size)?.size ?? '';
    expect(otherSize).not.toBe('');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('previews a size at its own price, applies it, records it, and checkout sells the size at it', async () => {
    const change = {
      campaign_ids: [sale.campaignId],
      mode: 'custom_price',
      prices: [{ product_id: sale.product.id, variant: sale.product.size, price: 3550 }],
    };
    const preview = await bulk({ ...change, preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = body<{ rows: Row[] }>(preview).data.rows;
    expect(rows.map((r) => [r.variant, r.before, r.after])).toEqual([
      [null, 3000, 3000],
      [sale.product.size, 3000, 3550],
    ]);
    expect(rows[1]?.base_cost).toBe(sizeCost);

    const applied = await bulk(change);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(body<{ updated: number }>(applied).data.updated).toBe(1);
    const changes = body<{
      data: Array<{ variant: string | null; before: number; after: number }>;
    }>(await call('GET', '/seller/pricing/changes')).data.data;
    expect(changes[0]).toMatchObject({ variant: sale.product.size, before: 3000, after: 3550 });

    // The product page opens on a size; the buyer sees each size's own price as they pick it.
    const [campaign] = await t.app.db.query<{ slug: string | null }>(
      'SELECT slug FROM campaigns WHERE id = $1',
      [sale.campaignId],
    );
    const page = await t.app.inject({
      method: 'GET',
      url: `/s/size-shop/products/${campaign?.slug || `campaign-${sale.campaignId}`}`,
    });
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    const data = JSON.parse(
      /<script type="application\/json" id="product-data">([^<]*)<\/script>/.exec(page.body)?.[1] ??
        '[]',
    ) as Array<{ id: number; price: number; sizes: string[]; size_prices: Record<string, number> }>;
    const choice = data.find((c) => c.id === sale.product.id);
    expect(choice?.price).toBe(30);
    expect(choice?.size_prices).toEqual({ [sale.product.size]: 35.5 });
    const opening = choice?.size_prices[choice.sizes[0] ?? ''] ?? choice?.price;
    expect(page.body).toContain(`id="price">$${opening?.toFixed(2)}</span>`);

    const ownSize = await paidOrder(t.app, 'size-shop', sale);
    expect(await linePrice(ownSize.order_id)).toBe(3550);
    const other = await paidOrder(t.app, 'size-shop', {
      ...sale,
      product: { ...sale.product, size: otherSize },
    });
    expect(await linePrice(other.order_id)).toBe(3000);

    // A later percent change moves the size's own price too.
    await bulk({
      campaign_ids: [sale.campaignId],
      mode: 'adjust_price',
      value: 10,
      unit: 'percent',
    });
    const again = await paidOrder(t.app, 'size-shop', sale);
    expect(await linePrice(again.order_id)).toBe(3905);
  });

  it('refuses a size the product does not have, and a size below its base cost', async () => {
    const unknown = await bulk({
      campaign_ids: [sale.campaignId],
      mode: 'custom_price',
      prices: [{ product_id: sale.product.id, variant: '9XL', price: 4000 }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(body(unknown).message).toContain('Some of these sizes are not sizes of their product.');

    const cheap = await bulk({
      campaign_ids: [sale.campaignId],
      mode: 'custom_price',
      prices: [{ product_id: sale.product.id, variant: otherSize, price: 1 }],
    });
    expect(cheap.statusCode).toBe(422);
    expect(body(cheap).message).toContain(`(${otherSize})`);
  });
});
