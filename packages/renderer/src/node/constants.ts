/**
 * Largest image the renderer decodes, in pixels: 50 megapixels covers a 4500 × 5625 design3x
 * export (spec §9) with room, while a 20000 × 20000 upload (1.6 GB decoded) is refused up front.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** JPEG and WebP quality of mockups (spec §9 "webp quality 90"). */
export const DEFAULT_QUALITY = 90;
/** Where the bundled Roboto is served from by default (spec §7 "default /fonts/Roboto.ttf"). */
export const DEFAULT_FONT_URL = '/fonts/Roboto.ttf';
export const OUTPUT_FORMATS = ['jpeg', 'png', 'webp'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
