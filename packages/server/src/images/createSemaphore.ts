/**
 * A counting semaphore: at most `limit` holders at once, the rest wait in arrival order. The
 * image proxy holds one while it decodes, so a burst of requests cannot decode dozens of large
 * images side by side.
 */
export interface Semaphore {
  /** Runs `task` once a slot is free and frees the slot when it settles. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Holders now (for figures and tests). */
  readonly active: number;
  /** Callers waiting for a slot. */
  readonly waiting: number;
}

export function createSemaphore(limit: number): Semaphore {
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error('A semaphore needs a limit of 1 or more');
  let active = 0;
  const queue: Array<() => void> = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active -= 1;
  };
  const acquire = (): Promise<void> => {
    if (active < limit) {
      active += 1;
      return Promise.resolve();
    }
    // The releasing holder hands its slot straight to the next waiter (active stays the same).
    return new Promise((resolve) => queue.push(resolve));
  };
  return {
    async run(task) {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
