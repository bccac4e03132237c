import { createStore } from '@printloom/core';

/**
 * What the in-tab bulk workers report to the hidden worker panel (spec §2): one row per worker
 * with its status, the record it processes (record id and template id) and its last error.
 * The bulk engine feeds the store with `setWorker`; React reads it with `useStore`.
 */
export interface WorkerRow {
  id: string;
  name: string;
  status: string;
  recordId: number | string | null;
  templateId: number | string | null;
  lastError: string | null;
}

export interface WorkerSnapshot {
  workers: readonly WorkerRow[];
}

export interface WorkerStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): WorkerSnapshot;
  setWorker(row: WorkerRow): void;
  removeWorker(id: string): void;
}

export function createWorkerStore(): WorkerStore {
  const store = createStore<WorkerSnapshot>({ workers: [] });
  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    setWorker(row) {
      store.update(({ workers }) => {
        const index = workers.findIndex((worker) => worker.id === row.id);
        const next = workers.filter((worker) => worker.id !== row.id);
        next.splice(index === -1 ? next.length : index, 0, row);
        return { workers: next };
      });
    },
    removeWorker(id) {
      store.update(({ workers }) => ({ workers: workers.filter((worker) => worker.id !== id) }));
    },
  };
}

/** The store of this tab's workers. */
export const workerStore = createWorkerStore();
