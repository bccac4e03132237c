import type { CanvasLike, Context2D } from '@printloom/renderer';
import type { ArtworkAddress } from './artworkAddress.js';
import { MAX_IMAGE_PIXELS } from './constants.js';

/** A canvas of the page: an OffscreenCanvas where the browser has one, else a detached <canvas>. */
export type BrowserCanvas = OffscreenCanvas | HTMLCanvasElement;

export function createBrowserCanvas(width: number, height: number): BrowserCanvas {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(w, h);
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  return canvas;
}

/*
 * The renderer types its context structurally (images are anything with a width and height) so
 * one drawing code serves the browser and @napi-rs/canvas. A browser context wants a
 * CanvasImageSource; the renderer only ever hands it the ImageBitmaps and canvases made here,
 * so the browser types are narrowed to the renderer's in these two places.
 */

/** The renderer's scratch-canvas factory on browser canvases. */
export function browserCanvasFactory(width: number, height: number): CanvasLike {
  return createBrowserCanvas(width, height) as unknown as CanvasLike;
}

/** A browser canvas's 2D context as the renderer's drawing functions take it. */
export function rendererContext(canvas: BrowserCanvas): Context2D {
  return context2dOf(canvas) as unknown as Context2D;
}

export function context2dOf(
  canvas: BrowserCanvas,
): OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser gives no 2D canvas context');
  return ctx as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
}

export function encodeCanvas(
  canvas: BrowserCanvas,
  type: 'image/png' | 'image/jpeg',
  quality?: number,
): Promise<Blob> {
  if ('convertToBlob' in canvas) {
    return canvas.convertToBlob(quality === undefined ? { type } : { type, quality });
  }
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) =>
        blob ? resolve(blob) : reject(new Error(`The canvas could not be encoded as ${type}`)),
      type,
      quality,
    );
  });
}

/** A source address the page may read pixels of: same-origin, data: or blob:. */
export type ImageFetcher = (url: string) => Promise<Response>;

function cannotLoad(url: string, error: unknown): Error {
  return new Error(
    `Cannot load ${url}: ${error instanceof Error ? error.message : 'network error'}`,
  );
}

/** Refuses a decoded image over the pixel limit the Node renderer has too. */
function withinLimit(bitmap: ImageBitmap, url: string): ImageBitmap {
  if (bitmap.width * bitmap.height > MAX_IMAGE_PIXELS) {
    const size = `${bitmap.width} × ${bitmap.height}`;
    bitmap.close();
    throw new Error(`${url} is too large (${size}); the most is 50 megapixels`);
  }
  return bitmap;
}

/**
 * Fetches and decodes an image. Errors name `label` (the address by default): a row that fails
 * on its artwork tells the seller which file.
 */
export async function loadBitmap(
  fetcher: ImageFetcher,
  url: string,
  label = url,
): Promise<ImageBitmap> {
  let response: Response;
  try {
    response = await fetcher(url);
  } catch (error) {
    throw cannotLoad(label, error);
  }
  if (!response.ok) throw new Error(`Cannot load ${label}: HTTP ${response.status}`);
  const blob = await response.blob();
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch {
    throw new Error(`${label} is not an image this browser can read`);
  }
  return withinLimit(bitmap, label);
}

/**
 * Another host's image as the page may read it: an image element in CORS mode, which the
 * dashboard's content policy allows from any host (img-src) where a fetch is held to the own
 * origin (connect-src). Rejects when the host does not allow the page to read it.
 */
export async function readCrossOriginImage(url: string): Promise<ImageBitmap> {
  const image = new Image();
  image.crossOrigin = 'anonymous';
  image.decoding = 'async';
  image.src = url;
  await image.decode();
  return createImageBitmap(image);
}

/**
 * Reads a row's artwork from its original bytes: the API's own files and inline addresses
 * fetched as they are; another host's file at its own address (`readForeign`), and only when
 * that host refuses the page its bytes (CORS) through the byte-preserving `fallbackUrl`.
 * Errors name the artwork's own address.
 */
export async function loadArtwork(
  fetcher: ImageFetcher,
  address: ArtworkAddress,
  readForeign: (url: string) => Promise<ImageBitmap> = readCrossOriginImage,
): Promise<ImageBitmap> {
  if (!address.fallbackUrl) return loadBitmap(fetcher, address.url);
  let bitmap: ImageBitmap;
  try {
    bitmap = await readForeign(address.url);
  } catch {
    return loadBitmap(fetcher, address.fallbackUrl, address.url);
  }
  return withinLimit(bitmap, address.url);
}
