import { CANVAS_DISPLAY_MARGIN_FACTOR } from './constants.js';
import { longestPrintSide } from './PrintSpace.js';

/**
 * Screen pixels per print pixel in the editor (spec §9): `displayWidth / (1.4 × longest print
 * side)`, so the print area fills about 70 % of the frame and handles outside it stay visible.
 */
export function canvasDisplayScale(
  displayWidth: number,
  space: { width: number; height: number; printWidth?: number; printHeight?: number },
): number {
  if (!(displayWidth > 0))
    throw new RangeError(`Display width must be above 0, got ${displayWidth}`);
  const longest = longestPrintSide(space);
  if (!(longest > 0)) throw new RangeError(`Print side must be above 0, got ${longest}`);
  return displayWidth / (CANVAS_DISPLAY_MARGIN_FACTOR * longest);
}
