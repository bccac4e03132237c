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

/** What a buyer reads on a store's blog, menus and niche filter. */
describe.each(BACKENDS)('the store blog, menus and niches on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let storeId: number;
  let newsId: number;
  let tee: { id: number };
  let mug: { id: number };

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const get = (url: string, host?: string) =>
    t.app.inject({ method: 'GET', url, ...(host ? { headers: { host } } : {}) });
  const post = async (payload: object) => {
    const created = await call('POST', `/seller/stores/${storeId}/blog/posts`, payload);
    expect(created.statusCode, created.body).toBe(200);
    return body<{ id: number; slug: string }>(created).data;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, { previewDomain: 'shops.example.test' });
    await createUser(t.app, { email: 'blogger@example.test' });
    token = await login(t.app, 'blogger@example.test');
    tee = await campaignOf(t.app, token, 'Cat Tee');
    mug = await campaignOf(t.app, token, 'Coffee Mug');
    const created = await call('POST', '/seller/stores', {
      name: 'Blog Shop',
      slug: 'blog-shop',
      currency: 'USD',
    });
    expect(created.statusCode, created.body).toBe(200);
    storeId = body<{ id: number }>(created).data.id;
    await call('PUT', `/seller/stores/${storeId}/campaigns`, { campaign_ids: [tee.id, mug.id] });
    await t.app.db.query(
      "UPDATE campaigns SET status = 'active', slug = lower(replace(name, ' ', '-')) WHERE id = ANY($1::bigint[])",
      [[tee.id, mug.id]],
    );
    await t.app.db.query('UPDATE campaigns SET niche = $2 WHERE id = $1', [
      tee.id,
      'apparel_and_fashion',
    ]);
    await t.app.db.query('UPDATE campaigns SET niche = $2 WHERE id = $1', [
      mug.id,
      'kitchen_and_drinkware',
    ]);

    newsId = body<{ id: number }>(
      await call('POST', `/seller/stores/${storeId}/blog/categories`, { name: 'News' }),
    ).data.id;
    await call('POST', `/seller/stores/${storeId}/blog/categories`, { name: 'Empty' });
    const howTo = body<{ id: number }>(
      await call('POST', `/seller/stores/${storeId}/blog/categories`, { name: 'How to' }),
    ).data.id;
    // Twelve published posts (one page of ten, then two), one per day, and one draft.
    for (let i = 1; i <= 12; i++) {
      const made = await post({
        title: `Post number ${i}`,
        category_id: i % 2 === 0 ? newsId : howTo,
        excerpt: `Excerpt of post ${i}.`,
        content_html: `<p>Body of post ${i}.</p>`,
        status: 'published',
        ...(i === 12 ? { cover_image_url: 'https://cdn.example.test/cover-12.jpg' } : {}),
      });
      await t.app.db.query(
        "UPDATE blog_posts SET published_at = timestamptz '2026-10-01T12:00:00Z' + $2 * interval '1 day' WHERE id = $1",
        [made.id, i],
      );
    }
    await post({
      title: 'Secret draft',
      category_id: newsId,
      content_html: '<p>Not yet.</p>',
      status: 'draft',
    });
    // A row written around the API (as the demo seed does) is cleaned on the way out.
    await t.app.db.query(
      "UPDATE blog_posts SET content_html = content_html || '<script>alert(1)</script><p onclick=\"x()\">Tail</p>' WHERE slug = 'post-number-12'",
    );
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists published posts newest first, ten a page, without drafts', async () => {
    const first = await get('/s/blog-shop/blog');
    expect(first.statusCode).toBe(200);
    const titles = [...first.body.matchAll(/<h2><a href="([^"]+)">([^<]+)<\/a><\/h2>/g)];
    expect(titles.map((m) => m[2])).toEqual(
      Array.from({ length: 10 }, (_, i) => `Post number ${12 - i}`),
    );
    expect(titles[0]?.[1]).toBe('/s/blog-shop/blog/post-number-12');
    expect(first.body).not.toContain('Secret draft');
    expect(first.body).toContain('Excerpt of post 12.');
    expect(first.body).toContain(
      '<time datetime="2026-10-13T12:00:00.000Z">October 13, 2026</time>',
    );
    expect(first.body).toContain('<title>Blog | Blog Shop</title>');
    expect(first.body).toContain(
      '<link rel="canonical" href="https://blog-shop.shops.example.test/blog">',
    );
    expect(first.body).toContain('href="/s/blog-shop/blog?page=2" rel="next">Older posts');

    const second = await get('/s/blog-shop/blog?page=2');
    const rest = [...second.body.matchAll(/<h2><a href="[^"]+">([^<]+)<\/a><\/h2>/g)];
    expect(rest.map((m) => m[1])).toEqual(['Post number 2', 'Post number 1']);
    expect(second.body).toContain('rel="prev">Newer posts');
    expect(second.body).not.toContain('rel="next"');
  });

  it('filters by category, offering only categories with published posts', async () => {
    const news = await get('/s/blog-shop/blog?category=news');
    expect(news.statusCode).toBe(200);
    const titles = [...news.body.matchAll(/<h2><a href="[^"]+">([^<]+)<\/a><\/h2>/g)];
    expect(titles.map((m) => m[1])).toEqual([12, 10, 8, 6, 4, 2].map((n) => `Post number ${n}`));
    expect(news.body).toContain('<h1>Blog: News</h1>');
    expect(news.body).toContain(
      '<link rel="canonical" href="https://blog-shop.shops.example.test/blog?category=news">',
    );
    // News has six published posts; the draft does not count. Empty has none: not offered.
    expect(news.body).toMatch(/aria-current="page">News <span class="muted">\(6\)<\/span>/);
    expect(news.body).not.toContain('>Empty');
    expect((await get('/s/blog-shop/blog?category=empty')).statusCode).toBe(404);
    expect((await get('/s/blog-shop/blog?category=nope')).statusCode).toBe(404);
  });

  it('shows a post with its cover, category, date, SEO tags and cleaned HTML', async () => {
    const page = await get('/s/blog-shop/blog/post-number-12');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Post number 12</h1>');
    expect(page.body).toContain('<img src="https://cdn.example.test/cover-12.jpg"');
    expect(page.body).toContain('href="/s/blog-shop/blog?category=news">News</a>');
    expect(page.body).toContain('October 13, 2026');
    expect(page.body).toContain('<p>Body of post 12.</p>');
    expect(page.body).toContain('<p>Tail</p>');
    expect(page.body).not.toContain('alert(1)');
    expect(page.body).not.toContain('onclick');
    expect(page.body).toContain('<title>Post number 12 | Blog Shop</title>');
    expect(page.body).toContain('<meta name="description" content="Excerpt of post 12.">');
    expect(page.body).toContain(
      '<link rel="canonical" href="https://blog-shop.shops.example.test/blog/post-number-12">',
    );
    expect(page.body).toContain('<meta property="og:type" content="article">');
    expect(page.body).toContain(
      '<meta property="og:image" content="https://cdn.example.test/cover-12.jpg">',
    );
    const ld = JSON.parse(
      /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}',
    );
    expect(ld).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Post number 12',
      articleSection: 'News',
    });
  });

  it('answers 404 for a draft, an unknown post, and another store’s post', async () => {
    expect((await get('/s/blog-shop/blog/secret-draft')).statusCode).toBe(404);
    expect((await get('/s/blog-shop/blog/no-such-post')).statusCode).toBe(404);
    await createUser(t.app, { email: 'other-blogger@example.test' });
    const other = await login(t.app, 'other-blogger@example.test');
    const otherStore = body<{ id: number }>(
      await t.app.inject({
        method: 'POST',
        url: '/seller/stores',
        headers: bearer(other),
        payload: { name: 'Other Shop', slug: 'other-shop' },
      }),
    ).data.id;
    const made = await t.app.inject({
      method: 'POST',
      url: `/seller/stores/${otherStore}/blog/posts`,
      headers: bearer(other),
      payload: { title: 'Elsewhere', status: 'published', content_html: '<p>x</p>' },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect((await get('/s/other-shop/blog/elsewhere')).statusCode).toBe(200);
    expect((await get('/s/blog-shop/blog/elsewhere')).statusCode).toBe(404);
    expect((await get('/s/blog-shop/blog')).body).not.toContain('Elsewhere');
  });

  it('serves the blog on the store’s own host and on a verified custom domain', async () => {
    const own = await get('/blog', 'blog-shop.shops.example.test');
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('href="/blog/post-number-12"');
    const post = await get('/blog/post-number-12', 'blog-shop.shops.example.test');
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('<h1>Post number 12</h1>');
    expect((await get('/blog/secret-draft', 'blog-shop.shops.example.test')).statusCode).toBe(404);

    await t.app.db.query(
      `INSERT INTO store_domains (seller_id, store_id, hostname, verification_token, verified_at)
       SELECT seller_id, id, 'blog.example.com', 'token', now() FROM stores WHERE id = $1`,
      [storeId],
    );
    await t.app.customDomains.reload(t.app.db);
    const custom = await get('/blog?category=news', 'blog.example.com');
    expect(custom.statusCode).toBe(200);
    expect(custom.body).toContain('<h1>Blog: News</h1>');
    expect(custom.body).toContain('href="/blog/post-number-12"');
    expect((await get('/blog/post-number-11', 'blog.example.com')).statusCode).toBe(200);
  });

  it('lists published posts in the sitemap, not drafts', async () => {
    const index = await get('/s/blog-shop/sitemap.xml');
    expect(index.body).toContain(
      '<loc>https://blog-shop.shops.example.test/sitemaps/posts-1.xml</loc>',
    );
    const posts = await get('/s/blog-shop/sitemaps/posts-1.xml');
    expect(posts.statusCode).toBe(200);
    const locs = [...posts.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(12);
    expect(locs).toContain('https://blog-shop.shops.example.test/blog/post-number-1');
    expect(posts.body).not.toContain('secret-draft');
    const seller = body<{ files: { id: string; url_count: number }[] }>(
      await call('GET', `/seller/stores/${storeId}/sitemap`),
    ).data;
    expect(seller.files.find((f) => f.id === 'posts-1')?.url_count).toBe(12);
  });

  it('keeps relative menu links in the store, drops unsafe ones, and shows the side column', async () => {
    const saved = await call('PUT', `/seller/stores/${storeId}`, {
      menus: {
        header: [
          { label: 'Our blog', kind: 'url', url: '/blog' },
          { label: 'Mugs', kind: 'url', url: 'search?niche=kitchen_and_drinkware' },
          { label: 'Elsewhere', kind: 'url', url: 'https://example.org/about' },
          { label: 'Trap', kind: 'url', url: 'javascript:alert(1)' },
        ],
        footer: [{ label: 'Write to us', kind: 'url', url: 'mailto:hi@example.test' }],
        side_column: [
          { label: 'News posts', kind: 'url', url: '/blog?category=news' },
          { label: 'Everything', kind: 'url', url: '/search' },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const blog = await get('/s/blog-shop/blog');
    expect(blog.body).toContain('<a href="/s/blog-shop/blog">Our blog</a>');
    expect(blog.body).toContain(
      '<a href="/s/blog-shop/search?niche=kitchen_and_drinkware">Mugs</a>',
    );
    expect(blog.body).toContain('<a href="https://example.org/about">Elsewhere</a>');
    expect(blog.body).toContain('<a href="mailto:hi@example.test">Write to us</a>');
    expect(blog.body).not.toContain('javascript:');
    expect(blog.body).not.toContain('>Trap<');
    const side = /<aside class="side"><nav aria-label="Side">(.*?)<\/nav><\/aside>/s.exec(
      blog.body,
    )?.[1];
    expect(side).toContain('<a href="/s/blog-shop/blog?category=news">News posts</a>');
    expect(side).toContain('<a href="/s/blog-shop/search">Everything</a>');
    expect((await get('/s/blog-shop/search')).body).toContain('<aside class="side">');
    // The product page and the home page keep their own layout.
    expect((await get('/s/blog-shop/')).body).not.toContain('<aside class="side">');

    // On the store's own host the same links have no prefix.
    const own = await get('/blog', 'blog-shop.shops.example.test');
    expect(own.body).toContain('<a href="/blog">Our blog</a>');
    expect(own.body).toContain('<a href="/blog?category=news">News posts</a>');
  });

  it('shows the dark-background logo when the store’s background colour is dark', async () => {
    await call('PUT', `/seller/stores/${storeId}`, {
      logo_bright: 'https://cdn.example.test/logo-on-light.png',
      logo_dark: 'https://cdn.example.test/logo-on-dark.png',
      background_color: '#ffffff',
    });
    const light = await get('/s/blog-shop/');
    expect(light.body).toContain('<img src="https://cdn.example.test/logo-on-light.png"');
    expect(light.body).not.toContain('logo-on-dark.png');

    await call('PUT', `/seller/stores/${storeId}`, { background_color: '#101820' });
    const dark = await get('/s/blog-shop/');
    expect(dark.body).toContain('<img src="https://cdn.example.test/logo-on-dark.png"');
    expect(dark.body).toContain('header{background:#101820;color:#fff}');
    expect(dark.body).not.toContain('logo-on-light.png');
  });

  it('filters the store search by niche, with a chip per niche the store sells', async () => {
    const all = await get('/s/blog-shop/search');
    expect(all.body).toContain('Cat Tee');
    expect(all.body).toContain('Coffee Mug');
    expect(all.body).toContain(
      'href="/s/blog-shop/search?sort=newest&amp;niche=apparel_and_fashion">Apparel and Fashion <span class="muted">(1)</span>',
    );
    expect(all.body).toContain('Kitchen and Drinkware <span class="muted">(1)</span>');
    expect(all.body).not.toContain('Pet Products');

    const mugs = await get('/s/blog-shop/search?niche=kitchen_and_drinkware');
    expect(mugs.statusCode).toBe(200);
    expect(mugs.body).toContain('Coffee Mug');
    expect(mugs.body).not.toContain('Cat Tee');
    expect(mugs.body).toContain('<h1>All products: Kitchen and Drinkware</h1>');
    expect(mugs.body).toContain('<input type="hidden" name="niche" value="kitchen_and_drinkware">');
    expect(mugs.body).toContain(
      '<link rel="canonical" href="https://blog-shop.shops.example.test/search?niche=kitchen_and_drinkware">',
    );
    const searched = await get('/s/blog-shop/search?q=cat&niche=kitchen_and_drinkware');
    expect(searched.body).toContain('0 products');

    expect((await get('/s/blog-shop/search?niche=not_a_niche')).statusCode).toBe(400);
  });
});
