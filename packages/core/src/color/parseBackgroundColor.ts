import { BACKGROUND_FALLBACK } from './constants.js';

const BACKGROUND = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * The colour a design background is painted with (spec §5): '#rgb' or '#rrggbb' as given
 * (surrounding spaces dropped); anything else, including a missing value, shows as
 * semi-transparent white so a bad value never hides the design.
 */
export function parseBackgroundColor(value: unknown): string {
  if (typeof value !== 'string') return BACKGROUND_FALLBACK;
  const trimmed = value.trim();
  return BACKGROUND.test(trimmed) ? trimmed : BACKGROUND_FALLBACK;
}
