/**
 * The in-tab bulk worker (spec §4): a seller leaves the dashboard open and the tab processes a
 * bulk job's rows with the browser renderer, each campaign made once; a second tab of the same
 * browser stands by; a logout stops the workers; a designer runs none.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Printloom, printloom, writeArtwork } from '../bulk/fixtures.js';
import { ACCOUNTS, DEMO_PASSWORD } from './fixtures/accounts.js';
import { CHROMIUM_FLAGS, launchBrowser, newContext } from './fixtures/browser.js';
import { LoginPage } from './fixtures/LoginPage.js';
import { type RunningServer, startServer } from './fixtures/server.js';
import { WorkerPanelPage } from './fixtures/WorkerPanelPage.js';

interface Row {
  id: number;
  bulk_id: number;
  status: string;
  message: string | null;
  campaign_id: number | null;
}

interface Campaign {
  id: number;
  name: string;
  products: { designs: { file_url: string | null }[]; mockups?: { file_url: string }[] }[];
}

const ROWS = 6;
const PREFIX = 'InTab';
const PROCESS_TIMEOUT_MS = 90_000;
/** Artwork every demo server holds (the t-shirt template's print-area mask). */
const ART = '/files/s0/templates/tshirt/crop.png';

let server: RunningServer;
let browser: Browser;
let home: string;
let cli: Printloom;
let token = '';

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
  });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

async function rowsOf(bulkId: number): Promise<Row[]> {
  const answer = await get<{ data: Row[] }>('/seller/campaign/bulk-v3/campaigns?per_page=100');
  return answer.data.filter((row) => row.bulk_id === bulkId);
}

