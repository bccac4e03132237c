import { clampBrightness, MOCKUP_DEFAULT_COLOR } from '@printloom/core';
import {
  type CanvasFactory,
  type CanvasLike,
  type Context2D,
  context2d,
  type DrawableImage,
} from './context.js';
import { smoothImages } from './imageSmoothing.js';
import { type DesignFit, drawFitted, type Rect } from './placeDesign.js';

/**
 * The loaded layers of a 2D mockup template (spec §3 Mockup), all `width` × `height` template
 * pixels except `crop`, which covers the print area only.
 * - background: the scene behind the product (backdrop, floor shadow)
 * - color: a mask, opaque where the product takes the chosen colour
 * - crop: a mask over the print area, opaque where ink may land (seams, mug rims cut it)
 * - shadow: greyscale shading multiplied over product and design, so folds show through ink
 * - overlay: drawn last, normally (highlights, labels, handles in front of the print)
 */
export interface MockupLayers {
  width: number;
  height: number;
  printArea: Rect;
  background?: DrawableImage | null;
  color?: DrawableImage | null;
  crop?: DrawableImage | null;
  shadow?: DrawableImage | null;
  overlay?: DrawableImage | null;
}

export interface DrawMockupOptions {
  /** Output size; the context's canvas must be this size. */
  width: number;
  height: number;
  /** Product colour, default #FFFFFF; darker than 20 % is lightened to 20 % (spec §5). */
  color?: string;
  /** Makes the scratch canvases the colour and design layers are composed on. */
  createCanvas: CanvasFactory;
  /** How the design meets the print area: contain (default) or cover (all-over print). */
  fit?: DesignFit;
}

const scratch = new WeakMap<CanvasFactory, Map<string, CanvasLike>>();

/** A reusable scratch canvas of one size; drawing is synchronous, so one per size is enough. */
function layer(
  factory: CanvasFactory,
  slot: string,
  width: number,
  height: number,
): { ctx: Context2D; canvas: CanvasLike } {
  let byKey = scratch.get(factory);
  if (!byKey) {
    byKey = new Map();
    scratch.set(factory, byKey);
  }
  const key = `${slot}:${width}x${height}`;
  let canvas = byKey.get(key);
  if (!canvas) {
    canvas = factory(width, height);
    byKey.set(key, canvas);
  }
  const ctx = context2d(canvas);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.clearRect(0, 0, width, height);
  return { ctx, canvas };
}

/**
 * Output-size layers kept per template mockup (a bulk run draws one template many times);
 * 'seen' marks a layer drawn once and not kept yet.
 */
const prepared = new WeakMap<MockupLayers, Map<string, CanvasLike | 'seen'>>();
/** Kept per mockup: base layers of a few colours plus the scaled shading and overlay. */
const PREPARED_PER_MOCKUP = 8;

/**
 * Draws one output-size layer of a mockup with `draw`. The first time a mockup, colour and size
 * are drawn, `draw` paints straight onto `ctx`: a one-off render (`printloom render mockup`)
 * scales each layer once and no more. From the second time on, the layer is drawn once on a
 * canvas of the output size that is kept and drawn 1:1: a bulk run scales a template's layers
 * once, not once per row, and a colour layer is the same for every design on that colour.
 */
function drawPrepared(
  ctx: Context2D,
  mockup: MockupLayers,
  factory: CanvasFactory,
  key: string,
  width: number,
  height: number,
  draw: (ctx: Context2D) => void,
): void {
  let byKey = prepared.get(mockup);
  if (!byKey) {
    byKey = new Map();
    prepared.set(mockup, byKey);
  }
  const found = byKey.get(key);
  if (found === undefined) {
    byKey.set(key, 'seen');
    if (byKey.size > PREPARED_PER_MOCKUP) byKey.delete(byKey.keys().next().value!);
    ctx.save();
    draw(ctx);
    ctx.restore();
    return;
  }
  let canvas = found;
  if (canvas === 'seen') {
    canvas = factory(width, height);
    const prepare = context2d(canvas);
    smoothImages(prepare);
    draw(prepare);
  }
  // Kept as the most recently used of this mockup's layers.
  byKey.delete(key);
  byKey.set(key, canvas);
  ctx.drawImage(canvas, 0, 0, width, height);
}

/**
 * Composites a 2D mockup in the order a product photo needs: background, product colour, the
 * design clipped to the print area, shading multiplied over both (folds show through the ink),
 * then the overlay. The same code runs on a browser canvas and on @napi-rs/canvas.
 */
export function drawMockup(
  ctx: Context2D,
  mockup: MockupLayers,
  designImage: DrawableImage | null,
  options: DrawMockupOptions,
): void {
  const { width: W, height: H, createCanvas } = options;
  const sx = W / mockup.width;
  const sy = H / mockup.height;
  const color = clampBrightness(options.color ?? MOCKUP_DEFAULT_COLOR);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  smoothImages(ctx);
  drawPrepared(ctx, mockup, createCanvas, `base:${W}x${H}:${color}`, W, H, (base) => {
    base.fillStyle = '#ffffff';
    base.fillRect(0, 0, W, H);
    if (mockup.background) base.drawImage(mockup.background, 0, 0, W, H);
    if (mockup.color) {
      // Coloured at the template's own size, then scaled once: filling a mask with one colour
      // commutes with scaling it (the pixels agree within rounding), at a quarter of the fill
      // work for a 2000 px mockup of a 1000 px template and one scaled draw instead of two.
      const { width: w, height: h } = mockup;
      const { ctx: colorCtx, canvas: colorCanvas } = layer(createCanvas, 'color', w, h);
      colorCtx.drawImage(mockup.color, 0, 0, w, h);
      colorCtx.globalCompositeOperation = 'source-in';
      colorCtx.fillStyle = color;
      colorCtx.fillRect(0, 0, w, h);
      base.drawImage(colorCanvas, 0, 0, W, H);
    }
  });

  if (designImage) {
    const area = mockup.printArea;
    const aw = Math.max(1, Math.round(area.width * sx));
    const ah = Math.max(1, Math.round(area.height * sy));
    const ax = Math.round(area.x * sx);
    const ay = Math.round(area.y * sy);
    if (mockup.crop) {
      const { ctx: designCtx, canvas: designCanvas } = layer(createCanvas, 'design', aw, ah);
      drawFitted(designCtx, designImage, { x: 0, y: 0, width: aw, height: ah }, options.fit);
      designCtx.globalCompositeOperation = 'destination-in';
      designCtx.drawImage(mockup.crop, 0, 0, aw, ah);
      ctx.drawImage(designCanvas, ax, ay, aw, ah);
    } else {
      drawFitted(ctx, designImage, { x: ax, y: ay, width: aw, height: ah }, options.fit);
    }
  }

  const shadow = mockup.shadow;
  if (shadow) {
    ctx.globalCompositeOperation = 'multiply';
    drawPrepared(ctx, mockup, createCanvas, `shadow:${W}x${H}`, W, H, (c) =>
      c.drawImage(shadow, 0, 0, W, H),
    );
    ctx.globalCompositeOperation = 'source-over';
  }
  const overlay = mockup.overlay;
  if (overlay) {
    drawPrepared(ctx, mockup, createCanvas, `overlay:${W}x${H}`, W, H, (c) =>
      c.drawImage(overlay, 0, 0, W, H),
    );
  }
  ctx.restore();
}
