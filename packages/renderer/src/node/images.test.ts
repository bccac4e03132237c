import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS } from './constants.js';
import { imageSize } from './imageSize.js';
import { decodeImage, loadImageFrom, RenderInputError } from './images.js';

/** A PNG whose header claims a size; the pixels are never read. */
export function pngHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  b.writeUInt32BE(0x89504e47, 0);
  b.writeUInt32BE(0x0d0a1a0a, 4);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b[24] = 8;
  b[25] = 6;
  return b;
}

describe('imageSize', () => {
  const canvas = createCanvas(321, 123);
  it('reads PNG, JPEG and WebP headers', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const data = format === 'png' ? await canvas.encode('png') : await canvas.encode(format, 80);
      expect(imageSize(data)).toEqual({ width: 321, height: 123, format });
    }
  });
  it('refuses what is not an image', () => {
    expect(() => imageSize(Buffer.from('hello world, not a picture'))).toThrow(/Not a PNG/);
  });
});

describe('decodeImage', () => {
  it('refuses a 20000 × 20000 image before decoding it', async () => {
    await expect(decodeImage(pngHeader(20000, 20000), 'huge.png')).rejects.toThrow(
      'huge.png is 20000×20000 pixels, over the limit of 50,000,000 pixels',
    );
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
  });
  it('names a missing file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'printloom-img-'));
    await expect(loadImageFrom('nope.png', dir)).rejects.toBeInstanceOf(RenderInputError);
    await expect(loadImageFrom('nope.png', dir)).rejects.toThrow(
      `File not found: ${join(dir, 'nope.png')}`,
    );
  });
  it('refuses a file that is not an image', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'printloom-img-'));
    writeFileSync(join(dir, 'notes.png'), 'just text');
    await expect(loadImageFrom('notes.png', dir)).rejects.toThrow(
      'notes.png is not a PNG, JPEG, WebP or GIF image',
    );
  });
  it('decodes a data: URL', async () => {
    const png = await createCanvas(4, 3).encode('png');
    const image = await loadImageFrom(`data:image/png;base64,${png.toString('base64')}`);
    expect([image.width, image.height]).toEqual([4, 3]);
  });
});
