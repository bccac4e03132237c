/**
 * The in-tab bulk workers (spec §4): the multi-space and regular workers of @printloom/core,
 * run in the seller's dashboard tab as the CLI runs them on servers, with the browser canvas
 * renderer. Rules on top of the state machines:
 *
 * - one tab per browser runs them (tabLeader.ts); the others show 'standby' in their panel;
 * - they use the session they started with: a logout or account switch stops them (the next
 *   request under another session is refused before it leaves the tab), and so does a 401;
 * - the regular worker only waits, 30 s at a time, on the busy routes (routeWait.ts);
 * - a next-job answer asking for a reload reloads the tab after 60 s of mouse inactivity, with
 *   a fresh tab session id (reloadRule.ts);
 * - every transition is shown in the hidden worker panel (shell/workerStore.ts).
 *
 * Stopping lets a row in hand finish and save, as `printloom bulk run` does on SIGINT. A tab
 * that goes away (closed, reloaded) gives its rows in hand back with the lease `release` routes
 * (handBack.ts), so another worker takes them at once; a row that can neither be saved nor given
 * back keeps its lease until it expires, then any worker claims it again.
 */
import {
  createApiClient,
  heldJob,
  heldRecord,
  type MultiSpaceState,
  type RegularState,
  runMultiSpaceWorker,
  runRegularWorker,
  systemClock,
  type WorkerLogger,
} from '@printloom/core';
import { readSessionMarker } from '../env/session.js';
import { type WorkerRow, type WorkerStore, workerStore } from '../shell/workerStore.js';
import { artworkAddress } from './artworkAddress.js';
import { BrowserRowRenderer } from './BrowserRowRenderer.js';
import { loadArtwork } from './browserCanvas.js';
import { clearTabSessionId, tabIdentity } from './clientIdentity.js';
import {
  MOUSE_ACTIVITY_WRITE_MS,
  SESSION_CHECK_MS,
  TEMPLATE_ASSETS_BASE,
  WORKER_LOCK_NAME,
  WORKER_STATUS,
} from './constants.js';
import { createHandBack } from './handBack.js';
import { createPaintClient } from './paintClient.js';
import { trackMouseActivity } from './reloadRule.js';
import { createRouteGate } from './routeWait.js';
import { createRowPainter } from './rowPainter.js';
import { browserLeaderEnvironment, runAsTabLeader, type TabLeaderOptions } from './tabLeader.js';
import { createTabRegularApi } from './tabRegularApi.js';
import { createTemplateAssets } from './templateAssets.js';

export interface StartInTabWorkersOptions {
  /** The page's path, read before each regular next-job request (route wait rule). */
  getPathname?: () => string;
  /** Where the panel rows go; the shell's store by default. */
  store?: WorkerStore;
  /** Web Locks / BroadcastChannel; the browser's by default. */
  leader?: Pick<TabLeaderOptions, 'locks' | 'openChannel'>;
  reloadPage?: () => void;
}

export interface InTabWorkers {
  /** Stops after the rows in hand; resolves once both workers and the tab lock are released. */
  stop(): Promise<void>;
  /** Settles when the workers have stopped for any reason (stop, logout, 401). */
  readonly done: Promise<void>;
}

export const WORKER_IDS = { multiSpace: 'multi-space', regular: 'regular' } as const;
const WORKER_NAMES = { multiSpace: 'Multi-space worker', regular: 'Regular worker' } as const;

const consoleLogger: WorkerLogger = {
  // Routine progress ('Row claimed', 'No pending record found') stays out of a normal console.
  info: (fields, message) => console.debug(`[bulk worker] ${message}`, fields),
  warn: (fields, message) => console.warn(`[bulk worker] ${message}`, fields),
  error: (fields, message) => console.error(`[bulk worker] ${message}`, fields),
};

class SessionChangedError extends Error {
  constructor() {
    super('The session changed: the bulk workers of this tab stop');
    this.name = 'SessionChangedError';
  }
}

/** The workers this tab runs, shared by every caller until the last one stops them. */
let running: { workers: InTabWorkers; users: number; stopping: boolean } | null = null;

/**
 * Starts the bulk workers of this tab (or its standby when another tab runs them). A second
 * call while they run shares them (the first call's options hold); they stop when every caller
 * has called `stop`, or by themselves on logout, account switch or a refused session.
 */
export function startInTabWorkers(options: StartInTabWorkersOptions = {}): InTabWorkers {
  if (!running || running.stopping) {
    const entry = { workers: launch(options), users: 0, stopping: false };
    running = entry;
    void entry.workers.done.then(() => {
      entry.stopping = true;
      if (running === entry) running = null;
    });
  }
  const entry = running;
  entry.users += 1;
  let stopped = false;
  return {
    done: entry.workers.done,
    async stop() {
      if (!stopped) {
        stopped = true;
        entry.users -= 1;
        if (entry.users === 0) entry.stopping = true;
      }
      if (entry.stopping) await entry.workers.stop();
    },
  };
}

