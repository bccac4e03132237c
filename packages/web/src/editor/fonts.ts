import {
  createStore,
  type SellerFont,
  sellerFontLabel,
  TEXT_DEFAULT_FONT_FAMILY,
  type TextObject,
} from '@printloom/core';
import { BROWSER_DEFAULT_FONT_URL, cssFont, loadFontUrl } from '@printloom/renderer';

/**
 * The fonts a text may use. Roboto is the default (no `fontUrl`, spec §3); the others are served
 * by the dashboard at /fonts/ and named by URL, so the Node renderer (`printloom render`) fetches
 * the same file and draws the same glyphs.
 */
export interface EditorFont {
  label: string;
  url: string | null;
}

export const EDITOR_FONTS: readonly EditorFont[] = [
  { label: TEXT_DEFAULT_FONT_FAMILY, url: null },
  { label: 'Roboto Light', url: '/fonts/Roboto-Light.ttf' },
  { label: 'Roboto Medium', url: '/fonts/Roboto-Medium.ttf' },
  { label: 'Roboto Bold', url: '/fonts/Roboto-Bold.ttf' },
  { label: 'Roboto Black', url: '/fonts/Roboto-Black.ttf' },
  { label: 'Roboto Condensed', url: '/fonts/Roboto-Condensed-Regular.ttf' },
  { label: 'Roboto Slab', url: '/fonts/Roboto-Slab-Regular.ttf' },
];

const families = new Map<string, string>();
/** Counts the fonts loaded so far; a canvas redraws on each. */
const loaded = createStore(0);

/** Loads a font by URL (the default Roboto when null) and remembers the family it drew with. */
export async function ensureFont(url: string | null): Promise<void> {
  const key = url ?? BROWSER_DEFAULT_FONT_URL;
  if (families.has(key)) return;
  const family = await loadFontUrl(key);
  families.set(key, family);
  loaded.update((count) => count + 1);
}

/** Loads the default font and every font the texts name. */
export async function ensureFonts(texts: readonly Pick<TextObject, 'fontUrl'>[]): Promise<void> {
  await Promise.all([ensureFont(null), ...texts.map((t) => ensureFont(t.fontUrl ?? null))]);
}

/** The CSS family a text draws with: its loaded URL font, else its family name. */
export function fontFamilyFor(text: Pick<TextObject, 'fontUrl' | 'fontFamily'>): string {
  if (text.fontUrl) return families.get(text.fontUrl) ?? TEXT_DEFAULT_FONT_FAMILY;
  return text.fontFamily;
}

export function onFontReady(listener: () => void): () => void {
  return loaded.subscribe(listener);
}

let measureContext: CanvasRenderingContext2D | null = null;

/** How wide `text` draws at `fontSize` in the text's font (the editor's measure). */
export function measureText(text: string, fontSize: number, object: TextObject): number {
  measureContext ??= document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * fontSize * 0.5;
  measureContext.font = cssFont(fontSize, fontFamilyFor(object));
  return measureContext.measureText(text).width;
}

/**
 * The seller's uploaded fonts (/personalized/fonts) as list entries, named by their full name
 * (with the file when two share one). They are drawn by their file address like the bundled
 * fonts, so the Node renderer loads the same file.
 */
export function sellerFontOptions(
  fonts: readonly Pick<SellerFont, 'full_name' | 'file_name' | 'file_url'>[],
): EditorFont[] {
  const names = new Map<string, number>();
  for (const font of fonts) names.set(font.full_name, (names.get(font.full_name) ?? 0) + 1);
  return fonts.map((font) => ({
    label: sellerFontLabel(font, (names.get(font.full_name) ?? 0) > 1),
    url: font.file_url,
  }));
}

/**
 * The font list of a text: the bundled fonts, then the seller's own; a font from elsewhere
 * (a removed seller font, an imported design) gets an entry of its own.
 */
export function fontOptions(
  current: Pick<TextObject, 'fontUrl' | 'fontFamily'> | null,
  sellerFonts: readonly EditorFont[] = [],
): readonly EditorFont[] {
  const fonts = [...EDITOR_FONTS, ...sellerFonts];
  const url = current?.fontUrl ?? null;
  if (!current || fonts.some((f) => f.url === url)) return fonts;
  return [...fonts, { label: current.fontFamily, url }];
}
