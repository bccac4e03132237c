import { randomUUID } from 'node:crypto';
import { systemClock, type WorkerClock } from '@printloom/core';
import type { Db } from '@printloom/server';
import type { Logger } from 'pino';
import { runWorkers } from './runWorkers.js';

/**
 * The bulk workers of `printloom serve --workers N`: a job queued from the CLI or the dashboard
 * gets processed with no browser tab or `bulk run` process open.
 *
 * Each server worker is the very code of `printloom bulk run` (runWorkers: one multi-space and
 * one regular worker, over HTTP), pointed at its own server on loopback. It serves every seller,
 * one at a time: it asks the database which seller has waited longest (sellersWithBulkWork),
 * opens a service session of that seller inside the process (openServiceSession: no route, no
 * key; see the server README), drains that seller's queue with `once`, closes the session and
 * moves on. The rows it saves carry the device id 'server worker N', which is how the
 * dashboard's job pages say who processed them.
 */

/** How often an idle server worker looks for work (a claim costs one small query). */
export const SERVER_WORKER_IDLE_POLL_MS = 2000;
/** A seller whose queue gave a worker nothing is passed over this long (limits, other workers). */
export const SERVER_WORKER_SELLER_REST_MS = 10_000;

export interface ServerWorkersOptions {
  count: number;
  /** The server's own address on loopback, e.g. http://127.0.0.1:3000. */
  api: string;
  /** The two calls of @printloom/server the workers need (injected so tests can count them). */
  server: {
    db: Db;
    sellersWithBulkWork(db: Db, limit: number): Promise<number[]>;
    openServiceSession(
      db: Db,
      sellerId: number,
    ): Promise<{ token: string; close(): Promise<void> }>;
  };
  logger: Logger;
  /** Aborting lets each worker finish and save the row in hand, then stop. */
  signal: AbortSignal;
  /** Aborting (after `signal`) gives the rows in hand back to the queue instead. */
  abandon?: AbortSignal;
  clock?: WorkerClock;
}

export function serverWorkerName(n: number): string {
  return `server worker ${n}`;
}

/** Starts the server's bulk workers; resolves once all have stopped after `signal`. */
export async function runServerWorkers(options: ServerWorkersOptions): Promise<void> {
  const clock = options.clock ?? systemClock;
  const resting = new Map<number, number>();
  const serving = new Map<number, number>();

  /** The longest-waiting seller not resting, one no other worker serves if there is one. */
  async function pickSeller(): Promise<number | undefined> {
    const now = clock.now();
    const sellers = (
      await options.server.sellersWithBulkWork(options.server.db, options.count + 10)
    ).filter((id) => (resting.get(id) ?? 0) <= now);
    return sellers.find((id) => !serving.has(id)) ?? sellers[0];
  }

  async function serve(n: number): Promise<void> {
    const name = serverWorkerName(n);
    const log = options.logger.child({ worker: name });
    while (!options.signal.aborted) {
      let seller: number | undefined;
      try {
        seller = await pickSeller();
      } catch (error) {
        log.error({ err: error }, 'Cannot read the bulk queue');
      }
      if (seller === undefined) {
        await clock.sleep(SERVER_WORKER_IDLE_POLL_MS, options.signal);
        continue;
      }
      serving.set(seller, (serving.get(seller) ?? 0) + 1);
      try {
        const session = await options.server.openServiceSession(options.server.db, seller);
        try {
          const result = await runWorkers({
            type: 'all',
            concurrency: 1,
            once: true,
            deviceId: name,
            sessionId: randomUUID(),
            verbose: false,
            panel: false,
            handleSignals: false,
            session: { api: options.api, token: session.token },
            logger: log.child({ seller }),
            signal: options.signal,
            ...(options.abandon ? { abandon: options.abandon } : {}),
            clock,
            clientName: name,
          });
          const { processed, invalid, failedRows } = result;
          if (processed + invalid + failedRows > 0) {
            log.info({ seller, processed, invalid, failedRows }, 'Seller queue drained');
          } else {
            resting.set(seller, clock.now() + SERVER_WORKER_SELLER_REST_MS);
          }
          if (result.stopped) {
            log.warn({ seller, reason: result.stopped.reason }, result.stopped.message);
          }
        } finally {
          await session.close();
        }
      } catch (error) {
        log.error({ err: error, seller }, 'Server worker failed');
        resting.set(seller, clock.now() + SERVER_WORKER_SELLER_REST_MS);
      } finally {
        const left = (serving.get(seller) ?? 1) - 1;
        if (left > 0) serving.set(seller, left);
        else serving.delete(seller);
      }
    }
  }

  await Promise.all(Array.from({ length: options.count }, (_, i) => serve(i + 1)));
}
