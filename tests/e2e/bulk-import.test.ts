/**
 * Importing a multi-print-spaces bulk job in the dashboard (spec §2 import page, §5 row
 * messages): a folder holding a CSV and its artwork becomes 20 rows, 2 of them invalid with the
 * spec's messages before anything is sent; the 18 valid ones are uploaded through the
 * pre-signed flow, created held, started, and processed by the dashboard's in-tab worker
 * (spec §4) while the page shows their progress.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient } from '@printloom/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkPng } from '../bulk/fixtures.js';
import { ACCOUNTS } from './fixtures/accounts.js';
import { BulkImportPage } from './fixtures/BulkImportPage.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { LoginPage } from './fixtures/LoginPage.js';
import { sellerApi } from './fixtures/sellerApi.js';
import { type RunningServer, startServer } from './fixtures/server.js';

const ROWS = 20;
const VALID = 18;
/** Row 7 asks for a print space the t-shirt lacks (a sleeve); row 13 has no artwork. */
const SLEEVE_ROW = 7;
const EMPTY_ROW = 13;
const PROCESS_TIMEOUT_MS = 100_000;
/** Set to a folder (docs/screenshots) to save the screenshots of the running import. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

let server: RunningServer;
let browser: Browser;
let api: ApiClient;
let page: Page;
let work: string;

const rowName = (n: number) => `Summer ${String(n).padStart(2, '0')}`;

/** A dropped folder: rows.csv naming the artwork files beside it. */
function writeDrop(dir: string): void {
  mkdirSync(join(dir, 'art'), { recursive: true });
  const lines = ['campaign_name,new_url,print_space'];
  for (let n = 1; n <= ROWS; n += 1) {
    const file = `art/design-${String(n).padStart(2, '0')}.png`;
    writeFileSync(join(dir, file), artworkPng(240, 300, n));
    if (n === SLEEVE_ROW) lines.push(`${rowName(n)},${file},sleeve`);
    else if (n === EMPTY_ROW) lines.push(`${rowName(n)},,front`);
    // Odd rows name their print space; even rows leave it to the main one.
    else lines.push(`${rowName(n)},${file},${n % 2 === 1 ? 'front' : ''}`);
  }
  writeFileSync(join(dir, 'rows.csv'), `${lines.join('\n')}\n`);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'printloom-import-'));
  writeDrop(join(work, 'summer-drop'));
  server = await startServer();
  const [launched, seller] = await Promise.all([
    launchBrowser(),
    sellerApi(server.baseUrl, ACCOUNTS.seller),
  ]);
  browser = launched;
  api = seller.api;
  const context = await newContext(browser, server.baseUrl);
  page = await context.newPage();
  await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('bulk import page (spec §2, §4, §5)', () => {
  it('checks 20 rows with the spec messages, uploads 18 and runs them to processed', async () => {
    const importPage = new BulkImportPage(page);
    await importPage.open();
    await importPage.pickTemplate('cat', 'Cat Lovers Tee');
    expect(page.url()).toMatch(/\/import\/\d+$/);
    const templateId = Number(page.url().split('/').at(-1));

    await importPage.chooseFolder(join(work, 'summer-drop'));
    await page.getByTestId('picked-summary').getByText('rows.csv').waitFor();
    expect(await importPage.importRows.count()).toBe(ROWS);
    expect(await importPage.invalidRows()).toEqual([
      { name: rowName(SLEEVE_ROW), message: 'PRINT_SPACE_IS_MISSING' },
      { name: rowName(EMPTY_ROW), message: 'Design url is invalid' },
    ]);
    expect(await page.getByTestId('check-summary').textContent()).toBe(
      `${VALID} valid rows will be created; 2 invalid rows are left out.`,
    );
    if (SCREENSHOT_DIR) {
      await page.getByTestId('import-rows').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'bulk-import-check.png') });
    }

    // Nothing was sent while checking: the rows are checked in the page.
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') puts.push(request.url());
    });
    await page.getByLabel('Start processing as soon as the job is created').uncheck();
    await page
      .getByRole('button', { name: `Upload artwork and create job (${VALID} rows)` })
      .click();
    await page.waitForURL(/\?job=\d+$/);
    const jobId = Number(new URL(page.url()).searchParams.get('job'));
    expect(new Set(puts).size).toBe(VALID);

    await page.getByTestId('job-progress').waitFor();
    expect(await importPage.count('Rows')).toBe(VALID);
    expect(await importPage.count('Stopped')).toBe(VALID);
    await importPage
      .jobRowsIn('stopped')
      .nth(VALID - 1)
      .waitFor();

    await page.getByRole('button', { name: 'Start job' }).click();
    const started = Date.now();
    let shot = false;
    while ((await importPage.count('Processed')) < VALID) {
      if (Date.now() - started > PROCESS_TIMEOUT_MS) {
        throw new Error(
          `Processed ${await importPage.count('Processed')} of ${VALID} in ${PROCESS_TIMEOUT_MS} ms`,
        );
      }
      const processed = await importPage.count('Processed');
      if (SCREENSHOT_DIR && !shot && processed >= 4) {
        shot = true;
        // Without motion the progress bar stands at its value instead of mid-transition.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.screenshot({ path: join(SCREENSHOT_DIR, 'bulk-import-running.png') });
      }
      await page.waitForTimeout(500);
    }
    console.info(`in-tab worker processed ${VALID} rows in ${Date.now() - started} ms`);
    await importPage
      .jobRowsIn('completed')
      .nth(VALID - 1)
      .waitFor();
    expect(await importPage.count('Failed')).toBe(0);
    await page.getByText(`Finished: ${VALID} processed, 0 failed.`).waitFor();

    // Each row became one campaign carrying its own uploaded artwork.
    const rows = await api.bulkV3.rows({ query: { bulk_id: jobId, per_page: 100 } });
    expect(rows.total).toBe(VALID);
    const campaignIds = rows.data.map((row) => row.campaign_id);
    expect(new Set(campaignIds).size).toBe(VALID);
    const first = await api.campaigns.get({ params: { id: campaignIds.at(-1) ?? 0 } });
    expect(first.name).toBe(rowName(1));
    const designs = first.products.flatMap((product) => product.designs);
    expect(designs.length).toBeGreaterThan(0);
    expect(first.designs.length).toBeGreaterThan(0);
    const [job] = await Promise.all([api.bulkV3.job({ params: { id: jobId } })]);
    expect(job).toMatchObject({ template_campaign_id: templateId, counts: { completed: VALID } });
  });

  it('reads a dropped CSV of addresses, and says why a CSV cannot be read', async () => {
    const importPage = new BulkImportPage(page);
    await importPage.open();
    await importPage.pickTemplate('mountain', 'Mountain Sunrise Collection');
    await importPage.dropFiles([
      { name: 'broken.csv', type: 'text/csv', text: 'name,new_url\nA,/files/a.png\n' },
    ]);
    await page
      .getByTestId('read-error')
      .getByText('broken.csv needs a campaign_name column')
      .waitFor();
    await importPage.dropFiles([
      {
        name: 'links.csv',
        type: 'text/csv',
        text: [
          'campaign_name,front,sleeve',
          'Peaks,/files/s0/templates/tshirt/crop.png,',
          'Front and sleeve,/files/s0/templates/tshirt/crop.png,/files/s0/templates/mug/crop.png',
          'Local,peaks.png,',
        ].join('\n'),
      },
    ]);
    await page.getByTestId('picked-summary').getByText('links.csv').waitFor();
    expect(await importPage.importRows.count()).toBe(3);
    // Neither product of the template has a sleeve: 'Front and sleeve' cannot be made.
    expect(await importPage.invalidRows()).toEqual([
      { name: 'Front and sleeve', message: 'PRINT_SPACE_IS_MISSING' },
      { name: 'Local', message: 'Design url is invalid' },
    ]);
    await page.getByText('peaks.png is not among the dropped files').waitFor();
    expect(await page.getByTestId('read-error').count()).toBe(0);
    await page.getByRole('button', { name: 'Upload artwork and create job (1 rows)' }).waitFor();
  });
});
