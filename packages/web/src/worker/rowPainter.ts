import {
  type Baked3dFrame,
  composeBaked3d,
  createWrapTexture,
  type DrawableImage,
  drawContained,
  drawMockup,
  type MockupTemplateFile,
  prepareBaked3dFrame,
} from '@printloom/renderer';
import {
  type BrowserCanvas,
  browserCanvasFactory,
  context2dOf,
  createBrowserCanvas,
  encodeCanvas,
  rendererContext,
} from './browserCanvas.js';
import { MOCKUP_JPEG_QUALITY } from './constants.js';
import type { TemplateAssets } from './templateAssets.js';

/** A row's artwork, read from its original bytes on the page (see loadArtwork). */
export interface PaintArtwork {
  key: string;
  bitmap: ImageBitmap;
}

/** One planned drawing (core's planRowImages): the artwork contained and centred at its size. */
export interface PaintDesign {
  key: string;
  artworkKey: string;
  width: number;
  height: number;
  /** Hand the drawing back as an image too (3D mockups wrap it). */
  keepBitmap: boolean;
}

/** One planned 2D mockup of a drawing on a template's print space. */
export interface PaintMockup {
  key: string;
  designKey: string;
  template: MockupTemplateFile;
  printSpace: string;
  width: number;
  height: number;
  color: string;
}

/**
 * One planned 3D mockup, drawn from the template's bake with the renderer's baked kernel (the
 * CLI's code); a template without a bake is left out of the result for three.js to draw.
 */
export interface PaintMockup3d {
  key: string;
  designKey: string;
  template: MockupTemplateFile;
  /** Output side in pixels (square). */
  size: number;
  /** Print space width / height. */
  aspect: number;
  color: string;
}

export interface PaintRequest {
  /** Handed over to the painter, which closes them once the row is drawn. */
  artworks: PaintArtwork[];
  designs: PaintDesign[];
  mockups: PaintMockup[];
  mockups3d?: PaintMockup3d[];
}

export interface PaintResult {
  designs: { key: string; png: Blob; bitmap: ImageBitmap | null }[];
  mockups: { key: string; jpeg: Blob }[];
}

export interface RowPainter {
  paint(request: PaintRequest): Promise<PaintResult>;
}

/**
 * Performs the drawing part of a row's plan with the renderer's kernels, as the CLI's Node
 * renderer does: each artwork drawn with drawContained, each 2D mockup with drawMockup, JPEG
 * q90. Runs in the paint web worker, or on the page where a worker cannot. One row at a time:
 * output canvases are reused between rows.
 */
export function createRowPainter(options: { templates: TemplateAssets }): RowPainter {
  const outputs = new Map<string, BrowserCanvas>();
  /** Baked frames per model and size (about 60 MB for the mug at 2000 px), null: no bake. */
  const frames = new Map<string, Promise<Baked3dFrame | null>>();

  const frameOf = (template: MockupTemplateFile, size: number) => {
    const key = `${template.model}|${size}`;
    let found = frames.get(key);
    if (!found) {
      found = options.templates
        .bake(template)
        .then((maps) => (maps ? prepareBaked3dFrame(maps, size) : null));
      found.catch(() => frames.delete(key));
      frames.set(key, found);
    }
    return found;
  };
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
    const artworks = new Map(request.artworks.map((a) => [a.key, a.bitmap]));
    const canvases = new Map<string, BrowserCanvas>();
    const result: PaintResult = { designs: [], mockups: [] };
    try {
      for (const design of request.designs) {
        const artwork = artworks.get(design.artworkKey);
        if (!artwork) throw new Error(`Design ${design.key} has no artwork`);
        const canvas = createBrowserCanvas(design.width, design.height);
        drawContained(rendererContext(canvas), artwork, {
          x: 0,
          y: 0,
          width: design.width,
          height: design.height,
        });
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
        const layers = await options.templates.layers(mockup.template, mockup.printSpace);
        const canvas = output(mockup.width, mockup.height);
        drawMockup(rendererContext(canvas), layers, design, {
          width: mockup.width,
          height: mockup.height,
          color: mockup.color,
          createCanvas: browserCanvasFactory,
        });
        result.mockups.push({
          key: mockup.key,
          jpeg: await encodeCanvas(canvas, 'image/jpeg', MOCKUP_JPEG_QUALITY),
        });
      }
      for (const mockup of request.mockups3d ?? []) {
        const design = canvases.get(mockup.designKey);
        if (!design) throw new Error(`Mockup ${mockup.key} has no design`);
        const frame = await frameOf(mockup.template, mockup.size);
        if (!frame) continue;
        // The wrap texture the three.js scene maps, warped and lit by the bake (as on the CLI).
        const texture = createWrapTexture(
          browserCanvasFactory,
          design as unknown as DrawableImage,
          {
            color: mockup.color,
            aspect: mockup.aspect,
            size: mockup.size,
          },
        );
        const pixels = context2dOf(texture as unknown as BrowserCanvas).getImageData(
          0,
          0,
          texture.width,
          texture.height,
        );
        const canvas = output(mockup.size, mockup.size);
        const ctx = context2dOf(canvas);
        const image = ctx.createImageData(mockup.size, mockup.size);
        composeBaked3d(frame, pixels, { color: mockup.color }, image.data);
        ctx.putImageData(image, 0, 0);
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
      for (const bitmap of artworks.values()) bitmap.close();
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
