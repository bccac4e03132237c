import type { WorkerClock } from '@printloom/core';
import { matchPath } from 'react-router';
import { ROUTE_WAIT_MS, WAIT_ROUTE_PATTERNS } from './constants.js';

/** Whether the regular worker only waits on this page (spec §4). */
export function isWaitRoute(pathname: string): boolean {
  return WAIT_ROUTE_PATTERNS.some((path) => matchPath({ path, end: true }, pathname) !== null);
}

export interface RouteGateOptions {
  getPathname: () => string;
  clock: WorkerClock;
  /** Told when waiting starts (true) and ends (false), for the worker panel. */
  onWait?: (waiting: boolean) => void;
}

/**
 * Before each next-job request: while the seller is on a busy route, wait 30 s and look again.
 * Resolves at once elsewhere, and as soon as `signal` aborts.
 */
export function createRouteGate(options: RouteGateOptions) {
  return async function waitForQuietRoute(signal: AbortSignal): Promise<void> {
    let waited = false;
    while (!signal.aborted && isWaitRoute(options.getPathname())) {
      if (!waited) options.onWait?.(true);
      waited = true;
      await options.clock.sleep(ROUTE_WAIT_MS, signal);
    }
    if (waited) options.onWait?.(false);
  };
}
