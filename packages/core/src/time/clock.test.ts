import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from './clock.js';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('systemClock', () => {
  it('reads the time and sleeps for as long as asked', async () => {
    expect(systemClock.now()).toBe(1_000_000);
    let woke = false;
    const sleeping = systemClock.sleep(5_000).then(() => {
      woke = true;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(woke).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(woke).toBe(true);
    expect(systemClock.now()).toBe(1_005_000);
  });

  it('ends a sleep as soon as its signal aborts, and at once when it already has', async () => {
    const stop = new AbortController();
    const sleeping = systemClock.sleep(30_000, stop.signal);
    stop.abort();
    await sleeping;
    expect(systemClock.now()).toBe(1_000_000);
    await systemClock.sleep(30_000, stop.signal);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fires an interval until it is cleared', async () => {
    const ticks: number[] = [];
    const handle = systemClock.setInterval(() => ticks.push(systemClock.now()), 1_000);
    await vi.advanceTimersByTimeAsync(3_000);
    systemClock.clearInterval(handle);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(ticks).toEqual([1_001_000, 1_002_000, 1_003_000]);
  });
});
