import type { ApiClient } from '@printloom/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { CampaignsListPage } from './fixtures/CampaignsListPage.js';
import { EditorPage } from './fixtures/EditorPage.js';
import { LoginPage } from './fixtures/LoginPage.js';
import { sellerApi } from './fixtures/sellerApi.js';
import { type RunningServer, startServer } from './fixtures/server.js';

/**
 * Campaign basics in the dashboard: a bulk deactivate from the list, and a duplicate from the
 * editor that lands on the copy.
 */

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: ApiClient;
let list: CampaignsListPage;
const ARTWORK = '/files/s0/templates/tshirt/background.png';

async function liveCampaign(name: string): Promise<number> {
  const [template] = (await api.catalog.productTemplates()).data;
  if (!template) throw new Error('The demo catalog has no product template');
  const campaign = await api.campaigns.create({
    body: { name, artwork_url: ARTWORK, products: [{ template_id: template.id, price: 21.5 }] },
  });
  await api.campaigns.update({ params: { id: campaign.id }, body: { status: 'active' } });
  return campaign.id;
}

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
  list = new CampaignsListPage(page);
  await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('campaign actions (list and editor)', () => {
  it('deactivates two selected campaigns from the list and shows their new status', async () => {
    await liveCampaign('Harbor Tee');
    await liveCampaign('Lighthouse Tee');
    await list.open('?q=tee&status=active');
    await list.row('Harbor Tee').waitFor();
    await list.row('Lighthouse Tee').waitFor();

    await list.choose('Harbor Tee');
    await list.choose('Lighthouse Tee');
    await page.getByTestId('selected-count').getByText('2 campaigns selected').waitFor();
    await list.bulk('Deactivate');

    await page.getByTestId('action-results').getByText('Deactivate: 2 of 2 done').waitFor();
    // The active-only list no longer holds them; without the filter they read Inactive.
    await list.row('Harbor Tee').waitFor({ state: 'detached' });
    await list.open('?q=tee');
    for (const name of ['Harbor Tee', 'Lighthouse Tee']) {
      await list.row(name).locator('[data-status="inactive"]').waitFor();
    }
    await page.reload();
    await list.row('Harbor Tee').locator('[data-status="inactive"]').waitFor();
  });

  it('duplicates a campaign from the editor header and lands on the copy', async () => {
    const id = await liveCampaign('Compass Tee');
    const editor = new EditorPage(page);
    await page.goto(`/campaigns/edit/${id}`);
    await editor.waitLoaded();
    await page
      .getByRole('toolbar', { name: 'Campaign actions' })
      .getByRole('button', { name: 'Duplicate' })
      .click();

    await page.waitForURL(
      (url) => /^\/campaigns\/edit\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${id}`),
    );
    const copyId = Number(new URL(page.url()).pathname.split('/').pop());
    await editor.waitLoaded();
    await page.getByTestId('campaign-status').getByText('draft').waitFor();
    await expect
      .poll(() => page.getByLabel('Campaign name').inputValue())
      .toBe('Compass Tee (copy)');

    const copy = await api.campaigns.get({ params: { id: copyId } });
    expect(copy.status).toBe('draft');
    expect(copy.products.map((p) => Number(p.price))).toEqual([21.5]);
    expect((await api.campaigns.get({ params: { id } })).status).toBe('active');
  });
});
