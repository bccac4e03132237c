import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  campaignOf,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';

const ADDRESS = {
  name: 'Ada Buyer',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
};

describe.each(BACKENDS)('the buyer storefront on %s', (backend) => {
  let t: TestApp;
  let campaign: { id: number; products: { id: number; template_id: number }[] };
  let color: string;
  let size: string;

  beforeAll(async () => {
    t = await createTestApp(backend, { previewDomain: 'shops.example.test' });
    await createUser(t.app, { email: 'shop@example.test' });
    const token = await login(t.app, 'shop@example.test');
    campaign = await campaignOf(t.app, token, 'Cat Lovers Tee');
    const created = await t.app.inject({
      method: 'POST',
      url: '/seller/stores',
      headers: bearer(token),
      payload: { name: 'Cat Shop', slug: 'cat-shop', currency: 'USD' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const storeId = body<{ id: number }>(created).data.id;
    const listed = await t.app.inject({
      method: 'PUT',
      url: `/seller/stores/${storeId}/campaigns`,
      headers: bearer(token),
      payload: { campaign_ids: [campaign.id] },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    await t.app.db.query(
      "UPDATE campaigns SET status = 'active', slug = 'cat-lovers-tee' WHERE id = $1",
      [campaign.id],
    );
    await t.app.db.query('UPDATE products SET price = 19.99 WHERE campaign_id = $1', [campaign.id]);
    const [variant] = await t.app.db.query<{ color_name: string; size: string }>(
      `SELECT v.color_name, v.size FROM template_variants v JOIN products p ON p.template_id = v.template_id
        WHERE p.campaign_id = $1 AND v.color_name = p.options->'color'->>0 ORDER BY v.position, v.id LIMIT 1`,
      [campaign.id],
    );
    color = variant?.color_name ?? 'Default';
    size = variant?.size ?? 'One size';
  });
  afterAll(async () => {
    await t?.close();
  });

  const checkout = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/public/stores/cat-shop/checkouts', payload });
  const item = (quantity = 1) => ({
    campaign_id: campaign.id,
    product_id: campaign.products[0]?.id,
    color,
    size,
    quantity,
  });

  it('shows the store home with its campaign, and a product page with SEO and JSON-LD', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/s/cat-shop/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toContain('Cat Lovers Tee');
    expect(home.body).toContain('href="/s/cat-shop/products/cat-lovers-tee"');

    const page = await t.app.inject({ method: 'GET', url: '/s/cat-shop/products/cat-lovers-tee' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Cat Lovers Tee | Cat Shop</title>');
    expect(page.body).toContain(
      '<link rel="canonical" href="https://cat-shop.shops.example.test/products/cat-lovers-tee">',
    );
    expect(page.body).toContain('property="og:title"');
    expect(page.body).toContain('$19.99');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.body)?.[1];
    const product = JSON.parse(ld ?? '{}');
    expect(product['@type']).toBe('Product');
    expect(product.offers[0]).toMatchObject({ price: '19.99', priceCurrency: 'USD' });
    expect(page.body).toContain('<label for="size">Size</label>');
  });

  it('answers 404 pages for an unknown store, product, or an inactive campaign', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/s/no-such-shop/' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/s/cat-shop/products/other' })).statusCode,
    ).toBe(404);
  });

  it('serves the same store at / on its own host, matched on the Host header', async () => {
    const home = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'cat-shop.shops.example.test' },
    });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Cat Lovers Tee');
    expect(home.body).toContain('href="/products/cat-lovers-tee"');
    const product = await t.app.inject({
      method: 'GET',
      url: '/products/cat-lovers-tee',
      headers: { host: 'cat-shop.shops.example.test:8080' },
    });
    expect(product.statusCode).toBe(200);
    const robots = await t.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'cat-shop.shops.example.test' },
    });
    expect(robots.body).toContain('Sitemap: https://cat-shop.shops.example.test/sitemap.xml');
  });

  it('lists campaign addresses in a sitemap index and its sitemaps', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/s/cat-shop/sitemap.xml' });
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('<sitemapindex');
    expect(index.body).toContain('https://cat-shop.shops.example.test/sitemaps/products-1.xml');
    const products = await t.app.inject({
      method: 'GET',
      url: '/s/cat-shop/sitemaps/products-1.xml',
    });
    expect(products.body).toContain(
      '<loc>https://cat-shop.shops.example.test/products/cat-lovers-tee</loc>',
    );
  });

  it('searches with the spec sorts', async () => {
    const found = await t.app.inject({ method: 'GET', url: '/s/cat-shop/search?q=cat&sort=a_z' });
    expect(found.body).toContain('Cat Lovers Tee');
    const none = await t.app.inject({ method: 'GET', url: '/s/cat-shop/search?q=zebra' });
    expect(none.body).toContain('0 products');
  });

  it('counts a large collection only as far as it needs: more than 1,000, then exactly near its end', async () => {
    const [store] = await t.app.db.query<{ id: number; seller_id: number }>(
      "SELECT id, seller_id FROM stores WHERE slug = 'cat-shop'",
    );
    const q = <T>(sql: string) => t.app.db.query<T>(sql, [store?.id, store?.seller_id]);
    await q(
      `INSERT INTO campaigns (seller_id, name, slug, status)
       SELECT $2, 'Big ' || g, 'big-' || g, 'active' FROM generate_series(1, 1030) g
       WHERE $1::bigint IS NOT NULL`,
    );
    await q(
      `INSERT INTO store_campaigns (store_id, campaign_id, seller_id)
       SELECT $1, id, $2 FROM campaigns WHERE seller_id = $2 AND slug LIKE 'big-%'`,
    );
    await q(
      `WITH c AS (INSERT INTO collections (seller_id, store_id, name, slug)
                  VALUES ($2, $1, 'Everything', 'everything') RETURNING id)
       INSERT INTO collection_campaigns (collection_id, campaign_id, seller_id, position)
       SELECT c.id, campaigns.id, $2, row_number() OVER (ORDER BY campaigns.id)
         FROM c, campaigns WHERE campaigns.seller_id = $2 AND campaigns.slug LIKE 'big-%'`,
    );
    const first = await t.app.inject({ method: 'GET', url: '/s/cat-shop/collections/everything' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('More than 1,000 products');
    expect(first.body).toContain('rel="next"');
    // 1,030 at 24 a page: page 43 is the last, and its count reaches the end of the list.
    const last = await t.app.inject({
      method: 'GET',
      url: '/s/cat-shop/collections/everything?page=43',
    });
    expect(last.body).toContain('1,030 products');
    expect(last.body).not.toContain('rel="next"');
    expect(last.body).toContain('rel="prev"');
  });

  it('prices a checkout from the database, then pays it once with the test card', async () => {
    const created = await checkout({
      items: [item(2)],
      email: 'ada@example.test',
      shipping_address: ADDRESS,
      tip_percent: 10,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { checkout_id, totals, address_invalid } = body<{
      checkout_id: string;
      totals: Record<string, number | string>;
      address_invalid: boolean;
    }>(created).data;
    expect(address_invalid).toBe(false);
    // 2 × 19.99, the template's US shipping (first item + one additional), tip 10 % of 39.98.
    const [us] = await t.app.db.query<{ first_item: number; additional_item: number }>(
      `SELECT sr.first_item, sr.additional_item FROM shipping_rates sr
         JOIN shipping_profiles sp ON sp.id = sr.profile_id
        WHERE sp.template_id = $1 AND sr.scope = 'US'`,
      [campaign.products[0]?.template_id],
    );
    const shipping = Number(us?.first_item) + Number(us?.additional_item);
    expect(totals).toMatchObject({ subtotal: 3998, shipping, discount: 0, tip: 400 });
    expect(totals.total).toBe(3998 + shipping + 400);

    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: `/public/checkouts/${checkout_id}/pay`,
        payload: { gateway: 'test', card_number: '4242 4242 4242 4242' },
      });
    const first = await pay();
    expect(first.statusCode, first.body).toBe(200);
    const order = body<{ order_id: number; order_number: string }>(first).data;
    expect(order.order_number).toMatch(/^PL\d{6,}$/);
    const again = await pay();
    expect(body<{ order_id: number }>(again).data.order_id).toBe(order.order_id);

    const lookup = await t.app.inject({
      method: 'GET',
      url: `/public/orders/lookup?number=${order.order_number}&email=ADA@example.test`,
    });
    expect(lookup.statusCode).toBe(200);
    expect(body<{ payment_status: string; items: unknown[] }>(lookup).data).toMatchObject({
      payment_status: 'paid',
      items: [{ quantity: 2, price: 1999, size }],
    });
    const wrongEmail = await t.app.inject({
      method: 'GET',
      url: `/public/orders/lookup?number=${order.order_number}&email=eve@example.test`,
    });
    expect(wrongEmail.statusCode).toBe(404);

    const thanks = await t.app.inject({
      method: 'GET',
      url: `/s/cat-shop/thank-you/${checkout_id}`,
    });
    expect(thanks.body).toContain(order.order_number);
    const status = await t.app.inject({
      method: 'GET',
      url: `/s/cat-shop/order-status?number=${order.order_number}&email=ada@example.test`,
    });
    expect(status.body).toContain('payment paid');
  });

  it('declines 4000000000000002 with 402 and makes no order; the unpaid checkout stays', async () => {
    const created = await checkout({
      items: [item()],
      email: 'bob@example.test',
      shipping_address: ADDRESS,
    });
    const id = body<{ checkout_id: string }>(created).data.checkout_id;
    const declined = await t.app.inject({
      method: 'POST',
      url: `/public/checkouts/${id}/pay`,
      payload: { gateway: 'test', card_number: '4000000000000002' },
    });
    expect(declined.statusCode).toBe(402);
    expect(body(declined).message).toBe('Your card was declined.');
    const orders = await t.app.db.query('SELECT id FROM orders WHERE checkout_id = $1', [id]);
    expect(orders).toHaveLength(0);
    const [kept] = await t.app.db.query<{ email: string; status: string }>(
      'SELECT email, status FROM checkouts WHERE id = $1',
      [id],
    );
    expect(kept).toEqual({ email: 'bob@example.test', status: 'open' });
  });

  it('asks a second step for 4000002500003155, then pays with the confirmed reference', async () => {
    const created = await checkout({
      items: [item()],
      email: 'cy@example.test',
      shipping_address: ADDRESS,
    });
    const id = body<{ checkout_id: string }>(created).data.checkout_id;
    const url = `/public/checkouts/${id}/pay`;
    const first = await t.app.inject({
      method: 'POST',
      url,
      payload: { gateway: 'test', card_number: '4000002500003155' },
    });
    expect(first.statusCode).toBe(402);
    const reference = body(first).errors?.requires_action?.[0];
    expect(reference).toBeTruthy();
    const second = await t.app.inject({
      method: 'POST',
      url,
      payload: { gateway: 'test', payment_reference: reference },
    });
    expect(second.statusCode, second.body).toBe(200);
  });

  it('checks out a buyer who is also signed in to the dashboard on this host', async () => {
    // The dashboard's session cookie rides along; the open checkout route reads no session,
    // so it asks for no CSRF header either.
    const token = await login(t.app, 'shop@example.test');
    const created = await t.app.inject({
      method: 'POST',
      url: '/public/stores/cat-shop/checkouts',
      cookies: { auth_token: token },
      payload: { items: [item()], email: 'both@example.test', shipping_address: ADDRESS },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(body<{ checkout_id: string }>(created).data.checkout_id).toBeTruthy();
  });

  it('accepts an address it cannot validate, flagged address_invalid', async () => {
    const created = await checkout({
      items: [item()],
      email: 'dee@example.test',
      shipping_address: { ...ADDRESS, state: 'Narnia', postcode: 'ABC' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const data = body<{ address_invalid: boolean; address_problems: { field: string }[] }>(
      created,
    ).data;
    expect(data.address_invalid).toBe(true);
    expect(data.address_problems.map((p) => p.field).sort()).toEqual(['postcode', 'state']);
  });

  it('refuses a product the store does not sell, a size it lacks and an unknown coupon', async () => {
    const foreign = await checkout({
      items: [{ ...item(), product_id: 999_999 }],
      email: 'e@example.test',
      shipping_address: ADDRESS,
    });
    expect(foreign.statusCode).toBe(422);
    const size = await checkout({
      items: [{ ...item(), size: 'XXXXXL' }],
      email: 'e@example.test',
      shipping_address: ADDRESS,
    });
    expect(size.statusCode).toBe(422);
    const coupon = await checkout({
      items: [item()],
      email: 'e@example.test',
      shipping_address: ADDRESS,
      coupon: 'NOPE',
    });
    expect(coupon.statusCode).toBe(422);
    expect(body(coupon).errors?.coupon).toEqual(['This coupon code is not valid']);
  });

  it('counts a product page visit once per browser and checkouts per campaign', async () => {
    const before = await t.app.db.query<{ visits: number; checkouts: number }>(
      'SELECT sum(visits)::int AS visits, sum(checkouts)::int AS checkouts FROM storefront_tracks WHERE campaign_id = $1',
      [campaign.id],
    );
    const first = await t.app.inject({ method: 'GET', url: '/s/cat-shop/products/cat-lovers-tee' });
    const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
    await t.app.inject({
      method: 'GET',
      url: '/s/cat-shop/products/cat-lovers-tee',
      headers: { cookie },
    });
    const after = await t.app.db.query<{ visits: number; checkouts: number }>(
      'SELECT sum(visits)::int AS visits, sum(checkouts)::int AS checkouts FROM storefront_tracks WHERE campaign_id = $1',
      [campaign.id],
    );
    expect((after[0]?.visits ?? 0) - (before[0]?.visits ?? 0)).toBe(1);
    expect(after[0]?.checkouts ?? 0).toBeGreaterThan(0);
  });
});
