import {
  type ImageObject,
  type PrintSpaceDesign,
  pngExportSize,
  type Size,
  type TextObject,
} from '@printloom/core';
import { type DrawableImage, drawDesignContained } from '@printloom/renderer';
import { asContext2D, context2dOf } from './context2d.js';
import { ensureFonts, fontFamilyFor } from './fonts.js';
import { loadImage } from './imageCache.js';

/**
 * Draws a design on a fresh canvas of `size`, contained and centred as `printloom render design`
 * draws it (renderer's renderDesignCanvas), from the full-resolution images or their previews.
 */
export async function renderDesignCanvas(
  design: PrintSpaceDesign,
  size: Size,
  resolution: 'full' | 'preview' = 'full',
): Promise<HTMLCanvasElement> {
  const texts = design.objects.filter((o): o is TextObject => o.type === 'text');
  await ensureFonts(texts);
  const images = new Map<string, DrawableImage>();
  for (const object of design.objects.filter((o): o is ImageObject => o.type === 'image')) {
    if (images.has(object.src)) continue;
    const loaded = await loadImage(object.src);
    images.set(object.src, resolution === 'full' ? loaded.full : loaded.preview);
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  drawDesignContained(
    asContext2D(context2dOf(canvas)),
    design,
    { images, fontFamily: fontFamilyFor },
    size,
  );
  return canvas;
}

export function canvasBlob(
  canvas: HTMLCanvasElement,
  type: 'image/png' | 'image/jpeg' = 'image/png',
  quality?: number,
): Promise<Blob> {
  return new Promise((done, fail) =>
    canvas.toBlob(
      (blob) => (blob ? done(blob) : fail(new Error('The browser could not encode the image'))),
      type,
      quality,
    ),
  );
}

/** The design's PNG export (spec §9: long side at most 1920 unless native). */
export async function exportDesignPng(design: PrintSpaceDesign): Promise<Blob> {
  return canvasBlob(await renderDesignCanvas(design, pngExportSize(design.printSpace)));
}

/** A design image at most `longSide` pixels on its long side, in the print space's shape. */
export function fitSize(space: Size, longSide: number): Size {
  const factor = longSide / Math.max(space.width, space.height);
  return {
    width: Math.max(1, Math.round(space.width * factor)),
    height: Math.max(1, Math.round(space.height * factor)),
  };
}
