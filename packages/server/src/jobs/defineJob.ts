import type { FastifyBaseLogger } from 'fastify';
import type { QueuePolicy } from 'pg-boss';
import type { z } from 'zod';
import type { ServerSettings } from '../config.js';
import type { Db, Queryable } from '../db/Db.js';

/** What a job's handler is given besides its payload. */
export interface JobContext {
  db: Db;
  log: FastifyBaseLogger;
  settings: ServerSettings;
  /** The local blob store's directory. */
  blobDir: string;
  /** To enqueue follow-up work (inside `db.transaction` when it goes with other writes). */
  jobs: JobQueue;
  /** The job's id, for logs. */
  id: string;
  /** 0 on the first run, 1 on the first retry, … */
  retryCount: number;
  /** Aborted when the job runs past its expiry or the server stops. */
  signal: AbortSignal;
}

/**
 * Retries of a failing job: `limit` more runs after the first, `delaySeconds` apart, or with
 * `backoff` about `delaySeconds × 2^retry` apart (pg-boss adds jitter), at most `maxDelaySeconds`.
 */
export interface JobRetry {
  limit: number;
  delaySeconds: number;
  backoff?: boolean;
  maxDelaySeconds?: number;
}

/**
 * One kind of background work: a queue of that name, the schema every payload is checked
 * against (when enqueued and when run), the handler, and how it retries. A throw from the
 * handler fails the run; it is retried as `retry` says, and logged.
 */
export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  /** Queue name: letters, digits, '-', '_', '.' and '/'. Renaming a job abandons its queue. */
  name: string;
  payload: P;
  // A method, so a job of any payload type fits where any job is expected (SERVER_JOBS).
  handler(payload: z.output<P>, context: JobContext): Promise<void>;
  /** Default: 2 retries with backoff from 5 s. */
  retry?: JobRetry;
  /** Seconds a run may take before it counts as failed; default 15 minutes. */
  expireInSeconds?: number;
  /**
   * pg-boss queue policy: 'standard' (default) runs every job; 'stately' keeps at most one
   * queued and one running, which suits sweeps (a slow run never piles up more). Fixed when the
   * queue is first created.
   */
  policy?: QueuePolicy;
  /** Runs at once on this server; default 1. */
  concurrency?: number;
  /**
   * A cron schedule (UTC; five fields, or six with seconds first) and the payload of each run.
   * Schedules live in the database: every replica declares the same one, one job is made per
   * occurrence.
   */
  schedule?: { cron: string; payload: z.input<P> };
}

/** When and how to enqueue. */
export interface EnqueueOptions {
  /** Run no earlier than this time, or this many seconds from now. */
  startAfter?: Date | number;
  /** At most one queued job with this key (a second enqueue returns null). */
  singletonKey?: string;
}

/** Enqueuing, as handlers and routes see it. */
export interface JobQueue {
  /**
   * Enqueues a job through `db`: pass the transaction the work belongs to (`db.transaction(tx
   * => …)`) and the job exists only if that transaction commits; pass the Db outside any
   * transaction. On PGlite, enqueuing through the Db while a transaction is open waits for that
   * transaction forever: inside one, always pass its `tx`. Returns the job id, or null when a
   * singleton key refused it.
   */
  enqueue<P extends z.ZodType>(
    db: Queryable,
    job: JobDefinition<P>,
    payload: z.input<P>,
    options?: EnqueueOptions,
  ): Promise<string | null>;
}

/** Declares a job with its payload type inferred from its schema. */
export function defineJob<P extends z.ZodType>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}
