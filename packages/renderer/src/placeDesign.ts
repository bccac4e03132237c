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

/**
 * How a design meets the area it is printed on: `contain` (whole, centred, margins on one axis)
 * for every print type but all-over print, `cover` for all-over print (print type 3), where the
 * pattern must reach every edge of every pattern piece (core `designFit`).
 */
export type DesignFit = 'contain' | 'cover';

/**
 * Cover and centre: `content` scaled to the smallest size that fills `area` on both axes,
 * centred; what overflows one axis is cut evenly from both sides. Returns the part of the
 * content (in its own pixels) that lands on the area.
 */
export function coverSource(area: Rect, content: { width: number; height: number }): Rect {
  const factor = Math.max(area.width / content.width, area.height / content.height);
  const width = area.width / factor;
  const height = area.height / factor;
  return {
    x: (content.width - width) / 2,
    y: (content.height - height) / 2,
    width,
    height,
  };
}

/** Draws `image` covering `area` exactly (nothing outside it), with the renderer's smoothing. */
export function drawCovering(ctx: Context2D, image: DrawableImage, area: Rect): void {
  const from = coverSource(area, image);
  smoothImages(ctx);
  ctx.drawImage(
    image,
    from.x,
    from.y,
    from.width,
    from.height,
    area.x,
    area.y,
    area.width,
    area.height,
  );
}

/** Draws `image` on `area` by the fit of its print type. */
export function drawFitted(
  ctx: Context2D,
  image: DrawableImage,
  area: Rect,
  fit: DesignFit = 'contain',
): void {
  if (fit === 'cover') drawCovering(ctx, image, area);
  else drawContained(ctx, image, area);
}
