import type { PaintRequest, PaintResult, RowPainter } from './rowPainter.js';

export interface PaintWorkerRequest {
  id: number;
  request: PaintRequest;
}

export type PaintWorkerAnswer = { id: number; result: PaintResult } | { id: number; error: string };

/**
 * Paints rows in a web worker, falling back to `inline` (the same painter on the page) where the
 * browser has no Worker or no OffscreenCanvas, or the worker cannot start.
 */
export function createPaintClient(inline: () => RowPainter): RowPainter & { dispose(): void } {
  let worker: Worker | null = null;
  let fallback: RowPainter | null = null;
  let nextId = 1;
  const waiting = new Map<
    number,
    { resolve: (r: PaintResult) => void; reject: (e: Error) => void }
  >();

  const failAll = (message: string) => {
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
  };

  const start = (): Worker | null => {
    if (worker) return worker;
    if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return null;
    try {
      worker = new Worker(new URL('./paintWorker.ts', import.meta.url), { type: 'module' });
    } catch {
      return null;
    }
    worker.onmessage = ({ data }: MessageEvent<PaintWorkerAnswer>) => {
      const pending = waiting.get(data.id);
      waiting.delete(data.id);
      if (!pending) return;
      if ('result' in data) pending.resolve(data.result);
      else pending.reject(new Error(data.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      console.warn('Bulk images are drawn on the page: the paint worker failed', event.message);
      failAll(`The paint worker failed: ${event.message}`);
      worker?.terminate();
      worker = null;
      fallback ??= inline();
    };
    return worker;
  };

  return {
    paint(request) {
      const w = fallback ? null : start();
      if (!w) {
        fallback ??= inline();
        return fallback.paint(request);
      }
      const id = nextId++;
      const answer = new Promise<PaintResult>((resolve, reject) =>
        waiting.set(id, { resolve, reject }),
      );
      const message: PaintWorkerRequest = { id, request };
      w.postMessage(message);
      return answer;
    },
    dispose() {
      failAll('The bulk workers stopped');
      worker?.terminate();
      worker = null;
    },
  };
}
