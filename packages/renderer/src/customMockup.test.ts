import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { CanvasLike, Context2D } from './context.js';
import { customMockupLayers } from './customMockup.js';
import { drawMockup } from './drawMockup.js';

const napiCanvas = (width: number, height: number) =>
  createCanvas(width, height) as unknown as CanvasLike;

function filled(width: number, height: number, color: string) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, width, height);
  return canvas;
}

/** Pixels that are pure-ish red: the design's ink. */
function redPixels(canvas: Canvas) {
  const { data, width, height } = canvas
    .getContext('2d')
    .getImageData(0, 0, canvas.width, canvas.height);
  const found: Array<[number, number]> = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (data[i]! > 200 && data[i + 1]! < 60 && data[i + 2]! < 60) found.push([x, y]);
    }
  }
  return found;
}

const MOCKUP = { width: 300, height: 200, print_area: { x: 120, y: 40, width: 90, height: 120 } };

function render(design: Canvas, size = { width: 300, height: 200 }) {
  const photo = filled(300, 200, '#808080');
  const out = createCanvas(size.width, size.height);
  drawMockup(
    out.getContext('2d') as unknown as Context2D,
    customMockupLayers(MOCKUP, photo),
    design,
    {
      ...size,
      createCanvas: napiCanvas,
    },
  );
  return out;
}

describe('custom mockups', () => {
  it('draws the design inside the marked area and leaves the rest of the photo as it was', () => {
    const out = render(filled(60, 40, '#FF0000'));
    const red = redPixels(out);
    expect(red.length).toBeGreaterThan(0);
    const xs = red.map(([x]) => x);
    const ys = red.map(([, y]) => y);
    // Contained: the full width of the area, centred vertically, never outside it.
    expect(Math.min(...xs)).toBe(120);
    expect(Math.max(...xs)).toBe(209);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(40);
    expect(Math.max(...ys)).toBeLessThan(160);
    const pixel = (x: number, y: number) => [
      ...out.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3),
    ];
    expect(pixel(165, 100)).toEqual([255, 0, 0]);
    expect(pixel(60, 100)).toEqual([128, 128, 128]);
    expect(pixel(165, 45)).toEqual([128, 128, 128]);
  });

  it('scales the area with the output size', () => {
    const out = render(filled(50, 50, '#FF0000'), { width: 600, height: 400 });
    const xs = redPixels(out).map(([x]) => x);
    expect(Math.min(...xs)).toBe(240);
    expect(Math.max(...xs)).toBe(419);
  });
});
