import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import { PrintSpaceDesign } from '@printloom/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawMockup } from '../src/drawMockup.js';
import {
  createNodeCanvas,
  listTemplates,
  loadMockupLayers,
  renderDesignCanvas,
  renderMockupCanvas,
  sampleArtwork,
} from '../src/node/index.js';
import { compare, pixelAt, pixelsOf, pixelsOfFile } from './pixels.js';

/**
 * Golden images: each template rendered with the demo artwork is compared with the committed
 * reference. Regenerate deliberately with UPDATE_GOLDEN=1 after a change that is meant to alter
 * the pictures, and look at them before committing.
 */
const goldenDir = join(import.meta.dirname, 'golden');
const update = process.env.UPDATE_GOLDEN === '1';
const SIZE = 400;

async function matchGolden(name: string, canvas: Canvas) {
  const file = join(goldenDir, `${name}.png`);
  if (update || !existsSync(file)) {
    if (!update) throw new Error(`No golden image ${file}: run with UPDATE_GOLDEN=1 to create it`);
    mkdirSync(goldenDir, { recursive: true });
    writeFileSync(file, await canvas.encode('png'));
  }
  const diff = compare(pixelsOf(canvas), await pixelsOfFile(readFileSync(file)));
  expect(diff.mean, `${name}: mean channel difference`).toBeLessThan(1.5);
  expect(diff.changed, `${name}: share of changed pixels`).toBeLessThan(0.01);
}

const art = sampleArtwork(600, 750);
const templates = await listTemplates();
const flat = templates.filter((t) => t.template.kind === '2d');

describe('2D templates match their golden images', () => {
  it('bundles a t-shirt, an all-over-print t-shirt, hoodie, tote, poster and mugs of 11 and 15 oz', () => {
    expect(flat.map((t) => t.template.id).sort()).toEqual([
      'hoodie',
      'mug',
      'mug-15',
      'poster',
      'tote',
      'tshirt',
      'tshirt-aop',
    ]);
  });
  it('draws the T-shirts and the hoodie front and back', () => {
    for (const id of ['tshirt', 'tshirt-aop', 'hoodie']) {
      const loaded = flat.find((t) => t.template.id === id);
      expect(loaded?.template.mockups.map((m) => m.printSpace)).toEqual(['front', 'back']);
    }
  });
  for (const loaded of flat) {
    it(loaded.template.id, async () => {
      const colour = (loaded.template.colors[1] ?? loaded.template.colors[0]!).hex_code;
      const canvas = await renderMockupCanvas(loaded, art, { color: colour, size: SIZE });
      expect([canvas.width, canvas.height]).toEqual([SIZE, SIZE]);
      await matchGolden(loaded.template.id, canvas);
    });
    for (const mockup of loaded.template.mockups.slice(1)) {
      it(`${loaded.template.id} ${mockup.printSpace}`, async () => {
        const colour = (loaded.template.colors[1] ?? loaded.template.colors[0]!).hex_code;
        const canvas = await renderMockupCanvas(loaded, art, {
          color: colour,
          size: SIZE,
          printSpace: mockup.printSpace,
        });
        await matchGolden(`${loaded.template.id}-${mockup.printSpace}`, canvas);
      });
    }
  }
});

describe('mockup compositing', () => {
  const tshirt = () => flat.find((t) => t.template.id === 'tshirt')!;
  let layers: Awaited<ReturnType<typeof loadMockupLayers>>;
  beforeAll(async () => {
    layers = await loadMockupLayers(tshirt());
  });

  function render(color: string, withShadow = true, design = true, withOverlay = true) {
    const canvas = createCanvas(SIZE, SIZE);
    const mockup = {
      ...layers,
      shadow: withShadow ? layers.shadow : null,
      overlay: withOverlay ? layers.overlay : null,
    };
    drawMockup(canvas.getContext('2d'), mockup, design ? art : null, {
      width: SIZE,
      height: SIZE,
      color,
      createCanvas: createNodeCanvas,
    });
    return pixelsOf(canvas);
  }
  // A plain stretch of the shirt's body below the print area, and the sky of the artwork.
  const body = { x: 200, y: 325 };
  const inPrint = { x: 200, y: 127 };

  it('paints the product in the chosen colour and leaves the backdrop alone', () => {
    const red = render('#C62828');
    const [r, g, b] = pixelAt(red, body.x, body.y);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);
    expect(pixelAt(red, 10, 10)).toEqual(pixelAt(render('#2E5E3A'), 10, 10));
  });

  it('lightens black to 20 percent brightness so folds stay visible', () => {
    const black = pixelAt(render('#000000', false, false, false), body.x, body.y);
    expect(black.slice(0, 3)).toEqual([51, 51, 51]);
  });

  it('shows the design in the print area and multiplies the shading over it', () => {
    const plain = pixelAt(render('#FFFFFF', false), inPrint.x, inPrint.y);
    const shaded = render('#FFFFFF', true);
    expect(plain[0]).toBeGreaterThan(200);
    expect(plain[2]).toBeLessThan(120);
    // Along the fold on the right the ink is darker than without shading.
    const fold = { x: 252, y: 200 };
    const flatInk = pixelAt(render('#FFFFFF', false), fold.x, fold.y);
    const foldInk = pixelAt(shaded, fold.x, fold.y);
    expect(foldInk[0] + foldInk[1] + foldInk[2]).toBeLessThan(flatInk[0] + flatInk[1] + flatInk[2]);
  });

  it('draws the same picture the first time (layers scaled straight on) as once they are kept', () => {
    // A colour of its own, so no earlier test has prepared this base layer.
    const mockup = { ...layers };
    const draw = () => {
      const canvas = createCanvas(SIZE, SIZE);
      drawMockup(canvas.getContext('2d'), mockup, art, {
        width: SIZE,
        height: SIZE,
        color: '#3A7BD5',
        createCanvas: createNodeCanvas,
      });
      return pixelsOf(canvas);
    };
    const first = draw();
    const prepared = draw();
    const reused = draw();
    // Only rounding differs: a kept layer is stored at 8 bits before it is drawn.
    for (const later of [prepared, reused]) {
      const diff = compare(first, later);
      expect(diff.mean).toBeLessThan(0.25);
      expect(diff.changed).toBeLessThan(0.001);
    }
    expect(compare(prepared, reused).mean).toBe(0);
  });

  it('keeps the design inside the print area', () => {
    const area = layers.printArea;
    const s = SIZE / layers.width;
    const withArt = render('#FFFFFF');
    const without = render('#FFFFFF', true, false);
    const outside = { x: (area.x + area.width) * s + 6, y: (area.y + area.height / 2) * s };
    expect(pixelAt(withArt, outside.x, outside.y)).toEqual(pixelAt(without, outside.x, outside.y));
  });
});

