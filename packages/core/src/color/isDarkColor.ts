import { DARK_BRIGHTNESS_THRESHOLD } from './constants.js';
import { parseHex } from './rgb.js';

/**
 * Perceived brightness of a colour on a 0–100 scale. The spec says "brightness" without a
 * formula; this is the W3C/YIQ weighting (0.299 R + 0.587 G + 0.114 B), so pure blue reads as
 * dark and pure yellow as light, the way a seller would judge a shirt colour.
 */
export function colorBrightness(hex: string): number {
  const { r, g, b } = parseHex(hex);
  return ((r * 299 + g * 587 + b * 114) / 1000 / 255) * 100;
}

/** A colour is dark when its brightness is below 50 of 100 (spec §5). */
export function isDarkColor(hex: string): boolean {
  return colorBrightness(hex) < DARK_BRIGHTNESS_THRESHOLD;
}
