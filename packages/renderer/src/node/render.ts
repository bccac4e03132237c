import { dirname, join } from 'node:path';
import { type Canvas, createCanvas, type Image } from '@napi-rs/canvas';
import {
  Colour,
  design3dBlobSize,
  designFitFor,
  exportCanvasSize,
  mockupOutputSize,
  type PrintSpaceDesign,
  pngExportSize,
  type TextObject,
} from '@printloom/core';
import { drawDesignContained } from '../drawDesign.js';
import { designImageSources } from '../drawImageBackgroundText.js';
import { drawMockup } from '../drawMockup.js';
import type { ChromiumPool } from './ChromiumPool.js';
import { DEFAULT_QUALITY, type OutputFormat } from './constants.js';
import { fontsFor } from './fonts.js';
import {
  createNodeCanvas,
  encodeCanvas,
  encodePng,
  loadImageFrom,
  RenderInputError,
} from './images.js';
import { type LoadedTemplate, loadMockupLayers } from './templates.js';

export interface RenderMockupOptions {
  /** Product colour '#rgb' or '#rrggbb'; default the template's first colour. */
  color?: string;
  /** Longest side of the output; at most 2000 (spec §9). Default 2000. */
  size?: number;
  preview?: boolean;
  format?: OutputFormat;
  quality?: number;
  printSpace?: string;
}

/** Checks a colour the way the CLI and API accept it, with a message a seller understands. */
export function checkColor(color: string): string {
  if (!Colour.shape.hex_code.safeParse(color).success) {
    throw new RenderInputError(
      `"${color}" is not a colour: write it as #rgb or #rrggbb, e.g. #1F2A44`,
    );
  }
  return color;
}

/** Draws a 2D mockup on a fresh canvas; an all-over-print template's design covers its area. */
export async function renderMockupCanvas(
  loaded: LoadedTemplate,
  design: Image | Canvas | null,
  options: RenderMockupOptions = {},
): Promise<Canvas> {
  const layers = await loadMockupLayers(loaded, options.printSpace);
  const color = checkColor(options.color ?? loaded.template.colors[0]!.hex_code);
  const size = mockupOutputSize(layers, {
    ...(options.size !== undefined ? { requested: options.size } : {}),
    ...(options.preview ? { preview: true } : {}),
  });
  const canvas = createCanvas(size.width, size.height);
  drawMockup(canvas.getContext('2d'), layers, design, {
    ...size,
    color,
    createCanvas: createNodeCanvas,
    fit: designFitFor(loaded.template.printType ?? 0),
  });
  return canvas;
}

/** Renders and encodes a 2D mockup (JPEG by default). */
export async function renderMockup(
  loaded: LoadedTemplate,
  design: Image | Canvas | null,
  options: RenderMockupOptions = {},
): Promise<Buffer> {
  const canvas = await renderMockupCanvas(loaded, design, options);
  return encodeCanvas(canvas, options.format ?? 'jpeg', options.quality ?? DEFAULT_QUALITY);
}

export interface RenderDesignOptions {
  /** Folder relative image and font paths resolve against. */
  baseDir?: string;
  /** Output width in pixels; default the PNG export size (long side ≤ 1920, spec §9). */
  width?: number;
  /** Draw at the print space's own pixel size (spec §9 "native size"). */
  native?: boolean;
  /**
   * Which §9 export: 'png' (default; long side ≤ 1920), 'canvas' (the design canvas: 1000, ×1.5
   * when wide, ×3 for 3D full print) or '3d' (the 1500 × 1875 blob a 3D model is textured with).
   */
  purpose?: 'png' | 'canvas' | '3d';
  /** The product's print type (spec §3), for the 'canvas' export. */
  printType?: number;
}

function exportSize(space: { width: number; height: number }, options: RenderDesignOptions) {
  if (options.width) {
    return {
      width: Math.round(options.width),
      height: Math.round((options.width * space.height) / space.width),
    };
  }
  if (options.purpose === 'canvas') return exportCanvasSize(space, options.printType ?? 0);
  if (options.purpose === '3d') return design3dBlobSize();
  return pngExportSize(space, options.native ?? false);
}

/** Loads a design's images and fonts and draws it on a canvas the size of its export. */
export async function renderDesignCanvas(
  design: PrintSpaceDesign,
  options: RenderDesignOptions = {},
): Promise<Canvas> {
  const space = design.printSpace;
  const size = exportSize(space, options);
  if (!(size.width > 0 && size.height > 0))
    throw new RenderInputError('Design export size must be above 0');
  const images = new Map<string, Canvas>();
  for (const source of designImageSources(design))
    images.set(source, await loadImageFrom(source, options.baseDir));
  const texts = design.objects.filter((o): o is TextObject => o.type === 'text');
  const fontFamily = await fontsFor(texts, options.baseDir);
  const canvas = createCanvas(size.width, size.height);
  // The 3D blob has its own proportions: the design is contained and centred in it.
  drawDesignContained(
    canvas.getContext('2d'),
    design,
    { images, fontFamily, createCanvas: createNodeCanvas },
    size,
  );
  return canvas;
}

export async function renderDesign(
  design: PrintSpaceDesign,
  options: RenderDesignOptions = {},
): Promise<Buffer> {
  return encodeCanvas(await renderDesignCanvas(design, options), 'png');
}

export function baseDirOf(file: string): string {
  return dirname(file);
}

/**
 * What a 3D mockup of `loaded` is drawn with, whichever way it is drawn (three.js in Chromium or
 * the bake): the model file, the square output size, the print space's proportions and the colour.
 */
export function plan3dMockup(
  loaded: LoadedTemplate,
  options: RenderMockupOptions,
): { model: string; size: number; aspect: number; color: string } {
  const { template, dir } = loaded;
  if (template.kind !== '3d' || !template.model) {
    throw new RenderInputError(`Template "${template.id}" is 2D: render it with renderMockup`);
  }
  const space =
    (options.printSpace && template.printSpaces.find((s) => s.name === options.printSpace)) ||
    template.printSpaces[0]!;
  const size = mockupOutputSize(
    { width: template.width, height: template.height },
    {
      ...(options.size !== undefined ? { requested: options.size } : {}),
      ...(options.preview ? { preview: true } : {}),
    },
  );
  return {
    model: join(dir, template.model),
    size: Math.max(size.width, size.height),
    aspect: space.width / space.height,
    color: checkColor(options.color ?? template.colors[0]!.hex_code),
  };
}

/** Renders a 3D template's mockup in a warm Chromium page of `pool`. */
export async function render3dMockup(
  pool: ChromiumPool,
  loaded: LoadedTemplate,
  designPng: Buffer,
  options: RenderMockupOptions = {},
): Promise<Buffer> {
  const plan = plan3dMockup(loaded, options);
  return pool.render({
    model: plan.model,
    design: designPng,
    color: plan.color,
    size: plan.size,
    aspect: plan.aspect,
    format: options.format ?? 'jpeg',
    quality: options.quality ?? DEFAULT_QUALITY,
  });
}

/** PNG bytes of a decoded image or a canvas (the 3D page takes the design as a PNG). */
export async function toPng(image: Image | Canvas): Promise<Buffer> {
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return encodePng(canvas);
}
