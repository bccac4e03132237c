import {
  type DesignObject,
  displayText,
  fitText,
  type ImageObject,
  type PrintSpaceDesign,
  parseBackgroundColor,
  TEXT_LINE_HEIGHT,
  type TextObject,
} from '@printloom/core';
import type { CanvasFactory, Context2D, DrawableImage } from './context.js';
import { drawImageBackgroundText, hasImageBackground } from './drawImageBackgroundText.js';
import { smoothImages } from './imageSmoothing.js';
import { placeDesign } from './placeDesign.js';

/** Images a design needs, by their `src`, already loaded. */
export interface DesignAssets {
  images: ReadonlyMap<string, DrawableImage>;
  /**
   * The CSS family name a text's font was registered under; by default its `fontFamily`. The
   * Node side registers fonts by URL and answers with the name it used.
   */
  fontFamily?: (object: TextObject) => string;
  /** Scratch canvases for texts in the `image_background` display style. */
  createCanvas?: CanvasFactory;
}

export interface DrawDesignOptions {
  /**
   * Output pixels per print pixel, on top of the context's current transform; the caller sizes
   * the canvas to the print area × scale.
   */
  scale?: number;
  /** Paint the background colour (when the design has one). Default true. */
  background?: boolean;
}

/**
 * Draws one print space's design: background colour, then every object bottom to top, each at
 * its centre, rotated, scaled. Text follows the same width rules as the editor (spec §5), so a
 * text never draws wider than the print width. Missing images throw: a render that silently
 * drops artwork would print a wrong product.
 */
export function drawDesign(
  ctx: Context2D,
  design: PrintSpaceDesign,
  assets: DesignAssets,
  options: DrawDesignOptions = {},
): void {
  const scale = options.scale ?? 1;
  const { width, height } = design.printSpace;
  ctx.save();
  // Relative to the caller's transform, so a design can be placed inside a larger canvas.
  ctx.scale(scale, scale);
  if (design.background && options.background !== false) {
    ctx.fillStyle = parseBackgroundColor(design.background);
    ctx.fillRect(0, 0, width, height);
  }
  for (const object of design.objects) drawObject(ctx, object, design.printSpace.width, assets);
  ctx.restore();
}

/**
 * Draws a design on a canvas of `size` whose proportions may differ from the print space's (the
 * §9 exports: PNG, design canvas, the 3D blob): the print space contained and centred in it.
 * `printloom render design` and the dashboard's export both draw through here.
 */
export function drawDesignContained(
  ctx: Context2D,
  design: PrintSpaceDesign,
  assets: DesignAssets,
  size: { width: number; height: number },
): void {
  const at = placeDesign({ x: 0, y: 0, ...size }, design.printSpace);
  ctx.save();
  ctx.translate(at.x, at.y);
  drawDesign(ctx, design, assets, { scale: at.width / design.printSpace.width });
  ctx.restore();
}

function drawObject(
  ctx: Context2D,
  object: DesignObject,
  printWidth: number,
  assets: DesignAssets,
) {
  ctx.save();
  ctx.translate(object.left, object.top);
  if (object.angle) ctx.rotate((object.angle * Math.PI) / 180);
  ctx.globalAlpha = object.opacity;
  if (object.type === 'image') drawImageObject(ctx, object, assets);
  else if (hasImageBackground(object))
    drawImageBackgroundText(ctx, object, printWidth, assets, (layer) =>
      drawTextObject(layer, object, printWidth, assets),
    );
  else drawTextObject(ctx, object, printWidth, assets);
  ctx.restore();
}

function drawImageObject(ctx: Context2D, object: ImageObject, assets: DesignAssets) {
  const image = assets.images.get(object.src);
  if (!image) throw new Error(`Load img failed: ${object.src}`);
  const w = object.width * object.scaleX;
  const h = object.height * object.scaleY;
  smoothImages(ctx);
  ctx.drawImage(image, -w / 2, -h / 2, w, h);
}

/** CSS font shorthand with a quoted family, as both canvases parse it. */
export function cssFont(fontSize: number, family: string): string {
  return `${fontSize}px "${family.replace(/"/g, '')}"`;
}

function drawTextObject(
  ctx: Context2D,
  object: TextObject,
  printWidth: number,
  assets: DesignAssets,
) {
  if (object.displayStyle === 'transparent') return;
  const text = displayText(object);
  const family = assets.fontFamily?.(object) ?? object.fontFamily;
  ctx.font = cssFont(object.fontSize, family);
  const natural = ctx.measureText(text).width;
  const { boxWidth, glyphScale } = fitText(object, natural, printWidth);
  // The box keeps its drawn height: the y scale applies to the glyphs as the seller set it.
  ctx.scale(glyphScale, object.scaleY * glyphScale);
  ctx.fillStyle = object.fill;
  ctx.textBaseline = 'middle';
  const half = boxWidth / 2 / glyphScale;
  if (object.textAlign === 'left') {
    ctx.textAlign = 'left';
    ctx.fillText(text, -half, 0);
  } else if (object.textAlign === 'right') {
    ctx.textAlign = 'right';
    ctx.fillText(text, half, 0);
  } else {
    ctx.textAlign = 'center';
    ctx.fillText(text, 0, 0);
  }
}

/** Height of a text object's line box at its font size. */
export function textLineHeight(object: Pick<TextObject, 'fontSize'>): number {
  return object.fontSize * TEXT_LINE_HEIGHT;
}