function launch(options: StartInTabWorkersOptions): InTabWorkers {
  const store = options.store ?? workerStore;
  const getPathname = options.getPathname ?? (() => location.pathname);
  const reloadPage = options.reloadPage ?? (() => location.reload());
  const controller = new AbortController();
  const session = readSessionMarker();

  // Bound to the session the workers started under: never a request under another account.
  const api = createApiClient({
    baseUrl: '',
    fetch: (input, init) => {
      if (readSessionMarker() !== session) {
        controller.abort();
        return Promise.reject(new SessionChangedError());
      }
      // The HttpOnly session cookie goes along and the client adds the CSRF header, which the
      // claim routes (GET pending, GET next-job) require; the signed upload PUT is authorised
      // by its signature.
      return fetch(input, { ...init, credentials: 'same-origin' });
    },
    getToken: () => null,
    onUnauthorized: () => controller.abort(),
  });
  // Leases given back as the page goes: `keepalive` lets the request outlive the page.
  const releasing = createApiClient({
    baseUrl: '',
    fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin', keepalive: true }),
    getToken: () => null,
  });
  const handBack = createHandBack({
    target: window,
    release: (kind, body) =>
      kind === 'multiSpace'
        ? releasing.bulkV3.release({ body })
        : releasing.bulkRegular.release({ body }),
  });
  // A logout or switch in another tab changes the shared session marker without a word to this one.
  const sessionWatch = setInterval(() => {
    if (readSessionMarker() !== session) controller.abort();
  }, SESSION_CHECK_MS);
  const fetchAsset = (url: string) => fetch(url, { credentials: 'same-origin' });
  const templates = createTemplateAssets({ base: TEMPLATE_ASSETS_BASE, fetch: fetchAsset });
  const painter = createPaintClient(() => createRowPainter({ templates }));
  const renderer = new BrowserRowRenderer({
    uploader: api.uploads,
    templates,
    painter,
    loadArtwork: (source) => loadArtwork(fetchAsset, artworkAddress(source, location.origin)),
    campaignProducts: async (id) => (await api.campaigns.get({ params: { id } })).products,
    now: () => Date.now(),
  });
  const mouse = trackMouseActivity({
    target: window,
    storage: safeLocalStorage(),
    now: () => Date.now(),
    writeEveryMs: MOUSE_ACTIVITY_WRITE_MS,
  });
  const identity = tabIdentity();

  // Until this tab leads, it stands by.
  const rows: Record<keyof typeof WORKER_IDS, WorkerRow> = {
    multiSpace: blankRow('multiSpace', WORKER_STATUS.standby),
    regular: blankRow('regular', WORKER_STATUS.standby),
  };
  const show = (key: keyof typeof WORKER_IDS, patch: Partial<WorkerRow>) => {
    rows[key] = { ...rows[key], ...patch };
    store.setWorker(rows[key]);
  };
  show('multiSpace', {});
  show('regular', {});

  let routeWaiting = false;
  let regularMode: string = WORKER_STATUS.starting;
  const gate = createRouteGate({
    getPathname,
    clock: systemClock,
    onWait: (waiting) => {
      routeWaiting = waiting;
      show('regular', { status: waiting ? WORKER_STATUS.routeWait : regularMode });
    },
  });

  const lead = async (leadSignal: AbortSignal): Promise<void> => {
    const regularApi = createTabRegularApi({
      api,
      waitForQuietRoute: gate,
      signal: leadSignal,
      lastMouseActivity: () => mouse.last(),
      now: () => Date.now(),
      reload: () => {
        consoleLogger.info({}, 'The server asked for a reload; the tab reloads');
        clearTabSessionId();
        reloadPage();
      },
    });
    await Promise.all([
      runMultiSpaceWorker({
        api,
        renderer,
        clock: systemClock,
        logger: consoleLogger,
        signal: leadSignal,
        identity,
        onState: (state: MultiSpaceState) => {
          const row = heldRecord(state);
          handBack.hold('multiSpace', row ? { id: row.id, leaseToken: row.lease_token } : null);
          show('multiSpace', {
            status: state.mode,
            recordId: state.record?.id ?? null,
            templateId: state.record?.template_campaign_id ?? null,
            lastError: state.lastError,
          });
        },
      }),
      runRegularWorker({
        api: regularApi,
        renderer,
        clock: systemClock,
        logger: consoleLogger,
        signal: leadSignal,
        identity: { ...identity, processId: 'tab' },
        onState: (state: RegularState) => {
          const job = heldJob(state);
          handBack.hold(
            'regular',
            job?.lease_token ? { id: job.id, leaseToken: job.lease_token } : null,
          );
          regularMode = state.mode;
          show('regular', {
            status: routeWaiting ? WORKER_STATUS.routeWait : state.mode,
            recordId: state.job?.id ?? null,
            templateId: state.job?.template_campaign_id ?? null,
            lastError: state.lastError,
          });
        },
      }),
    ]);
  };

  const done = runAsTabLeader({
    name: WORKER_LOCK_NAME,
    id: `${identity.sessionId}:${Math.random().toString(36).slice(2)}`,
    signal: controller.signal,
    lead,
    onLeaderChange: (leader) => {
      if (leader) return;
      const status = controller.signal.aborted ? WORKER_STATUS.stopped : WORKER_STATUS.standby;
      show('multiSpace', { status, recordId: null, templateId: null });
      show('regular', { status, recordId: null, templateId: null });
    },
    clock: systemClock,
    ...(options.leader ?? browserLeaderEnvironment()),
  })
    .catch((error: unknown) => {
      consoleLogger.error({ error }, 'The bulk workers of this tab stopped on an error');
    })
    .finally(() => {
      clearInterval(sessionWatch);
      handBack.dispose();
      mouse.dispose();
      renderer.dispose();
      painter.dispose();
    });

  return {
    done,
    async stop() {
      controller.abort();
      await done;
      store.removeWorker(WORKER_IDS.multiSpace);
      store.removeWorker(WORKER_IDS.regular);
    },
  };
}

function blankRow(key: keyof typeof WORKER_IDS, status: string): WorkerRow {
  return {
    id: WORKER_IDS[key],
    name: WORKER_NAMES[key],
    status,
    recordId: null,
    templateId: null,
    lastError: null,
  };
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
