import {
  initialMultiSpaceState,
  initialRegularState,
  type MultiSpaceState,
  type RegularState,
  runMultiSpaceWorker,
  runRegularWorker,
  timerClock,
  type WorkerLogger,
} from '@printloom/core';
import { render } from 'ink';
import { authedClient } from '../config.js';
import { createLogger } from '../logger.js';
import { type PanelCounts, WorkerPanel, type WorkerRow } from '../ui/WorkerPanel.js';
import { NodeRowRenderer } from './nodeRenderer.js';

export interface RunWorkersOptions {
  type: 'multi-space' | 'regular' | 'all';
  concurrency: number;
  once: boolean;
  deviceId: string;
  sessionId: string;
  verbose: boolean;
  /** Show the live panel; default when stdout is a terminal. */
  panel?: boolean;
  /** Stops the workers (the CLI wires SIGINT/SIGTERM to it). */
  signal?: AbortSignal;
}

export interface RunWorkersResult {
  processed: number;
  invalid: number;
  errors: number;
  workers: number;
}

const PANEL_REFRESH_MS = 100;

/**
 * Runs the bulk workers of `printloom bulk run`: `concurrency` workers of each chosen type
 * sharing one renderer (and one Chromium for 3D). SIGINT or SIGTERM lets every worker finish
 * the row in hand and save it, then resolves; a second signal exits at once.
 */
export async function runWorkers(options: RunWorkersOptions): Promise<RunWorkersResult> {
  const { session, client } = await authedClient();
  const panel = options.panel ?? process.stdout.isTTY === true;
  const pino = createLogger({ verbose: options.verbose });
  if (panel && !options.verbose) pino.level = 'silent';
  const logger: WorkerLogger = {
    info: (fields, message) => pino.info(fields, message),
    warn: (fields, message) => pino.warn(fields, message),
    error: (fields, message) => pino.error(fields, message),
  };

  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) process.exit(130);
    pino.level = 'info';
    pino.info({ signal }, 'Stopping: finishing the current rows');
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const renderer = new NodeRowRenderer({
    client,
    api: session.api,
    chromium: process.env.PRINTLOOM_CHROMIUM || undefined,
  });
  const identity = { deviceId: options.deviceId, sessionId: options.sessionId };
  const rows: WorkerRow[] = [];
  const multi: MultiSpaceState[] = [];
  const regular: RegularState[] = [];
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
          clock: timerClock,
          logger,
          signal: controller.signal,
          identity,
          once: options.once,
          onState: (state) => {
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
      runs.push(
        runRegularWorker({
          api: client,
          renderer,
          clock: timerClock,
          logger,
          signal: controller.signal,
          identity: { ...identity, processId: String(process.pid) },
          once: options.once,
          onState: (state) => {
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
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (timer) clearInterval(timer);
    draw();
    view?.unmount();
    await renderer.close();
  }
  const final = counts();
  return {
    processed: final.processed,
    invalid: final.invalid,
    errors: final.errors,
    workers: rows.length,
  };
}
