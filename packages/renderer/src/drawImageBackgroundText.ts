import { displayText, fitText, type PrintSpaceDesign, type TextObject } from '@printloom/core';
import { type CanvasFactory, type CanvasLike, type Context2D, context2d } from './context.js';
// drawDesign calls into this module; the cycle is only between functions, resolved at call time.
import { cssFont, type DesignAssets } from './drawDesign.js';
import { smoothImages } from './imageSmoothing.js';

/**
 * Text in the `image_background` display style (spec §3 Text display styles: color, transparent,
 * image_background): the glyphs show the image at `backgroundUrl` instead of a flat colour, the
 * image covering the text's box (centred, cropped, never stretched) and moving, scaling and
 * turning with the text. A text of this style without a `backgroundUrl` falls back to its colour.
 */
export function hasImageBackground(
  object: TextObject,
): object is TextObject & { backgroundUrl: string } {
  return object.displayStyle === 'image_background' && Boolean(object.backgroundUrl);
}

/** Every image a design needs loaded before it is drawn: placed images and text backgrounds. */
export function designImageSources(design: Pick<PrintSpaceDesign, 'objects'>): string[] {
  const sources = new Set<string>();
  for (const object of design.objects) {
    if (object.type === 'image') sources.add(object.src);
    else if (hasImageBackground(object)) sources.add(object.backgroundUrl);
  }
  return [...sources];
}

/** Largest side of the scratch layer, so a huge export cannot ask for a gigapixel canvas. */
const MAX_LAYER_SIDE = 8192;

/** Browsers and workers have OffscreenCanvas, so a page need not pass a factory. */
function offscreenCanvasFactory(): CanvasFactory | undefined {
  const Offscreen = (
    globalThis as { OffscreenCanvas?: new (width: number, height: number) => CanvasLike }
  ).OffscreenCanvas;
  return Offscreen ? (width, height) => new Offscreen(width, height) : undefined;
}

/** Output pixels per unit of the context's current transform (1 where it cannot be read). */
function pixelScale(ctx: Context2D): number {
  const m = ctx.getTransform?.();
  if (!m) return 1;
  const scale = Math.max(Math.hypot(m.a, m.b), Math.hypot(m.c, m.d));
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}

/**
 * Draws an image-background text at the context's origin (the text's centre, already rotated):
 * `drawGlyphs` paints the glyphs on a scratch layer, the image is kept only where they are
 * (`source-in`), and the layer is drawn back. Called with the object's own transform applied.
 */
export function drawImageBackgroundText(
  ctx: Context2D,
  object: TextObject & { backgroundUrl: string },
  printWidth: number,
  assets: DesignAssets,
  drawGlyphs: (layer: Context2D) => void,
): void {
  const image = assets.images.get(object.backgroundUrl);
  if (!image) throw new Error(`Load img failed: ${object.backgroundUrl}`);
  const createCanvas = assets.createCanvas ?? offscreenCanvasFactory();
  if (!createCanvas) {
    throw new Error('An image_background text needs a createCanvas factory in the design assets');
  }
  // The box as the text is drawn now: the width mode may have grown or shrunk it (spec §5).
  const family = assets.fontFamily?.(object) ?? object.fontFamily;
  ctx.font = cssFont(object.fontSize, family);
  const { boxWidth } = fitText(object, ctx.measureText(displayText(object)).width, printWidth);
  const boxHeight = object.height * object.scaleY;
  // Text never grows past the print width (spec §5); glyphs reach about one font size from
  // the middle line at most, so this layer holds every glyph whatever the width mode did.
  const width = Math.max(printWidth, boxWidth);
  const height = 2 * Math.max(boxHeight, object.fontSize * object.scaleY);
  const scale = Math.min(pixelScale(ctx), MAX_LAYER_SIDE / width, MAX_LAYER_SIDE / height);
  const layer = createCanvas(
    Math.max(1, Math.ceil(width * scale)),
    Math.max(1, Math.ceil(height * scale)),
  );
  const lctx = context2d(layer);
  lctx.scale(scale, scale);
  lctx.translate(width / 2, height / 2);
  lctx.save();
  drawGlyphs(lctx);
  lctx.restore();
  lctx.globalCompositeOperation = 'source-in';
  smoothImages(lctx);
  const cover = Math.max(boxWidth / image.width, boxHeight / image.height);
  const w = image.width * cover;
  const h = image.height * cover;
  lctx.drawImage(image, -w / 2, -h / 2, w, h);
  ctx.drawImage(layer, -width / 2, -height / 2, width, height);
}
