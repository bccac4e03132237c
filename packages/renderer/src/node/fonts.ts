import { GlobalFonts } from '@napi-rs/canvas';
import { TEXT_DEFAULT_FONT_FAMILY, type TextObject } from '@printloom/core';
import { robotoFontFile } from '../fontFiles.js';
import { DEFAULT_FONT_URL } from './constants.js';
import { readSource } from './images.js';

/** The bundled Roboto (Apache 2.0), used whenever a text names no font or Roboto. */
export const ROBOTO_PATH = robotoFontFile();

const registered = new Map<string, string>();

export function ensureRoboto(): void {
  if (registered.has(DEFAULT_FONT_URL)) return;
  if (!GlobalFonts.registerFromPath(ROBOTO_PATH, TEXT_DEFAULT_FONT_FAMILY)) {
    throw new Error(`Could not load the bundled font ${ROBOTO_PATH}`);
  }
  registered.set(DEFAULT_FONT_URL, TEXT_DEFAULT_FONT_FAMILY);
}

/**
 * Loads the font a text names by URL (spec §7: fonts are fetched by URL, default
 * /fonts/Roboto.ttf) and answers the family it was registered under. Each URL gets its own
 * family so two fonts both called "Script" in their files cannot replace each other.
 */
export async function registerFontUrl(url: string, baseDir?: string): Promise<string> {
  ensureRoboto();
  const known = registered.get(url);
  if (known) return known;
  const family = `pl-font-${registered.size}`;
  const data = await readSource(url, baseDir);
  if (!GlobalFonts.register(data, family))
    throw new Error(`${url} is not a font the renderer can read`);
  registered.set(url, family);
  return family;
}

/** Registers every font a design's texts need; returns the family to draw each text with. */
export async function fontsFor(
  texts: readonly TextObject[],
  baseDir?: string,
): Promise<(t: TextObject) => string> {
  ensureRoboto();
  const families = new Map<string, string>();
  for (const text of texts) {
    if (text.fontUrl && text.fontUrl !== DEFAULT_FONT_URL && !families.has(text.fontUrl)) {
      families.set(text.fontUrl, await registerFontUrl(text.fontUrl, baseDir));
    }
  }
  return (t) => (t.fontUrl ? (families.get(t.fontUrl) ?? TEXT_DEFAULT_FONT_FAMILY) : t.fontFamily);
}
