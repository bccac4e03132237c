import { createWrapTexture, type DrawableImage } from '@printloom/renderer';
import type * as Three from '@printloom/renderer/three';
import {
  type BrowserCanvas,
  browserCanvasFactory,
  createBrowserCanvas,
  encodeCanvas,
} from './browserCanvas.js';
import { MOCKUP_JPEG_QUALITY } from './constants.js';

export interface Mockup3dRequest {
  /** Identifies the model, so a warm scene parses each GLB once. */
  modelKey: string;
  model: () => Promise<ArrayBuffer>;
  design: DrawableImage;
  color: string;
  /** Output side in pixels (square). */
  size: number;
  /** Print space width / height. */
  aspect: number;
}

export interface Mockup3dRenderer {
  render(request: Mockup3dRequest): Promise<Blob>;
  dispose(): void;
}

/**
 * 3D mockups with the renderer's three.js scene (the one the server's Chromium pool runs) on
 * this context's WebGL 2. `loadThree` gives the scene module: a dynamic import on the page, a
 * static one inside the 3D web worker.
 */
export function createScene3dRenderer(loadThree: () => Promise<typeof Three>): Mockup3dRenderer {
  let scene: Promise<{ scene: Three.Scene3d; canvas: BrowserCanvas }> | undefined;
  let currentModel = '';

  const warm = () => {
    scene ??= loadThree().then(({ createScene3d }) => {
      const canvas = createBrowserCanvas(1, 1);
      try {
        return { scene: createScene3d(canvas), canvas };
      } catch (error) {
        throw new Error(
          `3D mockups need WebGL 2 in this browser: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    });
    scene.catch(() => {
      scene = undefined;
    });
    return scene;
  };

  return {
    async render(request) {
      const { scene: scene3d, canvas } = await warm();
      if (currentModel !== request.modelKey) {
        currentModel = '';
        await scene3d.loadModel((await request.model()).slice(0));
        currentModel = request.modelKey;
      }
      // The wrap texture every 3D mockup is drawn with (the server's Chromium page, the editor).
      const flat = createWrapTexture(browserCanvasFactory, request.design, request);
      scene3d.render(flat as unknown as BrowserCanvas, {
        size: request.size,
        color: request.color,
      });
      return encodeCanvas(canvas, 'image/jpeg', MOCKUP_JPEG_QUALITY);
    },
    dispose() {
      const pending = scene;
      scene = undefined;
      void pending?.then(({ scene: s }) => s.dispose()).catch(() => undefined);
    },
  };
}
