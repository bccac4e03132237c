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

async function decodeBitmap(response: Response, url: string): Promise<ImageBitmap> {
  if (!response.ok) throw new Error(`Cannot load ${url}: HTTP ${response.status}`);
  const blob = await response.blob();
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch {
    throw new Error(`${url} is not an image this browser can read`);
  }
  if (bitmap.width * bitmap.height > MAX_IMAGE_PIXELS) {
    const size = `${bitmap.width} × ${bitmap.height}`;
    bitmap.close();
    throw new Error(`${url} is too large (${size}); the most is 50 megapixels`);
  }
  return bitmap;
}

/**
 * Fetches and decodes an image. Errors name the address: a row that fails on its artwork tells
 * the seller which file.
 */
export async function loadBitmap(fetcher: ImageFetcher, url: string): Promise<ImageBitmap> {
  let response: Response;
  try {
    response = await fetcher(url);
  } catch (error) {
    throw cannotLoad(url, error);
  }
  return decodeBitmap(response, url);
}

/**
 * Fetches and decodes a row's artwork from its original bytes: at its own address, else (a host
 * that refuses the page its bytes: CORS, which fetch reports as a network error) through the
 * byte-preserving `fallbackUrl`. Errors name the artwork's own address.
 */
export async function loadArtwork(
  fetcher: ImageFetcher,
  address: ArtworkAddress,
): Promise<ImageBitmap> {
  let response: Response;
  try {
    response = await fetcher(address.url);
  } catch (error) {
    if (!address.fallbackUrl) throw cannotLoad(address.url, error);
    try {
      response = await fetcher(address.fallbackUrl);
    } catch (fallbackError) {
      throw cannotLoad(address.url, fallbackError);
    }
  }
  return decodeBitmap(response, address.url);
}
