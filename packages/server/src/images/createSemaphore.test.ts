import { describe, expect, it } from 'vitest';
import { createSemaphore } from './createSemaphore.js';

describe('createSemaphore', () => {
  it('lets at most `limit` tasks run at once and runs the rest in order', async () => {
    const semaphore = createSemaphore(2);
    const started: number[] = [];
    const finish: Array<() => void> = [];
    const tasks = [0, 1, 2, 3].map((i) =>
      semaphore.run(
        () =>
          new Promise<number>((resolve) => {
            started.push(i);
            finish[i] = () => resolve(i);
          }),
      ),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([semaphore.active, semaphore.waiting]).toEqual([2, 2]);
    finish[1]?.();
    await tasks[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    finish[0]?.();
    finish[2]?.();
    await Promise.all([tasks[0], tasks[2]]);
    await Promise.resolve();
    finish[3]?.();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3]);
    expect([semaphore.active, semaphore.waiting]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const semaphore = createSemaphore(1);
    await expect(semaphore.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await semaphore.run(async () => 'next')).toBe('next');
    expect(semaphore.active).toBe(0);
  });
});
