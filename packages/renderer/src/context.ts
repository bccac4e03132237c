/**
 * The part of the Canvas 2D API the renderer draws with. Both the browser's
 * CanvasRenderingContext2D and @napi-rs/canvas's SKRSContext2D satisfy it, so one drawing code
 * serves the editor preview and the server render. Images are opaque: whatever the context's
 * drawImage accepts (an HTMLImageElement, ImageBitmap, a canvas, a napi Image).
 */
export interface DrawableImage {
  readonly width: number;
  readonly height: number;
}

export interface Context2D {
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  scale(x: number, y: number): void;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  drawImage(image: DrawableImage, dx: number, dy: number, dw: number, dh: number): void;
  drawImage(
    image: DrawableImage,
    sx: number,
    sy: number,
    sw: number,
    sh: number,
    dx: number,
    dy: number,
    dw: number,
    dh: number,
  ): void;
  fillText(text: string, x: number, y: number): void;
  /** The current transform; both canvases have it, drawing code must not rely on it. */
  getTransform?(): { a: number; b: number; c: number; d: number };
  measureText(text: string): { width: number };
  fillStyle: unknown;
  font: string;
  textAlign: string;
  textBaseline: string;
  globalAlpha: number;
  globalCompositeOperation: string;
  imageSmoothingEnabled: boolean;
  imageSmoothingQuality: string;
}

/** A canvas the renderer can draw on and then draw elsewhere as an image. */
export interface CanvasLike extends DrawableImage {
  getContext(type: '2d'): Context2D | null;
}

/** Makes scratch canvases (layers): document.createElement / OffscreenCanvas / napi createCanvas. */
export type CanvasFactory = (width: number, height: number) => CanvasLike;

export function context2d(canvas: CanvasLike): Context2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This canvas has no 2D context');
  return ctx;
}
