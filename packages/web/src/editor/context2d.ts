import type { CanvasFactory, CanvasLike, Context2D } from '@printloom/renderer';

/**
 * The browser's 2D context is the renderer's Context2D at run time; TypeScript cannot see it
 * because the DOM types drawImage over its own image union, where the renderer takes any image
 * with a size. One cast here, so the drawing code stays the renderer's.
 */
export function asContext2D(ctx: CanvasRenderingContext2D): Context2D {
  return ctx as unknown as Context2D;
}

export function context2dOf(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw on a canvas');
  return ctx;
}

/** Scratch canvases for drawMockup's layers. */
export const createBrowserCanvas: CanvasFactory = (width, height) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas as unknown as CanvasLike;
};
