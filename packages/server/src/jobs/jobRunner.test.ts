import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  BACKENDS,
  createTestApp,
  dropTestSchema,
  newTestSchema,
  type TestApp,
} from '../../test/helpers.js';
import { buildApp } from '../app.js';
import type { ServerConfig } from '../config.js';
import { defineJob, type JobDefinition } from './defineJob.js';

/** A job that records each run's payload and time; `fail` makes every run throw. */
function recordingJob(name: string, options: { fail?: boolean } = {}) {
  const runs: Array<{ note: string; at: number; retryCount: number }> = [];
  const job = defineJob({
    name,
    payload: z.object({ note: z.string() }),
    retry: { limit: 2, delaySeconds: 1, backoff: true },
    handler: async ({ note }, { retryCount }) => {
      runs.push({ note, at: Date.now(), retryCount });
      if (options.fail) throw new Error(`${note} failed on purpose`);
    },
  });
  return { job, runs };
}

async function settled(app: FastifyInstance, job: JobDefinition, id: string | null) {
  expect(id).toEqual(expect.any(String));
  await vi.waitFor(
    async () => {
      expect(['completed', 'failed']).toContain(await app.jobs.stateOf(job, id ?? ''));
    },
    { timeout: 20_000, interval: 100 },
  );
  return app.jobs.stateOf(job, id ?? '');
}

describe.each(BACKENDS)('background jobs on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // Workers poll twice a second and schedules are looked at every second here, so retries and
    // cron runs show up close to when they are due.
    t = await createTestApp(backend, { jobPollingSeconds: 0.5, jobCronCheckSeconds: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs a job once, with its payload', async () => {
    const { job, runs } = recordingJob('test.once');
    await t.app.jobs.register(job);
    const id = await t.app.db.transaction((tx) => t.app.jobs.enqueue(tx, job, { note: 'hello' }));
    expect(await settled(t.app, job, id)).toBe('completed');
    expect(runs.map((run) => run.note)).toEqual(['hello']);
  });

  it('never runs a job enqueued in a transaction that rolled back', async () => {
    const { job, runs } = recordingJob('test.rollback');
    await t.app.jobs.register(job);
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.jobs.enqueue(tx, job, { note: 'rolled back' });
        throw new Error('the request failed after enqueuing');
      }),
    ).rejects.toThrow('the request failed after enqueuing');
    // A job enqueued after it on the same queue runs: the rolled-back one was never there.
    const after = await t.app.jobs.enqueue(t.app.db, job, { note: 'committed' });
    expect(await settled(t.app, job, after)).toBe('completed');
    expect(runs.map((run) => run.note)).toEqual(['committed']);
  });

  it('retries a failing job with a growing delay, then gives up', async () => {
    const { job, runs } = recordingJob('test.retry', { fail: true });
    await t.app.jobs.register(job);
    const id = await t.app.jobs.enqueue(t.app.db, job, { note: 'flaky' });
    expect(await settled(t.app, job, id)).toBe('failed');
    // One run and the two retries the job allows, each waiting longer than the one before:
    // 1–2 s, then 2–4 s (delay × 2^retry with jitter).
    expect(runs.map((run) => run.retryCount)).toEqual([0, 1, 2]);
    const [first, second, third] = runs.map((run) => run.at);
    expect(second! - first!).toBeGreaterThanOrEqual(1000);
    expect(third! - second!).toBeGreaterThanOrEqual(2000);
  });

  it('runs a cron schedule', async () => {
    const { job, runs } = recordingJob('test.cron');
    await t.app.jobs.register({
      ...job,
      schedule: { cron: '* * * * * *', payload: { note: 'tick' } },
    });
    await vi.waitFor(() => expect(runs.length).toBeGreaterThan(0), {
      timeout: 15_000,
      interval: 200,
    });
    expect(runs[0]?.note).toBe('tick');
  });

  it('refuses to enqueue a job this server has not registered', async () => {
    const { job } = recordingJob('test.unknown');
    await expect(t.app.jobs.enqueue(t.app.db, job, { note: 'x' })).rejects.toThrow(
      'Background job "test.unknown" is not registered with this server',
    );
  });
});

describe.each(BACKENDS)('a deferred job across a restart on %s', (backend) => {
  let dir: string;
  let schema: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    if (schema) await dropTestSchema(schema);
  });

  it('runs on the next server when the first stopped before it was due', async () => {
    dir = await mkdtemp(join(tmpdir(), 'printloom-jobs-'));
    schema = backend === 'pg' ? newTestSchema() : undefined;
    const config: ServerConfig = {
      secret: 'test-secret',
      jobPollingSeconds: 0.5,
      ...(schema
        ? { databaseUrl: process.env.DATABASE_URL, dbSchema: schema }
        : { dataDir: join(dir, 'data') }),
    };
    const first = recordingJob('test.deferred');
    const before = await buildApp(config);
    let id: string | null;
    try {
      await before.jobs.register(first.job);
      id = await before.db.transaction((tx) =>
        before.jobs.enqueue(tx, first.job, { note: 'later' }, { startAfter: 3 }),
      );
    } finally {
      await before.close();
    }
    const second = recordingJob('test.deferred');
    const after = await buildApp(config);
    try {
      await after.jobs.register(second.job);
      expect(await settled(after, second.job, id)).toBe('completed');
      expect(first.runs).toEqual([]);
      expect(second.runs.map((run) => run.note)).toEqual(['later']);
    } finally {
      await after.close();
    }
  });
});
