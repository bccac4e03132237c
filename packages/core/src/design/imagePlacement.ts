import { PRINT_TYPES } from '../enums/catalog.js';
import { capImageScale, maxImageScale } from '../quality/imageDpi.js';
import { ASPECT_RATIO_REUSE_TOLERANCE } from './constants.js';
import type { ImageObject } from './DesignObject.js';

/**
 * An image scale the seller asked for, capped so the effective DPI stays at or above the print
 * space's minimum (spec §5: DPI/minDPI, 2 by default). Both axes shrink by the same factor.
 */
export function capObjectScale(
  requested: { scaleX: number; scaleY: number },
  space: { DPI: number; minDPI: number },
): { scaleX: number; scaleY: number } {
  const largest = Math.max(requested.scaleX, requested.scaleY);
  const capped = capImageScale(largest, space.DPI, space.minDPI);
  const factor = capped / largest;
  return { scaleX: requested.scaleX * factor, scaleY: requested.scaleY * factor };
}

/**
 * Places an image to fit the print area: as large as fits whole, centred, never past the DPI cap.
 */
export function fitImage(
  image: { width: number; height: number },
  space: { width: number; height: number; DPI: number; minDPI: number },
): { left: number; top: number; scaleX: number; scaleY: number } {
  const fit = Math.min(space.width / image.width, space.height / image.height);
  const scale = Math.min(fit, maxImageScale(space.DPI, space.minDPI));
  return { left: space.width / 2, top: space.height / 2, scaleX: scale, scaleY: scale };
}

/** What to do with a replacement image (spec §5). */
export type ImageReplacement =
  | { kind: 'reuse'; object: ImageObject }
  | { kind: 'replace'; object: ImageObject };

/**
 * A seller swaps an image: when the new aspect ratio differs from the old by less than 0.005 the
 * existing placement is reused (same position, angle and drawn size); otherwise the image is
 * replaced and fitted to the print area afresh.
 */
export function planImageReplacement(
  current: ImageObject,
  next: { src: string; width: number; height: number },
  space: { width: number; height: number; DPI: number; minDPI: number },
  printType = 0,
): ImageReplacement {
  if (!(next.width > 0 && next.height > 0)) throw new RangeError('Load img failed');
  const difference = Math.abs(current.width / current.height - next.width / next.height);
  if (difference < ASPECT_RATIO_REUSE_TOLERANCE) {
    const drawnWidth = current.width * current.scaleX;
    const drawnHeight = current.height * current.scaleY;
    return {
      kind: 'reuse',
      object: {
        ...current,
        src: next.src,
        width: next.width,
        height: next.height,
        scaleX: drawnWidth / next.width,
        scaleY: drawnHeight / next.height,
      },
    };
  }
  return {
    kind: 'replace',
    object: {
      ...current,
      src: next.src,
      width: next.width,
      height: next.height,
      angle: 0,
      ...placeImage(next, space, printType),
    },
  };
}

/**
 * How a print type's design meets its print area (spec §3 print types): all-over print (3)
 * covers the whole pattern piece, edge to edge with no margin; every other type keeps the
 * design whole, contained and centred.
 */
export function designFitFor(printType: number): 'contain' | 'cover' {
  return printType === PRINT_TYPES.aop ? 'cover' : 'contain';
}

/**
 * Places an image to cover the print area: the smallest size that reaches every edge, centred
 * (the overflow is cut). No DPI cap: a pattern that stopped short would leave the piece
 * unprinted; a low resolution shows in the quality label instead.
 */
export function coverImage(
  image: { width: number; height: number },
  space: { width: number; height: number },
): { left: number; top: number; scaleX: number; scaleY: number } {
  const scale = Math.max(space.width / image.width, space.height / image.height);
  return { left: space.width / 2, top: space.height / 2, scaleX: scale, scaleY: scale };
}

/** Where a new image goes on a print space of `printType`: covering for all-over print. */
export function placeImage(
  image: { width: number; height: number },
  space: { width: number; height: number; DPI: number; minDPI: number },
  printType = 0,
): { left: number; top: number; scaleX: number; scaleY: number } {
  return designFitFor(printType) === 'cover' ? coverImage(image, space) : fitImage(image, space);
}
