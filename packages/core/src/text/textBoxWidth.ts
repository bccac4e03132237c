import { TEXT_NEW_WIDTH_SCALE, TEXT_WIDTH_MODES } from './constants.js';

export type TextWidthMode = (typeof TEXT_WIDTH_MODES)[number];

/** Width of a new text box: 80 % of the print width (spec §9). */
export function newTextWidth(printWidth: number): number {
  if (!(printWidth > 0)) throw new RangeError(`Print width must be above 0, got ${printWidth}`);
  return printWidth * TEXT_NEW_WIDTH_SCALE;
}

/**
 * Width of a text box after its text changed (spec §5 width modes). `oldWidth` is the box before
 * the edit, `naturalWidth` what the new text needs. Fixed keeps the old width (the text is
 * scaled to fit), limited may shrink but never grow past the old width, flexible follows the
 * text. In every mode the box is never wider than the print width.
 */
export function textBoxWidth(
  mode: TextWidthMode,
  oldWidth: number,
  naturalWidth: number,
  printWidth: number,
): number {
  if (!(printWidth > 0)) throw new RangeError(`Print width must be above 0, got ${printWidth}`);
  let width: number;
  switch (mode) {
    case 'fixed':
      width = oldWidth;
      break;
    case 'limited':
      width = Math.min(naturalWidth, oldWidth);
      break;
    case 'flexible':
      width = naturalWidth;
      break;
    default:
      throw new RangeError(
        `Unknown width mode '${String(mode)}': use one of ${TEXT_WIDTH_MODES.join(', ')}`,
      );
  }
  return Math.min(Math.max(width, 0), printWidth);
}
