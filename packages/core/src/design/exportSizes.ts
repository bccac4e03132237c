import { MOCKUP_MAX_SIZE, MOCKUP_PREVIEW_MAX_SIZE } from '../catalog/constants.js';
import {
  DESIGN_3D_BLOB_HEIGHT_RATIO,
  DESIGN_3D_BLOB_WIDTH,
  EXPORT_3D_FULL_PRINT_FACTOR,
  EXPORT_CANVAS_SIZE,
  EXPORT_WIDE_ASPECT_RATIO,
  EXPORT_WIDE_FACTOR,
  PNG_EXPORT_MAX_SIDE,
  PRINT_TYPE_FULL_3D,
} from './constants.js';

export interface Size {
  width: number;
  height: number;
}

function fitLongSide(area: Size, longSide: number): Size {
  const factor = longSide / Math.max(area.width, area.height);
  return { width: Math.round(area.width * factor), height: Math.round(area.height * factor) };
}

/**
 * Size of an exported design canvas (spec §9): long side 1000, ×1.5 when the print area's aspect
 * ratio is above 1.5, ×3 for a 3D full-print product; the print area's shape is kept.
 */
export function exportCanvasSize(area: Size, printType = 0): Size {
  const ratio = Math.max(area.width, area.height) / Math.min(area.width, area.height);
  let longSide = EXPORT_CANVAS_SIZE;
  if (ratio > EXPORT_WIDE_ASPECT_RATIO) longSide *= EXPORT_WIDE_FACTOR;
  if (printType === PRINT_TYPE_FULL_3D) longSide *= EXPORT_3D_FULL_PRINT_FACTOR;
  return fitLongSide(area, longSide);
}

/** A PNG export: the native size when asked for, else at most 1920 on its longest side (spec §9). */
export function pngExportSize(area: Size, native = false): Size {
  if (native || Math.max(area.width, area.height) <= PNG_EXPORT_MAX_SIDE) {
    return { width: Math.round(area.width), height: Math.round(area.height) };
  }
  return fitLongSide(area, PNG_EXPORT_MAX_SIDE);
}

/** The design image a 3D model is textured with: 1500 × 1875 (spec §9). */
export function design3dBlobSize(): Size {
  return {
    width: DESIGN_3D_BLOB_WIDTH,
    height: DESIGN_3D_BLOB_WIDTH * DESIGN_3D_BLOB_HEIGHT_RATIO,
  };
}

/**
 * Output size of a mockup whose template is `template` pixels: the longest side at most the
 * mockup's maxSize (2000), or 500 for a preview (spec §9). Never enlarged past `requested`.
 */
export function mockupOutputSize(
  template: Size,
  options: { maxSize?: number; preview?: boolean; requested?: number } = {},
): Size {
  const cap = options.preview ? MOCKUP_PREVIEW_MAX_SIZE : (options.maxSize ?? MOCKUP_MAX_SIZE);
  const longSide = Math.min(options.requested ?? cap, cap);
  if (!(longSide > 0)) throw new RangeError(`Mockup size must be above 0, got ${longSide}`);
  return fitLongSide(template, longSide);
}
