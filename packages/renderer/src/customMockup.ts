import type { DrawableImage } from './context.js';
import type { MockupLayers } from './drawMockup.js';

/** What the renderer needs of a seller's custom mockup (core `CustomMockup`). */
export interface CustomMockupGeometry {
  width: number;
  height: number;
  print_area: { x: number; y: number; width: number; height: number };
}

/**
 * A seller's own mockup photo as drawMockup layers: the photo is the background, the marked
 * area the print area, and there is no colour mask (the photo shows the product as it is). The
 * browser and Node draw custom mockups with the same drawMockup as the template mockups.
 */
export function customMockupLayers(
  mockup: CustomMockupGeometry,
  photo: DrawableImage,
): MockupLayers {
  return {
    width: mockup.width,
    height: mockup.height,
    printArea: { ...mockup.print_area },
    background: photo,
  };
}
