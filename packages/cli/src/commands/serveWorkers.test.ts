import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sampleArtwork } from '@printloom/renderer/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../test/runCli.js';
import { terminal } from '../prompt.js';

/**
 * `printloom serve` with its own bulk worker (the default `--workers 1`): a job queued from the
 * CLI is processed with no browser tab and no `bulk run` process, and the server's log says
 * which worker did it.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

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

type LogLine = Record<string, unknown> & { msg?: string };

let home: string;
let child: ChildProcess;
let url: string;
const log: LogLine[] = [];
const waiters: { seen: (line: LogLine) => boolean; done: (line: LogLine) => void }[] = [];

/** Resolves with the first server log line (JSON: not a terminal) `seen` accepts. */
function logLine(seen: (line: LogLine) => boolean): Promise<LogLine> {
  const found = log.find(seen);
  if (found) return Promise.resolve(found);
  return new Promise((done) => waiters.push({ seen, done }));
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'printloom-serve-workers-'));
  process.env.XDG_CONFIG_HOME = join(home, 'config');
  delete process.env.PRINTLOOM_API;
  delete process.env.PRINTLOOM_TOKEN;
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  child = spawn(
    join(ROOT, 'node_modules/.bin/node'),
    [
      join(ROOT, 'packages/cli/dist/bin.js'),
      'serve',
      '--demo',
      '--port',
      String(port),
      '--data-dir',
      join(home, 'data'),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DATABASE_URL: '' } },
  );
  const lines = createInterface({ input: child.stdout as Readable });
  lines.on('line', (text) => {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      line = { msg: text };
    }
    log.push(line);
    for (const waiter of [...waiters]) {
      if (waiter.seen(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done(line);
      }
    }
  });
  await logLine((line) => String(line.msg).startsWith('Printloom listening on'));
  const art = join(home, 'art');
  mkdirSync(art);
  for (const name of ['tabless-one', 'tabless-two']) {
    writeFileSync(join(art, `${name}.png`), await sampleArtwork(300, 375).encode('png'));
  }
  terminal.stdin = Readable.from(['printloom-demo\n']);
  const login = await cli(
    'login',
    '--api',
    url,
    '--email',
    'demo@printloom.test',
    '--password-stdin',
  );
  expect(login.code).toBe(0);
}, 90_000);

afterAll(() => {
  child?.kill('SIGTERM');
  rmSync(home, { recursive: true, force: true });
  delete process.env.XDG_CONFIG_HOME;
});

describe('printloom serve --workers', () => {
  it('says its worker runs, in the log the server prints at start', () => {
    expect(log.map((line) => line.msg)).toContain(
      '1 bulk worker running in this process (--workers 0 turns them off)',
    );
  });

  it('processes a job queued from the CLI with no tab and no bulk run, as "server worker 1"', async () => {
    const created = await cli(
      'bulk',
      'create',
      '--template',
      '1',
      '--designs',
      join(home, 'art'),
      '--start',
      '--json',
    );
    expect(created.stderr).toBe('');
    const job = JSON.parse(created.stdout) as { id: number; rows: number };
    expect(job.rows).toBe(2);

    const drained = await logLine(
      (line) => line.msg === 'Seller queue drained' && line.worker === 'server worker 1',
    );
    expect(drained).toMatchObject({ processed: 2, invalid: 0, failedRows: 0 });
    const list = await cli('bulk', 'list', '--per-page', '100', '--json');
    const rows = (
      JSON.parse(list.stdout) as {
        data: { bulk_id: number; status: string; device_id: string | null }[];
      }
    ).data.filter((row) => row.bulk_id === job.id);
    expect(rows.map((row) => row.status)).toEqual(['completed', 'completed']);
    // Who processed each row, as the job pages can say.
    expect(rows.map((row) => row.device_id)).toEqual(['server worker 1', 'server worker 1']);
    // Every save went through the API, named by the worker that made it.
    const saves = log.filter(
      (line) =>
        line.msg === 'request completed' &&
        String((line.req as { url?: string } | undefined)?.url).endsWith('/save-processed-row'),
    );
    expect(saves.map((line) => line.worker)).toEqual(['server worker 1', 'server worker 1']);
  }, 120_000);
});
