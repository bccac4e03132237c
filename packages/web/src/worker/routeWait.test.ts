import { describe, expect, it } from 'vitest';
import { ROUTE_WAIT_MS } from './constants.js';
import { createFakeClock } from './fakeClock.js';
import { createRouteGate, isWaitRoute } from './routeWait.js';

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
    const clock = createFakeClock();
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
    await clock.advance(ROUTE_WAIT_MS - 1);
    expect(passed).toBe(false);
    await clock.advance(1);
    // Still on the editor after 30 s: another 30 s.
    expect(passed).toBe(false);
    expect(clock.sleeps).toEqual([ROUTE_WAIT_MS, ROUTE_WAIT_MS]);
    path = '/orders';
    await clock.advance(ROUTE_WAIT_MS);
    expect(passed).toBe(true);
    expect(waits).toEqual([true, false]);
  });

  it('does not wait at all on other pages', async () => {
    const clock = createFakeClock();
    const gate = createRouteGate({ getPathname: () => '/', clock });
    await gate(new AbortController().signal);
    expect(clock.sleeps).toEqual([]);
  });

  it('ends the wait when the workers stop', async () => {
    const clock = createFakeClock();
    const stop = new AbortController();
    const gate = createRouteGate({ getPathname: () => '/campaigns/import', clock });
    const waiting = gate(stop.signal);
    await clock.advance(1000);
    stop.abort();
    await expect(waiting).resolves.toBeUndefined();
    expect(clock.now() - 1_000_000).toBe(1000);
  });
});
