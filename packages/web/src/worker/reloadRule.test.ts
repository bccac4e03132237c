import {
  type NextJobAnswer,
  REGULAR_WORKER_RETRY_DEFAULT_MS,
  type RegularApi,
  runRegularWorker,
  systemClock,
  type WorkerLogger,
} from '@printloom/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_INACTIVITY_MS, ROUTE_WAIT_MS, WORKER_STORAGE_KEYS } from './constants.js';
import { shouldReloadTab, trackMouseActivity } from './reloadRule.js';
import { createRouteGate } from './routeWait.js';
import { createTabRegularApi } from './tabRegularApi.js';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

const quiet: WorkerLogger = { info: () => {}, warn: () => {}, error: () => {} };

function fakeTarget() {
  const listeners = new Map<string, Set<() => void>>();
  return {
    addEventListener(type: string, listener: () => void) {
      const set = listeners.get(type) ?? new Set();
      set.add(listener);
      listeners.set(type, set);
    },
    removeEventListener(type: string, listener: () => void) {
      listeners.get(type)?.delete(listener);
    },
    fire(type: string) {
      for (const listener of listeners.get(type) ?? []) listener();
    },
  };
}

function memoryStorage() {
  const values = new Map<string, string>();
  const writes: string[] = [];
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes.push(value);
      values.set(key, value);
    },
    writes,
  };
}

describe('reload rule (spec §4)', () => {
  it('reloads only when asked and the mouse was still for more than 60 s', () => {
    const now = 10_000_000;
    expect(shouldReloadTab({ reload: false, lastMouseActivity: 0, now })).toBe(false);
    expect(
      shouldReloadTab({ reload: true, lastMouseActivity: now - RELOAD_INACTIVITY_MS, now }),
    ).toBe(false);
    expect(
      shouldReloadTab({ reload: true, lastMouseActivity: now - RELOAD_INACTIVITY_MS - 1, now }),
    ).toBe(true);
  });

  it('tracks mouse activity in local storage, at most once a second, seen by every tab', async () => {
    const clock = systemClock;
    const target = fakeTarget();
    const storage = memoryStorage();
    const mouse = trackMouseActivity({ target, storage, now: clock.now, writeEveryMs: 1000 });
    const started = clock.now();
    // A tab that just loaded counts as active: a reload cannot loop.
    expect(mouse.last()).toBe(started);
    await vi.advanceTimersByTimeAsync(5000);
    target.fire('mousemove');
    target.fire('mousemove');
    expect(mouse.last()).toBe(started + 5000);
    expect(storage.writes).toEqual([String(started + 5000)]);
    // Another tab saw the mouse later.
    storage.setItem(WORKER_STORAGE_KEYS.lastMouseActivity, String(started + 9000));
    expect(mouse.last()).toBe(started + 9000);
    mouse.dispose();
    await vi.advanceTimersByTimeAsync(20_000);
    target.fire('mousemove');
    expect(mouse.last()).toBe(started + 9000);
  });
});

/** The regular worker of core, driven through the tab's API rules with a fake clock. */
function runTabRegular(options: {
  clock: typeof systemClock;
  path: () => string;
  answer: () => Partial<NextJobAnswer>;
  lastMouseActivity: () => number;
}) {
  const asked: number[] = [];
  const reloads: number[] = [];
  const stop = new AbortController();
  const server: RegularApi = {
    bulkRegular: {
      release: async () => null,
      nextJob: async () => {
        asked.push(options.clock.now());
        return {
          reload: false,
          pending: false,
          created: false,
          reason: null,
          job: null,
          ...options.answer(),
        };
      },
      createCampaign: () => Promise.reject(new Error('not used')),
      log: () => Promise.resolve(null),
      saveDesigns: () => Promise.reject(new Error('not used')),
    },
    bulkV3: { origin: () => Promise.reject(new Error('not used')) },
  };
  const api = createTabRegularApi({
    api: server,
    waitForQuietRoute: createRouteGate({ getPathname: options.path, clock: options.clock }),
    signal: stop.signal,
    lastMouseActivity: options.lastMouseActivity,
    now: options.clock.now,
    reload: () => reloads.push(options.clock.now()),
  });
  const done = runRegularWorker({
    api,
    renderer: { renderJob: () => Promise.reject(new Error('not used')) },
    clock: options.clock,
    logger: quiet,
    signal: stop.signal,
    identity: { deviceId: 'd', sessionId: 's' },
  });
  return { asked, reloads, stop: () => stop.abort(), done };
}

describe('regular worker in the tab', () => {
  it('asks for no job while the seller is on a busy page, and resumes when they leave', async () => {
    const clock = systemClock;
    const start = clock.now();
    let path = '/bulk-campaigns/multi-print-spaces/import/4';
    const run = runTabRegular({
      clock,
      path: () => path,
      answer: () => ({}),
      lastMouseActivity: clock.now,
    });
    await vi.advanceTimersByTimeAsync(3 * ROUTE_WAIT_MS);
    expect(run.asked).toEqual([]);
    path = '/campaigns';
    await vi.advanceTimersByTimeAsync(ROUTE_WAIT_MS);
    expect(run.asked).toEqual([start + 4 * ROUTE_WAIT_MS]);
    // Off the busy pages it polls at the regular worker's own pace.
    await vi.advanceTimersByTimeAsync(REGULAR_WORKER_RETRY_DEFAULT_MS);
    expect(run.asked).toHaveLength(2);
    run.stop();
    await run.done;
  });

  it('reloads on a reload answer only after more than 60 s without mouse activity', async () => {
    const clock = systemClock;
    const start = clock.now();
    let lastMouse = start;
    const run = runTabRegular({
      clock,
      path: () => '/',
      answer: () => ({ reload: true }),
      lastMouseActivity: () => lastMouse,
    });
    await vi.advanceTimersByTimeAsync(50_000);
    // The seller moved the mouse 50 s ago at most: no reload yet.
    expect(run.asked.length).toBeGreaterThan(1);
    expect(run.reloads).toEqual([]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(run.reloads).toEqual([start + 70_000]);
    lastMouse = clock.now();
    const before = run.reloads.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(run.reloads).toHaveLength(before);
    run.stop();
    await run.done;
  });
});