describe('drawDesign', () => {
  it('draws images and Roboto text as the golden design', async () => {
    const design = PrintSpaceDesign.parse({
      printSpace: { id: '101_front', name: 'front', width: 4200, height: 4800 },
      background: '#f4f4f4',
      objects: [
        {
          type: 'image',
          id: 'art',
          src: 'art.png',
          left: 2100,
          top: 2000,
          width: 600,
          height: 750,
          scaleX: 5,
          scaleY: 5,
        },
        {
          type: 'text',
          id: 't1',
          text: 'Best Mom Ever',
          left: 2100,
          top: 4300,
          width: 3360,
          height: 120,
          fontSize: 400,
          fill: '#1b6f8a',
          widthMode: 'flexible',
        },
      ],
    });
    const dir = mkdtempSync(join(tmpdir(), 'printloom-design-'));
    writeFileSync(join(dir, 'art.png'), await art.encode('png'));
    const canvas = await renderDesignCanvas(design, { baseDir: dir, width: 420 });
    expect([canvas.width, canvas.height]).toEqual([420, 480]);
    await matchGolden('design', canvas);
    const pixels = pixelsOf(canvas);
    const row = Array.from({ length: 420 }, (_, x) => pixelAt(pixels, x, 430));
    const ink = row.filter(([r, g, b]) => r < 80 && g > 80 && b > 110);
    expect(ink.length).toBeGreaterThan(20);
  });

  it('never draws text wider than the print width', async () => {
    const design = PrintSpaceDesign.parse({
      printSpace: { id: '1_front', name: 'front', width: 1000, height: 400 },
      objects: [
        {
          type: 'text',
          id: 't',
          text: 'WWWWWWWWWWWWWWWW',
          left: 500,
          top: 200,
          width: 800,
          height: 120,
          fontSize: 300,
          fill: '#000000',
          widthMode: 'flexible',
        },
      ],
    });
    const pixels = pixelsOf(await renderDesignCanvas(design, { width: 1000 }));
    let minX = 1000;
    let maxX = 0;
    for (let x = 0; x < 1000; x++) {
      for (let y = 100; y < 300; y += 2) {
        if (pixelAt(pixels, x, y)[3] > 128) {
          minX = Math.min(minX, x);
          maxX = Math.max(maxX, x);
        }
      }
    }
    expect(maxX - minX).toBeGreaterThan(900);
    expect(minX).toBeGreaterThanOrEqual(0);
    expect(maxX).toBeLessThan(1000);
  });
});

describe('design exports (spec §9)', () => {
  const design = PrintSpaceDesign.parse({
    printSpace: { id: '201_wrap', name: 'wrap', width: 2700, height: 1100 },
    background: '#ff0000',
    objects: [],
  });
  it('makes the design canvas 1500 wide for a wide print space, three times that for 3D full print', async () => {
    const canvas = await renderDesignCanvas(design, { purpose: 'canvas' });
    expect([canvas.width, canvas.height]).toEqual([1500, 611]);
    const full3d = await renderDesignCanvas(design, { purpose: 'canvas', printType: 2 });
    expect(full3d.width).toBe(4500);
  });
  it('textures 3D models with a 1500 × 1875 blob, the design centred in it', async () => {
    const blob = await renderDesignCanvas(design, { purpose: '3d' });
    expect([blob.width, blob.height]).toEqual([1500, 1875]);
    const pixels = pixelsOf(blob);
    expect(pixelAt(pixels, 750, 937).slice(0, 3)).toEqual([255, 0, 0]);
    expect(pixelAt(pixels, 750, 100)[3]).toBe(0);
  });
});