async function waitForRows(bulkId: number, done: (rows: Row[]) => boolean): Promise<Row[]> {
  const deadline = Date.now() + PROCESS_TIMEOUT_MS;
  let rows = await rowsOf(bulkId);
  while (!done(rows)) {
    if (Date.now() > deadline) {
      throw new Error(`Rows not done in time: ${JSON.stringify(rows.map((r) => r.status))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    rows = await rowsOf(bulkId);
  }
  return rows;
}

async function send<T>(method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
    },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

const post = <T>(path: string, body: unknown) => send<T>('POST', path, body);

async function createJob(rows: number, prefix: string, templateCampaign = 1): Promise<number> {
  const art = join(home, `art-${prefix}`);
  writeArtwork(art, rows);
  const created = await cli([
    'bulk',
    'create',
    '--template',
    String(templateCampaign),
    '--designs',
    art,
    '--name-prefix',
    prefix,
    '--start',
    '--json',
  ]);
  expect(created.stderr).toBe('');
  const job = JSON.parse(created.stdout) as { id: number; rows: number };
  expect(job.rows).toBe(rows);
  return job.id;
}

/** The names of the Web Locks held in this browser profile (any tab of the origin). */
function heldLocks(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const state = await navigator.locks.query();
    return (state.held ?? []).map((lock) => lock.name ?? '');
  });
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  home = mkdtempSync(join(tmpdir(), 'printloom-in-tab-'));
  cli = printloom({
    XDG_CONFIG_HOME: join(home, 'config'),
    PRINTLOOM_API: '',
    PRINTLOOM_TOKEN: '',
  });
  const login = await cli(
    ['login', '--api', server.baseUrl, '--email', ACCOUNTS.seller, '--password-stdin'],
    { stdin: `${DEMO_PASSWORD}\n` },
  );
  expect(login.code).toBe(0);
  token = (
    JSON.parse(readFileSync(join(home, 'config/printloom/config.json'), 'utf8')) as {
      token: string;
    }
  ).token;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('in-tab bulk worker (spec §4)', () => {
  let context: BrowserContext;
  let first: Page;
  let second: Page;

  it('processes every row in the open tab, each campaign once, while a second tab stands by', async () => {
    const bulkId = await createJob(ROWS, PREFIX);
    context = await newContext(browser, server.baseUrl);
    first = await context.newPage();
    await new LoginPage(first).loginAndWait(ACCOUNTS.seller);
    const leader = new WorkerPanelPage(first);
    await leader.show();
    // The panel names the row in hand and its template campaign while the tab works on it.
    await leader.processingRecord(/Record \d+ · Template 1$/).waitFor({ timeout: 30_000 });

    second = await context.newPage();
    const claimsBySecond: string[] = [];
    second.on('request', (request) => {
      if (/\/bulk-v3\/pending|\/bulk\/next-job/.test(request.url()))
        claimsBySecond.push(request.url());
    });
    await second.goto('/');
    await second.getByTestId('user-dropdown').waitFor();
    const standby = new WorkerPanelPage(second);
    await standby.show();
    await standby.status('Multi-space worker', /standby/).waitFor();
    await standby.status('Regular worker', /standby/).waitFor();

    const rows = await waitForRows(bulkId, (all) => all.every((r) => r.status === 'completed'));
    expect(rows).toHaveLength(ROWS);
    const campaignIds = rows.map((r) => r.campaign_id);
    expect(campaignIds.every((id) => typeof id === 'number')).toBe(true);
    expect(new Set(campaignIds).size).toBe(ROWS);
    // The images were drawn in the paint web worker, off the page's main thread.
    expect(first.workers().some((worker) => worker.url().includes('paintWorker'))).toBe(true);
    // The second tab never asked for work: it still stands by, and no row failed.
    expect(await standby.statusText('Multi-space worker')).toMatch(/standby/);
    expect(claimsBySecond).toEqual([]);
    expect(rows.every((r) => r.message === null || r.message === '')).toBe(true);

    // Each row made one campaign: the seller's list holds exactly ROWS of this job's names.
    const list = await get<{ data: Campaign[]; total: number }>(
      `/seller/campaign?q=${PREFIX}&per_page=100`,
    );
    const made = list.data.filter((c) => c.name.startsWith(PREFIX));
    expect(made).toHaveLength(ROWS);
    expect(new Set(made.map((c) => c.id))).toEqual(new Set(campaignIds));

    // The tab rendered and uploaded each campaign's design (PNG) and mockup (JPEG, spec §7:
    // mockups under p/{campaignId}, the row's template campaign as the CLI does).
    const campaign = await get<Campaign>(`/seller/campaign/${campaignIds[0]}`);
    const design = campaign.products[0]?.designs[0]?.file_url ?? '';
    const mockup = campaign.products[0]?.mockups?.[0]?.file_url ?? '';
    // Stored as file addresses like every other campaign's files, so the editor can show them.
    expect(design).toMatch(/^\/files\/s\d+\/d\/\d+\/[^/]+\.png$/);
    expect(mockup).toMatch(/^\/files\/s\d+\/p\/1\/[^/]+\.jpg$/);
    for (const [address, type] of [
      [design, 'image/png'],
      [mockup, 'image/jpeg'],
    ] as const) {
      const file = await fetch(`${server.baseUrl}${address}`);
      expect(file.headers.get('content-type')).toBe(type);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    }
  });

  it('stops the workers and frees the tab lock on logout', async () => {
    expect(await heldLocks(first)).toContain('printloom-bulk-workers');
    await first.goto('/auth/logout');
    await first.waitForURL((url) => url.pathname === '/auth/login');
    // The other tab may take the lock over, sees the session is gone, and lets go too.
    await expect
      .poll(() => heldLocks(first), { timeout: 15_000 })
      .not.toContain('printloom-bulk-workers');
    await context.close();
  });

  it('runs no worker for a designer', async () => {
    const designer = await newContext(browser, server.baseUrl);
    const page = await designer.newPage();
    await new LoginPage(page).loginAndWait(ACCOUNTS.designer);
    const panel = new WorkerPanelPage(page);
    await panel.show();
    await panel.empty().waitFor();
    expect(await heldLocks(page)).not.toContain('printloom-bulk-workers');
    await designer.close();
  });
});

describe('in-tab bulk worker with 3D products (spec §4, §9)', () => {
  it("renders a 3D product's mockup from its bake off the page's main thread, a 2D one beside it", async () => {
    const template = await post<{ id: number }>('/seller/campaign', {
      name: 'Mug and tee',
      products: [{ template_id: 101 }, { template_id: 201 }],
    });
    const bulkId = await createJob(2, 'InTab3D', template.id);
    // The three.js scene needs WebGL 2, which headless Chromium gives on the CPU with these.
    const webgl = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_FLAGS, '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
    });
    try {
      const context = await newContext(webgl, server.baseUrl);
      const page = await context.newPage();
      const fallbacks: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('fall back to the page')) fallbacks.push(message.text());
      });
      // The mug has a bake: the tab's worker reads its maps instead of drawing it with three.js.
      const bakeReads: string[] = [];
      context.on('request', (request) => {
        if (request.url().endsWith('/model.bake.bin')) bakeReads.push(request.url());
      });
      await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
      const rows = await waitForRows(bulkId, (all) =>
        all.every((r) => r.status !== 'pending' && r.status !== 'processing'),
      );
      expect(rows.map((r) => [r.status, r.message ?? null])).toEqual([
        ['completed', null],
        ['completed', null],
      ]);
      // The 3D frame came from the mug's bake in a worker, not from the page's own WebGL.
      expect(fallbacks).toEqual([]);
      expect(bakeReads.some((url) => url.endsWith('/templates/mug-3d/model.bake.bin'))).toBe(true);
      const campaign = await get<Campaign>(`/seller/campaign/${rows[0]?.campaign_id}`);
      const mockups = campaign.products.map((p) => p.mockups?.[0]?.file_url ?? '');
      expect(mockups).toHaveLength(2);
      for (const address of mockups) {
        expect(address).toMatch(/^\/files\//);
        const file = await fetch(`${server.baseUrl}${address}`);
        expect(file.headers.get('content-type')).toBe('image/jpeg');
        expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
      }
    } finally {
      await webgl.close();
    }
  });
});

describe('regular bulk jobs in the tab (spec §4 bulk regular-campaign worker)', () => {
  it('only waits while the seller is on a busy page, then makes each campaign once', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
    const loggedIn = Date.now();
    // Campaigns import is one of the pages where the regular worker only waits.
    await page.goto('/campaigns/import');
    const panel = new WorkerPanelPage(page);
    await panel.show();
    await panel.status('Regular worker', /waiting 30 s/).waitFor();
    // A regular job copies a template campaign that has a design (spec §8 'Original campaign
    // has no design' otherwise).
    const template = await post<Campaign>('/seller/campaign', {
      name: 'Regular template',
      products: [{ template_id: 101 }],
    });
    const product = (
      await get<Campaign & { products: { id: number }[] }>(`/seller/campaign/${template.id}`)
    ).products[0];
    await send('PUT', `/seller/campaign/${template.id}`, {
      designs: [{ print_space: 'front', product_id: product?.id, file_url: ART }],
    });
    const created = await post<{ ids: number[] }>('/seller/campaign/bulk/jobs', {
      template_campaign_id: template.id,
      prefix: 'TabReg',
      rows: [
        { campaign_name: 'one', new_url: ART },
        { campaign_name: 'two', new_url: ART },
      ],
    });
    expect(created.ids).toHaveLength(2);
    // Past the worker's 10 s poll interval: without the rule it would have taken a job by now.
    await page.waitForTimeout(Math.max(0, loggedIn + 12_000 - Date.now()));
    const jobsOf = async () =>
      (
        await get<{ data: { id: number; status: string; campaign_id: number | null }[] }>(
          '/seller/campaign/bulk/jobs?per_page=100',
        )
      ).data.filter((job) => created.ids.includes(job.id));
    expect((await jobsOf()).map((job) => job.status)).toEqual(['pending', 'pending']);

    // Back on the dashboard, the next look (at most 30 s on) finds a quiet page.
    await page.getByRole('link', { name: 'Dashboard home' }).click();
    const deadline = Date.now() + 60_000;
    let jobs = await jobsOf();
    while (!jobs.every((job) => job.status === 'completed')) {
      if (Date.now() > deadline) throw new Error(`Jobs not done: ${JSON.stringify(jobs)}`);
      await page.waitForTimeout(500);
      jobs = await jobsOf();
    }
    const campaignIds = jobs.map((job) => job.campaign_id);
    expect(new Set(campaignIds).size).toBe(2);
    const list = await get<{ data: Campaign[] }>('/seller/campaign?q=TabReg&per_page=100');
    expect(list.data.map((c) => c.id).sort()).toEqual([...campaignIds].sort());
    const campaign = await get<Campaign>(`/seller/campaign/${campaignIds[0]}`);
    // Rendered and uploaded by the tab under the new campaign, on its own product.
    expect(campaign.products[0]?.designs[0]?.file_url).toMatch(
      new RegExp(`^/files/s\\d+/d/${campaign.id}/[^/]+\\.png$`),
    );
    expect(campaign.products[0]?.mockups?.[0]?.file_url).toMatch(
      new RegExp(`^/files/s\\d+/p/${campaign.id}/[^/]+\\.jpg$`),
    );
    await context.close();
  });
});
