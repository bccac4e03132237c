/**
 * Resizing images someone else supplied (the image proxy) without letting one image take the
 * server down. A PNG of 20000 × 20000 pixels compresses to about 1.5 MB and decodes to 1.6 GB,
 * so the size on the wire says nothing:
 * 1. the dimensions are read from the file's header (image-size: no pixel is decoded) and an
 *    image over `maxPixels` is refused there;
 * 2. sharp (libvips) decodes with `limitInputPixels`, a second check on libvips' own reading of
 *    the header, and streams the resize instead of holding full canvases like the API's Skia;
 * 3. at most `concurrency` decodes run at once; further requests wait their turn.
 */
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { createSemaphore, type Semaphore } from './createSemaphore.js';

export type ImageRefusal = 'notImage' | 'tooLarge';

export class ImageRefusedError extends Error {
  constructor(readonly kind: ImageRefusal) {
    super(kind === 'tooLarge' ? 'image over the pixel limit' : 'not a decodable image');
    this.name = 'ImageRefusedError';
  }
}

export interface ImageResizer {
  /** Fits the image inside w × h (either may be missing; never enlarged) as webp. */
  toWebp(bytes: Buffer, box: { w?: number | undefined; h?: number | undefined }): Promise<Buffer>;
  /** The decode slots (see createSemaphore). */
  readonly decodes: Semaphore;
}

/** Width and height as the file's header states them; null when no known format matches. */
export function imageDimensionsOf(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

export function createImageResizer(options: {
  maxPixels: number;
  concurrency: number;
  webpQuality: number;
}): ImageResizer {
  const decodes = createSemaphore(options.concurrency);
  return {
    decodes,
    async toWebp(bytes, box) {
      const size = imageDimensionsOf(bytes);
      if (!size) throw new ImageRefusedError('notImage');
      if (size.width * size.height > options.maxPixels) throw new ImageRefusedError('tooLarge');
      return decodes.run(async () => {
        try {
          return await sharp(bytes, { limitInputPixels: options.maxPixels })
            .resize({
              width: box.w,
              height: box.h,
              fit: 'inside',
              withoutEnlargement: true,
            })
            .webp({ quality: options.webpQuality })
            .toBuffer();
        } catch (error) {
          const pixelLimit = error instanceof Error && /pixel limit/i.test(error.message);
          throw new ImageRefusedError(pixelLimit ? 'tooLarge' : 'notImage');
        }
      });
    },
  };
}
