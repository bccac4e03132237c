import { DEFAULT_DPI, DEFAULT_MIN_DPI } from './constants.js';

/**
 * How the editor measures resolution: a print space is laid out in print pixels at `dpi`
 * (300 by default), and an image drawn at scale 1 puts one of its pixels on one print pixel. At
 * scale `s` each image pixel covers `s` print pixels, so its effective DPI is `dpi / s`.
 */
export function effectiveDpi(scale: number, dpi: number = DEFAULT_DPI): number {
  if (!(scale > 0)) throw new RangeError(`Image scale must be above 0, got ${scale}`);
  if (!(dpi > 0)) throw new RangeError(`DPI must be above 0, got ${dpi}`);
  return dpi / scale;
}

/**
 * The largest scale an image may take on a print space before its effective DPI falls below the
 * minimum (spec §5): `dpi / minDpi`, 2 with the defaults 300 and 150.
 *
 * @param dpi    the print space's DPI (spec §3 Print space DPI, default 300)
 * @param minDpi the print space's minimum DPI (spec §3 Print space minDPI, default 150)
 */
export function maxImageScale(dpi: number = DEFAULT_DPI, minDpi: number = DEFAULT_MIN_DPI): number {
  if (!(dpi > 0)) throw new RangeError(`DPI must be above 0, got ${dpi}`);
  if (!(minDpi > 0)) throw new RangeError(`Minimum DPI must be above 0, got ${minDpi}`);
  return dpi / minDpi;
}

/** A scale the seller asked for, capped at {@link maxImageScale}. */
export function capImageScale(
  requestedScale: number,
  dpi: number = DEFAULT_DPI,
  minDpi: number = DEFAULT_MIN_DPI,
): number {
  if (!(requestedScale > 0)) {
    throw new RangeError(`Image scale must be above 0, got ${requestedScale}`);
  }
  return Math.min(requestedScale, maxImageScale(dpi, minDpi));
}

/** One image of a design as the quality rule sees it. */
export interface DesignImageScale {
  /** The larger of the image's x and y scale on the print space. */
  scale: number;
  /** A locked design object (the seller cannot rescale it) counts as full DPI (spec §5). */
  locked?: boolean;
  /** A design of a 3D full-print product counts as full DPI (spec §5). */
  fullPrint3d?: boolean;
}

/**
 * The lowest effective DPI over a design's images, to feed `qualityLabel`. Locked images and 3D
 * full-print designs count as full DPI; with no image the design is at full DPI.
 */
export function lowestDesignDpi(
  images: readonly DesignImageScale[],
  dpi: number = DEFAULT_DPI,
): number {
  let lowest = dpi;
  for (const image of images) {
    const value = image.locked || image.fullPrint3d ? dpi : effectiveDpi(image.scale, dpi);
    if (value < lowest) lowest = value;
  }
  return lowest;
}
