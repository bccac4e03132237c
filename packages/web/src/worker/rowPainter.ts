import { BULK_MOCKUP_SIZE, mockupOutputSize } from '@printloom/core';
import { drawMockup } from '@printloom/renderer';
import {
  type BrowserCanvas,
  browserCanvasFactory,
  context2dOf,
  createBrowserCanvas,
  encodeCanvas,
  type ImageFetcher,
  loadBitmap,
  rendererContext,
} from './browserCanvas.js';
import { MOCKUP_JPEG_QUALITY } from './constants.js';
import type { TemplateAssets } from './templateAssets.js';

/** One drawing of an artwork: contained and centred at a print space's PNG export size. */
export interface PaintDesign {
  key: string;
  /** An absolute address the painter may read pixels of. */
  url: string;
  width: number;
  height: number;
  /** Hand the drawing back as an image too (3D mockups wrap it). */
  keepBitmap: boolean;
}

/** One 2D mockup of a design on a template's print space. */
export interface PaintMockup {
  key: string;
  designKey: string;
  templateId: number;
  templateName?: string | undefined;
  printSpace: string;
}

export interface PaintRequest {
  designs: PaintDesign[];
  mockups: PaintMockup[];
}

export interface PaintResult {
  designs: { key: string; png: Blob; bitmap: ImageBitmap | null }[];
  mockups: { key: string; jpeg: Blob }[];
}

export interface RowPainter {
  paint(request: PaintRequest): Promise<PaintResult>;
}

/**
 * Draws a row's images with the same code as the CLI's Node renderer: the artwork contained and
 * centred in the print space, each 2D mockup with the renderer's drawMockup (first template
 * colour, at most 2000 px, JPEG q90). Runs in the paint web worker, or on the page where a worker
 * cannot. One row at a time: output canvases are reused between rows.
 */
export function createRowPainter(options: {
  templates: TemplateAssets;
  fetchImage: ImageFetcher;
}): RowPainter {
  const outputs = new Map<string, BrowserCanvas>();
  let queue: Promise<unknown> = Promise.resolve();

  const output = (width: number, height: number) => {
    const key = `${width}x${height}`;
    let canvas = outputs.get(key);
    if (!canvas) {
      canvas = createBrowserCanvas(width, height);
      outputs.set(key, canvas);
    }
    return canvas;
  };

  const paintNow = async (request: PaintRequest): Promise<PaintResult> => {
    const artwork = new Map<string, Promise<ImageBitmap>>();
    const canvases = new Map<string, BrowserCanvas>();
    const result: PaintResult = { designs: [], mockups: [] };
    try {
      for (const design of request.designs) {
        let image = artwork.get(design.url);
        if (!image) {
          image = loadBitmap(options.fetchImage, design.url);
          artwork.set(design.url, image);
        }
        const decoded = await image;
        const canvas = createBrowserCanvas(design.width, design.height);
        const scale = Math.min(design.width / decoded.width, design.height / decoded.height);
        const w = decoded.width * scale;
        const h = decoded.height * scale;
        const ctx = context2dOf(canvas);
        ctx.imageSmoothingEnabled = true;
        ctx.imageSmoothingQuality = 'high';
        ctx.drawImage(decoded, (design.width - w) / 2, (design.height - h) / 2, w, h);
        canvases.set(design.key, canvas);
        result.designs.push({
          key: design.key,
          png: await encodeCanvas(canvas, 'image/png'),
          bitmap: design.keepBitmap ? await createImageBitmap(canvas) : null,
        });
      }
      for (const mockup of request.mockups) {
        const design = canvases.get(mockup.designKey);
        if (!design) throw new Error(`Mockup ${mockup.key} has no design`);
        const template = await options.templates.find(mockup.templateId, mockup.templateName);
        const layers = await options.templates.layers(template, mockup.printSpace);
        const size = mockupOutputSize(layers, { requested: BULK_MOCKUP_SIZE });
        const canvas = output(size.width, size.height);
        drawMockup(rendererContext(canvas), layers, design, {
          ...size,
          color: template.colors[0]?.hex_code ?? '#FFFFFF',
          createCanvas: browserCanvasFactory,
        });
        result.mockups.push({
          key: mockup.key,
          jpeg: await encodeCanvas(canvas, 'image/jpeg', MOCKUP_JPEG_QUALITY),
        });
      }
      return result;
    } catch (error) {
      for (const design of result.designs) design.bitmap?.close();
      throw error;
    } finally {
      for (const bitmap of await Promise.allSettled(artwork.values())) {
        if (bitmap.status === 'fulfilled') bitmap.value.close();
      }
    }
  };

  return {
    paint(request) {
      const next = queue.then(() => paintNow(request));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
