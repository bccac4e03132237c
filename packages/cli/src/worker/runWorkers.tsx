import {
  type FetchLike,
  initialMultiSpaceState,
  initialRegularState,
  type MultiSpaceState,
  REGULAR_MODES,
  type RegularState,
  runMultiSpaceWorker,
  runRegularWorker,
  systemClock,
  WORKER_NAME_HEADER,
  type WorkerClock,
  type WorkerLogger,
} from '@printloom/core';
import { render } from 'ink';
import type { Logger } from 'pino';
import { CliError } from '../CliError.js';
import { clientFor, NOT_LOGGED_IN, resolveSession } from '../config.js';
import { createLogger } from '../logger.js';
import { type PanelCounts, WorkerPanel, type WorkerRow } from '../ui/WorkerPanel.js';
import {
  createConnectionWatch,
  ONCE_UNREACHABLE_ATTEMPTS,
  type WorkerStop,
} from './connectionWatch.js';
import { NodeRowRenderer } from './nodeRenderer.js';

export interface RunWorkersOptions {
  type: 'multi-space' | 'regular' | 'all';
  concurrency: number;
  /** Exit when there is nothing to claim now, instead of polling. */
  once: boolean;
  /** Who the workers are to the server: saved with every row (e.g. a host name, 'server worker 1'). */
  deviceId: string;
  sessionId: string;
  verbose: boolean;
  /** Show the live panel; default when stdout is a terminal. */
  panel?: boolean;
  /** Stops the workers after the rows in hand. */
  signal?: AbortSignal;
  /**
   * Aborting drops the rows in hand: each worker cancels its render, gives its row back to the
   * queue (the lease `release` routes) and stops. A second SIGINT/SIGTERM does the same.
   */
  abandon?: AbortSignal;
  /** API and token to work with; default the login (PRINTLOOM_API / PRINTLOOM_TOKEN win). */
  session?: { api: string; token: string };
  /** Stop on SIGINT/SIGTERM (the `bulk run` command); `serve` handles its signals itself. */
  handleSignals?: boolean;
  logger?: Logger;
  /** Consecutive unanswered calls before giving up; default 5 with `once`, else never. */
  unreachableLimit?: number | null;
  /** The workers' clock (waits between retries); real timers unless a test passes its own. */
  clock?: WorkerClock;
  /** Sent with every API call (WORKER_NAME_HEADER), so the server's log says who asked. */
  clientName?: string;
}

export interface RunWorkersResult {
  processed: number;
  invalid: number;
  errors: number;
  /** Rows marked invalid plus rows (or regular jobs) whose processing failed. */
  failedRows: number;
  workers: number;
  /** Why the workers stopped early (refused token, API gone); null when they were not stopped. */
  stopped: WorkerStop | null;
}

const PANEL_REFRESH_MS = 100;

/** A row whose processing failed: the error count rose while a row was in hand. */
function multiSpaceRowFailed(before: MultiSpaceState, after: MultiSpaceState): boolean {
  return after.counts.errors > before.counts.errors && before.record !== null;
}

function regularJobFailed(before: RegularState, after: RegularState): boolean {
  return after.counts.errors > before.counts.errors && before.job !== null;
}

/** The server had no job to hand out now (empty queue, bulk processing off, limits). */
function regularHadNothing(before: RegularState, after: RegularState): boolean {
  return (
    before.mode === REGULAR_MODES.getNextJob &&
    after.mode === REGULAR_MODES.waiting &&
    after.counts.errors === before.counts.errors
  );
}

/**
 * Runs bulk workers: `concurrency` workers of each chosen type sharing one renderer (and one
 * Chromium for 3D), all talking to the API over HTTP, as `printloom bulk run` and the workers
 * of `printloom serve` alike. A stop (signal, or SIGINT/SIGTERM with `handleSignals`) lets
 * every worker finish the row in hand and save it, then resolves; a second signal (or
 * `abandon`) gives the rows in hand back to the queue and exits; a third exits at once. A refused token stops the workers at once; an API that does not answer stops them
 * after `unreachableLimit` attempts in a row.
 */
