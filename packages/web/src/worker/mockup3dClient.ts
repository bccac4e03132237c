import { createScene3dRenderer, type Mockup3dRenderer, type Mockup3dRequest } from './mockup3d.js';
import { createWorkerCalls, type WorkerAnswer } from './workerCalls.js';

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

export type Mockup3dWorkerAnswer = WorkerAnswer<Blob>;

/** The page's own three.js scene: the fallback where a worker cannot render 3D. */
function inlineRenderer(): Mockup3dRenderer {
  return createScene3dRenderer(() => import('@printloom/renderer/three'));
}

/**
 * 3D mockups rendered in a web worker (OffscreenCanvas + WebGL 2), falling back to the page's
 * main thread where the browser cannot (no Worker, no OffscreenCanvas, no WebGL in workers).
 */
export function createMockup3dRenderer(): Mockup3dRenderer {
  let fallback: Mockup3dRenderer | null = null;
  /** Models the current worker already holds (sent once, then named by key). */
  const sent = new Set<string>();
  const calls = createWorkerCalls<Blob>({
    name: '3D mockup worker',
    create: () => new Worker(new URL('./mockup3dWorker.ts', import.meta.url), { type: 'module' }),
    onCrash: () => sent.clear(),
  });

  const inWorker = async (w: Worker, request: Mockup3dRequest): Promise<Blob> => {
    const design = await createImageBitmap(request.design as ImageBitmapSource);
    const model = sent.has(request.modelKey) ? undefined : (await request.model()).slice(0);
    const message: Omit<Mockup3dWorkerRequest, 'id'> = {
      modelKey: request.modelKey,
      design,
      color: request.color,
      size: request.size,
      aspect: request.aspect,
      ...(model ? { model } : {}),
    };
    const answer = calls.call(w, message, model ? [design, model] : [design]);
    sent.add(request.modelKey);
    return answer;
  };

  return {
    async render(request) {
      const w = fallback ? null : calls.start();
      if (w) {
        try {
          return await inWorker(w, request);
        } catch (error) {
          // A worker without WebGL 2 says so; the page's own WebGL may still have it.
          if (!(error instanceof Error && /WebGL|3D mockup worker/.test(error.message))) {
            throw error;
          }
          console.warn('3D mockups fall back to the page:', error.message);
          calls.stop(`The 3D mockup worker failed: ${error.message}`);
          sent.clear();
          fallback = inlineRenderer();
        }
      }
      fallback ??= inlineRenderer();
      return fallback.render(request);
    },
    dispose() {
      calls.stop('The bulk workers stopped');
      fallback?.dispose();
      fallback = null;
    },
  };
}
