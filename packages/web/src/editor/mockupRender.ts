import {
  designFitFor,
  MOCKUP_MAX_SIZE,
  type MockupTemplate,
  mockupOutputSize,
  type PrintSpaceDesign,
} from '@printloom/core';
import { drawMockup, type MockupLayers } from '@printloom/renderer';
import { asContext2D, context2dOf, createBrowserCanvas } from './context2d.js';
import { canvasBlob, fitSize, renderDesignCanvas } from './exportDesign.js';
import { loadImage } from './imageCache.js';

/**
 * 2D mockups in the browser: a template's layer images loaded once, composited with the
 * renderer's drawMockup, the same code the server and CLI render mockups with.
 */
const layerCache = new Map<number, Promise<MockupLayers>>();

async function layerImage(url: string | null | undefined) {
  return url ? (await loadImage(url)).full : null;
}

export function loadMockupLayers(template: MockupTemplate): Promise<MockupLayers> {
  let found = layerCache.get(template.id);
  if (!found) {
    found = (async () => {
      const [background, color, crop, shadow, overlay] = await Promise.all([
        layerImage(template.background),
        layerImage(template.colorImg),
        layerImage(template.cropImg),
        layerImage(template.shadowImg),
        layerImage(template.overlay),
      ]);
      if (!background) throw new Error(`Mockup ${template.id} has no background image`);
      const width = background.width;
      const height = background.height;
      return {
        width,
        height,
        printArea: template.printArea ?? { x: 0, y: 0, width, height },
        background,
        color,
        crop,
        shadow,
        overlay,
      };
    })();
    found.catch(() => layerCache.delete(template.id));
    layerCache.set(template.id, found);
  }
  return found;
}

/** Draws a mockup of `design` in `color` onto `target`, sized to the mockup's output size. */
export async function drawMockupOn(
  target: HTMLCanvasElement,
  template: MockupTemplate,
  design: PrintSpaceDesign,
  color: string,
  options: {
    size: number;
    designSide: number;
    resolution: 'full' | 'preview';
    /** The product's print type: all-over print (3) covers the print area (core designFitFor). */
    printType?: number;
  },
): Promise<void> {
  const layers = await loadMockupLayers(template);
  const designCanvas = design.objects.length
    ? await renderDesignCanvas(
        design,
        fitSize(design.printSpace, options.designSide),
        options.resolution,
      )
    : null;
  const size = mockupOutputSize(layers, { requested: options.size, maxSize: MOCKUP_MAX_SIZE });
  if (target.width !== size.width) target.width = size.width;
  if (target.height !== size.height) target.height = size.height;
  drawMockup(asContext2D(context2dOf(target)), layers, designCanvas, {
    ...size,
    color,
    createCanvas: createBrowserCanvas,
    fit: designFitFor(options.printType ?? 0),
  });
}

/** A mockup image to upload with the campaign: JPEG, 1000 px on its long side. */
export async function exportMockupJpeg(
  template: MockupTemplate,
  design: PrintSpaceDesign,
  color: string,
  size = 1000,
  printType = 0,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  await drawMockupOn(canvas, template, design, color, {
    size,
    designSide: size,
    resolution: 'full',
    printType,
  });
  return canvasBlob(canvas, 'image/jpeg', 0.9);
}
