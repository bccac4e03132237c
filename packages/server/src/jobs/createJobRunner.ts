/**
 * Background jobs on pg-boss, in the app's own database: PGlite through pg-boss's PGlite adapter
 * (one in-process connection, LISTEN/NOTIFY in process), Postgres through pg-boss's own small
 * pool. Same code on both. Jobs live in their own schema (`pgboss`), so they survive restarts
 * and are shared by every API replica: whichever replica is free runs the next one, exactly once.
 *
 * Lifecycle: buildApp starts the runner after migrating; each job is registered once at start
 * (its queue created, its retry options brought up to date, its worker and its schedule set);
 * closing the app stops the runner (running jobs get a grace period) before the database closes.
 */
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, type Db as JobDb, PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { ServerSettings } from '../config.js';
import type { Db, Queryable } from '../db/Db.js';
import type { EnqueueOptions, JobDefinition, JobQueue, JobRetry } from './defineJob.js';

export const DEFAULT_JOB_RETRY: JobRetry = { limit: 2, delaySeconds: 5, backoff: true };
/** How long stopping waits for running jobs before it gives up on them (they run again later). */
const STOP_GRACE_MS = 10_000;
/** pg-boss's connections on Postgres besides the app's pool (one more listens for NOTIFY). */
const JOB_POOL_SIZE = 3;

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobRunner extends JobQueue {
  /** Creates the job's queue if new, updates its options, starts working it and sets its schedule. */
  register(job: JobDefinition): Promise<void>;
  /** Where a job stands (null once it is gone: deleted, or a week after it completed). */
  stateOf(job: JobDefinition, id: string): Promise<JobState | null>;
  /** Stops working; running jobs get a grace period. */
  stop(): Promise<void>;
  /** The schema pg-boss keeps its tables in. */
  readonly schema: string;
}

/** The schema of the job tables: `pgboss`, or one beside each test schema. */
export function jobsSchemaFor(dbSchema: string | undefined): string {
  return dbSchema ? `${dbSchema}_jobs` : 'pgboss';
}

/** A transaction (or the Db) as pg-boss runs statements: the job row commits with the caller's. */
function jobDb(db: Queryable): JobDb {
  return {
    executeSql: async (text, values) => ({ rows: await db.query(text, values ?? []) }),
  };
}

export async function startJobRunner(env: {
  db: Db;
  log: FastifyBaseLogger;
  settings: ServerSettings;
  blobDir: string;
}): Promise<JobRunner> {
  const { db, log, settings } = env;
  const source = db.source;
  const schema = jobsSchemaFor(source.kind === 'pg' ? source.schema : undefined);
  const common = {
    schema,
    useListenNotify: true,
    application_name: 'printloom-jobs',
    cronMonitorIntervalSeconds: settings.jobCronCheckSeconds,
    // Schedules hand their jobs over through a queue of pg-boss's own, polled this often.
    cronWorkerIntervalSeconds: Math.min(45, Math.ceil(settings.jobPollingSeconds)),
  };
  const boss =
    source.kind === 'pglite'
      ? new PgBoss({ ...common, db: fromPglite(source.pglite), backend: 'pglite' })
      : new PgBoss({ ...common, connectionString: source.connectionString, max: JOB_POOL_SIZE });
  // pg-boss reports trouble as events; an 'error' without a listener would crash the process.
  boss.on('error', (error) => log.error({ err: error }, 'background jobs: error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'background jobs: warning'));
  await boss.start();

  const registered = new Map<string, JobDefinition>();
  const runner: JobRunner = {
    schema,

    async register(job) {
      const retry = job.retry ?? DEFAULT_JOB_RETRY;
      const options = {
        notify: true,
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: retry.backoff ?? false,
        ...(retry.maxDelaySeconds ? { retryDelayMax: retry.maxDelaySeconds } : {}),
        ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
      };
      await boss.createQueue(job.name, { ...options, policy: job.policy ?? 'standard' });
      // A queue made by an earlier release keeps its options until told otherwise.
      const { retryDelayMax: _fixedAtCreation, ...updatable } = options;
      await boss.updateQueue(job.name, updatable);
      registered.set(job.name, job);
      await boss.work(
        job.name,
        {
          pollingIntervalSeconds: settings.jobPollingSeconds,
          notifyPollingIntervalSeconds: settings.jobPollingSeconds,
          localConcurrency: job.concurrency ?? 1,
        },
        async ([run]) => {
          if (!run) return;
          const context = {
            ...env,
            jobs: runner,
            id: run.id,
            retryCount: run.retryCount,
            signal: run.signal,
            log: log.child({ job: job.name, jobId: run.id, retryCount: run.retryCount }),
          };
          try {
            await job.handler(job.payload.parse(run.data), context);
          } catch (error) {
            context.log.error({ err: error }, 'background job failed');
            throw error;
          }
        },
      );
      if (job.schedule) {
        const data = job.payload.parse(job.schedule.payload) as object;
        await boss.schedule(job.name, job.schedule.cron, data, { tz: 'UTC' });
      } else {
        await boss.unschedule(job.name);
      }
    },

    async enqueue<P extends z.ZodType>(
      through: Queryable,
      job: JobDefinition<P>,
      payload: z.input<P>,
      options: EnqueueOptions = {},
    ) {
      // An unknown queue sends pg-boss to the database on its own connection, which on PGlite
      // waits behind the caller's open transaction forever: refuse it here instead.
      if (registered.get(job.name) !== job) {
        throw new Error(`Background job "${job.name}" is not registered with this server`);
      }
      const data = job.payload.parse(payload) as object;
      return boss.send(job.name, data, {
        db: jobDb(through),
        ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
      });
    },

    async stateOf(job, id) {
      const [found] = await boss.findJobs(job.name, { id });
      return found?.state ?? null;
    },

    async stop() {
      await boss.stop({ graceful: true, timeout: STOP_GRACE_MS });
    },
  };
  return runner;
}
