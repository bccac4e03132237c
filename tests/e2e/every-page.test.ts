import { type ApiClient, PAGES, type PageId } from '@printloom/core';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { LoginPage } from './fixtures/LoginPage.js';
import { sellerApi } from './fixtures/sellerApi.js';
import { type RunningServer, startServer } from './fixtures/server.js';

/**
 * Every dashboard page of spec §2, opened as the demo seller in Chromium: none may say "coming
 * soon", and none may log an error to the console or throw. Pages that need a row are opened on
 * a real row of the demo seller, found (or made) through the API the dashboard calls.
 */
let server: RunningServer;
let browser: Browser;
let api: ApiClient;

/** Pages left out, each for a reason: they end the session or are not pages of their own. */
const NOT_VISITED: ReadonlySet<PageId> = new Set<PageId>(['logout', 'not_found']);

/** The signed-out pages of the auth layout, opened in a browser that never signed in. */
const SIGNED_OUT: readonly PageId[] = ['login', 'register', 'forgot_password', 'reset_password'];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  api = (await sellerApi(server.baseUrl, ACCOUNTS.seller)).api;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The demo seller's rows that pages with an id in their address are opened on. */
async function demoRows(): Promise<Record<string, string>> {
  const stores = await api.stores.list();
  const store = stores[0];
  if (!store) throw new Error('The demo seller has no store');
  const campaigns = await api.campaigns.list({ query: {} });
  const campaign = campaigns.data[0];
  if (!campaign) throw new Error('The demo seller has no campaign');
  const collections = await api.collections.list();
  const collection =
    collections[0] ??
    (await api.collections.create({ body: { name: 'Every page', store_id: store.id } }));
  const feeds = await api.socialFeeds.list();
  const feed =
    feeds[0] ??
    (await api.socialFeeds.create({
      body: { name: 'Every page feed', store_id: store.id, format: 'google_xml', scope: 'all' },
    }));
  const posts = await api.storeContent.posts({ params: { storeId: store.id } });
  const post =
    posts[0] ??
    (await api.storeContent.createPost({
      params: { storeId: store.id },
      body: { title: 'Every page', content_html: '<p>Hello</p>', status: 'draft' },
    }));
  const requests = await api.featureRequests.list({ query: {} });
  const request =
    requests.data[0] ??
    (await api.featureRequests.create({
      body: {
        title: 'Every page request',
        body: 'A request to open its page.',
        category: 'other',
      },
    }));
  const emailCampaign = await api.emailCampaigns.create({
    body: {
      name: 'Every page',
      store_id: store.id,
      subject: 'Hello from the demo store',
      blocks: [{ type: 'heading', text: 'Hello' }],
      audience: { kind: 'all' },
    },
  });
  const notifications = await api.shell.notifications({ query: {} });
  const notification = notifications.data[0];
  if (!notification) throw new Error('The demo seller has no notification');
  return {
    'collection_edit:id': String(collection.id),
    'collection_featured:id': String(collection.id),
    'social_feed_edit:id': String(feed.id),
    'store_edit:id': String(store.id),
    'store_sitemap:id': String(store.id),
    'store_blog:id': String(store.id),
    'store_blog_categories:id': String(store.id),
    'store_blog_new:id': String(store.id),
    'store_blog_edit:id': String(store.id),
    'store_blog_edit:postId': String(post.id),
    'bulk_campaign:id': String(campaign.id),
    'feature_request:slug': request.slug,
    'notification:id': String(notification.id),
    'email_campaign_edit:id': String(emailCampaign.id),
    'email_campaign_view:id': String(emailCampaign.id),
  };
}

/** A page's address with its parameters filled: optional ones left out, required ones from rows. */
function addressOf(id: PageId, path: string, rows: Record<string, string>): string | null {
  let missing = false;
  const filled = path
    .replace(/\/\*$/, '')
    .replace(/\/:[A-Za-z]+\?/g, '')
    .replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const value = rows[`${id}:${name}`];
      if (value === undefined) missing = true;
      return value ?? '';
    });
  if (missing) return null;
  return filled === '' ? '/' : filled;
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`thrown: ${error.message}`));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

describe('every dashboard page (issue 16)', () => {
  it('opens each page of the seller dashboard with no console error, and none says "coming soon"', async () => {
    const rows = await demoRows();
    const pages = (Object.entries(PAGES) as [PageId, { path: string; layout: string }][]).filter(
      ([id, page]) => page.layout === 'default' && !NOT_VISITED.has(id),
    );
    expect(pages.length).toBeGreaterThan(90);
    const context = await newContext(browser, server.baseUrl);
    const first = await context.newPage();
    await new LoginPage(first).loginAndWait(ACCOUNTS.seller);
    const problems: string[] = [];
    // A few tabs of one session share the walk: each takes the next page off the list.
    const queue = [...pages];
    async function walk(page: Page) {
      const errors = watchErrors(page);
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [id, def] = next;
        const address = addressOf(id, def.path, rows);
        if (address === null) {
          problems.push(`${def.path} (${id}): no demo row to open it on`);
          continue;
        }
        errors.length = 0;
        await page.goto(address);
        await page.waitForLoadState('networkidle');
        const main = page.locator('main');
        await main.waitFor();
        const text = (await main.textContent()) ?? '';
        if (/coming soon/i.test(text)) problems.push(`${address} (${id}): says coming soon`);
        // The demo seller holds every permission, tag and gate: no page may turn them away.
        if ((await page.getByTestId('access-denied').count()) > 0) {
          problems.push(`${address} (${id}): the demo seller is denied`);
        }
        // Each page names itself with one top-level heading (screen readers jump to it).
        const headings = await main.getByRole('heading', { level: 1 }).count();
        if (headings !== 1) problems.push(`${address} (${id}): ${headings} level-1 headings`);
        for (const error of errors) problems.push(`${address} (${id}): ${error}`);
      }
    }
    const tabs = [first, ...(await Promise.all([context.newPage(), context.newPage()]))];
    await Promise.all(tabs.map(walk));
    await context.close();
    expect(problems.sort()).toEqual([]);
  }, 400_000);
});

describe('signed-out pages (issue 16)', () => {
  it('open with no console error: a browser without a session does not ask who it is', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const asked: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('/me')) asked.push(response.url());
    });
    const problems: string[] = [];
    for (const id of SIGNED_OUT) {
      const address = PAGES[id].path;
      errors.length = 0;
      await page.goto(address);
      await page.waitForLoadState('networkidle');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      for (const error of errors) problems.push(`${address} (${id}): ${error}`);
    }
    await context.close();
    expect(problems).toEqual([]);
    expect(asked).toEqual([]);
  }, 120_000);
});
