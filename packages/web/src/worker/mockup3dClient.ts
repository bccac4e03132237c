import { createScene3dRenderer, type Mockup3dRenderer, type Mockup3dRequest } from './mockup3d.js';

export interface Mockup3dWorkerRequest {
  id: number;
  modelKey: string;
  /** Sent with the first request for a model only. */
  model?: ArrayBuffer;
  design: ImageBitmap;
  color: string;
  size: number;
  aspect: number;
}

export type Mockup3dWorkerAnswer = { id: number; blob: Blob } | { id: number; error: string };

/** The page's own three.js scene: the fallback where a worker cannot render 3D. */
function inlineRenderer(): Mockup3dRenderer {
  return createScene3dRenderer(() => import('@printloom/renderer/three'));
}

/**
 * 3D mockups rendered in a web worker (OffscreenCanvas + WebGL 2), falling back to the page's
 * main thread where the browser cannot (no Worker, no OffscreenCanvas, no WebGL in workers).
 */
export function createMockup3dRenderer(): Mockup3dRenderer {
  let worker: Worker | null = null;
  let fallback: Mockup3dRenderer | null = null;
  let nextId = 1;
  const sent = new Set<string>();
  const waiting = new Map<number, { resolve: (blob: Blob) => void; reject: (e: Error) => void }>();

  const failAll = (message: string) => {
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
  };

  const start = (): Worker | null => {
    if (worker) return worker;
    if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return null;
    try {
      worker = new Worker(new URL('./mockup3dWorker.ts', import.meta.url), { type: 'module' });
    } catch {
      return null;
    }
    worker.onmessage = ({ data }: MessageEvent<Mockup3dWorkerAnswer>) => {
      const pending = waiting.get(data.id);
      waiting.delete(data.id);
      if (!pending) return;
      if ('blob' in data) pending.resolve(data.blob);
      else pending.reject(new Error(data.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      failAll(`The 3D mockup worker failed: ${event.message}`);
      worker?.terminate();
      worker = null;
      sent.clear();
    };
    return worker;
  };

  const inWorker = async (w: Worker, request: Mockup3dRequest): Promise<Blob> => {
    const id = nextId++;
    const design = await createImageBitmap(request.design as ImageBitmapSource);
    const model = sent.has(request.modelKey) ? undefined : (await request.model()).slice(0);
    const message: Mockup3dWorkerRequest = {
      id,
      modelKey: request.modelKey,
      design,
      color: request.color,
      size: request.size,
      aspect: request.aspect,
      ...(model ? { model } : {}),
    };
    const answer = new Promise<Blob>((resolve, reject) => waiting.set(id, { resolve, reject }));
    w.postMessage(message, model ? [design, model] : [design]);
    sent.add(request.modelKey);
    return answer;
  };

  return {
    async render(request) {
      const w = fallback ? null : start();
      if (w) {
        try {
          return await inWorker(w, request);
        } catch (error) {
          // A worker without WebGL 2 says so; the page's own WebGL may still have it.
          if (!(error instanceof Error && /WebGL|3D mockup worker/.test(error.message))) {
            throw error;
          }
          console.warn('3D mockups fall back to the page:', error.message);
          w.terminate();
          worker = null;
          fallback = inlineRenderer();
        }
      }
      fallback ??= inlineRenderer();
      return fallback.render(request);
    },
    dispose() {
      failAll('The bulk workers stopped');
      worker?.terminate();
      worker = null;
      fallback?.dispose();
      fallback = null;
    },
  };
}
