import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Canvas, createCanvas, type Image, loadImage } from '@napi-rs/canvas';
import type { CanvasFactory } from '../context.js';
import { DEFAULT_QUALITY, MAX_IMAGE_PIXELS, type OutputFormat } from './constants.js';
import { imageSize } from './imageSize.js';

/** An image the renderer cannot use; its message is meant for the seller or operator. */
export class RenderInputError extends Error {
  override readonly name = 'RenderInputError';
}

export const createNodeCanvas: CanvasFactory = (width, height) => createCanvas(width, height);

/**
 * Reads bytes from a file path, a file: or data: URL, or an http(s) URL. Relative paths resolve
 * against `baseDir` (the folder of the document that named them).
 */
export async function readSource(source: string, baseDir = process.cwd()): Promise<Buffer> {
  if (source.startsWith('data:')) {
    const comma = source.indexOf(',');
    if (comma < 0) throw new RenderInputError('Malformed data: URL');
    const meta = source.slice(5, comma);
    const body = source.slice(comma + 1);
    return meta.endsWith(';base64')
      ? Buffer.from(body, 'base64')
      : Buffer.from(decodeURIComponent(body));
  }
  if (/^https?:\/\//i.test(source)) {
    const response = await fetch(source, { signal: AbortSignal.timeout(15_000) });
    if (!response.ok)
      throw new RenderInputError(`Could not fetch ${source}: HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }
  const path = source.startsWith('file:')
    ? fileURLToPath(source)
    : isAbsolute(source)
      ? source
      : resolve(baseDir, source);
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new RenderInputError(`File not found: ${path}`);
    if (code === 'EISDIR') throw new RenderInputError(`${path} is a folder, not an image`);
    throw error;
  }
}

/**
 * Decodes an image after checking its header: unknown formats and oversized images are refused.
 * The pixels come back on a canvas: @napi-rs/canvas samples a decoded Image bilinearly whatever
 * imageSmoothingQuality says (measured: 'low' and 'high' gave identical pixels for an Image,
 * 33/255 apart on average for the same pixels as a canvas, on 3 px stripes scaled to 0.64), so
 * only a canvas source follows the renderer's one smoothing setting, as a browser image does.
 */
export async function decodeImage(
  data: Buffer,
  label = 'image',
  maxPixels = MAX_IMAGE_PIXELS,
): Promise<Canvas> {
  let size: { width: number; height: number };
  try {
    size = imageSize(data);
  } catch {
    throw new RenderInputError(`${label} is not a PNG, JPEG, WebP or GIF image`);
  }
  if (size.width < 1 || size.height < 1) throw new RenderInputError(`${label} has no pixels`);
  if (size.width * size.height > maxPixels) {
    throw new RenderInputError(
      `${label} is ${size.width}×${size.height} pixels, over the limit of ${maxPixels.toLocaleString('en-US')} pixels`,
    );
  }
  let image: Image;
  try {
    image = await loadImage(data);
  } catch {
    throw new RenderInputError(`${label} could not be decoded`);
  }
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas;
}

export async function loadImageFrom(source: string, baseDir?: string): Promise<Canvas> {
  return decodeImage(await readSource(source, baseDir), source);
}

let sharpModule: Promise<typeof import('sharp')> | undefined;

/** zlib level of print-file PNGs (see the README's "PNG encoding"). */
export const PNG_COMPRESSION_LEVEL = 6;

/**
 * A canvas as PNG bytes, through libspng (sharp) rather than Skia's encoder: the same pixels at
 * about 0.4× the CPU (`npm run bench` prints both). The pixels are read unpremultiplied by Skia
 * itself (getImageData), so a translucent pixel comes out exactly as Skia's own PNG writes it; the
 * zlib work runs on the libuv pool, so several encodes started together use every core.
 */
export async function encodePng(canvas: Canvas): Promise<Buffer> {
  // Loaded on the first PNG, so commands that write no PNG never load libvips.
  sharpModule ??= import('sharp');
  const sharp = (await sharpModule).default;
  const { width, height } = canvas;
  const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  return sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), {
    raw: { width, height, channels: 4 },
  })
    .png({ compressionLevel: PNG_COMPRESSION_LEVEL })
    .toBuffer();
}

/**
 * Opaque RGBA pixels (not from a canvas) encoded by libvips: JPEG with libjpeg-turbo at the
 * quality given and 4:2:0 chroma, as Skia's encoder writes them; PNG through libspng as
 * {@link encodePng}. Runs on the libuv pool.
 */
export async function encodeRgba(
  pixels: { width: number; height: number; data: Uint8Array },
  format: OutputFormat,
  quality = DEFAULT_QUALITY,
): Promise<Buffer> {
  sharpModule ??= import('sharp');
  const sharp = (await sharpModule).default;
  const { width, height, data } = pixels;
  const image = sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
  });
  if (format === 'png') return image.png({ compressionLevel: PNG_COMPRESSION_LEVEL }).toBuffer();
  if (format === 'webp') return image.webp({ quality }).toBuffer();
  return image.removeAlpha().jpeg({ quality, chromaSubsampling: '4:2:0' }).toBuffer();
}

/** Encodes a canvas: JPEG and WebP at quality 90 by default, PNG lossless. */
export async function encodeCanvas(
  canvas: Canvas,
  format: OutputFormat,
  quality = DEFAULT_QUALITY,
): Promise<Buffer> {
  if (format === 'png') return encodePng(canvas);
  return canvas.encode(format, quality);
}
