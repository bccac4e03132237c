import type { WorkerClock } from '@printloom/core';
import type { TimerClock } from './tabLeader.js';

/** Lets queued promise callbacks run (the code under test awaits between steps). */
export async function flush(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await Promise.resolve();
}

/**
 * A fake clock for the worker rules' tests: time moves only with `advance`, which fires due
 * intervals and sleeps in order and lets promises settle after each.
 */
export interface FakeClock extends WorkerClock, TimerClock {
  /** Moves time on by `ms`, firing what falls due in order. */
  advance(ms: number): Promise<void>;
  /** Every sleep asked for, in ms, in order. */
  readonly sleeps: number[];
}

export function createFakeClock(start = 1_000_000): FakeClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { due: number; every: number | null; fire: () => void }>();
  const sleeps: number[] = [];

  return {
    now: () => now,
    setInterval(callback: () => void, ms: number): unknown {
      const id = nextId++;
      timers.set(id, { due: now + ms, every: ms, fire: callback });
      return id;
    },
    clearInterval(handle: unknown): void {
      timers.delete(handle as number);
    },
    sleep(ms: number, signal: AbortSignal): Promise<void> {
      sleeps.push(ms);
      return new Promise<void>((resolve) => {
        if (signal.aborted) {
          resolve();
          return;
        }
        const id = nextId++;
        const finish = () => {
          timers.delete(id);
          resolve();
        };
        timers.set(id, { due: now + ms, every: null, fire: finish });
        signal.addEventListener('abort', finish, { once: true });
      });
    },
    async advance(ms: number): Promise<void> {
      const end = now + ms;
      await flush();
      for (;;) {
        let nextKey: number | null = null;
        let nextDue = Infinity;
        for (const [key, timer] of timers) {
          if (timer.due <= end && timer.due < nextDue) {
            nextDue = timer.due;
            nextKey = key;
          }
        }
        if (nextKey === null) break;
        const timer = timers.get(nextKey);
        if (!timer) break;
        now = nextDue;
        if (timer.every === null) timers.delete(nextKey);
        else timer.due += timer.every;
        timer.fire();
        await flush();
      }
      now = end;
      await flush();
    },
    sleeps,
  };
}
