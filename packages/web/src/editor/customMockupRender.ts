import { type CustomMockup, MOCKUP_MAX_SIZE, mockupOutputSize } from '@printloom/core';
import { customMockupLayers, type DrawableImage, drawMockup } from '@printloom/renderer';
import { asContext2D, createBrowserCanvas } from './context2d.js';

/**
 * Draws `design` into a custom mockup's print area on its photo with the renderer's drawMockup
 * (the photo is the background layer), `size` pixels on the long side at most. A canvas
 * without a 2D context (no canvas support) is left blank.
 */
export function drawCustomMockupOn(
  target: HTMLCanvasElement,
  mockup: Pick<CustomMockup, 'width' | 'height' | 'print_area'>,
  photo: DrawableImage,
  design: DrawableImage | null,
  size: number,
): void {
  const layers = customMockupLayers(mockup, photo);
  const out = mockupOutputSize(layers, { requested: size, maxSize: MOCKUP_MAX_SIZE });
  target.width = out.width;
  target.height = out.height;
  const ctx = target.getContext('2d');
  if (!ctx) return;
  drawMockup(asContext2D(ctx), layers, design, { ...out, createCanvas: createBrowserCanvas });
}
