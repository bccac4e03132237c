import { join } from 'node:path';
import type { ApiClient } from '@printloom/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { describeViolations, runAxe } from './fixtures/axe.js';
import { launchBrowser, newContext, QUIET_DIALOGS_SCRIPT } from './fixtures/browser.js';
import { LoginPage } from './fixtures/LoginPage.js';
import { sellerApi } from './fixtures/sellerApi.js';
import { type RunningServer, startServer } from './fixtures/server.js';

/**
 * The seller side of storefronts in a real browser: a store, a collection with two featured
 * campaigns in a chosen order (set from the keyboard), a page and a blog post, each checked
 * through the API the storefront reads, then seen on the new store as a buyer sees it.
 */
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: ApiClient;
let storeId = 0;
let collectionId = 0;
/** Set to a folder (docs/screenshots) to save a screenshot of the store editor. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

beforeAll(async () => {
  server = await startServer();
  const [launched, seller] = await Promise.all([
    launchBrowser(),
    sellerApi(server.baseUrl, ACCOUNTS.seller),
  ]);
  browser = launched;
  api = seller.api;
  context = await newContext(browser, server.baseUrl);
  page = await context.newPage();
  await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a seller builds a storefront', () => {
  it('lists the demo store, which sells the active demo campaigns and has content to show', async () => {
    await page.goto(`${server.baseUrl}/storefronts`);
    const rows = page.getByTestId('store-rows');
    await rows.getByText('Demo Store').waitFor();
    expect(await rows.getByRole('link', { name: 'demo.printloom.test' }).count()).toBe(1);
    const [demo] = await api.stores.list({ query: {} });
    expect(demo?.campaign_count).toBe(3);
    // The demo store also has a featured collection, an About page and a blog post to show.
    const [bestSellers] = await api.collections.list({ query: {} });
    expect(bestSellers).toMatchObject({ name: 'Best Sellers', featured: true, featured_count: 2 });
    const pages = await api.storeContent.pages({ query: { store_id: demo?.id ?? 0 } });
    expect(pages.map((p) => p.slug)).toEqual(['about-us']);
    expect(demo?.menus.header.map((item) => item.label)).toEqual(['Best Sellers', 'Blog']);
  });

  it('creates a store and saves its branding and header menu', async () => {
    await page.getByRole('button', { name: 'Create store' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Store name').fill('Night Sky Prints');
    expect(await dialog.getByLabel('Slug').inputValue()).toBe('night-sky-prints');
    await dialog.getByRole('button', { name: 'Create store' }).click();
    await page.getByRole('heading', { name: 'Edit Store: Night Sky Prints' }).waitFor();
    storeId = Number(new URL(page.url()).pathname.split('/').at(-1));
    expect(storeId).toBeGreaterThan(0);

    await page.getByRole('tab', { name: 'Branding' }).click();
    await page.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#1d3557');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByRole('status').filter({ hasText: 'Store saved.' }).first().waitFor();

    await page.getByRole('tab', { name: 'Menus' }).click();
    await page.getByRole('button', { name: 'Add item to header menu' }).click();
    await page.getByLabel('Header menu item 1 label').fill('Search');
    await page.getByLabel('Header menu item 1 address').fill('/search');
    await page.getByRole('button', { name: 'Save menus' }).click();
    await page.getByRole('status').filter({ hasText: 'Store saved.' }).last().waitFor();

    const store = await api.stores.get({ params: { id: storeId } });
    expect(store).toMatchObject({
      slug: 'night-sky-prints',
      // The demo seller takes payments with custom gateways: their stores live on the preview
      // domain (spec §6 base-URL rule), not the marketplace one.
      base_url: 'https://night-sky-prints.preview.printloom.test',
      primary_color: '#1d3557',
    });
    expect(store.menus.header).toEqual([
      { label: 'Search', kind: 'url', target_id: null, url: '/search' },
    ]);
    if (SCREENSHOT_DIR) {
      await page.waitForFunction(() => document.getAnimations().length === 0);
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'store-editor.png') });
    }
  });

  it('makes a collection with two featured campaigns, ordered from the keyboard', async () => {
    await page.goto(`${server.baseUrl}/collections`);
    await page.getByLabel('New collection name').fill('Best Sellers');
    await page.getByRole('button', { name: 'Create collection' }).click();
    await page.getByRole('heading', { name: 'Edit Collection: Best Sellers' }).waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    collectionId = id;
    // Shown in the new store only, and featured on its home.
    await page.getByLabel('Shown in').selectOption({ label: 'Night Sky Prints' });
    await page.getByLabel('Feature on the store home').check();
    await page.getByRole('button', { name: 'Save details' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Collection saved.' });
    await saved.first().waitFor();
    await page.getByRole('checkbox', { name: 'Cat Lovers Tee' }).check();
    await page.getByRole('checkbox', { name: 'Coffee First' }).check();
    await page.getByRole('button', { name: 'Save campaigns' }).click();
    await saved.nth(1).waitFor();

    await page.getByRole('link', { name: 'Order featured campaigns' }).click();
    await page.getByRole('heading', { name: 'Featured Campaigns: Best Sellers' }).waitFor();
    await page.getByRole('button', { name: 'Feature Cat Lovers Tee' }).click();
    await page.getByRole('button', { name: 'Feature Coffee First' }).click();
    await page.getByRole('button', { name: 'Move Coffee First up' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('order-announcement').textContent()).toBe(
      'Coffee First moved to position 1 of 2.',
    );
    await page.getByRole('button', { name: 'Save order' }).click();
    await page.getByText('Featured campaigns saved.').waitFor();

    const collection = await api.collections.get({ params: { id } });
    expect(collection.campaigns.map((c) => [c.name, c.featured])).toEqual([
      ['Coffee First', true],
      ['Cat Lovers Tee', true],
    ]);
    expect(collection).toMatchObject({ store_id: storeId, featured: true });
  });

  it('writes a published page in the rich-text editor', async () => {
    await page.goto(`${server.baseUrl}/storefronts/pages?store_id=${storeId}`);
    await page.getByRole('link', { name: 'New page' }).click();
    await page.getByRole('heading', { name: 'New Store Page' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill('About us');
    await page.getByLabel('Status').selectOption('published');
    const editor = page.getByRole('textbox', { name: 'Page text' });
    await editor.click();
    await page.getByRole('button', { name: 'Bold' }).click();
    // The toolbar hands focus back to the text a moment later: type only once it is there.
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('contenteditable') === 'true',
    );
    await page.keyboard.type('Printed under the stars');
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.waitForURL(/\/storefronts\/pages\/edit\/\d+$/);
    const pages = await api.storeContent.pages({ query: { store_id: storeId } });
    expect(pages.map((p) => [p.title, p.slug, p.status, p.content_html])).toEqual([
      ['About us', 'about-us', 'published', '<p><strong>Printed under the stars</strong></p>'],
    ]);
  });

  it('writes a blog post in a category', async () => {
    await page.goto(`${server.baseUrl}/storefronts/${storeId}/blog/categories`);
    await page.getByLabel('New category name').fill('Studio notes');
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByTestId('category-rows').getByText('Studio notes').waitFor();

    await page.goto(`${server.baseUrl}/storefronts/${storeId}/blog`);
    await page.getByRole('link', { name: 'New post' }).click();
    await page.getByRole('heading', { name: 'New Blog Post' }).waitFor();
    await page.getByLabel('Title').fill('Our first print run');
    await page.getByLabel('Category').selectOption({ label: 'Studio notes' });
    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('textbox', { name: 'Post text' }).click();
    await page.keyboard.type('Forty shirts, one night.');
    await page.getByRole('button', { name: 'Save post' }).click();
    await page.waitForURL(/\/blog\/\d+\/edit$/);

    await page.getByRole('link', { name: 'All posts' }).click();
    await page.getByTestId('post-rows').getByText('Our first print run').waitFor();
    const [post] = await api.storeContent.posts({ params: { storeId }, query: {} });
    expect(post).toMatchObject({
      title: 'Our first print run',
      slug: 'our-first-print-run',
      status: 'published',
      content_html: '<p>Forty shirts, one night.</p>',
    });
    expect(post?.published_at).not.toBeNull();
  });

  it('shows the featured collection, the page and the blog post on the new store', async () => {
    // The store sells the collection's campaigns.
    const collection = await api.collections.get({ params: { id: collectionId } });
    await api.stores.setCampaigns({
      params: { id: storeId },
      body: { campaign_ids: collection.campaigns.map((c) => c.id) },
    });
    const buyer = await browser.newPage();
    await buyer.goto(`${server.baseUrl}/s/night-sky-prints/`);
    const featured = buyer.getByRole('region', { name: collection.name });
    await featured.getByRole('link', { name: collection.name }).waitFor();
    expect(
      await featured.getByRole('heading', { level: 3 }).allTextContents(),
      'featured campaigns in the seller’s order',
    ).toEqual(['Coffee First', 'Cat Lovers Tee']);
    // The header menu's relative /search stays in the store.
    expect(
      await buyer
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Search' })
        .first()
        .getAttribute('href'),
    ).toBe('/s/night-sky-prints/search');

    await featured.getByRole('link', { name: collection.name }).click();
    await buyer.getByRole('heading', { level: 1, name: collection.name }).waitFor();
    expect(new URL(buyer.url()).pathname).toBe(
      `/s/night-sky-prints/collections/${collection.slug}`,
    );

    await buyer.goto(`${server.baseUrl}/s/night-sky-prints/pages/about-us`);
    await buyer.getByRole('heading', { level: 1, name: 'About us' }).waitFor();
    expect(await buyer.locator('article strong').textContent()).toBe('Printed under the stars');

    await buyer.goto(`${server.baseUrl}/s/night-sky-prints/blog`);
    await buyer.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    await buyer.getByRole('link', { name: 'Studio notes (1)' }).waitFor();
    await buyer.getByRole('link', { name: 'Our first print run' }).click();
    await buyer.getByRole('heading', { level: 1, name: 'Our first print run' }).waitFor();
    expect(new URL(buyer.url()).pathname).toBe('/s/night-sky-prints/blog/our-first-print-run');
    await buyer.getByText('Forty shirts, one night.').waitFor();
    await buyer.getByRole('link', { name: 'Studio notes' }).waitFor();
    await buyer.close();
  });

  it('leaves no axe-core violation on the store list, the store editor and the collections', async () => {
    // axe is injected as an inline script, which the dashboard's CSP refuses: audit in a
    // context that bypasses it, signed in as the same seller.
    const audit = await browser.newContext({
      baseURL: server.baseUrl,
      bypassCSP: true,
      storageState: await context.storageState(),
    });
    await audit.addInitScript(QUIET_DIALOGS_SCRIPT);
    const page = await audit.newPage();
    for (const path of ['/storefronts', `/storefronts/edit/${storeId}`, '/collections']) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('.route-loading-bar').waitFor({ state: 'detached' });
      expect(describeViolations(await runAxe(page)), path).toBe('');
    }
    await page.goto(`${server.baseUrl}/storefronts/edit/${storeId}`);
    await page.getByRole('tab', { name: 'Menus' }).click();
    await page.getByLabel('Header menu item 1 label').waitFor();
    // The tab fades in: audit once its transition has ended, not half-transparent.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(describeViolations(await runAxe(page)), 'menus tab').toBe('');
    await audit.close();
  });
});
