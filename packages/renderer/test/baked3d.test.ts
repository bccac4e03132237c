import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAKE_SIZE,
  bakeModelInChromium,
  buildBrowserBundle,
  ChromiumPool,
  findTemplate,
  launchChromium,
  loadBake,
  readBakeMeta,
  render3dMockup,
  renderBaked3dMockup,
  sampleArtwork,
  sha256,
} from '../src/node/index.js';
import { compare, pixelsOfFile } from './pixels.js';

/**
 * Baked 3D mockups (no browser) against the three.js render in Chromium of the same design,
 * per 3D template and colour. Tolerance: mean channel difference < 0.5 (0–255) and < 0.1 % of
 * pixels with a channel more than 32 apart (measured: 0.03–0.14 and at most 0.03 %, on the
 * silhouette's antialiased edge, sampled from the 2000 px bake at 1000 px; 0.03 / 0 % at 2000 px).
 * PNG on both sides so JPEG noise does not count.
 */
const MEAN_TOLERANCE = 0.5;
const CHANGED_TOLERANCE = 0.001;

let browser: Browser;
let bundlePath: string;
let pool: ChromiumPool;
const art = sampleArtwork(600, 750);
let artPng: Buffer;
const pictures = join(tmpdir(), 'printloom-baked3d');

beforeAll(async () => {
  bundlePath = await buildBrowserBundle(join(tmpdir(), `printloom-bake-bundle-${process.pid}`));
  browser = await launchChromium();
  pool = await ChromiumPool.open(browser, { bundlePath });
  artPng = await art.encode('png');
  mkdirSync(pictures, { recursive: true });
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await browser?.close();
});

const cases = [
  ['mug-3d', '#7FB3E6', 1000],
  ['mug-3d', '#151515', 1000],
  ['mug-15-3d', '#FFFFFF', 1000],
  ['mug-15-3d', '#C62828', 1000],
  ['bottle-3d', '#1E8C8C', 1000],
  ['bottle-3d', '#FFFFFF', 1000],
  ['bottle-3d', '#151515', 2000],
] as const;

describe('baked 3D mockups match the three.js render', () => {
  it.each(cases)(
    '%s in %s at %i px',
    async (id, color, size) => {
      const template = await findTemplate(id);
      const options = { color, size, format: 'png' as const };
      const [three, baked] = await Promise.all([
        render3dMockup(pool, template, artPng, options),
        renderBaked3dMockup(template, artPng, options),
      ]);
      const name = `${id}-${color.slice(1)}-${size}`;
      writeFileSync(join(pictures, `${name}-three.png`), three);
      writeFileSync(join(pictures, `${name}-baked.png`), baked);
      const a = await pixelsOfFile(three);
      const b = await pixelsOfFile(baked);
      const { mean, changed } = compare(a, b);
      console.log(
        `${name}: mean ${mean.toFixed(3)}, ${(changed * 100).toFixed(3)} % off by more than 32`,
      );
      expect(mean).toBeLessThan(MEAN_TOLERANCE);
      expect(changed).toBeLessThan(CHANGED_TOLERANCE);
      // Not a blank frame: the design and the product cover a good part of it.
      expect(
        compare(b, await pixelsOfFile(await renderBaked3dMockup(template, null, options))).changed,
      ).toBeGreaterThan(0.02);
    },
    120_000,
  );
});

describe('the shipped bakes come from the GLBs', () => {
  it.each(['mug-3d', 'bottle-3d'])('%s: the bake records the GLB it was made from', async (id) => {
    const { template, dir } = await findTemplate(id);
    const glb = join(dir, template.model!);
    const meta = await readBakeMeta(glb);
    expect(meta.glbSha256).toBe(sha256(readFileSync(glb)));
    expect(meta.size).toBe(BAKE_SIZE);
  });

  it('re-baking the mug from its GLB gives the shipped maps', async () => {
    const { template, dir } = await findTemplate('mug-3d');
    const glb = join(dir, template.model!);
    const fresh = await bakeModelInChromium(browser, readFileSync(glb), BAKE_SIZE, bundlePath);
    const shipped = await loadBake(glb);
    let worst = 0;
    for (let i = 0; i < shipped.surface.length; i++) {
      worst = Math.max(
        worst,
        Math.abs(fresh.surface[i]! - shipped.surface[i]!),
        Math.abs(fresh.light[i]! - shipped.light[i]!),
      );
    }
    // Same renderer, same passes: at most a rounding step apart in 16 bits.
    expect(worst).toBeLessThanOrEqual(2);
  }, 400_000);
});
