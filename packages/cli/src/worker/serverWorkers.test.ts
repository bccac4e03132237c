import type { WorkerClock } from '@printloom/core';
import type { Db } from '@printloom/server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalApi, ok, startLocalApi } from '../../test/localApi.js';
import {
  runServerWorkers,
  SERVER_WORKER_IDLE_POLL_MS,
  SERVER_WORKER_SELLER_REST_MS,
} from './serverWorkers.js';

/**
 * The loop of `serve --workers`: which seller a worker serves next, with which session, and
 * when it rests. The API here has nothing to hand out, so each visit to a seller is empty.
 */
let api: LocalApi;
beforeAll(async () => {
  api = await startLocalApi({
    'GET /seller/campaign/bulk-v3/pending': () => ok([]),
    'GET /seller/campaign/bulk/next-job': () => ok({ pending: false }),
  });
});
afterAll(async () => {
  await api?.close();
});

describe('runServerWorkers', () => {
  it('visits each waiting seller with its own session, rests an empty one, and comes back', async () => {
    let now = 0;
    let idle = 0;
    const stop = new AbortController();
    const clock: WorkerClock = {
      now: () => now,
      sleep: async (ms) => {
        now += ms;
        if (ms === SERVER_WORKER_IDLE_POLL_MS) idle += 1;
        // Long enough for both sellers to be visited twice.
        if (now > 2 * SERVER_WORKER_SELLER_REST_MS + SERVER_WORKER_IDLE_POLL_MS) stop.abort();
      },
    };
    const visits: { seller: number; at: number }[] = [];
    const open = new Set<string>();
    await runServerWorkers({
      count: 1,
      api: api.url,
      server: {
        db: {} as Db,
        sellersWithBulkWork: async () => [7, 9],
        openServiceSession: async (_db, seller) => {
          visits.push({ seller, at: now });
          const token = `service-${seller}-${visits.length}`;
          open.add(token);
          return { token, close: async () => void open.delete(token) };
        },
      },
      logger: pino({ level: 'silent' }),
      signal: stop.signal,
      clock,
    });

    expect(visits.map((visit) => visit.seller).slice(0, 4)).toEqual([7, 9, 7, 9]);
    // An empty seller is not visited again before its rest is over.
    const [first, , again] = visits;
    expect((again?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(
      SERVER_WORKER_SELLER_REST_MS,
    );
    expect(idle).toBeGreaterThan(0);
    expect(open.size).toBe(0);
    // Each visit spoke as that seller, and named itself on every call.
    const claims = api.requests.filter((r) => r.path.endsWith('/bulk-v3/pending'));
    expect(claims[0]?.headers.authorization).toBe('Bearer service-7-1');
    expect(claims[1]?.headers.authorization).toBe('Bearer service-9-2');
    expect(new Set(api.requests.map((r) => r.headers['x-printloom-worker']))).toEqual(
      new Set(['server worker 1']),
    );
  });
});
