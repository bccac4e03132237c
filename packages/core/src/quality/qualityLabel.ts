import { DEFAULT_DPI, DEFAULT_MIN_DPI, type QUALITY_LABELS } from './constants.js';

export type QualityLabel = (typeof QUALITY_LABELS)[number];

function checkDpi(name: string, value: number): void {
  if (!(value > 0) || Number.isNaN(value)) {
    throw new RangeError(`${name} must be a number above 0, got ${value}`);
  }
}

/**
 * Print quality of a design from the lowest effective DPI of its images (spec §5): 'good' at or
 * above the average of DPI and minimum DPI (225 by default), 'low' below the minimum (150),
 * otherwise 'normal'. A design without images passes `Infinity` or the full DPI and is 'good'.
 */
export function qualityLabel(
  lowestDpi: number,
  dpi: number = DEFAULT_DPI,
  minDpi: number = DEFAULT_MIN_DPI,
): QualityLabel {
  if (Number.isNaN(lowestDpi) || lowestDpi < 0) {
    throw new RangeError(`Lowest DPI must be 0 or more, got ${lowestDpi}`);
  }
  checkDpi('DPI', dpi);
  checkDpi('Minimum DPI', minDpi);
  if (lowestDpi >= (dpi + minDpi) / 2) return 'good';
  if (lowestDpi < minDpi) return 'low';
  return 'normal';
}
