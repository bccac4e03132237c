import type { WorkerClock } from '@printloom/core';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deadAddress, type LocalApi, ok, refused, startLocalApi } from '../../test/localApi.js';
import { runCli as cli } from '../../test/runCli.js';
import { TOKEN_REFUSED_MESSAGE } from '../worker/connectionWatch.js';
import { runWorkers } from '../worker/runWorkers.js';

/**
 * `printloom bulk run` against a local API that is down, refuses the token, or hands out a row
 * that fails: fleets must hear about each instead of polling quietly forever.
 */

/** A clock whose waits end at once, so retries happen without real seconds passing. */
const instantClock: WorkerClock = { now: () => Date.now(), sleep: async () => {} };
const quiet = pino({ level: 'silent' });
const CLAIM = 'GET /seller/campaign/bulk-v3/pending';
const NEXT_JOB = 'GET /seller/campaign/bulk/next-job';

let servers: LocalApi[] = [];
beforeEach(() => {
  process.env.XDG_CONFIG_HOME = '/nonexistent/printloom-bulk-run';
  process.env.PRINTLOOM_TOKEN = 'fleet-token';
});
afterEach(async () => {
  for (const server of servers) await server.close();
  servers = [];
  delete process.env.PRINTLOOM_API;
  delete process.env.PRINTLOOM_TOKEN;
  delete process.env.XDG_CONFIG_HOME;
});

async function localApi(routes: Parameters<typeof startLocalApi>[0]): Promise<LocalApi> {
  const api = await startLocalApi(routes);
  servers.push(api);
  process.env.PRINTLOOM_API = api.url;
  return api;
}

describe('printloom bulk run and a refused token', () => {
  it('--once exits 1 with the login hint on the first 401', async () => {
    const api = await localApi({ [CLAIM]: () => refused(401, 'Unauthenticated.') });
    const result = await cli('bulk', 'run', '--once', '--type', 'multi-space');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`printloom: ${TOKEN_REFUSED_MESSAGE}\n`);
    expect(api.requests.filter((r) => `${r.method} ${r.path}` === CLAIM)).toHaveLength(1);
  });

  it('a long-running worker (no --once) stops on 401 instead of polling on', async () => {
    await localApi({
      [CLAIM]: () => refused(401, 'Unauthenticated.'),
      [NEXT_JOB]: () => refused(401, 'Unauthenticated.'),
    });
    const result = await cli('bulk', 'run', '--type', 'all');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'the token was refused: run printloom login again or set PRINTLOOM_TOKEN',
    );
  });
});

describe('printloom bulk run and an API that is down', () => {
  it('--once gives up after a bounded retry and names the address', async () => {
    process.env.PRINTLOOM_API = await deadAddress();
    const started = Date.now();
    const result = await cli('bulk', 'run', '--once', '--type', 'multi-space');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^printloom: Cannot reach the API at ${process.env.PRINTLOOM_API} \\(.+; 5 attempts\\)\\n$`,
      ),
    );
    // Four waits of 2 s between five attempts: bounded, not forever.
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 20_000);

  it('counts gateway answers (502/503/504) as the API being gone, and stops', async () => {
    const api = await localApi({ [CLAIM]: () => refused(503, 'Service Unavailable') });
    const result = await runWorkers({
      type: 'multi-space',
      concurrency: 1,
      once: true,
      deviceId: 'test',
      sessionId: 'test',
      verbose: false,
      panel: false,
      handleSignals: false,
      session: { api: api.url, token: 't' },
      logger: quiet,
      clock: instantClock,
    });
    expect(result.stopped).toEqual({
      reason: 'unreachable',
      message: `Cannot reach the API at ${api.url} (HTTP 503; 5 attempts)`,
    });
    expect(api.requests).toHaveLength(5);
  });

  it('a long-running worker keeps retrying while the API is away, then works again', async () => {
    let claims = 0;
    const controller = new AbortController();
    const api = await localApi({
      [CLAIM]: () => {
        claims += 1;
        // Down for the first eight claims, then back with an empty queue.
        if (claims <= 8) return refused(502, 'Bad Gateway');
        controller.abort();
        return ok([]);
      },
    });
    const result = await runWorkers({
      type: 'multi-space',
      concurrency: 1,
      once: false,
      deviceId: 'test',
      sessionId: 'test',
      verbose: false,
      panel: false,
      handleSignals: false,
      session: { api: api.url, token: 't' },
      logger: quiet,
      clock: instantClock,
      signal: controller.signal,
    });
    expect(result.stopped).toBeNull();
    expect(claims).toBe(9);
  });
});

describe('printloom bulk run --once and failed rows', () => {
  /** Hands out one row whose template campaign is gone, then nothing. */
  async function oneBadRow() {
    let handed = false;
    return localApi({
      [CLAIM]: () => {
        if (handed) return ok([]);
        handed = true;
        return ok([
          {
            id: 41,
            template_campaign_id: 9,
            template_campaign: null,
            designs: JSON.stringify([{ new_url: 'https://example.test/a.png' }]),
            lease_token: 'lease-41',
          },
        ]);
      },
      'POST /seller/campaign/bulk-v3/mark-row-invalid': () => ok({ id: 41, status: 'failed' }),
    });
  }

  it('exits 3 and says how many rows failed', async () => {
    const api = await oneBadRow();
    const result = await cli('bulk', 'run', '--once', '--type', 'multi-space', '--json');
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({ invalid: 1, failedRows: 1, stopped: null });
    expect(result.stderr).toContain(
      'printloom: 1 row failed: see `printloom bulk list --status failed`',
    );
    const marked = api.requests.find((r) => r.path.endsWith('/mark-row-invalid'));
    expect(marked?.body).toMatchObject({
      id: 41,
      message: 'Campaign not found',
      leaseToken: 'lease-41',
    });
  });

  it('exits 0 with --allow-failed-rows', async () => {
    await oneBadRow();
    const result = await cli(
      'bulk',
      'run',
      '--once',
      '--type',
      'multi-space',
      '--allow-failed-rows',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Processed 0 · Invalid 1 · Errors 0\n');
  });
});
