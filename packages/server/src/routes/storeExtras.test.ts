import { DomUtils, parseDocument } from 'htmlparser2';
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
  name: 'Ada Byron',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
};

interface Review {
  id: number;
  rating: number;
  status: string;
  reply: string | null;
  author_name: string;
  campaign_name: string;
}
interface Page<T> {
  data: T[];
  total: number;
}

describe.each(BACKENDS)('store extras on %s', (backend) => {
  let t: TestApp;
  let seller: string;
  let other: string;
  let storeId: number;
  let campaign: { id: number; products: { id: number; template_id: number }[] };
  let second: { id: number };
  let orderNumber: string;
  let otherOrderNumber: string;

  const call = (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const review = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/public/stores/owl-shop/reviews', payload });

  /** A paid order of `quantity` of the campaign's first product, by `email`. */
  const buy = async (email: string, campaignId: number, productId: number) => {
    const [variant] = await t.app.db.query<{ color_name: string; size: string }>(
      `SELECT v.color_name, v.size FROM template_variants v JOIN products p ON p.template_id = v.template_id
        WHERE p.id = $1 AND v.color_name = p.options->'color'->>0 ORDER BY v.position, v.id LIMIT 1`,
      [productId],
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/public/stores/owl-shop/checkouts',
      payload: {
        items: [
          {
            campaign_id: campaignId,
            product_id: productId,
            color: variant?.color_name ?? 'Default',
            size: variant?.size ?? 'One size',
            quantity: 1,
          },
        ],
        email,
        shipping_address: ADDRESS,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = body<{ checkout_id: string }>(created).data.checkout_id;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/public/checkouts/${id}/pay`,
      payload: { gateway: 'test', card_number: '4242424242424242' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return body<{ order_number: string }>(paid).data.order_number;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, {
      previewDomain: 'shops.example.test',
      publicUrl: 'https://app.example.test',
    });
    await createUser(t.app, { email: 'owl@example.test' });
    await createUser(t.app, { email: 'fox@example.test' });
    seller = await login(t.app, 'owl@example.test');
    other = await login(t.app, 'fox@example.test');
    campaign = await campaignOf(t.app, seller, 'Night Owl Tee');
    second = await campaignOf(t.app, seller, 'Owl Mug');
    const created = await call(seller, 'POST', '/seller/stores', {
      name: 'Owl Shop',
      slug: 'owl-shop',
      currency: 'USD',
    });
    expect(created.statusCode, created.body).toBe(200);
    storeId = body<{ id: number }>(created).data.id;
    await call(seller, 'PUT', `/seller/stores/${storeId}/campaigns`, {
      campaign_ids: [campaign.id, second.id],
    });
    await t.app.db.query(
      "UPDATE campaigns SET status = 'active', slug = 'night-owl-tee' WHERE id = $1",
      [campaign.id],
    );
    await t.app.db.query("UPDATE campaigns SET status = 'active', slug = 'owl-mug' WHERE id = $1", [
      second.id,
    ]);
    await t.app.db.query('UPDATE products SET price = 21.5 WHERE campaign_id = $1', [campaign.id]);
    orderNumber = await buy('ada@example.test', campaign.id, campaign.products[0]?.id ?? 0);
    otherOrderNumber = await buy('bob@example.test', campaign.id, campaign.products[0]?.id ?? 0);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('product reviews', () => {
    const valid = () => ({
      campaign_id: campaign.id,
      order_number: orderNumber,
      email: 'ADA@example.test',
      rating: 4,
      title: 'Cosy <b>owl</b>',
      text: 'Soft shirt.\n<script>alert(1)</script>',
    });

    it('refuses a review without a matching paid order, or with bad fields', async () => {
      expect((await review({ ...valid(), email: 'eve@example.test' })).statusCode).toBe(422);
      expect((await review({ ...valid(), campaign_id: second.id })).statusCode).toBe(422);
      expect((await review({ ...valid(), rating: 0 })).statusCode).toBe(400);
      expect((await review({ ...valid(), title: '' })).statusCode).toBe(400);
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/public/stores/nowhere/reviews',
        payload: valid(),
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('takes one review per order and product, pending until published', async () => {
      const first = await review(valid());
      expect(first.statusCode, first.body).toBe(200);
      expect(body<{ status: string }>(first).data.status).toBe('pending');
      expect((await review(valid())).statusCode).toBe(409);
      const page = await t.app.inject({ method: 'GET', url: '/s/owl-shop/products/night-owl-tee' });
      expect(page.body).toContain('No reviews yet.');
      expect(page.body).not.toContain('aggregateRating');
    });

    it('lists, filters, publishes and answers reviews for the seller only', async () => {
      const list = await call(seller, 'GET', '/seller/product-reviews?status=pending');
      expect(list.statusCode, list.body).toBe(200);
      const rows = body<Page<Review>>(list).data;
      expect(rows.total).toBe(1);
      expect(rows.data[0]).toMatchObject({
        rating: 4,
        author_name: 'Ada B.',
        campaign_name: 'Night Owl Tee',
      });
      const id = rows.data[0]?.id ?? 0;
      expect(
        body<Page<Review>>(await call(seller, 'GET', '/seller/product-reviews?rating=5')).data
          .total,
      ).toBe(0);
      expect(
        body<Page<Review>>(await call(other, 'GET', '/seller/product-reviews')).data.total,
      ).toBe(0);
      expect(
        (await call(other, 'PUT', `/seller/product-reviews/${id}`, { status: 'published' }))
          .statusCode,
      ).toBe(404);
      expect((await call(seller, 'PUT', `/seller/product-reviews/${id}`, {})).statusCode).toBe(400);
      const published = await call(seller, 'PUT', `/seller/product-reviews/${id}`, {
        status: 'published',
        reply: 'Thanks & enjoy!',
      });
      expect(published.statusCode, published.body).toBe(200);
      expect(body<Review>(published).data).toMatchObject({
        status: 'published',
        reply: 'Thanks & enjoy!',
      });
    });

    it('shows published reviews escaped, with their average in the JSON-LD', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/s/owl-shop/products/night-owl-tee' });
      expect(page.body).toContain('Cosy &lt;b&gt;owl&lt;/b&gt;');
      expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(page.body).not.toContain('<script>alert(1)');
      expect(page.body).toContain('Thanks &amp; enjoy!');
      expect(page.body).toContain('4.0 out of 5');
      const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.body)?.[1];
      expect(JSON.parse(ld ?? '{}').aggregateRating).toMatchObject({
        ratingValue: '4.0',
        reviewCount: 1,
      });
    });

    it('publishes on arrival at the store threshold', async () => {
      const settings = await call(seller, 'PUT', '/seller/product-reviews/settings', {
        stores: [{ store_id: storeId, auto_publish_min_rating: 5 }],
      });
      expect(settings.statusCode, settings.body).toBe(200);
      expect(body<{ auto_publish_min_rating: number }[]>(settings).data).toEqual([
        { store_id: storeId, store_name: 'Owl Shop', auto_publish_min_rating: 5 },
      ]);
      expect(
        (
          await call(other, 'PUT', '/seller/product-reviews/settings', {
            stores: [{ store_id: storeId, auto_publish_min_rating: 1 }],
          })
        ).statusCode,
      ).toBe(404);
      const five = await review({
        ...valid(),
        order_number: otherOrderNumber,
        email: 'bob@example.test',
        rating: 5,
      });
      expect(body<{ status: string }>(five).data.status).toBe('published');
      const page = await t.app.inject({ method: 'GET', url: '/s/owl-shop/products/night-owl-tee' });
      expect(page.body).toContain('4.5 out of 5');
      expect(page.body).toContain('2 reviews');
    });
  });

  describe('search keywords', () => {
    it('counts searches per keyword and day, and lists zero-result ones', async () => {
      for (const q of ['Owl', ' owl ', 'OWL', 'zebra', 'Zebra']) {
        await t.app.inject({ method: 'GET', url: `/s/owl-shop/search?q=${encodeURIComponent(q)}` });
      }
      await t.app.inject({ method: 'GET', url: '/s/owl-shop/search?q=owl&page=2' });
      await t.app.inject({ method: 'GET', url: '/s/owl-shop/search' });
      const list = await call(seller, 'GET', '/seller/search-keywords?time=today');
      expect(list.statusCode, list.body).toBe(200);
      const rows =
        body<
          Page<{
            keyword: string;
            searches: number;
            zero_result_searches: number;
            last_results: number;
          }>
        >(list).data;
      expect(rows.data.map((r) => [r.keyword, r.searches, r.zero_result_searches])).toEqual([
        ['owl', 3, 0],
        ['zebra', 2, 2],
      ]);
      expect(rows.data[0]?.last_results).toBe(2);
      const zero = body<Page<{ keyword: string }>>(
        await call(seller, 'GET', `/seller/search-keywords?zero_results=1&store_id=${storeId}`),
      ).data;
      expect(zero.data.map((r) => r.keyword)).toEqual(['zebra']);
      const yesterday = body<Page<unknown>>(
        await call(seller, 'GET', '/seller/search-keywords?time=yesterday'),
      ).data;
      expect(yesterday.total).toBe(0);
      expect(
        body<Page<unknown>>(await call(other, 'GET', '/seller/search-keywords')).data.total,
      ).toBe(0);
      expect(
        (await call(other, 'GET', `/seller/search-keywords?store_id=${storeId}`)).statusCode,
      ).toBe(404);
    });
  });

  describe('social feeds', () => {
    let xmlUrl: string;
    let feedId: number;

    it('creates feeds of the seller’s own store and campaigns', async () => {
      const created = await call(seller, 'POST', '/seller/social-feeds', {
        name: 'Google',
        store_id: storeId,
        format: 'google_xml',
        scope: 'campaigns',
        campaign_ids: [campaign.id],
        google_product_category: '212',
      });
      expect(created.statusCode, created.body).toBe(200);
      const feed = body<{ id: number; url: string }>(created).data;
      feedId = feed.id;
      xmlUrl = feed.url;
      expect(xmlUrl).toMatch(
        /^https:\/\/app\.example\.test\/public\/feeds\/[A-Za-z0-9_-]{32}\.xml$/,
      );
      expect(
        (
          await call(other, 'POST', '/seller/social-feeds', {
            name: 'Theirs',
            store_id: storeId,
            format: 'google_xml',
            scope: 'all',
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call(seller, 'POST', '/seller/social-feeds', {
            name: 'Bad',
            store_id: storeId,
            format: 'google_xml',
            scope: 'campaigns',
            campaign_ids: [],
          })
        ).statusCode,
      ).toBe(400);
      expect((await call(other, 'GET', `/seller/social-feeds/${feedId}`)).statusCode).toBe(404);
    });

    it('serves a Google Merchant RSS feed with every variant and its price', async () => {
      await t.app.db.query(
        "INSERT INTO mockups (campaign_id, product_id, print_space, file_url, is_default) VALUES ($1, $2, 'front', '/images/owl.png', true)",
        [campaign.id, campaign.products[0]?.id],
      );
      const path = new URL(xmlUrl).pathname;
      const answer = await t.app.inject({ method: 'GET', url: path });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toContain('application/xml');
      const doc = parseDocument(answer.body, { xmlMode: true });
      type Node = Parameters<typeof DomUtils.textContent>[0];
      const find = (name: string, node: Node = doc) =>
        DomUtils.getElementsByTagName(name, node, true);
      const text = (node: Node, name: string): string => {
        const found = find(name, node)[0];
        return found ? DomUtils.textContent(found) : '';
      };
      const rss = find('rss')[0];
      expect(rss?.attribs).toMatchObject({
        version: '2.0',
        'xmlns:g': 'http://base.google.com/ns/1.0',
      });
      const items = find('item');
      // Every made colour × size of the offered colours of the campaign's products.
      const [{ count } = { count: 0 }] = await t.app.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM products p JOIN template_variants v ON v.template_id = p.template_id
          WHERE p.campaign_id = $1 AND (jsonb_array_length(COALESCE(p.options->'color', '[]')) = 0
            OR p.options->'color' ? v.color_name)`,
        [campaign.id],
      );
      expect(items.length).toBeGreaterThan(0);
      expect(items.length).toBe(Number(count));
      const ids = new Set(items.map((i) => text(i, 'g:id')));
      expect(ids.size).toBe(items.length);
      for (const item of items.filter(
        (i) => text(i, 'g:item_group_id') === `${campaign.id}-${campaign.products[0]?.id}`,
      )) {
        expect(text(item, 'g:price')).toBe('21.50 USD');
        expect(text(item, 'g:link')).toBe(
          `https://owl-shop.shops.example.test/products/night-owl-tee?product=${campaign.products[0]?.id}`,
        );
        expect(text(item, 'g:image_link')).toBe('https://app.example.test/images/owl.png');
        expect(text(item, 'g:google_product_category')).toBe('212');
        expect(text(item, 'g:brand')).toBe('Owl Shop');
        expect(text(item, 'g:size')).not.toBe('');
        expect(text(item, 'g:color')).not.toBe('');
      }
      expect(answer.body).not.toContain('Owl Mug');
      // Only the right extension answers.
      expect(
        (await t.app.inject({ method: 'GET', url: path.replace('.xml', '.csv') })).statusCode,
      ).toBe(404);
    });

    it('serves a Facebook CSV, keeps the address when edited, and forgets it when deleted', async () => {
      const [{ color_name: firstColor } = { color_name: '' }] = await t.app.db.query<{
        color_name: string;
      }>(
        `SELECT v.color_name FROM template_variants v JOIN products p ON p.template_id = v.template_id
          WHERE p.id = $1 AND v.color_name = p.options->'color'->>0 LIMIT 1`,
        [campaign.products[0]?.id],
      );
      expect(firstColor).not.toBe('');
      const updated = await call(seller, 'PUT', `/seller/social-feeds/${feedId}`, {
        name: 'Facebook',
        store_id: storeId,
        format: 'facebook_csv',
        scope: 'all',
        colors: [firstColor],
      });
      expect(updated.statusCode, updated.body).toBe(200);
      const csvUrl = body<{ url: string }>(updated).data.url;
      expect(csvUrl).toBe(xmlUrl.replace('.xml', '.csv'));
      const csv = await t.app.inject({ method: 'GET', url: new URL(csvUrl).pathname });
      expect(csv.headers['content-type']).toContain('text/csv');
      const [header, ...lines] = csv.body.trim().split('\r\n');
      expect(header?.startsWith('id,item_group_id,title')).toBe(true);
      expect(lines.some((line) => line.includes('21.50 USD'))).toBe(true);
      // Only the chosen colour: one line per size made in it, of every listed product.
      // color and size are the last two columns (and hold no comma here).
      expect(header?.split(',').slice(-2)).toEqual(['color', 'size']);
      expect(new Set(lines.map((line) => line.split(',').at(-2)))).toEqual(new Set([firstColor]));
      const list = body<{ name: string }[]>(await call(seller, 'GET', '/seller/social-feeds')).data;
      expect(list.map((f) => f.name)).toEqual(['Facebook']);
      expect(body<unknown[]>(await call(other, 'GET', '/seller/social-feeds')).data).toEqual([]);
      expect((await call(seller, 'DELETE', `/seller/social-feeds/${feedId}`)).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: new URL(csvUrl).pathname })).statusCode,
      ).toBe(404);
    });
  });
});
