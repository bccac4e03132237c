import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

/**
 * The server's bulk lease, shortened from its 300 s default through PRINTLOOM_BULK_LEASE_SECONDS:
 * a killed worker's row waits this long before another worker may take it over.
 */
const LEASE_SECONDS = 30;
const ROWS = 12;

interface Row {
  id: number;
  bulk_id: number;
  status: string;
  campaign_id: number | null;
}

let home: string;
let cli: Printloom;
let api: { url: string; child: ReturnType<Printloom['spawn']> };
let token = '';

async function rowsOf(bulkId: number): Promise<Row[]> {
  const response = await fetch(`${api.url}/seller/campaign/bulk-v3/campaigns?per_page=100`, {
    headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
  });
  const body = (await response.json()) as { data: { data: Row[] } };
  return body.data.data.filter((r) => r.bulk_id === bulkId);
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'printloom-bulk-fault-'));
  cli = printloom({
    XDG_CONFIG_HOME: join(home, 'config'),
    PRINTLOOM_API: '',
    PRINTLOOM_TOKEN: '',
    PRINTLOOM_BULK_LEASE_SECONDS: String(LEASE_SECONDS),
  });
  api = await startServe(cli, join(home, 'data'));
});

afterAll(async () => {
  api?.child.kill('SIGTERM');
  if (api) await exited(api.child);
  rmSync(home, { recursive: true, force: true });
});

describe('bulk fault: a worker killed with SIGKILL mid-row', () => {
  it(
    'leaves its row leased; after the lease expires the other worker finishes it, once',
    async () => {
      const login = await cli(
        ['login', '--api', api.url, '--email', DEMO_SELLER, '--password-stdin'],
        { stdin: `${DEMO_PASSWORD}\n` },
      );
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
        'Fault',
        '--start',
        '--json',
      ]);
      const job = JSON.parse(created.stdout) as { id: number };

      // Worker A: killed the moment it has claimed its first row, before it can save it.
      const a = cli.spawn(['bulk', 'run', '--device-id', 'victim']);
      const claimed = await new Promise<number>((done) => {
        let log = '';
        a.stderr?.on('data', (c) => {
          log += String(c);
          const match = /"record":(\d+),"template":\d+,"msg":"Row claimed"/.exec(log);
          if (match) {
            a.kill('SIGKILL');
            done(Number(match[1]));
          }
        });
      });
      await exited(a);
      const killedAt = Date.now();
      const afterKill = (await rowsOf(job.id)).find((r) => r.id === claimed);
      expect(afterKill).toMatchObject({ status: 'processing', campaign_id: null });

      // Worker B keeps polling (no --once) until the lease runs out and it gets the row.
      const b = cli.spawn(['bulk', 'run', '--device-id', 'survivor']);
      b.stdout?.resume();
      b.stderr?.resume();
      const deadline = Date.now() + (LEASE_SECONDS + 120) * 1000;
      let rows = await rowsOf(job.id);
      let reclaimedAfterMs = -1;
      while (rows.some((r) => r.status !== 'completed') && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 1000));
        rows = await rowsOf(job.id);
        const row = rows.find((r) => r.id === claimed);
        if (reclaimedAfterMs < 0 && row?.status !== 'processing') {
          reclaimedAfterMs = Date.now() - killedAt;
        }
      }
      b.kill('SIGTERM');
      expect(await exited(b)).toBe(0);

      // The killed worker's row was left alone for the whole lease, then finished.
      expect(reclaimedAfterMs).toBeGreaterThanOrEqual((LEASE_SECONDS - 2) * 1000);
      expect(rows).toHaveLength(ROWS);
      expect(rows.every((r) => r.status === 'completed')).toBe(true);
      expect(new Set(rows.map((r) => r.campaign_id)).size).toBe(ROWS);
      const list = await fetch(`${api.url}/seller/campaign?q=Fault&per_page=1`, {
        headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(((await list.json()) as { data: { total: number } }).data.total).toBe(ROWS);
    },
    (LEASE_SECONDS + 180) * 1000,
  );
});
