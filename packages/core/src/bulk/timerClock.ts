import type { WorkerClock } from './multiSpaceWorker.js';

/**
 * The workers' clock on Node and in the browser: Date.now, and a setTimeout sleep that ends
 * early when the signal aborts (a stop should not wait out a 30 s back-off).
 */
export const timerClock: WorkerClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((done) => {
      if (signal.aborted) {
        done();
        return;
      }
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        signal.removeEventListener('abort', finish);
        done();
      }
      signal.addEventListener('abort', finish, { once: true });
    }),
};
