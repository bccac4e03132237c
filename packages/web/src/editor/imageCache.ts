import { createStore } from '@printloom/core';
import { EDITOR_MESSAGES, IMAGE_PREVIEW_MAX_SIDE } from './constants.js';

/**
 * Decoded images of the editor, by their `src`. Each is decoded once: `full` for exports (the
 * printer's pixels) and `preview`, a copy at most 1280 px on its long side, for the canvas and
 * the live mockups, so a drag over a 4500 px artwork scales a small bitmap every frame.
 */
export interface LoadedImage {
  full: ImageBitmap;
  preview: ImageBitmap;
  width: number;
  height: number;
}

/** Images over this many pixels are refused, as the renderer refuses them (50 megapixels). */
export const MAX_IMAGE_PIXELS = 50_000_000;

const pending = new Map<string, Promise<LoadedImage>>();
const ready = new Map<string, LoadedImage>();
/** Counts the images decoded so far; a canvas redraws on each. */
const decoded = createStore(0);

export class ImageLoadError extends Error {
  override readonly name = 'ImageLoadError';
}

/** Decodes an image file or blob and makes its preview copy. */
export async function decodeImage(blob: Blob): Promise<LoadedImage> {
  let full: ImageBitmap;
  try {
    full = await createImageBitmap(blob);
  } catch {
    throw new ImageLoadError(EDITOR_MESSAGES.loadImgFailed);
  }
  if (full.width * full.height > MAX_IMAGE_PIXELS) {
    full.close();
    throw new ImageLoadError(
      `${EDITOR_MESSAGES.loadImgFailed}: the image is over ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
    );
  }
  const long = Math.max(full.width, full.height);
  let preview = full;
  if (long > IMAGE_PREVIEW_MAX_SIDE) {
    const factor = IMAGE_PREVIEW_MAX_SIDE / long;
    preview = await createImageBitmap(full, {
      resizeWidth: Math.max(1, Math.round(full.width * factor)),
      resizeHeight: Math.max(1, Math.round(full.height * factor)),
      resizeQuality: 'high',
    });
  }
  return { full, preview, width: full.width, height: full.height };
}

function settle(src: string, image: LoadedImage): LoadedImage {
  ready.set(src, image);
  decoded.update((count) => count + 1);
  return image;
}

/** Loads an image by URL (the blob store, a template layer); a failure is 'Load img failed'. */
export function loadImage(src: string): Promise<LoadedImage> {
  let found = pending.get(src);
  if (!found) {
    found = (async () => {
      let response: Response;
      try {
        response = await fetch(src, { credentials: 'same-origin' });
      } catch {
        throw new ImageLoadError(EDITOR_MESSAGES.loadImgFailed);
      }
      if (!response.ok) throw new ImageLoadError(EDITOR_MESSAGES.loadImgFailed);
      return settle(src, await decodeImage(await response.blob()));
    })();
    found.catch(() => pending.delete(src));
    pending.set(src, found);
  }
  return found;
}

/** Keeps an image decoded from a local file under the address it was uploaded to. */
export function rememberImage(src: string, image: LoadedImage): void {
  pending.set(src, Promise.resolve(image));
  settle(src, image);
}

/** The image if it is decoded already. */
export function peekImage(src: string): LoadedImage | undefined {
  return ready.get(src);
}

/** Called whenever another image finishes decoding (the canvas redraws). */
export function onImageReady(listener: () => void): () => void {
  return decoded.subscribe(listener);
}
