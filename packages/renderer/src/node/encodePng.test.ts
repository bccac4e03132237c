import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawContained } from '../placeDesign.js';
import { encodeCanvas, encodePng } from './images.js';
import { sampleArtwork } from './sampleArtwork.js';

/** Straight-alpha RGBA of a PNG, decoded by libvips (not by either encoder under test). */
async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A print file as the bulk worker draws it: artwork contained on a transparent canvas, plus
 * translucent strokes and fills, where unpremultiplying can round either way. */
function printFile() {
  const canvas = createCanvas(900, 1200);
  const ctx = canvas.getContext('2d');
  drawContained(ctx, sampleArtwork(), { x: 0, y: 0, width: 900, height: 1200 });
  for (let i = 1; i < 255; i += 1) {
    ctx.globalAlpha = i / 255;
    ctx.fillStyle = `rgb(${(i * 37) % 256}, ${(i * 91) % 256}, ${(i * 13) % 256})`;
    ctx.fillRect((i % 30) * 30, Math.floor(i / 30) * 30, 29, 29);
  }
  ctx.globalAlpha = 0.5;
  ctx.lineWidth = 7;
  ctx.strokeStyle = '#c03';
  ctx.beginPath();
  ctx.arc(450, 700, 300, 0, Math.PI * 2);
  ctx.stroke();
  return canvas;
}

describe('encodePng', () => {
  it("gives exactly the pixels of Skia's own PNG, translucent ones included", async () => {
    const canvas = printFile();
    const ours = await pixels(await encodePng(canvas));
    const skia = await pixels(await canvas.encode('png'));
    expect({ width: ours.width, height: ours.height }).toEqual({ width: 900, height: 1200 });
    const alphas = new Set<number>();
    for (let i = 3; i < skia.data.length; i += 4) alphas.add(skia.data[i] ?? 0);
    // The picture does hold transparent, translucent and opaque pixels.
    expect(alphas.has(0) && alphas.has(255) && alphas.size > 200).toBe(true);
    expect(ours.data.equals(skia.data)).toBe(true);
  });

  it('is what encodeCanvas writes for PNG', async () => {
    const canvas = printFile();
    const viaCanvas = await pixels(await encodeCanvas(canvas, 'png'));
    const direct = await pixels(await encodePng(canvas));
    expect(viaCanvas.data.equals(direct.data)).toBe(true);
  });
});
