import type { Context2D, DrawableImage } from './context.js';
import { smoothImages } from './imageSmoothing.js';

/** A rectangle in pixels of the surface it is drawn on. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Contain and centre, written once: where content of `content` proportions lands in `area` —
 * as large as fits whole, centred on both axes. Artwork on a print space, a design on a mockup's
 * print area, a design on a 3D wrap texture and a design document on its export canvas are all
 * placed by this rule.
 */
export function placeDesign(area: Rect, content: { width: number; height: number }): Rect {
  const factor = Math.min(area.width / content.width, area.height / content.height);
  const width = content.width * factor;
  const height = content.height * factor;
  return {
    x: area.x + (area.width - width) / 2,
    y: area.y + (area.height - height) / 2,
    width,
    height,
  };
}

/** Draws `image` contained and centred in `area`, with the renderer's smoothing setting. */
export function drawContained(ctx: Context2D, image: DrawableImage, area: Rect): void {
  const at = placeDesign(area, image);
  smoothImages(ctx);
  ctx.drawImage(image, at.x, at.y, at.width, at.height);
}
