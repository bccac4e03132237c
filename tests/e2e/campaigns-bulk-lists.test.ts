/**
 * The bulk lists (spec §2 /bulk-campaigns and /bulk-campaigns/multi-print-spaces, §4): row
 * actions update the row from the server's answer, remove asks first, start-all / stop-all
 * refetch, and the list refreshes itself while the dashboard's worker processes rows.
 */
import type { ApiClient } from '@printloom/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { BulkImportPage } from './fixtures/BulkImportPage.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { LoginPage } from './fixtures/LoginPage.js';
import { sellerApi } from './fixtures/sellerApi.js';
import { type RunningServer, startServer } from './fixtures/server.js';

/**
 * How long a row may wait for a worker: the e2e files run side by side, and another file's
 * worker rendering mockups can hold both cores of a small machine for a minute.
 */
const PROCESS_TIMEOUT_MS = 150_000;
/** The demo seeds one multi-space job of 5 stopped rows named 'Bulk design 1' … 5. */
const DEMO_ROWS = 5;
const ARTWORK = '/files/s0/templates/tshirt/crop.png';

let server: RunningServer;
let browser: Browser;
let api: ApiClient;
let page: Page;
let templateId: number;

beforeAll(async () => {
  server = await startServer();
  const [launched, seller] = await Promise.all([
    launchBrowser(),
    sellerApi(server.baseUrl, ACCOUNTS.seller),
  ]);
  browser = launched;
  api = seller.api;
  const campaigns = await api.campaigns.list({ query: { q: 'Cat Lovers Tee' } });
  templateId = campaigns.data[0]?.id ?? 0;
  const context = await newContext(browser, server.baseUrl);
  page = await context.newPage();
  await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const row = (name: string): Locator =>
  page.getByTestId('bulk-row').filter({ has: page.getByText(name, { exact: true }) });
const badge = (name: string, statuses: string[]): Locator =>
  row(name).locator(statuses.map((status) => `[data-status="${status}"]`).join(', '));

describe('multi-print-spaces bulk list', () => {
  it(
    'removes after asking, starts a row from its answer, starts all and follows the worker',
    async () => {
      await page.goto('/bulk-campaigns/multi-print-spaces');
      await page.getByTestId('list-range').getByText(`of ${DEMO_ROWS} rows`).waitFor();
      expect(await page.locator('[data-testid="bulk-row"] [data-status="stopped"]').count()).toBe(
        DEMO_ROWS,
      );

      await page.getByRole('button', { name: 'Remove Bulk design 5' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove this row?' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await row('Bulk design 5').count()).toBe(1);
      await page.getByRole('button', { name: 'Remove Bulk design 5' }).click();
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await row('Bulk design 5').waitFor({ state: 'detached' });
      await page
        .getByTestId('list-range')
        .getByText(`of ${DEMO_ROWS - 1} rows`)
        .waitFor();

      await page.getByRole('button', { name: 'Start Bulk design 4' }).click();
      await badge('Bulk design 4', ['pending', 'processing', 'completed']).waitFor();

      await page.getByRole('button', { name: 'Start all' }).click();
      await page.getByText(`${DEMO_ROWS - 2} rows started.`).waitFor();
      // The dashboard's in-tab worker processes them; the list follows without a reload.
      await page
        .locator('[data-testid="bulk-row"] [data-status="completed"]')
        .nth(DEMO_ROWS - 2)
        .waitFor({ timeout: PROCESS_TIMEOUT_MS });
      const rows = await api.bulkV3.rows({ query: { per_page: 100 } });
      expect(rows.data.map((r) => r.status).sort()).toEqual(Array(DEMO_ROWS - 1).fill('completed'));
    },
    PROCESS_TIMEOUT_MS + 30_000,
  );

  it(
    "shows a failed row's message, retries it and filters by status",
    async () => {
      await api.bulkV3.createJob({
        body: {
          template_campaign_id: templateId,
          rows: [
            {
              campaign_name: 'Sleeve only',
              designs: [{ new_url: ARTWORK, print_space: 'sleeve' }],
            },
          ],
        },
      });
      await page.goto('/bulk-campaigns/multi-print-spaces?status=failed');
      await page.getByTestId('list-range').getByText('of 1 rows').waitFor({
        timeout: PROCESS_TIMEOUT_MS,
      });
      expect(await row('Sleeve only').getByTestId('row-message').textContent()).toBe(
        'PRINT_SPACE_IS_MISSING',
      );
      await page.getByRole('button', { name: 'Retry Sleeve only' }).click();
      await badge('Sleeve only', ['pending', 'processing']).waitFor();
      // The worker fails it again with the same message; the filtered list refetches it.
      await badge('Sleeve only', ['failed']).waitFor({ timeout: PROCESS_TIMEOUT_MS });
      expect(new URL(page.url()).searchParams.get('status')).toBe('failed');
    },
    2 * PROCESS_TIMEOUT_MS + 30_000,
  );
});

describe('regular bulk jobs: import and list', () => {
  it('opens the regular import for a template from the older bulk addresses', async () => {
    const [template] = (await api.catalog.productTemplates()).data;
    const old = await api.campaigns.create({
      body: {
        name: 'Old Bulk Template',
        products: [{ template_id: template?.id ?? 0 }],
      },
    });
    for (const path of [`/campaigns/bulk_v2/${old.id}`, `/bulk-campaigns/regular/${old.id}`]) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Bulk Campaign', exact: true }).waitFor();
      await page.getByText('Old Bulk Template').first().waitFor();
      expect(await page.getByText(/coming soon/i).count()).toBe(0);
    }
  });

  it('imports one job per artwork, lists them with the §3 query and acts on them', async () => {
    // A template the regular worker can copy has a design to replace.
    const [template] = (await api.catalog.productTemplates()).data;
    const leaf = await api.campaigns.create({
      body: {
        name: 'Leaf Template',
        products: [{ template_id: template?.id ?? 0 }],
      },
    });
    await api.campaigns.update({
      params: { id: leaf.id },
      body: {
        designs: [
          { print_space: 'front', product_id: leaf.products[0]?.id ?? null, file_url: ARTWORK },
        ],
      },
    });
    const importPage = new BulkImportPage(page);
    await page.goto('/campaigns/bulk');
    await page.getByRole('heading', { name: 'Bulk Campaign', exact: true }).waitFor();
    await importPage.pickTemplate('cat lovers', 'Cat Lovers Tee');
    const csv = [
      'campaign_name,new_url',
      'Fox,/files/a.png',
      'Owl,/files/b.png',
      'Bear,/files/c.png',
    ];
    await importPage.dropFiles([{ name: 'autumn.csv', type: 'text/csv', text: csv.join('\n') }]);
    await importPage.importRows.nth(2).waitFor();
    expect((await importPage.invalidRows()).map((row) => row.message)).toEqual(
      Array(3).fill('Original campaign has no design'),
    );

    await page.getByRole('button', { name: 'Choose another campaign' }).click();
    await importPage.pickTemplate('leaf', 'Leaf Template');
    expect(await importPage.invalidRows()).toEqual([]);
    await page.getByLabel('Name prefix (optional)').fill('Autumn');
    await page.getByLabel('Start processing as soon as the job is created').uncheck();
    await page.getByRole('button', { name: 'Upload artwork and create job (3 rows)' }).click();
    await page.waitForURL((url) => url.pathname === '/bulk-campaigns');
    await page.getByText('3 bulk jobs created, held stopped.').waitFor();
    await page.getByTestId('list-range').getByText('of 3 jobs').waitFor();
    expect(await page.locator('[data-testid="bulk-row"] [data-status="stopped"]').count()).toBe(3);

    await page.getByRole('button', { name: 'Start Autumn Owl' }).click();
    await badge('Autumn Owl', ['pending', 'processing', 'completed']).waitFor();

    await page.getByRole('button', { name: 'Stop all' }).click();
    await page.getByText(/^\d+ jobs stopped\.$/).waitFor();
    await badge('Autumn Owl', ['stopped', 'completed']).waitFor();

    await page.getByRole('button', { name: 'Remove Autumn Bear' }).click();
    await page
      .getByRole('dialog', { name: 'Remove this row?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await row('Autumn Bear').waitFor({ state: 'detached' });

    await page.getByRole('searchbox', { name: 'Search jobs' }).fill('fox');
    await page.getByTestId('list-range').getByText('Showing 1–1 of 1 jobs').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('fox');
    const jobs = await api.bulkRegular.jobs({ query: { order_by: 'id:asc' } });
    expect(jobs.data.map((job) => [job.prefix, job.campaign_name, job.designs])).toEqual([
      ['Autumn', 'Fox', '[{"new_url":"/files/a.png"}]'],
      ['Autumn', 'Owl', '[{"new_url":"/files/b.png"}]'],
    ]);
  });
});
