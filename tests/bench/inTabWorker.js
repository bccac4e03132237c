/**
 * In-tab bulk worker benchmark: `npm run bench -w @printloom/tests` (after `npm run build`).
 * Starts `printloom serve --demo`, creates bulk jobs with the CLI, logs a seller into headless
 * Chromium and leaves the tab open. Prints, per job (2D t-shirt; t-shirt + 3D mug):
 *  - wall time until every row is completed, ms per row and rows per minute;
 *  - main-thread long tasks (> 50 ms) while the tab worked: count, p95 and max, which is what a
 *    seller using the dashboard meanwhile would feel.
 * Figures are printed, never asserted. BENCH_ROWS sets the 2D job's size (default 30).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '@printloom/renderer/node';
import { chromium } from 'playwright-core';
import { BIN, DEMO_PASSWORD, DEMO_SELLER, encodePng, freePort, NODE } from '../bulk/fixtures.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 30);
const ROWS_3D = 10;

const home = mkdtempSync(join(tmpdir(), 'printloom-bench-tab-'));
const env = {
  ...process.env,
  XDG_CONFIG_HOME: join(home, 'config'),
  PRINTLOOM_API: '',
  PRINTLOOM_TOKEN: '',
  DATABASE_URL: '',
};

function cli(args, stdin = '') {
  return new Promise((done) => {
    const child = spawn(NODE, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.stdin.end(stdin);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** The 2D job's artwork: a gradient that differs per row. */
function png(width, height, seed) {
  return encodePng(width, height, (raw, at, x, y) => {
    raw[at] = (x + seed * 37) % 256;
    raw[at + 1] = (y + seed * 11) % 256;
    raw[at + 2] = (seed * 59) % 256;
    raw[at + 3] = 255;
  });
}

function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const serve = spawn(
  NODE,
  [BIN, 'serve', '--demo', '--port', String(port), '--host', '127.0.0.1'].concat([
    '--data-dir',
    join(home, 'data'),
    '--log-level',
    'warn',
    // The tab's worker is measured: the server's own workers stay off.
    '--workers',
    '0',
  ]),
  { env, stdio: 'ignore' },
);
let browser;
try {
  for (let i = 0; ; i += 1) {
    if (i > 240) throw new Error('printloom serve did not start');
    try {
      if ((await fetch(`${base}/api3/version`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const login = await cli(
    ['login', '--api', base, '--email', DEMO_SELLER, '--password-stdin'],
    `${DEMO_PASSWORD}\n`,
  );
  if (login.code !== 0) throw new Error(`login failed: ${login.stderr}`);
  const token = JSON.parse(readFileSync(join(home, 'config/printloom/config.json'), 'utf8')).token;
  const headers = { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' };

  const mugAndTee = await fetch(`${base}/seller/campaign`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench mug and tee',
      products: [{ template_id: 101 }, { template_id: 201 }],
    }),
  }).then((r) => r.json());

  async function job(label, rows, template) {
    const art = join(home, `art-${label}`);
    mkdirSync(art, { recursive: true });
    for (let i = 1; i <= rows; i += 1) writeFileSync(join(art, `d-${i}.png`), png(1200, 1500, i));
    const created = await cli([
      'bulk',
      'create',
      '--template',
      String(template),
      '--designs',
      art,
      '--name-prefix',
      label,
      '--json',
    ]);
    if (created.code !== 0) throw new Error(`bulk create failed: ${created.stderr}`);
    return JSON.parse(created.stdout).id;
  }

  async function rowsOf(bulkId) {
    const answer = await fetch(`${base}/seller/campaign/bulk-v3/campaigns?per_page=100`, {
      headers,
    }).then((r) => r.json());
    return answer.data.data.filter((r) => r.bulk_id === bulkId);
  }

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1366, height: 850 },
  });
  await context.addInitScript(() => {
    localStorage.setItem('notify_hide_until', String(Date.now() + 86400000));
    sessionStorage.setItem('survey_closed', '1');
    localStorage.setItem('disable_product_tour', '1');
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__longTasks.push({ at: entry.startTime, ms: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(DEMO_SELLER);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByTestId('user-dropdown').waitFor();
  await page.waitForTimeout(1000);

  console.log(
    `in-tab bulk worker, headless Chromium (${CHROMIUM_ARGS.includes('--disable-gpu') ? 'CPU' : 'GPU'})`,
  );
  for (const [label, rows, template] of [
    ['Bench2D', ROWS, 1],
    ['Bench3D', ROWS_3D, mugAndTee.data.id],
  ]) {
    const bulkId = await job(label, rows, template);
    const since = await page.evaluate(() => performance.now());
    const started = performance.now();
    const ids = (await rowsOf(bulkId)).map((r) => r.id);
    await fetch(`${base}/seller/campaign/bulk-v3/start`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ids }),
    });
    for (;;) {
      const all = await rowsOf(bulkId);
      if (
        all.length === rows &&
        all.every((r) => r.status === 'completed' || r.status === 'failed')
      ) {
        const failed = all.filter((r) => r.status === 'failed').length;
        const ms = performance.now() - started;
        const tasks = (await page.evaluate(() => window.__longTasks))
          .filter((t) => t.at >= since)
          .map((t) => t.ms);
        console.log(
          `${label.padEnd(8)} ${String(rows).padStart(3)} rows ${(ms / 1000).toFixed(1).padStart(6)} s ` +
            `${(ms / rows).toFixed(0).padStart(5)} ms/row ${((rows * 60_000) / ms).toFixed(0).padStart(4)} rows/min ` +
            `failed ${failed}  long tasks ${tasks.length} (median ${percentile(tasks, 50).toFixed(0)} ms, p95 ${percentile(tasks, 95).toFixed(0)} ms, max ${Math.max(0, ...tasks).toFixed(0)} ms)`,
        );
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
} finally {
  await browser?.close();
  serve.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(home, { recursive: true, force: true });
}
