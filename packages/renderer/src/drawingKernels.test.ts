import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { CanvasLike } from './context.js';
import { drawContained, placeDesign } from './placeDesign.js';
import { createWrapTexture, wrapTextureSize } from './wrapTexture.js';

const napiCanvas = (width: number, height: number) =>
  createCanvas(width, height) as unknown as CanvasLike & Canvas;

/** A square of one colour, the stand-in for an artwork. */
function square(side: number, color: string) {
  const canvas = createCanvas(side, side);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, side, side);
  return canvas;
}

function rgbAt(canvas: Canvas, x: number, y: number) {
  return [...canvas.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3)];
}

describe('contain and centre', () => {
  it('fits content whole and centres it on the free axis', () => {
    expect(
      placeDesign({ x: 10, y: 20, width: 400, height: 200 }, { width: 50, height: 50 }),
    ).toEqual({ x: 110, y: 20, width: 200, height: 200 });
    expect(
      placeDesign({ x: 0, y: 0, width: 100, height: 300 }, { width: 200, height: 100 }),
    ).toEqual({ x: 0, y: 125, width: 100, height: 50 });
  });

  it('draws an artwork across the middle of a wide canvas, leaving the sides empty', () => {
    const canvas = createCanvas(300, 100);
    drawContained(canvas.getContext('2d'), square(40, '#FF0000'), {
      x: 0,
      y: 0,
      width: 300,
      height: 100,
    });
    expect(rgbAt(canvas, 150, 50)).toEqual([255, 0, 0]);
    expect(canvas.getContext('2d').getImageData(20, 50, 1, 1).data[3]).toBe(0);
    expect(canvas.getContext('2d').getImageData(280, 50, 1, 1).data[3]).toBe(0);
  });
});

describe('3D wrap texture', () => {
  it('takes the print space proportions at about two texels per frame pixel, within bounds', () => {
    expect(wrapTextureSize(400, 2)).toEqual({ width: 800, height: 400 });
    expect(wrapTextureSize(2000, 2700 / 1100)).toEqual({ width: 2048, height: 834 });
    expect(wrapTextureSize(100, 1)).toEqual({ width: 512, height: 512 });
  });

  it('lays the design centred over the product colour, darkest colours lifted', () => {
    const texture = createWrapTexture(napiCanvas, square(50, '#00FF00'), {
      color: '#000000',
      aspect: 3,
      size: 300,
    });
    expect([texture.width, texture.height]).toEqual([600, 200]);
    expect(rgbAt(texture, 300, 100)).toEqual([0, 255, 0]);
    // Black product colour shows as #333333 (spec §5 minimum lightness), on both sides.
    expect(rgbAt(texture, 20, 100)).toEqual([51, 51, 51]);
    expect(rgbAt(texture, 580, 100)).toEqual([51, 51, 51]);
  });

  it('is the bare product colour without a design', () => {
    const texture = createWrapTexture(napiCanvas, null, { color: '#7FB3E6', aspect: 1, size: 256 });
    expect(rgbAt(texture, 256, 256)).toEqual([127, 179, 230]);
  });
});
