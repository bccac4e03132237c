import { clampBrightness, type Size } from '@printloom/core';
import { createWrapTexture } from '@printloom/renderer';
import { context2dOf, createBrowserCanvas } from './context2d.js';

/**
 * 3D mockups in the browser with the renderer's three.js scene (the same scene the server's
 * Chromium pool renders with), loaded lazily so three.js stays out of every other page. One
 * WebGL canvas serves the live preview and the exported images.
 */
type SceneModule = typeof import('@printloom/renderer/three');
type Scene = ReturnType<SceneModule['createScene3d']>;

let runtime: Promise<{ scene: Scene; canvas: HTMLCanvasElement }> | null = null;
const models = new Map<string, Promise<ArrayBuffer>>();
let currentModel = '';

export const WEBGL2_MISSING_MESSAGE =
  'The 3D preview needs WebGL 2, which this browser does not offer.';

export function webgl2Available(): boolean {
  try {
    return document.createElement('canvas').getContext('webgl2') !== null;
  } catch {
    return false;
  }
}

function sceneRuntime() {
  runtime ??= import('@printloom/renderer/three').then(({ createScene3d }) => {
    const canvas = document.createElement('canvas');
    return { scene: createScene3d(canvas), canvas };
  });
  runtime.catch(() => {
    runtime = null;
  });
  return runtime;
}

function model(url: string): Promise<ArrayBuffer> {
  let found = models.get(url);
  if (!found) {
    found = fetch(url, { credentials: 'same-origin' }).then(async (response) => {
      if (!response.ok)
        throw new Error(`The 3D model could not be loaded (HTTP ${response.status})`);
      return response.arrayBuffer();
    });
    found.catch(() => models.delete(url));
    models.set(url, found);
  }
  return found;
}

/**
 * Renders the model at `glbUrl` with `design` wrapped on its print mesh and copies the frame onto
 * `target` (square, `size` pixels).
 */
export async function render3dMockup(
  target: HTMLCanvasElement,
  input: {
    glbUrl: string;
    design: HTMLCanvasElement | null;
    space: Size;
    color: string;
    size: number;
  },
): Promise<void> {
  if (!webgl2Available()) throw new Error(WEBGL2_MISSING_MESSAGE);
  const [{ scene, canvas }, glb] = await Promise.all([sceneRuntime(), model(input.glbUrl)]);
  if (currentModel !== input.glbUrl) {
    await scene.loadModel(glb.slice(0));
    currentModel = input.glbUrl;
  }
  canvas.width = input.size;
  canvas.height = input.size;
  // The wrap texture every 3D mockup is drawn with (the server's Chromium page, the bulk worker).
  const flat = createWrapTexture(createBrowserCanvas, input.design, {
    color: input.color,
    aspect: input.space.width / input.space.height,
    size: input.size,
  });
  scene.render(flat as unknown as HTMLCanvasElement, {
    size: input.size,
    color: clampBrightness(input.color),
  });
  target.width = input.size;
  target.height = input.size;
  context2dOf(target).drawImage(canvas, 0, 0);
}
