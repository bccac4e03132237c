/**
 * The 3D mockup web worker: renders with three.js on an OffscreenCanvas off the page's main
 * thread, so a seller using the dashboard does not feel a 3D row (a CPU-rendered 2000 px frame
 * blocks for about a second). Loaded on the first 3D mockup only. Protocol: see mockup3dClient.
 */
import * as three from '@printloom/renderer/three';
import { createScene3dRenderer } from './mockup3d.js';
import type { Mockup3dWorkerAnswer, Mockup3dWorkerRequest } from './mockup3dClient.js';

interface WorkerScope {
  onmessage: ((event: { data: Mockup3dWorkerRequest }) => void) | null;
  postMessage(message: Mockup3dWorkerAnswer): void;
}

const scope = globalThis as unknown as WorkerScope;
const renderer = createScene3dRenderer(async () => three);
const models = new Map<string, ArrayBuffer>();
// One render at a time: the scene, its canvas and its model are shared.
let queue: Promise<unknown> = Promise.resolve();

scope.onmessage = ({ data }) => {
  if (data.model) models.set(data.modelKey, data.model);
  queue = queue.then(async () => {
    try {
      const blob = await renderer.render({
        modelKey: data.modelKey,
        model: async () => {
          const model = models.get(data.modelKey);
          if (!model) throw new Error(`The 3D worker has no model ${data.modelKey}`);
          return model;
        },
        design: data.design,
        color: data.color,
        size: data.size,
        aspect: data.aspect,
      });
      scope.postMessage({ id: data.id, result: blob });
    } catch (error) {
      scope.postMessage({
        id: data.id,
        error: error instanceof Error ? error.message : String(error),
      });
    } finally {
      data.design.close();
    }
  });
};
