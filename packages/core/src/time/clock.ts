/** The handle of an interval, to clear it with the clock that started it. */
export type IntervalHandle = ReturnType<typeof setInterval>;

/**
 * Time as code reads it: now, a sleep a stop may cut short, and intervals. Core never reads the
 * time itself; the programs pass `systemClock`, and tests drive it with vitest's fake timers.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`, or at once when `signal` aborts (a stop should not wait out a back-off). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  setInterval(callback: () => void, ms: number): IntervalHandle;
  clearInterval(handle: IntervalHandle): void;
}

/** The clock of Node and the browser: `Date.now`, `setTimeout` and `setInterval`. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((done) => {
      if (signal?.aborted) {
        done();
        return;
      }
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', finish);
        done();
      }
      signal?.addEventListener('abort', finish, { once: true });
    }),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle),
};
