import { API, type RouteContract } from '@printloom/core';

/**
 * The routes multi-space bulk workers call once per row or per claim, all day, with one token:
 * claim, origin, save, invalid-mark and release. Only these read the caches below; every other
 * route reads the session and the template campaign afresh. The regular bulk's calls are not
 * among them: its next-job answer turns on the seller's limits and switches, read each time.
 */
const WORKER_CALLS: ReadonlySet<RouteContract> = new Set<RouteContract>([
  API.bulkV3.pending,
  API.bulkV3.origin,
  API.bulkV3.saveProcessedRow,
  API.bulkV3.markRowInvalid,
  API.bulkV3.release,
]);

export function isWorkerCall(contract: RouteContract | undefined): boolean {
  return contract !== undefined && WORKER_CALLS.has(contract);
}

/**
 * How long a worker call may reuse what an earlier one read. Changes made through this server
 * end it at once (every other state-changing request clears the caches when it has answered);
 * changes made through another replica of the API reach this one within this time.
 */
export const WORKER_CACHE_TTL_MS = 5_000;
/** Beyond this many entries a cache starts over (one entry per worker token or template). */
const WORKER_CACHE_MAX_ENTRIES = 10_000;

export interface WorkerCache<V> {
  /** The value under `key` read less than the TTL ago and since the last clear, or `read()`'s. */
  get(key: string, read: () => Promise<V | undefined>): Promise<V | undefined>;
  /** Forgets everything, including reads still under way when it is called. */
  clear(): void;
}

/**
 * A short-lived cache of what worker calls read on every call (the caller's session, the
 * template campaign of the rows they claim). A value is kept only when no clear happened while
 * it was read, so a sign-out answered during a worker's read is never undone by it. Missing
 * values (no session, no campaign) are not kept.
 */
export function createWorkerCache<V>(now: () => number = Date.now): WorkerCache<V> {
  const entries = new Map<string, { value: V; until: number }>();
  let generation = 0;
  return {
    async get(key, read) {
      const hit = entries.get(key);
      if (hit && hit.until > now()) return hit.value;
      const readFrom = generation;
      const value = await read();
      if (value !== undefined && readFrom === generation) {
        if (entries.size >= WORKER_CACHE_MAX_ENTRIES) entries.clear();
        entries.set(key, { value, until: now() + WORKER_CACHE_TTL_MS });
      }
      return value;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}

/**
 * What this server handed out with each claimed row, for the save that follows, by seller, row
 * and lease token: a save reaching the server that claimed the row skips reading it again. The
 * token makes an entry useless once the lease is gone, and the save checks the lease itself.
 */
export interface ClaimMemo<V> {
  remember(key: string, value: V): void;
  /** The value under `key`, forgotten as it is taken. */
  take(key: string): V | undefined;
}

export function createClaimMemo<V>(): ClaimMemo<V> {
  const entries = new Map<string, V>();
  return {
    remember(key, value) {
      if (entries.size >= WORKER_CACHE_MAX_ENTRIES) entries.clear();
      entries.set(key, value);
    },
    take(key) {
      const value = entries.get(key);
      entries.delete(key);
      return value;
    },
  };
}
