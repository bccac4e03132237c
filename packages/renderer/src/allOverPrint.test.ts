import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { CanvasLike, Context2D } from './context.js';
import { drawMockup } from './drawMockup.js';
import { coverSource, drawCovering, drawFitted } from './placeDesign.js';
import { createWrapTexture } from './wrapTexture.js';

const napiCanvas = (width: number, height: number) =>
  createCanvas(width, height) as unknown as CanvasLike;
const ctxOf = (canvas: Canvas) => canvas.getContext('2d') as unknown as Context2D;

/** A pattern: left half red, right half blue, so a crop shows which part landed. */
function pattern(width: number, height: number) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#FF0000';
  ctx.fillRect(0, 0, width / 2, height);
  ctx.fillStyle = '#0000FF';
  ctx.fillRect(width / 2, 0, width / 2, height);
  return canvas;
}

function rgbaAt(canvas: Canvas, x: number, y: number) {
  return [...canvas.getContext('2d').getImageData(x, y, 1, 1).data];
}

/** Pixels of the canvas with no ink (alpha 0). */
function emptyPixels(
  canvas: Canvas,
  area = { x: 0, y: 0, width: canvas.width, height: canvas.height },
) {
  const { data } = canvas.getContext('2d').getImageData(area.x, area.y, area.width, area.height);
  let empty = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] === 0) empty += 1;
  return empty;
}

describe('all-over print (print type 3): cover, not contain', () => {
  it('takes the centre of the content that fills the area on both axes', () => {
    expect(
      coverSource({ x: 0, y: 0, width: 100, height: 100 }, { width: 400, height: 200 }),
    ).toEqual({ x: 100, y: 0, width: 200, height: 200 });
    expect(coverSource({ x: 5, y: 5, width: 300, height: 100 }, { width: 60, height: 60 })).toEqual(
      { x: 0, y: 20, width: 60, height: 20 },
    );
  });

  it('inks every pixel of a tall pattern piece from a wide pattern, nothing outside it', () => {
    const canvas = createCanvas(300, 400);
    const piece = { x: 50, y: 20, width: 100, height: 300 };
    drawCovering(ctxOf(canvas), pattern(400, 200), piece);
    expect(emptyPixels(canvas, piece)).toBe(0);
    // Corners of the piece carry ink; the pattern's middle (red|blue seam) is centred.
    expect(rgbaAt(canvas, 50, 20)).toEqual([255, 0, 0, 255]);
    expect(rgbaAt(canvas, 149, 319)).toEqual([0, 0, 255, 255]);
    expect(emptyPixels(canvas)).toBe(300 * 400 - 100 * 300);
  });

  it('leaves margins when contained, as every other print type does', () => {
    const canvas = createCanvas(100, 300);
    drawFitted(ctxOf(canvas), pattern(400, 200), { x: 0, y: 0, width: 100, height: 300 });
    expect(emptyPixels(canvas)).toBeGreaterThan(100 * 200);
    const covered = createCanvas(100, 300);
    drawFitted(ctxOf(covered), pattern(400, 200), { x: 0, y: 0, width: 100, height: 300 }, 'cover');
    expect(emptyPixels(covered)).toBe(0);
  });

  it('covers a mockup print area edge to edge and the 3D wrap texture whole', () => {
    const mockup = {
      width: 200,
      height: 200,
      printArea: { x: 40, y: 30, width: 120, height: 150 },
    };
    const out = createCanvas(200, 200);
    drawMockup(ctxOf(out), mockup, pattern(300, 100), {
      width: 200,
      height: 200,
      createCanvas: napiCanvas,
      fit: 'cover',
    });
    const isInk = (x: number, y: number) => {
      const [r, , b] = rgbaAt(out, x, y);
      return r === 255 || b === 255;
    };
    expect([isInk(40, 30), isInk(159, 30), isInk(40, 179), isInk(159, 179)]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(rgbaAt(out, 20, 100)).toEqual([255, 255, 255, 255]);
    expect(rgbaAt(out, 100, 190)).toEqual([255, 255, 255, 255]);

    const texture = createWrapTexture(napiCanvas, pattern(100, 100), {
      color: '#FFFFFF',
      aspect: 2,
      size: 300,
      fit: 'cover',
    }) as unknown as Canvas;
    expect(rgbaAt(texture, 0, 0).slice(0, 3)).toEqual([255, 0, 0]);
    expect(rgbaAt(texture, texture.width - 1, texture.height - 1).slice(0, 3)).toEqual([0, 0, 255]);
  });
});
