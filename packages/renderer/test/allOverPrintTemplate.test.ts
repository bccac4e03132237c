import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PRINT_TYPES } from '@printloom/core';
import { describe, expect, it } from 'vitest';
import { findTemplate, renderMockupCanvas } from '../src/node/index.js';
import { type Pixels, pixelAt, pixelsOf, pixelsOfFile } from './pixels.js';

/**
 * The all-over-print T-shirt: a pattern covers the whole shirt, sleeves and hem included, and
 * nothing around it. Rendered at the template's own 1000 px, so the colour mask's pixels line up
 * with the mockup's.
 */
const SIZE = 1000;
const aop = await findTemplate('tshirt-aop');

/** A solid design of other proportions than the print area: contained, it would leave bands. */
function solid(color: string, width: number, height: number) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, width, height);
  return canvas;
}

const isRed = ([r, g, b]: readonly number[]) => (r ?? 0) - Math.max(g ?? 0, b ?? 0) > 80;

async function render(printSpace: string, design: ReturnType<typeof solid> | null) {
  return pixelsOf(await renderMockupCanvas(aop, design, { size: SIZE, printSpace }));
}

function maskOf(printSpace: string): Promise<Pixels> {
  const mockup = aop.template.mockups.find((m) => m.printSpace === printSpace);
  return pixelsOfFile(readFileSync(join(aop.dir, mockup?.layers.color ?? '')));
}

describe('the all-over-print T-shirt template', () => {
  it('is print type 3, white, front and back, its print spaces shaped like its print areas', () => {
    expect(aop.template.printType).toBe(PRINT_TYPES.aop);
    expect(aop.template.colors.map((c) => c.name)).toEqual(['White']);
    expect(aop.template.mockups.map((m) => m.printSpace)).toEqual(['front', 'back']);
    for (const mockup of aop.template.mockups) {
      const space = aop.template.printSpaces.find((s) => s.name === mockup.printSpace);
      const { width, height } = mockup.printArea;
      expect(Math.abs((space?.width ?? 0) * (height / width) - (space?.height ?? 0))).toBeLessThan(
        space ? space.width / width : 1,
      );
      // A realistic panel at 150 DPI: wider than 30 in.
      expect(space?.width).toBeGreaterThanOrEqual(30 * 150);
    }
  });

  for (const side of ['front', 'back']) {
    it(`prints a pattern on the whole ${side} up to the shirt's edges and nowhere else`, async () => {
      const printed = await render(side, solid('#FF0000', 900, 300));
      const blank = await render(side, null);
      // Sleeves, shoulders, the body and the hem take the pattern's colour.
      const inside = [
        [190, 320],
        [810, 320],
        [340, 200],
        [660, 200],
        [500, 520],
        [320, 872],
        [500, 884],
        [680, 872],
      ];
      for (const [x, y] of inside) expect(isRed(pixelAt(printed, x!, y!)), `${x},${y}`).toBe(true);
      // The backdrop, the gap under each sleeve, the neck opening and below the hem stay as they are.
      const outside = [
        [40, 40],
        [240, 520],
        [760, 520],
        [500, 160],
        [500, 950],
        [110, 330],
        [890, 330],
      ];
      for (const [x, y] of outside)
        expect(pixelAt(printed, x!, y!), `${x},${y}`).toEqual(pixelAt(blank, x!, y!));

      // Every pixel: fully inside the shirt's silhouette it is ink, outside it untouched.
      const mask = await maskOf(side);
      let shirt = 0;
      let uninked = 0;
      let spilled = 0;
      for (let i = 0; i < SIZE * SIZE; i++) {
        const alpha = mask.data[i * 4 + 3];
        const at = i * 4;
        if (alpha === 255) {
          shirt += 1;
          if (!isRed([printed.data[at]!, printed.data[at + 1]!, printed.data[at + 2]!]))
            uninked += 1;
        } else if (alpha === 0) {
          for (let c = 0; c < 3; c++) {
            if (printed.data[at + c] !== blank.data[at + c]) {
              spilled += 1;
              break;
            }
          }
        }
      }
      expect(shirt).toBeGreaterThan(300_000);
      expect(uninked).toBe(0);
      expect(spilled).toBe(0);
    });
  }

  it('shows the fabric through the pattern: folds and seams shade the ink', async () => {
    const printed = await render('front', solid('#FF0000', 600, 600));
    const reds = [
      [500, 520],
      [312, 600],
      [500, 880],
    ].map(([x, y]) => pixelAt(printed, x!, y!)[0]);
    // The side of the body and the hem stitching are darker than the middle of the chest.
    expect(reds[1]).toBeLessThan(reds[0]! - 10);
    expect(reds[2]).toBeLessThan(reds[0]!);
  });
});
