/**
 * Glue for a page that renders 3D mockups on request (the pooled headless Chromium page, or a
 * test page): exposes `PrintloomScene3d` with data-URL in, data-URL out calls, so the Node side
 * talks to it through `page.evaluate` with plain strings.
 */
import type { Context2D } from '../context.js';
import { createWrapTexture } from '../wrapTexture.js';
import { createScene3d, type Scene3d } from './scene3d.js';

interface PageCanvas {
  width: number;
  height: number;
  getContext(type: '2d'): Context2D | null;
  toDataURL(type?: string, quality?: number): string;
}
interface PageImage {
  width: number;
  height: number;
  src: string;
  decode(): Promise<void>;
}
interface PageGlobals {
  document: { createElement(tag: 'canvas'): PageCanvas; createElement(tag: 'img'): PageImage };
}

const page = globalThis as unknown as PageGlobals;
let canvas: PageCanvas | null = null;
let scene: Scene3d | null = null;
const models = new Map<string, Promise<ArrayBuffer>>();
let currentModel = '';

function bytes(base64: string): ArrayBuffer {
  const binary = atob(base64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out.buffer;
}

async function image(url: string): Promise<PageImage> {
  const img = page.document.createElement('img');
  img.src = url;
  await img.decode();
  return img;
}

function pageCanvas(width: number, height: number): PageCanvas {
  const canvas = page.document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

export const PrintloomScene3d = {
  /** Keeps a model by key so a warm page parses each GLB once. */
  addModel(key: string, glbBase64: string): void {
    if (!models.has(key)) models.set(key, Promise.resolve(bytes(glbBase64)));
  },
  hasModel(key: string): boolean {
    return models.has(key);
  },
  async render(request: {
    model: string;
    design: string;
    color: string;
    size: number;
    format: 'jpeg' | 'png' | 'webp';
    quality: number;
    /** Print space width / height. */
    aspect: number;
  }): Promise<string> {
    if (!canvas || !scene) {
      canvas = page.document.createElement('canvas');
      scene = createScene3d(canvas as never);
    }
    if (currentModel !== request.model) {
      const glb = models.get(request.model);
      if (!glb) throw new Error(`Unknown model ${request.model}`);
      await scene.loadModel((await glb).slice(0));
      currentModel = request.model;
    }
    canvas.width = request.size;
    canvas.height = request.size;
    const design = createWrapTexture(pageCanvas, await image(request.design), {
      color: request.color,
      aspect: request.aspect,
      size: request.size,
    });
    scene.render(design as never, { size: request.size, color: request.color });
    return canvas.toDataURL(`image/${request.format}`, request.quality / 100);
  },
};
