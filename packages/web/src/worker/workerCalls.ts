/** A worker's answer to the request with the same id: a result or an error message. */
export type WorkerAnswer<Result> = { id: number; result: Result } | { id: number; error: string };

export interface WorkerCalls<Result> {
  /** The running worker, started on first use; null where the browser cannot run it. */
  start(): Worker | null;
  /** Posts `message` with a fresh id to `worker`; resolves or rejects with its answer. */
  call(worker: Worker, message: object, transfer?: Transferable[]): Promise<Result>;
  /** Rejects every unanswered call with `message` and ends the worker (the next start makes one). */
  stop(message: string): void;
}

/**
 * Request/answer calls to a module web worker (OffscreenCanvas drawing), shared by the row
 * painter and the 3D mockup renderer. A worker that crashes rejects every call in flight with
 * "The {name} failed: …", is ended, and `onCrash` lets the caller fall back to the page.
 */
export function createWorkerCalls<Result>(options: {
  name: string;
  create: () => Worker;
  onCrash?: (message: string) => void;
}): WorkerCalls<Result> {
  let worker: Worker | null = null;
  let nextId = 1;
  const waiting = new Map<
    number,
    { resolve: (result: Result) => void; reject: (error: Error) => void }
  >();

  const failAll = (message: string) => {
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
  };
  const stop = (message: string) => {
    failAll(message);
    worker?.terminate();
    worker = null;
  };

  return {
    start() {
      if (worker) return worker;
      if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return null;
      try {
        worker = options.create();
      } catch {
        return null;
      }
      worker.onmessage = ({ data }: MessageEvent<WorkerAnswer<Result>>) => {
        const pending = waiting.get(data.id);
        waiting.delete(data.id);
        if (!pending) return;
        if ('result' in data) pending.resolve(data.result);
        else pending.reject(new Error(data.error));
      };
      worker.onerror = (event) => {
        event.preventDefault();
        stop(`The ${options.name} failed: ${event.message}`);
        options.onCrash?.(event.message);
      };
      return worker;
    },
    call(target, message, transfer = []) {
      const id = nextId++;
      const answer = new Promise<Result>((resolve, reject) => waiting.set(id, { resolve, reject }));
      target.postMessage({ ...message, id }, transfer);
      return answer;
    },
    stop,
  };
}
