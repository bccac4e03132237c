import type { Context2D } from './context.js';

/**
 * The one smoothing setting every picture is drawn with: on, at the highest quality. Browsers
 * and Skia both default to 'low' (bilinear), which aliases a large artwork scaled down to a
 * print space; 'high' gives a mipmapped/cubic reduction on both, so a Node render and a browser
 * render of the same picture agree.
 */
export const IMAGE_SMOOTHING_QUALITY = 'high';

/** Applies the smoothing setting to `ctx` (it stays until the context's next restore). */
export function smoothImages(
  ctx: Pick<Context2D, 'imageSmoothingEnabled' | 'imageSmoothingQuality'>,
): void {
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = IMAGE_SMOOTHING_QUALITY;
}
