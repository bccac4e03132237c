import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PrintSpaceDesign } from '@printloom/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawMockup } from '../src/drawMockup.js';
import {
  buildBrowserBundle,
  ChromiumPool,
  createNodeCanvas,
  findTemplate,
  launchChromium,
  loadMockupLayers,
  openOfflinePage,
  render3dMockup,
  sampleArtwork,
} from '../src/node/index.js';
import { compare, pixelAt, pixelsOf, pixelsOfFile } from './pixels.js';

/** Every Chromium test shares one browser: starting it is the slow part. */
let browser: Browser;
let bundle: string;
let pool: ChromiumPool;
const art = sampleArtwork(600, 750);
let artPng: Buffer;

beforeAll(async () => {
  // A fresh bundle from the current sources, so the browser runs the code under test.
  const bundlePath = await buildBrowserBundle(mkdtempSync(join(tmpdir(), 'printloom-bundle-')));
  bundle = readFileSync(bundlePath, 'utf8');
  browser = await launchChromium();
  pool = await ChromiumPool.open(browser, { bundlePath });
  artPng = await art.encode('png');
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await browser?.close();
});

describe('3D mockups in a warm Chromium page', () => {
  it('wraps the design around the mug in the product colour', async () => {
    const mug = await findTemplate('mug-3d');
    const jpeg = await render3dMockup(pool, mug, artPng, { color: '#7FB3E6', size: 400 });
    const pixels = await pixelsOfFile(jpeg);
    expect([pixels.width, pixels.height]).toEqual([400, 400]);
    let design = 0;
    let blue = 0;
    for (let y = 0; y < 400; y += 2) {
      for (let x = 0; x < 400; x += 2) {
        const [r, g, b] = pixelAt(pixels, x, y);
        if (r > 200 && g > 60 && g < 170 && b < 110) design++;
        if (b > 150 && r < 150 && b - r > 40) blue++;
      }
    }
    // The orange sky of the artwork and the sky-blue mug both show.
    expect(design).toBeGreaterThan(500);
    expect(blue).toBeGreaterThan(500);
  });

  it('serves many renders from the same page, each in its own colour', async () => {
    const bottle = await findTemplate('bottle-3d');
    const [teal, white] = await Promise.all([
      render3dMockup(pool, bottle, artPng, { color: '#1E8C8C', size: 300 }),
      render3dMockup(pool, bottle, artPng, { color: '#FFFFFF', size: 300 }),
    ]);
    const a = await pixelsOfFile(teal);
    const b = await pixelsOfFile(white);
    expect(compare(a, b).changed).toBeGreaterThan(0.05);
  });
});

interface PageWindow {
  document: {
    createElement(tag: 'canvas'): {
      width: number;
      height: number;
      getContext(t: '2d'): unknown;
      toDataURL(type: string): string;
    };
    createElement(tag: 'img'): { src: string; decode(): Promise<void> };
  };
  PrintloomRenderer: {
    drawMockup(ctx: unknown, layers: unknown, design: unknown, options: unknown): void;
  };
}

