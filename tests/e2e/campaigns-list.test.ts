import { join } from 'node:path';
import type { ApiClient } from '@printloom/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { CampaignsListPage } from './fixtures/CampaignsListPage.js';
import { LoginPage } from './fixtures/LoginPage.js';
import { sellerApi } from './fixtures/sellerApi.js';
import { type RunningServer, startServer } from './fixtures/server.js';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let list: CampaignsListPage;
/** The demo seeds 3 campaigns; this file adds 18. */
const TOTAL = 21;
const ZEBRAS = 12;
const DEMO_STORE = 'https://demo.printloom.test';
const ARTWORK = '/files/s0/templates/tshirt/background.png';
/** Set to a folder (docs/screenshots) to save a screenshot of the list. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

async function seedCampaigns(api: ApiClient): Promise<void> {
  const [template] = (await api.catalog.productTemplates()).data;
  if (!template) throw new Error('The demo catalog has no product template');
  const products = [{ template_id: template.id }];
  for (let i = 1; i <= ZEBRAS; i += 1) {
    const number = String(i).padStart(2, '0');
    const campaign = await api.campaigns.create({
      body: {
        name: `Zebra Tee ${number}`,
        slug: `zebra-tee-${number}`,
        artwork_url: ARTWORK,
        products,
      },
    });
    // Odd zebras go live; even ones stay drafts.
    if (i % 2 === 1)
      await api.campaigns.update({ params: { id: campaign.id }, body: { status: 'active' } });
  }
  for (let i = 1; i <= 5; i += 1) {
    await api.campaigns.create({
      body: {
        name: `Mug Set ${i}`,
        artwork_url: '/files/s0/templates/mug/background.png',
        product_type: 'campaign_express',
        system_type: 'campaign_express',
        products,
      },
    });
  }
  await api.campaigns.create({
    body: {
      name: 'Owl Poster',
      product_type: 'campaign_template',
      artwork_url: '/files/s0/templates/poster/background.png',
      products,
    },
  });
}

beforeAll(async () => {
  server = await startServer();
  const [launched, seller] = await Promise.all([
    launchBrowser(),
    sellerApi(server.baseUrl, ACCOUNTS.seller),
  ]);
  browser = launched;
  await seedCampaigns(seller.api);
  context = await newContext(browser, server.baseUrl);
  page = await context.newPage();
  list = new CampaignsListPage(page);
  await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('campaigns list (spec §2 /campaigns, §3 list query)', () => {
  it('shows 15 campaigns a page, newest first, and keeps the page in the address', async () => {
    await list.open();
    await list.waitForRange(`Showing 1–15 of ${TOTAL} campaigns`);
    expect(await list.rows.count()).toBe(15);
    expect((await list.names())[0]).toBe('Owl Poster');
    if (SCREENSHOT_DIR) {
      await page.waitForFunction('Array.from(document.images).every((image) => image.complete)');
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'campaigns-list.png') });
    }
    await page.getByRole('button', { name: 'Next' }).click();
    await list.waitForRange(`Showing 16–${TOTAL} of ${TOTAL} campaigns`);
    expect(list.params().get('page')).toBe('2');
    expect(await list.rows.count()).toBe(TOTAL - 15);
    await page.reload();
    await list.waitForRange(`Showing 16–${TOTAL} of ${TOTAL} campaigns`);
    expect(await list.names()).toContain('Cat Lovers Tee');
    await page.goBack();
    await list.waitForRange(`Showing 1–15 of ${TOTAL} campaigns`);
  });

  it('searches 200 ms after the last key, asking once for the word typed', async () => {
    // The page's timers run on a clock the test moves, so the gaps between keys are the ones
    // written here however busy the machine is: 150 ms after each key (no search yet), and the
    // search has gone out 200 ms after the last key.
    await page.clock.install();
    await list.open('?page=2');
    await page.clock.pauseAt(Date.now() + 1000);
    const searched: string[] = [];
    const listen = (request: { url(): string }) => {
      const url = new URL(request.url());
      if (url.pathname === '/seller/campaign' && url.searchParams.has('q')) {
        searched.push(url.searchParams.get('q') ?? '');
      }
    };
    page.on('request', listen);
    for (const key of 'zebra') {
      await list.search().press(key);
      await page.clock.runFor(150);
    }
    await page.clock.runFor(50);
    await page.clock.resume();
    await list.waitForRange(`Showing 1–${ZEBRAS} of ${ZEBRAS} campaigns`);
    page.off('request', listen);
    expect(searched).toEqual(['zebra']);
    expect(list.params().get('q')).toBe('zebra');
    // A new search starts from page 1.
    expect(list.params().get('page')).toBeNull();
    expect((await list.names()).every((name) => name.startsWith('Zebra Tee'))).toBe(true);
  });

  it('filters by status, product type and time range, and orders by name', async () => {
    await list.open('?q=zebra');
    await list.select('Status', 'draft');
    await list.waitForRange(`Showing 1–${ZEBRAS / 2} of ${ZEBRAS / 2} campaigns`);
    expect(list.params().get('status')).toBe('draft');
    expect(await list.rows.locator('[data-status="draft"]').count()).toBe(ZEBRAS / 2);

    await list.open();
    await list.select('Product type', 'campaign_express');
    await list.waitForRange('Showing 1–5 of 5 campaigns');
    expect((await list.names()).every((name) => name.startsWith('Mug Set'))).toBe(true);

    await list.open();
    await list.select('Order', 'name:asc');
    await list.rows.first().getByRole('link', { name: 'Cat Lovers Tee' }).waitFor();
    const names = await list.names();
    expect(names[0]).toBe('Cat Lovers Tee');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    await list.select('Time range', 'today');
    await list.waitForRange(`Showing 1–15 of ${TOTAL} campaigns`);
    await list.select('Time range', 'last_month');
    await page.getByTestId('list-empty').getByText('No campaigns match these filters.').waitFor();
    expect(await list.rows.count()).toBe(0);
    expect(list.params().get('time')).toBe('last_month');
    expect(list.params().get('order_by')).toBe('name:asc');
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await list.waitForRange(`Showing 1–15 of ${TOTAL} campaigns`);
  });

  it('links each campaign to its editor and its product page on the store host', async () => {
    await list.open('?q=zebra+tee+03');
    await list.waitForRange('Showing 1–1 of 1 campaigns');
    const row = list.rows.first();
    expect(await row.getByTestId('product-link').getAttribute('href')).toBe(
      `${DEMO_STORE}/zebra-tee-03`,
    );
    expect(await row.locator('img').getAttribute('src')).toBe(ARTWORK);
    await row.getByRole('link', { name: 'Zebra Tee 03', exact: true }).click();
    await page.waitForURL(/\/campaigns\/edit\/\d+$/);
  });

  it('says what went wrong and tries again, and shows the empty state', async () => {
    const campaignList = (url: URL) => url.pathname === '/seller/campaign';
    await page.route(campaignList, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'The campaign service is down' }),
      }),
    );
    await list.open('?q=owl');
    await page.getByTestId('list-error').getByText('The campaign service is down').waitFor();
    await page.unroute(campaignList);
    await page.getByRole('button', { name: 'Try again' }).click();
    await list.waitForRange('Showing 1–1 of 1 campaigns');
    expect(await list.names()).toEqual(['Owl Poster']);

    await list.open('?q=nothing-like-this');
    await page.getByText('No campaigns match these filters.').waitFor();
  });
});
