import { MOCKUP_MIN_BRIGHTNESS } from './constants.js';
import { parseHex, type Rgb, toHex } from './rgb.js';

function toHsl({ r, g, b }: Rgb): { h: number; s: number; l: number } {
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === rn) h = (gn - bn) / d + (gn < bn ? 6 : 0);
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return { h: h / 6, s, l };
}

function hueToChannel(p: number, q: number, t: number): number {
  let tt = t;
  if (tt < 0) tt += 1;
  if (tt > 1) tt -= 1;
  if (tt < 1 / 6) return p + (q - p) * 6 * tt;
  if (tt < 1 / 2) return q;
  if (tt < 2 / 3) return p + (q - p) * (2 / 3 - tt) * 6;
  return p;
}

function fromHsl(h: number, s: number, l: number): Rgb {
  if (s === 0) return { r: l * 255, g: l * 255, b: l * 255 };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  return {
    r: hueToChannel(p, q, h + 1 / 3) * 255,
    g: hueToChannel(p, q, h) * 255,
    b: hueToChannel(p, q, h - 1 / 3) * 255,
  };
}

/**
 * Lightens a colour darker than `minimum` (a share of full lightness, 0.2 by default) up to it,
 * keeping hue and saturation, so a black shirt still shows its folds and shadows on a mockup
 * (spec §5). Lightness is HSL lightness: the spec gives no formula, and HSL lets hue survive
 * (navy stays blue). Colours at or above the minimum come back unchanged, as '#rrggbb'.
 */
export function clampBrightness(hex: string, minimum: number = MOCKUP_MIN_BRIGHTNESS): string {
  if (!(minimum >= 0 && minimum <= 1)) {
    throw new RangeError(`Minimum brightness must be between 0 and 1, got ${minimum}`);
  }
  const rgb = parseHex(hex);
  const { h, s, l } = toHsl(rgb);
  if (l >= minimum) return toHex(rgb);
  return toHex(fromHsl(h, s, minimum));
}
