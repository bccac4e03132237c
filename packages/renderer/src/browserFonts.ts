import { TEXT_DEFAULT_FONT_FAMILY, type TextObject } from '@printloom/core';

/** The browser's FontFace API, declared here so the package needs no DOM typings. */
interface FontFaceLike {
  load(): Promise<FontFaceLike>;
}
interface BrowserFontGlobals {
  FontFace: new (family: string, source: string) => FontFaceLike;
  document: { fonts: { add(font: FontFaceLike): void } };
}

/** Where the dashboard serves the bundled Roboto (spec §7 "default /fonts/Roboto.ttf"). */
export const BROWSER_DEFAULT_FONT_URL = '/fonts/Roboto.ttf';

const loaded = new Map<string, Promise<string>>();

/**
 * Loads a text's font by URL into the page (spec §7: fonts are fetched by URL) and answers the
 * family to draw with, mirroring the Node side's registerFontUrl: one family per URL.
 */
export function loadFontUrl(url: string): Promise<string> {
  let family = loaded.get(url);
  if (!family) {
    const name =
      url === BROWSER_DEFAULT_FONT_URL ? TEXT_DEFAULT_FONT_FAMILY : `pl-font-${loaded.size}`;
    const g = globalThis as unknown as BrowserFontGlobals;
    family = new g.FontFace(name, `url(${JSON.stringify(url)})`).load().then((face) => {
      g.document.fonts.add(face);
      return name;
    });
    family.catch(() => loaded.delete(url));
    loaded.set(url, family);
  }
  return family;
}

/** Loads every font a design's texts name; returns the family lookup drawDesign takes. */
export async function browserFontsFor(
  texts: readonly TextObject[],
): Promise<(t: TextObject) => string> {
  const families = new Map<string, string>();
  await loadFontUrl(BROWSER_DEFAULT_FONT_URL);
  for (const text of texts) {
    if (text.fontUrl && !families.has(text.fontUrl))
      families.set(text.fontUrl, await loadFontUrl(text.fontUrl));
  }
  return (t) => (t.fontUrl ? (families.get(t.fontUrl) ?? TEXT_DEFAULT_FONT_FAMILY) : t.fontFamily);
}
