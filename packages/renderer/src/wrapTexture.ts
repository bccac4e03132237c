import { clampBrightness } from '@printloom/core';
import { type CanvasFactory, context2d, type DrawableImage } from './context.js';
import { type DesignFit, drawFitted } from './placeDesign.js';

/**
 * Width bounds of a 3D wrap texture. Half the wrap faces the camera, so about two texels per
 * output pixel keeps the print sharp without mipmaps (building those on the CPU cost more than
 * the frame itself); 2048 is the most a 2000 px frame needs, 512 keeps small previews legible.
 */
export const WRAP_TEXTURE_MAX_WIDTH = 2048;
export const WRAP_TEXTURE_MIN_WIDTH = 512;

export interface WrapTextureOptions {
  /** Product colour '#rrggbb'; lifted to 20 % lightness like the 2D mockups (spec §5). */
  color: string;
  /** Print space width / height: the texture takes its proportions. */
  aspect: number;
  /** Side of the square frame the texture is rendered into. */
  size: number;
  /** Contain (default) or cover: an all-over print wraps the whole product. */
  fit?: DesignFit;
}

/** The wrap texture's size for a frame of `size` pixels and a print space of `aspect`. */
export function wrapTextureSize(size: number, aspect: number): { width: number; height: number } {
  const width = Math.min(WRAP_TEXTURE_MAX_WIDTH, Math.max(WRAP_TEXTURE_MIN_WIDTH, 2 * size));
  return { width, height: Math.max(1, Math.round(width / aspect)) };
}

/**
 * The 3D wrap texture, written once for the Chromium page, the dashboard's editor preview and
 * the in-tab bulk worker: the product colour with the design contained and centred on it, in
 * the print space's proportions (ink on a coloured mug: transparent parts show the colour).
 * `design` null gives the bare colour (an editor with nothing placed yet).
 */
export function createWrapTexture<C extends ReturnType<CanvasFactory>>(
  createCanvas: (width: number, height: number) => C,
  design: DrawableImage | null,
  options: WrapTextureOptions,
): C {
  const { width, height } = wrapTextureSize(options.size, options.aspect);
  const canvas = createCanvas(width, height);
  const ctx = context2d(canvas);
  ctx.fillStyle = clampBrightness(options.color);
  ctx.fillRect(0, 0, width, height);
  if (design) drawFitted(ctx, design, { x: 0, y: 0, width, height }, options.fit);
  return canvas;
}
