import type { PaintRequest, PaintResult, RowPainter } from './rowPainter.js';
import { createWorkerCalls, type WorkerAnswer } from './workerCalls.js';

export interface PaintWorkerRequest {
  id: number;
  request: PaintRequest;
}

export type PaintWorkerAnswer = WorkerAnswer<PaintResult>;

/**
 * Paints rows in a web worker, falling back to `inline` (the same painter on the page) where the
 * browser has no Worker or no OffscreenCanvas, or the worker cannot start.
 */
export function createPaintClient(inline: () => RowPainter): RowPainter & { dispose(): void } {
  let fallback: RowPainter | null = null;
  const calls = createWorkerCalls<PaintResult>({
    name: 'paint worker',
    create: () => new Worker(new URL('./paintWorker.ts', import.meta.url), { type: 'module' }),
    onCrash: (message) => {
      console.warn('Bulk images are drawn on the page: the paint worker failed', message);
      fallback ??= inline();
    },
  });

  return {
    paint(request) {
      const w = fallback ? null : calls.start();
      if (!w) {
        fallback ??= inline();
        return fallback.paint(request);
      }
      // The artwork bitmaps move to the worker rather than being copied.
      return calls.call(
        w,
        { request } satisfies Omit<PaintWorkerRequest, 'id'>,
        request.artworks.map((a) => a.bitmap),
      );
    },
    dispose() {
      calls.stop('The bulk workers stopped');
    },
  };
}
