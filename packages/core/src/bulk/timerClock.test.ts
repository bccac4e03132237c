import { afterEach, describe, expect, it, vi } from 'vitest';
import { timerClock } from './timerClock.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the timer clock of the bulk workers', () => {
  it('sleeps the time asked', async () => {
    vi.useFakeTimers();
    let woke = false;
    const sleeping = timerClock.sleep(30_000, new AbortController().signal).then(() => {
      woke = true;
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(woke).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(woke).toBe(true);
  });

  it('wakes at once on abort, and does not sleep when already aborted', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const sleeping = timerClock.sleep(30_000, controller.signal);
    controller.abort();
    await sleeping;
    expect(vi.getTimerCount()).toBe(0);
    await timerClock.sleep(30_000, controller.signal);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads the time from Date.now', () => {
    vi.useFakeTimers({ now: 1234 });
    expect(timerClock.now()).toBe(1234);
  });
});
