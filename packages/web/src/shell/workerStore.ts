/**
 * What the in-tab bulk workers report to the hidden worker panel (spec §2): one row per worker
 * with its status, the record it processes (record id and template id) and its last error.
 * The bulk engine feeds the store with `setWorker`; React reads it with useSyncExternalStore.
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
  let snapshot: WorkerSnapshot = { workers: [] };
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    setWorker(row) {
      const others = snapshot.workers.filter((worker) => worker.id !== row.id);
      const index = snapshot.workers.findIndex((worker) => worker.id === row.id);
      const workers = [...others];
      workers.splice(index === -1 ? workers.length : index, 0, row);
      snapshot = { workers };
      emit();
    },
    removeWorker(id) {
      snapshot = { workers: snapshot.workers.filter((worker) => worker.id !== id) };
      emit();
    },
  };
}

/** The store of this tab's workers. */
export const workerStore = createWorkerStore();
