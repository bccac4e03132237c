import { clampBrightness } from '@printloom/core';
import { type DrawableImage, placeDesign } from '@printloom/renderer';
import type * as Three from '@printloom/renderer/three';
import {
  type BrowserCanvas,
  context2dOf,
  createBrowserCanvas,
  encodeCanvas,
} from './browserCanvas.js';
import { MOCKUP_JPEG_QUALITY } from './constants.js';

/**
 * Largest wrap texture width, as the server's 3D page uses: about two texels per output pixel
 * on the half of the wrap facing the camera.
 */
const WRAP_TEXTURE_MAX_WIDTH = 2048;
const WRAP_TEXTURE_MIN_WIDTH = 512;

/**
 * The wrap texture, as the server's 3D page builds it: the product colour with the design
 * contained and centred, in the print space's proportions.
 */
function flattenDesign(
  design: DrawableImage,
  color: string,
  aspect: number,
  size: number,
): BrowserCanvas {
  const width = Math.min(WRAP_TEXTURE_MAX_WIDTH, Math.max(WRAP_TEXTURE_MIN_WIDTH, 2 * size));
  const flat = createBrowserCanvas(width, Math.max(1, Math.round(width / aspect)));
  const ctx = context2dOf(flat);
  ctx.fillStyle = clampBrightness(color);
  ctx.fillRect(0, 0, flat.width, flat.height);
  const at = placeDesign({ x: 0, y: 0, width: flat.width, height: flat.height }, design);
  ctx.drawImage(design as CanvasImageSource, at.x, at.y, at.width, at.height);
  return flat;
}

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
      const flat = flattenDesign(request.design, request.color, request.aspect, request.size);
      scene3d.render(flat, { size: request.size, color: request.color });
      return encodeCanvas(canvas, 'image/jpeg', MOCKUP_JPEG_QUALITY);
    },
    dispose() {
      const pending = scene;
      scene = undefined;
      void pending?.then(({ scene: s }) => s.dispose()).catch(() => undefined);
    },
  };
}
