import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sampleArtwork } from '@printloom/renderer/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../test/runCli.js';
import { configPath } from '../config.js';
import { terminal } from '../prompt.js';

function withStdin(text: string) {
  terminal.stdin = Readable.from([text]);
}

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DEMO_SELLER = 'demo@printloom.test';
const DEMO_PASSWORD = 'printloom-demo';

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** `printloom serve --demo` from the build, on a free port with a temporary data directory. */
async function startApi(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    join(ROOT, 'node_modules/.bin/node'),
    [
      join(ROOT, 'packages/cli/dist/bin.js'),
      'serve',
      '--demo',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      // This file's `bulk run` processes the rows: the server's own workers stay off.
      '--workers',
      '0',
    ],
    { stdio: 'ignore', env: { ...process.env, DATABASE_URL: '' } },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${url}/api3/version`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  child.kill('SIGKILL');
  throw new Error('printloom serve did not start');
}

let server: { url: string; child: ChildProcess };
let home: string;
let art: string;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'printloom-cli-'));
  process.env.XDG_CONFIG_HOME = join(home, 'config');
  delete process.env.PRINTLOOM_API;
  delete process.env.PRINTLOOM_TOKEN;
  server = await startApi(join(home, 'data'));
  art = join(home, 'art');
  mkdirSync(art);
  for (const name of ['sunset-one', 'sunset-two', 'sunset-three']) {
    writeFileSync(join(art, `${name}.png`), await sampleArtwork(300, 375).encode('png'));
  }
}, 60_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  rmSync(home, { recursive: true, force: true });
  delete process.env.XDG_CONFIG_HOME;
});

describe('printloom login, whoami, logout', () => {
  it('refuses a wrong password with the server message and no stack trace', async () => {
    withStdin('wrong-password\n');
    const result = await cli(
      'login',
      '--api',
      server.url,
      '--email',
      DEMO_SELLER,
      '--password-stdin',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^printloom: .+\n$/);
    expect(result.stderr).not.toContain('    at ');
  });

  it('asks for --email when not on a terminal (usage error)', async () => {
    terminal.stdin = Readable.from([]);
    const result = await cli('login', '--api', server.url, '--password-stdin');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Give --email');
  });

  it('logs in with --password-stdin and stores the token readable by the owner only', async () => {
    withStdin(`${DEMO_PASSWORD}\n`);
    const result = await cli(
      'login',
      '--api',
      server.url,
      '--email',
      DEMO_SELLER,
      '--password-stdin',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Logged in to ${server.url} as ${DEMO_SELLER}\n`);
    expect(configPath()).toBe(join(home, 'config', 'printloom', 'config.json'));
    expect(statSync(configPath()).mode & 0o777).toBe(0o600);
    const whoami = await cli('whoami', '--json');
    expect(whoami.code).toBe(0);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ email: DEMO_SELLER, api: server.url });
  });

  it('lets PRINTLOOM_TOKEN override the stored token', async () => {
    process.env.PRINTLOOM_TOKEN = 'not-a-real-token';
    try {
      const result = await cli('whoami');
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
    } finally {
      delete process.env.PRINTLOOM_TOKEN;
    }
  });
});

