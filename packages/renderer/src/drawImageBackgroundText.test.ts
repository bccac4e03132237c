import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { PrintSpaceDesign, type PrintSpaceDesignInput } from '@printloom/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pixelAt, pixelsOf } from '../test/pixels.js';
import { drawDesign } from './drawDesign.js';
import { designImageSources } from './drawImageBackgroundText.js';
import { createNodeCanvas, renderDesignCanvas } from './node/index.js';

const SPACE = { id: '1_front', name: 'front', width: 1000, height: 400 };
const TEXT = {
  type: 'text',
  id: 't',
  text: 'MMMMMM',
  left: 500,
  top: 200,
  width: 900,
  height: 360,
  fontSize: 300,
  fill: '#000000',
} as const;

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'printloom-imagebg-'));
  // Left half red, right half blue: where a glyph pixel sits tells which part of the image shows.
  const halves = createCanvas(200, 100);
  const ctx = halves.getContext('2d');
  ctx.fillStyle = '#FF0000';
  ctx.fillRect(0, 0, 100, 100);
  ctx.fillStyle = '#0000FF';
  ctx.fillRect(100, 0, 100, 100);
  writeFileSync(join(dir, 'halves.png'), await halves.encode('png'));
});

function design(text: Record<string, unknown>): PrintSpaceDesign {
  return PrintSpaceDesign.parse({
    printSpace: SPACE,
    objects: [{ ...TEXT, ...text }],
  } satisfies PrintSpaceDesignInput);
}

function render(d: PrintSpaceDesign): Promise<Canvas> {
  return renderDesignCanvas(d, { baseDir: dir, width: 1000 });
}

describe('image_background text', () => {
  it('fills the glyphs with the image and leaves the rest transparent', async () => {
    const filled = pixelsOf(
      await render(design({ displayStyle: 'image_background', backgroundUrl: 'halves.png' })),
    );
    const plain = pixelsOf(await render(design({})));
    let red = 0;
    let blue = 0;
    let misplaced = 0;
    let shapeDiff = 0;
    for (let y = 0; y < filled.height; y += 2) {
      for (let x = 0; x < filled.width; x += 2) {
        const [r, , b, a] = pixelAt(filled, x, y);
        const plainAlpha = pixelAt(plain, x, y)[3];
        // The same glyph shapes as the colour style, give or take antialiasing at the edges.
        if (Math.abs(a - plainAlpha) > 64) shapeDiff++;
        if (a < 250) continue;
        if (r > 200 && b < 60) {
          red++;
          if (x > 520) misplaced++;
        } else if (b > 200 && r < 60) {
          blue++;
          if (x < 480) misplaced++;
        }
      }
    }
    expect(red).toBeGreaterThan(1000);
    expect(blue).toBeGreaterThan(1000);
    expect(misplaced).toBe(0);
    expect(shapeDiff).toBeLessThan(20);
    // Outside the text nothing is painted.
    expect(pixelAt(filled, 5, 5)[3]).toBe(0);
    expect(pixelAt(filled, 995, 395)[3]).toBe(0);
  });

  it('turns the image with the text', async () => {
    const turned = pixelsOf(
      await render(
        design({ displayStyle: 'image_background', backgroundUrl: 'halves.png', angle: 180 }),
      ),
    );
    let redOnRight = 0;
    let blueOnLeft = 0;
    for (let y = 0; y < turned.height; y += 2) {
      for (let x = 0; x < turned.width; x += 2) {
        const [r, , b, a] = pixelAt(turned, x, y);
        if (a < 250) continue;
        if (r > 200 && b < 60 && x > 520) redOnRight++;
        if (b > 200 && r < 60 && x < 480) blueOnLeft++;
      }
    }
    expect(redOnRight).toBeGreaterThan(1000);
    expect(blueOnLeft).toBeGreaterThan(1000);
  });

  it('draws in the text colour when no background image is named', async () => {
    const pixels = pixelsOf(await render(design({ displayStyle: 'image_background' })));
    let black = 0;
    for (let i = 0; i < pixels.data.length; i += 4) {
      if (pixels.data[i + 3] === 255 && pixels.data[i]! < 30) black++;
    }
    expect(black).toBeGreaterThan(10_000);
  });

  it('refuses to draw without its image, like a missing placed image', () => {
    const d = design({ displayStyle: 'image_background', backgroundUrl: 'halves.png' });
    const canvas = createCanvas(100, 40);
    expect(() =>
      drawDesign(
        canvas.getContext('2d'),
        d,
        { images: new Map(), createCanvas: createNodeCanvas },
        { scale: 0.1 },
      ),
    ).toThrow('Load img failed: halves.png');
  });

  it('names the background images among the images a design needs', () => {
    const d = PrintSpaceDesign.parse({
      printSpace: SPACE,
      objects: [
        { type: 'image', id: 'i', src: 'art.png', left: 1, top: 1, width: 10, height: 10 },
        { ...TEXT, id: 'a', displayStyle: 'image_background', backgroundUrl: 'bg.png' },
        { ...TEXT, id: 'b', backgroundUrl: 'unused.png' },
      ],
    });
    expect(designImageSources(d)).toEqual(['art.png', 'bg.png']);
  });
});