export async function runWorkers(options: RunWorkersOptions): Promise<RunWorkersResult> {
  const session = options.session ?? (await resolveSession());
  if (!session.token) throw new CliError(NOT_LOGGED_IN);
  const panel = options.panel ?? process.stdout.isTTY === true;
  const pino = options.logger ?? createLogger({ verbose: options.verbose });
  // The panel shows what the logs would say; a reason to stop is still logged.
  const silenced = panel && !options.verbose;
  if (silenced) pino.level = 'silent';
  const logger: WorkerLogger = {
    info: (fields, message) => pino.info(fields, message),
    warn: (fields, message) => pino.warn(fields, message),
    error: (fields, message) => pino.error(fields, message),
  };

  const controller = new AbortController();
  const stopAll = () => controller.abort();
  options.signal?.addEventListener('abort', stopAll, { once: true });
  if (options.signal?.aborted) stopAll();
  const dropping = new AbortController();
  const dropAll = () => dropping.abort();
  options.abandon?.addEventListener('abort', dropAll, { once: true });
  if (options.abandon?.aborted) dropAll();
  const watch = createConnectionWatch({
    api: session.api,
    unreachableLimit:
      options.unreachableLimit !== undefined
        ? options.unreachableLimit
        : options.once
          ? ONCE_UNREACHABLE_ATTEMPTS
          : null,
    onStop: (stop) => {
      if (silenced) pino.level = 'error';
      pino.error({ reason: stop.reason }, `Workers stopped: ${stop.message}`);
      stopAll();
    },
  });
  const named = (fetch: FetchLike): FetchLike => {
    const name = options.clientName;
    if (!name) return fetch;
    return (input, init) =>
      input.startsWith(`${session.api}/`)
        ? fetch(input, {
            ...init,
            headers: { ...(init?.headers as Record<string, string>), [WORKER_NAME_HEADER]: name },
          })
        : fetch(input, init);
  };
  const client = clientFor({ api: session.api, token: session.token }, (fetch) =>
    named(watch.fetch(fetch)),
  );

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 2) process.exit(130);
    pino.level = 'info';
    if (signals === 2) {
      pino.info({ signal }, 'Stopping now: giving the rows in hand back to the queue');
      dropAll();
      return;
    }
    pino.info({ signal }, 'Stopping: finishing the current rows');
    stopAll();
  };
  const handleSignals = options.handleSignals ?? true;
  if (handleSignals) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }

  const renderer = new NodeRowRenderer({
    client,
    api: session.api,
    chromium: process.env.PRINTLOOM_CHROMIUM || undefined,
  });
  const identity = { deviceId: options.deviceId, sessionId: options.sessionId };
  const rows: WorkerRow[] = [];
  const multi: MultiSpaceState[] = [];
  const regular: RegularState[] = [];
  let failedRows = 0;
  let total: number | null = null;

  const counts = (): PanelCounts => {
    const sum = { processed: 0, invalid: 0, errors: 0 };
    for (const s of multi) {
      sum.processed += s.counts.processed;
      sum.invalid += s.counts.invalid;
      sum.errors += s.counts.errors;
    }
    for (const s of regular) {
      sum.processed += s.counts.processed;
      sum.errors += s.counts.errors;
    }
    return { ...sum, total };
  };

  let view: ReturnType<typeof render> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const draw = () => {
    view?.rerender(<WorkerPanel workers={[...rows]} counts={counts()} />);
  };
  if (panel) {
    try {
      const pending = await client.bulkV3.rows({ query: { status: 'pending', per_page: 1 } });
      total = pending.total;
    } catch {
      total = null;
    }
    view = render(<WorkerPanel workers={rows} counts={counts()} />, {
      stdout: process.stdout,
      patchConsole: false,
    });
    timer = setInterval(draw, PANEL_REFRESH_MS);
  }

  const runs: Promise<unknown>[] = [];
  const wantMulti = options.type === 'multi-space' || options.type === 'all';
  const wantRegular = options.type === 'regular' || options.type === 'all';
  for (let i = 0; i < options.concurrency; i += 1) {
    if (wantMulti) {
      const at =
        rows.push({
          name: `multi-space ${i + 1}`,
          status: 'starting',
          record: null,
          lastError: null,
        }) - 1;
      const slot = multi.push(initialMultiSpaceState()) - 1;
      runs.push(
        runMultiSpaceWorker({
          api: client,
          renderer,
          clock: options.clock ?? systemClock,
          logger,
          signal: controller.signal,
          abandon: dropping.signal,
          identity,
          once: options.once,
          onState: (state) => {
            const before = multi[slot] ?? state;
            if (multiSpaceRowFailed(before, state)) failedRows += 1;
            multi[slot] = state;
            rows[at] = {
              name: rows[at]?.name ?? '',
              status: state.mode,
              record: state.record
                ? { id: state.record.id, templateId: state.record.template_campaign_id }
                : null,
              lastError: state.lastError,
            };
          },
        }),
      );
    }
    if (wantRegular) {
      const at =
        rows.push({ name: `regular ${i + 1}`, status: 'starting', record: null, lastError: null }) -
        1;
      const slot = regular.push(initialRegularState()) - 1;
      // With `once` a regular worker leaves as soon as the server has no job for it now, for
      // whatever reason (bulk processing off or a limit reached would otherwise keep it waiting).
      const own = new AbortController();
      controller.signal.addEventListener('abort', () => own.abort(), { once: true });
      runs.push(
        runRegularWorker({
          api: client,
          renderer,
          clock: options.clock ?? systemClock,
          logger,
          signal: own.signal,
          abandon: dropping.signal,
          identity: { ...identity, processId: String(process.pid) },
          once: options.once,
          onState: (state) => {
            const before = regular[slot] ?? state;
            if (regularJobFailed(before, state)) failedRows += 1;
            if (options.once && regularHadNothing(before, state)) own.abort();
            regular[slot] = state;
            rows[at] = {
              name: rows[at]?.name ?? '',
              status: state.mode,
              record: state.job
                ? { id: state.job.id, templateId: state.job.template_campaign_id ?? null }
                : null,
              lastError: state.lastError,
            };
          },
        }),
      );
    }
  }
  try {
    await Promise.all(runs);
  } finally {
    if (handleSignals) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
    options.signal?.removeEventListener('abort', stopAll);
    options.abandon?.removeEventListener('abort', dropAll);
    if (timer) clearInterval(timer);
    draw();
    view?.unmount();
    await renderer.close();
  }
  // The rows in hand were given back on a second signal; the run ends as interrupted.
  if (signals > 1) process.exit(130);
  const final = counts();
  return {
    processed: final.processed,
    invalid: final.invalid,
    errors: final.errors,
    failedRows: failedRows + final.invalid,
    workers: rows.length,
    stopped: watch.stopped,
  };
}