describe('printloom campaigns and bulk', () => {
  it('lists campaigns as JSON', async () => {
    const result = await cli('campaigns', 'list', '--json');
    expect(result.code).toBe(0);
    const page = JSON.parse(result.stdout) as { data: { id: number }[]; total: number };
    expect(page.total).toBeGreaterThan(0);
    expect(page.data.map((c) => c.id)).toContain(1);
  });

  it("says 'Campaign not found' for an unknown template, before uploading anything", async () => {
    const result = await cli('bulk', 'create', '--template', '999999', '--designs', art);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('printloom: Campaign not found\n');
  });

  it('rejects an unknown worker type and a bad concurrency as usage errors', async () => {
    expect((await cli('bulk', 'run', '--type', 'fast')).code).toBe(2);
    expect((await cli('bulk', 'run', '--concurrency', '0')).code).toBe(2);
  });

  it('creates a held job, starts it, processes every row once and marks the bad row invalid', async () => {
    const csv = join(home, 'rows.csv');
    writeFileSync(
      csv,
      [
        'campaign_name,new_url,print_space',
        'Sunset one,art/sunset-one.png,front',
        'Sleeve only,art/sunset-two.png,sleeve',
      ].join('\n'),
    );
    const created = await cli(
      'bulk',
      'create',
      '--template',
      '1',
      '--designs',
      csv,
      '--name-prefix',
      'CLI',
      // The sleeve row breaks a rule on purpose, so the worker marks it invalid.
      '--force',
      '--json',
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const job = JSON.parse(created.stdout) as { id: number; rows: number; stopped: number };
    expect(job).toMatchObject({ rows: 2, stopped: 2, started: false });

    const folder = await cli(
      'bulk',
      'create',
      '--template',
      '1',
      '--designs',
      art,
      '--start',
      '--json',
    );
    expect(JSON.parse(folder.stdout)).toMatchObject({ rows: 3, uploaded: 3, started: true });

    const started = await cli('bulk', 'start-all', '--json');
    expect(JSON.parse(started.stdout).updated).toBeGreaterThanOrEqual(2);

    // The sleeve row is marked invalid on purpose: --allow-failed-rows keeps the exit code 0.
    const ran = await cli(
      'bulk',
      'run',
      '--once',
      '--allow-failed-rows',
      '--concurrency',
      '2',
      '--json',
    );
    expect(ran.code).toBe(0);
    const counts = JSON.parse(ran.stdout) as { processed: number; invalid: number };
    expect(counts.invalid).toBeGreaterThanOrEqual(1);
    expect(counts.processed).toBeGreaterThanOrEqual(4);

    const list = await cli('bulk', 'list', '--per-page', '100', '--json');
    const rows = (
      JSON.parse(list.stdout) as {
        data: {
          bulk_id: number;
          campaign_name: string;
          status: string;
          message: string | null;
          campaign_id: number | null;
        }[];
      }
    ).data;
    const sleeve = rows.find((r) => r.campaign_name === 'CLI Sleeve only');
    expect(sleeve).toMatchObject({ status: 'failed', message: 'PRINT_SPACE_IS_MISSING' });
    const done = rows.filter(
      (r) => r.bulk_id === job.id + 1 || r.campaign_name === 'CLI Sunset one',
    );
    expect(done.map((r) => r.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    const campaignIds = done.map((r) => r.campaign_id);
    expect(new Set(campaignIds).size).toBe(4);

    const campaigns = await cli('campaigns', 'list', '--q', 'sunset three', '--json');
    expect(JSON.parse(campaigns.stdout).data[0]?.name).toBe('sunset three');
  }, 120_000);

  it('retries a failed row back into the queue', async () => {
    const list = await cli('bulk', 'list', '--status', 'failed', '--json');
    const failed = (JSON.parse(list.stdout) as { data: { id: number }[] }).data[0];
    expect(failed).toBeDefined();
    const retried = await cli('bulk', 'retry', String(failed?.id), '--json');
    expect(retried.code).toBe(0);
    expect(JSON.parse(retried.stdout)).toMatchObject({ id: failed?.id, status: 'pending' });
  });
});

describe("the pre-check, both kinds of bulk work and the dashboard's words", () => {
  it('refuses rows the dashboard would refuse, with readable reasons, and creates nothing', async () => {
    const csv = join(home, 'precheck.csv');
    writeFileSync(
      csv,
      [
        'campaign_name,new_url,print_space',
        'Fine,art/sunset-one.png,front',
        'Sleeve only,art/sunset-two.png,sleeve',
        'Lost file,art/nowhere.png,front',
      ].join('\n'),
    );
    const before = JSON.parse((await cli('bulk', 'list', '--json')).stdout).total as number;
    const result = await cli('bulk', 'create', '--template', '1', '--designs', csv, '--force');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('2 of 3 rows refused by the pre-check');
    expect(result.stderr).toContain(
      `row 2 "Sleeve only": Classic T-shirt has no print space 'sleeve' (PRINT_SPACE_IS_MISSING)`,
    );
    expect(result.stderr).toContain(
      `row 3 "Lost file": ${join(home, 'art', 'nowhere.png')} does not exist (Design url is invalid)`,
    );
    // A missing file cannot be sent even with --force.
    expect(result.stderr).toContain('--force cannot send a file that cannot be read');

    const json = await cli('bulk', 'create', '--template', '1', '--designs', csv, '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      rows: 3,
      refused: [
        { row: 2, message: 'PRINT_SPACE_IS_MISSING' },
        { row: 3, message: 'Design url is invalid' },
      ],
    });
    const after = JSON.parse((await cli('bulk', 'list', '--json')).stdout).total as number;
    expect(after).toBe(before);
  });

  it("shows statuses with the dashboard's labels and reads them back", async () => {
    // The sleeve row was retried above: a run fails it again.
    expect((await cli('bulk', 'run', '--once', '--allow-failed-rows')).code).toBe(0);
    const processed = await cli('bulk', 'list', '--status', 'processed', '--per-page', '3');
    expect(processed.code).toBe(0);
    expect(processed.stdout).toContain('Processed');
    expect(processed.stdout).not.toContain('completed');
    const failed = await cli('bulk', 'list', '--status', 'Failed');
    expect(failed.stdout).toContain(
      'PRINT_SPACE_IS_MISSING (A print space of the row is missing on the template campaign)',
    );
    const wrong = await cli('bulk', 'list', '--status', 'done');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Unknown status "done"');
  });

  it('creates, lists, stops, starts, retries and removes regular jobs', async () => {
    // A campaign the multi-space run made: it has a design, so regular jobs can copy it.
    const made = await cli('campaigns', 'list', '--q', 'sunset three', '--json');
    const template = (JSON.parse(made.stdout) as { data: { id: number }[] }).data[0]?.id ?? 0;
    const created = await cli(
      'bulk',
      'create',
      '--kind',
      'regular',
      '--template',
      String(template),
      '--designs',
      art,
      '--name-prefix',
      'Reg',
      '--json',
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const { ids } = JSON.parse(created.stdout) as { ids: number[] };
    expect(ids).toHaveLength(3);

    const listed = await cli('bulk', 'list', '--kind', 'regular', '--json');
    const jobs = (JSON.parse(listed.stdout) as { data: { id: number; status: string }[] }).data;
    expect(jobs.filter((job) => ids.includes(job.id)).map((job) => job.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    const table = await cli('bulk', 'list', '--kind', 'regular');
    expect(table.stdout).toMatch(new RegExp(`Pending\\s+${template}\\s+—\\s+Reg sunset`));

    const [first = 0, second = 0] = ids;
    const stopped = await cli('bulk', 'stop', String(first), '--kind', 'regular', '--json');
    expect(JSON.parse(stopped.stdout)).toMatchObject([{ id: first, status: 'stopped' }]);
    const onlyStopped = await cli('bulk', 'list', '--kind', 'regular', '--status', 'stopped');
    expect(onlyStopped.stdout).toContain('Stopped');
    const retried = await cli('bulk', 'retry', String(first), '--kind', 'regular', '--json');
    expect(JSON.parse(retried.stdout)).toMatchObject({ id: first, status: 'pending' });
    expect((await cli('bulk', 'stop-all', '--kind', 'regular')).stdout).toMatch(
      /^\d+ jobs stopped\.\n$/,
    );
    const started = await cli('bulk', 'start', String(second), '--kind', 'regular');
    expect(started.stdout).toContain('Pending');
    const removed = await cli('bulk', 'remove', ...ids.map(String), '--kind', 'regular');
    expect(removed.stdout).toBe('Removed 3 jobs.\n');
    const left = await cli('bulk', 'list', '--kind', 'regular', '--json');
    expect(
      (JSON.parse(left.stdout) as { data: { id: number }[] }).data.filter((job) =>
        ids.includes(job.id),
      ),
    ).toEqual([]);
  });

  it('refuses an unknown kind as a usage error', async () => {
    const result = await cli('bulk', 'list', '--kind', 'express');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Unknown kind "express": use multi-space or regular');
  });
});

describe('logout', () => {
  it('forgets the token', async () => {
    const result = await cli('logout');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Logged out.\n');
    const whoami = await cli('whoami');
    expect(whoami.code).toBe(1);
    expect(whoami.stderr).toContain('Not logged in');
  });
});

describe('printloom login --api-key', () => {
  /** A key made over HTTP with a password session, as the dashboard's API keys page does. */
  async function apiKey(scopes: string[]): Promise<{ id: number; key: string; session: string }> {
    const login = await fetch(`${server.url}/auth/seller/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_SELLER, password: DEMO_PASSWORD }),
    });
    const session = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const created = await fetch(`${server.url}/seller/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
      body: JSON.stringify({ name: 'cli test', scopes }),
    });
    expect(created.status).toBe(200);
    const { id, key } = ((await created.json()) as { data: { id: number; key: string } }).data;
    return { id, key, session };
  }

  it('logs in with a key, uses it for commands, and forgets it on logout', async () => {
    const { key } = await apiKey(['get_campaigns']);
    const result = await cli('login', '--api', server.url, '--api-key', key);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Logged in to ${server.url} as ${DEMO_SELLER}\n`);
    const list = await cli('campaigns', 'list', '--json');
    expect(list.code).toBe(0);
    expect(Array.isArray(JSON.parse(list.stdout).data)).toBe(true);
    const logout = await cli('logout');
    expect(logout.stdout).toContain('Forgot the API key');
    expect((await cli('whoami')).stderr).toContain('Not logged in');
  });

  it('reads the key from stdin with "-" and refuses what is not a key', async () => {
    const { key } = await apiKey(['get_campaigns']);
    withStdin(`${key}\n`);
    expect((await cli('login', '--api', server.url, '--api-key', '-')).code).toBe(0);
    await cli('logout');
    const notKey = await cli('login', '--api', server.url, '--api-key', 'hunter2');
    expect(notKey.code).toBe(2);
    expect(notKey.stderr).toContain('plk_');
  });

  it('accepts a key in PRINTLOOM_TOKEN and stops at once when the key is revoked', async () => {
    const { id, key, session } = await apiKey(['get_campaigns']);
    process.env.PRINTLOOM_API = server.url;
    process.env.PRINTLOOM_TOKEN = key;
    try {
      const whoami = await cli('whoami', '--json');
      expect(whoami.code).toBe(0);
      expect(JSON.parse(whoami.stdout)).toMatchObject({ email: DEMO_SELLER });
      const revoked = await fetch(`${server.url}/seller/api-keys/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${session}` },
      });
      expect(revoked.status).toBe(200);
      const after = await cli('whoami');
      expect(after.code).toBe(1);
      expect(after.stdout).toBe('');
      const relogin = await cli('login', '--api-key', key);
      expect(relogin.code).toBe(1);
    } finally {
      delete process.env.PRINTLOOM_API;
      delete process.env.PRINTLOOM_TOKEN;
    }
  });
});
