import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWorkerStore } from '../shell/workerStore.js';
import { WORKER_STATUS } from './constants.js';
import { startInTabWorkers } from './startInTabWorkers.js';
import type { LockManagerLike } from './tabLeader.js';

/** A lock that is never granted: this tab stands by behind another one. */
function heldElsewhere() {
  const requests: string[] = [];
  const locks: LockManagerLike = {
    request: (name, options) => {
      requests.push(name);
      return new Promise((_resolve, reject) => {
        options.signal?.addEventListener('abort', () =>
          reject(new DOMException('The request was aborted', 'AbortError')),
        );
      });
    },
  };
  return { locks, requests };
}

describe('startInTabWorkers', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubPage() {
    const listeners = { addEventListener: () => {}, removeEventListener: () => {} };
    vi.stubGlobal('window', listeners);
    vi.stubGlobal('location', { pathname: '/', origin: 'http://localhost', reload: () => {} });
  }

  it('stands by while another tab holds the lock, and shows it in the panel', async () => {
    stubPage();
    const store = createWorkerStore();
    const { locks, requests } = heldElsewhere();
    const workers = startInTabWorkers({ store, leader: { locks } });
    expect(requests).toEqual(['printloom-bulk-workers']);
    expect(store.getSnapshot().workers.map((w) => [w.name, w.status])).toEqual([
      ['Multi-space worker', WORKER_STATUS.standby],
      ['Regular worker', WORKER_STATUS.standby],
    ]);
    await workers.stop();
    expect(store.getSnapshot().workers).toEqual([]);
  });

  it('shares one set of workers between callers until the last one stops', async () => {
    stubPage();
    const store = createWorkerStore();
    const { locks, requests } = heldElsewhere();
    const first = startInTabWorkers({ store, leader: { locks } });
    const second = startInTabWorkers({ store, leader: { locks } });
    expect(requests).toHaveLength(1);
    await first.stop();
    expect(store.getSnapshot().workers).toHaveLength(2);
    await second.stop();
    expect(store.getSnapshot().workers).toEqual([]);
    // Stopped for good: a later start competes for the lock afresh.
    const third = startInTabWorkers({ store, leader: { locks } });
    expect(requests).toHaveLength(2);
    await third.stop();
  });
});
