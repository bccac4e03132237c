import { systemClock } from '@printloom/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_WAIT_MS } from './constants.js';
import { createRouteGate, isWaitRoute } from './routeWait.js';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The system clock under fake timers, with the sleeps asked of it. */
function watchedClock() {
  const sleep = vi.spyOn(systemClock, 'sleep');
  return { clock: systemClock, sleeps: () => sleep.mock.calls.map(([ms]) => ms) };
}

describe('route wait rule (spec §4)', () => {
  it('names the routes where the regular worker only waits', () => {
    for (const path of [
      '/bulk-campaigns/multi-print-spaces',
      '/bulk-campaigns/multi-print-spaces/import',
      '/bulk-campaigns/multi-print-spaces/import/12',
      '/campaigns/edit',
      '/campaigns/edit/7',
      '/campaigns/custom/edit/7',
      '/bulk-campaigns/regular/12',
      '/bulk-campaigns/12',
      '/campaigns/import',
      '/bulk-campaigns/custom/mockup',
      '/bulk-campaigns/custom/mockup/3',
    ]) {
      expect(isWaitRoute(path), path).toBe(true);
    }
    for (const path of ['/', '/campaigns', '/bulk-campaigns', '/orders', '/campaigns/edit/7/x']) {
      expect(isWaitRoute(path), path).toBe(false);
    }
  });

  it('waits 30 s at a time while the seller stays on a busy page, then lets the worker on', async () => {
    const { clock, sleeps } = watchedClock();
    let path = '/campaigns/edit/7';
    const waits: boolean[] = [];
    const gate = createRouteGate({
      getPathname: () => path,
      clock,
      onWait: (waiting) => waits.push(waiting),
    });
    let passed = false;
    void gate(new AbortController().signal).then(() => {
      passed = true;
    });
    await vi.advanceTimersByTimeAsync(ROUTE_WAIT_MS - 1);
    expect(passed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    // Still on the editor after 30 s: another 30 s.
    expect(passed).toBe(false);
    expect(sleeps()).toEqual([ROUTE_WAIT_MS, ROUTE_WAIT_MS]);
    path = '/orders';
    await vi.advanceTimersByTimeAsync(ROUTE_WAIT_MS);
    expect(passed).toBe(true);
    expect(waits).toEqual([true, false]);
  });

  it('does not wait at all on other pages', async () => {
    const { clock, sleeps } = watchedClock();
    const gate = createRouteGate({ getPathname: () => '/', clock });
    await gate(new AbortController().signal);
    expect(sleeps()).toEqual([]);
  });

  it('ends the wait when the workers stop', async () => {
    const { clock } = watchedClock();
    const stop = new AbortController();
    const gate = createRouteGate({ getPathname: () => '/campaigns/import', clock });
    const waiting = gate(stop.signal);
    await vi.advanceTimersByTimeAsync(1000);
    stop.abort();
    await expect(waiting).resolves.toBeUndefined();
    expect(clock.now() - 1_000_000).toBe(1000);
  });
});
