import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  DEMO_SELLER,
  exited,
  type Printloom,
  printloom,
  startServe,
  writeArtwork,
} from './fixtures.js';

interface Row {
  id: number;
  bulk_id: number;
  status: string;
  message: string | null;
  campaign_id: number | null;
  campaign_name: string | null;
}

const ROWS = 200;
let home: string;
let cli: Printloom;
let api: { url: string; child: ReturnType<Printloom['spawn']> };
let token = '';

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${api.url}${path}`, {
    headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
  });
  const body = (await response.json()) as { data: T };
  return body.data;
}

async function rowsOf(bulkIds: number[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await get<{ data: Row[]; last_page: number }>(
      `/seller/campaign/bulk-v3/campaigns?per_page=100&page=${page}`,
    );
    rows.push(...answer.data.filter((r) => bulkIds.includes(r.bulk_id)));
    if (page >= answer.last_page) return rows;
  }
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'printloom-bulk-e2e-'));
  cli = printloom({
    XDG_CONFIG_HOME: join(home, 'config'),
    PRINTLOOM_API: '',
    PRINTLOOM_TOKEN: '',
  });
  api = await startServe(cli, join(home, 'data'));
});

afterAll(async () => {
  api?.child.kill('SIGTERM');
  if (api) await exited(api.child);
  rmSync(home, { recursive: true, force: true });
});

describe('bulk end to end: printloom serve, login, bulk create, two bulk run --once', () => {
  it(`processes ${ROWS} rows with two workers, each exactly once`, async () => {
    const login = await cli(
      ['login', '--api', api.url, '--email', DEMO_SELLER, '--password-stdin'],
      { stdin: `${DEMO_PASSWORD}\n` },
    );
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    token = (
      JSON.parse(readFileSync(join(home, 'config/printloom/config.json'), 'utf8')) as {
        token: string;
      }
    ).token;

    writeArtwork(join(home, 'art'), ROWS);
    const created = await cli([
      'bulk',
      'create',
      '--template',
      '1',
      '--designs',
      join(home, 'art'),
      '--name-prefix',
      'E2E',
      '--start',
      '--json',
    ]);
    expect(created.stderr).toBe('');
    const job = JSON.parse(created.stdout) as { id: number; rows: number; uploaded: number };
    expect(job).toMatchObject({ rows: ROWS, uploaded: ROWS });

    const csv = join(home, 'bad.csv');
    writeFileSync(
      csv,
      'campaign_name,new_url,print_space\nNo such space,art/design-001.png,sleeve\nTwo without space,art/design-002.png,\nTwo without space,art/design-003.png,\n',
    );
    const bad = await cli([
      'bulk',
      'create',
      '--template',
      '1',
      '--designs',
      csv,
      '--start',
      // Both rows break a rule on purpose: the pre-check would refuse them, the workers fail them.
      '--force',
      '--json',
    ]);
    expect(bad.stderr).toBe('');
    const badJob = JSON.parse(bad.stdout) as { id: number };

    const workers = [1, 2].map((n) =>
      // The two bad rows fail on purpose: --allow-failed-rows keeps the exit code 0.
      cli(['bulk', 'run', '--once', '--allow-failed-rows', '--json', '--device-id', `e2e-${n}`]),
    );
    const results = await Promise.all(workers);
    for (const result of results) expect(result.code).toBe(0);
    const counts = results.map(
      (r) => JSON.parse(r.stdout) as { processed: number; invalid: number; errors: number },
    );
    // Both workers took part, and together they did every row once.
    expect(counts.every((c) => c.processed > 0)).toBe(true);
    expect(counts[0]!.processed + counts[1]!.processed).toBe(ROWS);

    const rows = await rowsOf([job.id, badJob.id]);
    expect(rows).toHaveLength(ROWS + 2);
    const good = rows.filter((r) => r.bulk_id === job.id);
    expect(good.every((r) => r.status === 'completed')).toBe(true);
    const campaignIds = good.map((r) => r.campaign_id);
    expect(new Set(campaignIds).size).toBe(ROWS);
    const failed = rows.filter((r) => r.bulk_id === badJob.id);
    expect(failed.map((r) => [r.status, r.message]).sort()).toEqual([
      ['failed', 'Design is invalid'],
      ['failed', 'PRINT_SPACE_IS_MISSING'],
    ]);

    // The campaigns exist with their design and mockup, and nothing was made twice.
    const sample = await get<{
      name: string;
      designs: unknown[];
      products: { mockups?: unknown[] }[];
    }>(`/seller/campaign/${good[0]!.campaign_id}`);
    expect(sample.name).toBe(good[0]!.campaign_name);
    expect(sample.designs.length).toBeGreaterThan(0);
    expect(sample.products.some((p) => (p.mockups?.length ?? 0) > 0)).toBe(true);
    const list = await get<{ total: number }>('/seller/campaign?q=E2E&per_page=1');
    expect(list.total).toBe(ROWS);
  }, 600_000);
});