describe('browser canvas and @napi-rs/canvas', () => {
  it('draw the same mockup within tolerance', async () => {
    const tshirt = await findTemplate('tshirt');
    const layers = await loadMockupLayers(tshirt);
    const SIZE = 500;
    const color = '#1F2A44';
    const node = createCanvas(SIZE, SIZE);
    drawMockup(node.getContext('2d'), layers, art, {
      width: SIZE,
      height: SIZE,
      color,
      createCanvas: createNodeCanvas,
    });

    const files = tshirt.template.mockups[0]!.layers;
    const dataUrl = (file?: string) =>
      file
        ? `data:image/png;base64,${readFileSync(join(tshirt.dir, file)).toString('base64')}`
        : null;
    const page = await openOfflinePage(browser, bundle);
    try {
      const png = await page.evaluate(
        async (input) => {
          const w = globalThis as unknown as PageWindow;
          const load = async (url: string | null) => {
            if (!url) return null;
            const img = w.document.createElement('img');
            img.src = url;
            await img.decode();
            return img;
          };
          const [background, colorMask, crop, shadow, overlay, design] = await Promise.all(
            [input.background, input.color, input.crop, input.shadow, input.overlay, input.art].map(
              load,
            ),
          );
          const canvas = w.document.createElement('canvas');
          canvas.width = input.size;
          canvas.height = input.size;
          w.PrintloomRenderer.drawMockup(
            canvas.getContext('2d'),
            {
              width: input.width,
              height: input.height,
              printArea: input.printArea,
              background,
              color: colorMask,
              crop,
              shadow,
              overlay,
            },
            design,
            {
              width: input.size,
              height: input.size,
              color: input.productColor,
              createCanvas: (cw: number, ch: number) => {
                const c = w.document.createElement('canvas');
                c.width = cw;
                c.height = ch;
                return c;
              },
            },
          );
          return canvas.toDataURL('image/png');
        },
        {
          background: dataUrl(files.background),
          color: dataUrl(files.color),
          crop: dataUrl(files.crop),
          shadow: dataUrl(files.shadow),
          overlay: dataUrl(files.overlay),
          art: `data:image/png;base64,${artPng.toString('base64')}`,
          width: layers.width,
          height: layers.height,
          printArea: layers.printArea,
          size: SIZE,
          productColor: color,
        },
      );
      const browserPixels = await pixelsOfFile(
        Buffer.from(png.slice(png.indexOf(',') + 1), 'base64'),
      );
      const diff = compare(pixelsOf(node), browserPixels);
      expect(diff.mean).toBeLessThan(2);
      expect(diff.changed).toBeLessThan(0.01);
    } finally {
      await page.close();
    }
  });
});

interface DesignPageWindow {
  document: PageWindow['document'];
  PrintloomRenderer: {
    drawDesign(ctx: unknown, design: unknown, assets: unknown, options: unknown): void;
    loadFontUrl(url: string): Promise<string>;
  };
}

describe('image_background text in a browser canvas', () => {
  it('fills the glyphs with the image on an OffscreenCanvas layer of its own', async () => {
    const halves = createCanvas(200, 100);
    const hctx = halves.getContext('2d');
    hctx.fillStyle = '#FF0000';
    hctx.fillRect(0, 0, 100, 100);
    hctx.fillStyle = '#0000FF';
    hctx.fillRect(100, 0, 100, 100);
    const roboto = readFileSync(join(import.meta.dirname, '..', 'assets', 'fonts', 'Roboto.ttf'));
    const page = await openOfflinePage(browser, bundle);
    try {
      const png = await page.evaluate(
        async (input) => {
          const w = globalThis as unknown as DesignPageWindow;
          const img = w.document.createElement('img');
          img.src = input.background;
          await img.decode();
          const family = await w.PrintloomRenderer.loadFontUrl(input.font);
          const canvas = w.document.createElement('canvas');
          canvas.width = 1000;
          canvas.height = 400;
          // No createCanvas factory: the page's OffscreenCanvas makes the glyph layer.
          w.PrintloomRenderer.drawDesign(
            canvas.getContext('2d'),
            input.design,
            { images: new Map([['halves.png', img]]), fontFamily: () => family },
            { scale: 1 },
          );
          return canvas.toDataURL('image/png');
        },
        {
          background: `data:image/png;base64,${(await halves.encode('png')).toString('base64')}`,
          font: `data:font/ttf;base64,${roboto.toString('base64')}`,
          design: PrintSpaceDesign.parse({
            printSpace: { id: '1_front', name: 'front', width: 1000, height: 400 },
            objects: [
              {
                type: 'text',
                id: 't',
                text: 'MMMMMM',
                left: 500,
                top: 200,
                width: 900,
                height: 360,
                fontSize: 300,
                displayStyle: 'image_background',
                backgroundUrl: 'halves.png',
              },
            ],
          }),
        },
      );
      const pixels = await pixelsOfFile(Buffer.from(png.slice(png.indexOf(',') + 1), 'base64'));
      let red = 0;
      let blue = 0;
      let misplaced = 0;
      for (let y = 0; y < 400; y += 2) {
        for (let x = 0; x < 1000; x += 2) {
          const [r, , b, a] = pixelAt(pixels, x, y);
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
      expect(pixelAt(pixels, 5, 5)[3]).toBe(0);
    } finally {
      await page.close();
    }
  });
});
