import { createHash } from 'node:crypto';
import { access, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import { type Canvas, createCanvas, type Image } from '@napi-rs/canvas';
import type { Browser } from 'playwright-core';
import {
  type Baked3dFrame,
  type Baked3dMaps,
  type BakeMeta,
  composeBaked3d,
  prepareBaked3dFrame,
  unpackBakePlanes,
} from '../baked3d.js';
import { createWrapTexture } from '../wrapTexture.js';
import { ensureBrowserBundle } from './browserBundle.js';
import { openOfflinePage } from './ChromiumPool.js';
import { DEFAULT_QUALITY } from './constants.js';
import { decodeImage, encodeRgba, RenderInputError } from './images.js';
import { plan3dMockup, type RenderMockupOptions } from './render.js';
import type { LoadedTemplate } from './templates.js';

/** The size bakes are made at: the largest mockup (spec §9); smaller sizes are sampled from it. */
export const BAKE_SIZE = 2000;

/** The bake of `model.glb` lives beside it: `model.bake.json` and `model.bake.bin`. */
export function bakeFiles(glbPath: string): { meta: string; data: string } {
  const base = glbPath.replace(/\.glb$/i, '');
  return { meta: `${base}.bake.json`, data: `${base}.bake.bin` };
}

export type { BakeMeta };

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The maps as one compressed file: 8 planes (u, v, print and other coverage, A r g b, M), each
 * row stored as differences from the pixel to its left (smooth maps turn into small numbers),
 * Brotli compressed.
 */
export function packBake(maps: Baked3dMaps): Buffer {
  const n = maps.size * maps.size;
  const planes = new Uint16Array(n * 8);
  for (let c = 0; c < 8; c++) {
    const from = c < 4 ? maps.surface : maps.light;
    const k = c % 4;
    for (let y = 0; y < maps.size; y++) {
      let left = 0;
      for (let x = 0; x < maps.size; x++) {
        const p = y * maps.size + x;
        const value = from[p * 4 + k]!;
        planes[c * n + p] = (value - left) & 0xffff;
        left = value;
      }
    }
  }
  return brotliCompressSync(Buffer.from(planes.buffer), {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_LGWIN]: 24 },
  });
}

export function unpackBake(data: Buffer, meta: BakeMeta): Baked3dMaps {
  return unpackBakePlanes(brotliDecompressSync(data), meta);
}

interface BakePageApi {
  PrintloomRenderer: {
    PrintloomBake3d: {
      bake(glb: string, size: number): Promise<{ size: number; lightScale: number }>;
      read(map: 'surface' | 'light'): string;
    };
  };
}

/** Bakes a GLB in a page of `browser` with the three.js scene (see `three/bake.ts`). */
export async function bakeModelInChromium(
  browser: Browser,
  glb: Uint8Array,
  size = BAKE_SIZE,
  bundlePath?: string,
): Promise<Baked3dMaps> {
  const bundle = await readFile(bundlePath ?? (await ensureBrowserBundle()), 'utf8');
  const page = await openOfflinePage(browser, bundle);
  try {
    const meta = await page.evaluate(
      ([b64, s]) =>
        (globalThis as unknown as BakePageApi).PrintloomRenderer.PrintloomBake3d.bake(b64, s),
      [Buffer.from(glb).toString('base64'), size] as const,
    );
    const read = async (map: 'surface' | 'light') => {
      const b64 = await page.evaluate(
        (m) => (globalThis as unknown as BakePageApi).PrintloomRenderer.PrintloomBake3d.read(m),
        map,
      );
      const bytes = Buffer.from(b64, 'base64');
      return new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2).slice();
    };
    return {
      size: meta.size,
      lightScale: meta.lightScale,
      surface: await read('surface'),
      light: await read('light'),
    };
  } finally {
    await page.close();
  }
}

/** Writes a model's bake beside its GLB. */
export async function writeBake(glbPath: string, maps: Baked3dMaps): Promise<void> {
  const files = bakeFiles(glbPath);
  const meta: BakeMeta = {
    size: maps.size,
    lightScale: maps.lightScale,
    glbSha256: sha256(await readFile(glbPath)),
  };
  await writeFile(files.data, packBake(maps));
  await writeFile(files.meta, `${JSON.stringify(meta, null, 2)}\n`);
}

export async function readBakeMeta(glbPath: string): Promise<BakeMeta> {
  return JSON.parse(await readFile(bakeFiles(glbPath).meta, 'utf8')) as BakeMeta;
}

const bakes = new Map<string, Promise<Baked3dMaps>>();
const frames = new Map<string, Promise<Baked3dFrame>>();

/** A model's shipped bake, read once per process. */
export function loadBake(glbPath: string): Promise<Baked3dMaps> {
  let found = bakes.get(glbPath);
  if (!found) {
    found = (async () => {
      let meta: BakeMeta;
      try {
        meta = await readBakeMeta(glbPath);
      } catch {
        throw new RenderInputError(
          `No 3D bake for ${glbPath}: run npm run bake-3d -w @printloom/renderer`,
        );
      }
      // The GLB is the source of truth: a bake made from another version of it is refused.
      if (meta.glbSha256 !== sha256(await readFile(glbPath))) {
        throw new RenderInputError(
          `The 3D bake of ${glbPath} was made from another version of the model: run npm run bake-3d -w @printloom/renderer`,
        );
      }
      return unpackBake(await readFile(bakeFiles(glbPath).data), meta);
    })();
    found.catch(() => bakes.delete(glbPath));
    bakes.set(glbPath, found);
  }
  return found;
}

/** Whether a 3D template has a bake beside its model (the bundled ones all do). */
export async function hasBake(loaded: LoadedTemplate): Promise<boolean> {
  const model = loaded.template.model;
  if (loaded.template.kind !== '3d' || !model) return false;
  try {
    await access(bakeFiles(join(loaded.dir, model)).meta);
    return true;
  } catch {
    return false;
  }
}

/** The covered pixels of a model's bake at an output size, worked out once per process. */
export function bakedFrame(glbPath: string, size: number): Promise<Baked3dFrame> {
  const key = `${glbPath}|${size}`;
  let found = frames.get(key);
  if (!found) {
    found = loadBake(glbPath).then((maps) => prepareBaked3dFrame(maps, size));
    found.catch(() => frames.delete(key));
    frames.set(key, found);
  }
  return found;
}

/**
 * A 3D template's mockup drawn from its bake as RGBA pixels: the wrap texture made as for the
 * three.js scene (on @napi-rs/canvas), warped and lit per pixel (`composeBaked3d`). No browser
 * is started.
 */
export async function renderBaked3dMockupPixels(
  loaded: LoadedTemplate,
  design: Buffer | Image | Canvas | null,
  options: RenderMockupOptions = {},
): Promise<{ size: number; data: Uint8Array }> {
  const { model, size, aspect, color } = plan3dMockup(loaded, options);
  const frame = bakedFrame(model, size);
  const image = Buffer.isBuffer(design) ? await decodeImage(design, 'design') : design;
  const texture = createWrapTexture((w, h) => createCanvas(w, h), image, {
    color,
    aspect,
    size,
  });
  const pixels = texture.getContext('2d').getImageData(0, 0, texture.width, texture.height);
  const data = new Uint8Array(size * size * 4);
  composeBaked3d(await frame, pixels, { color }, data);
  return { size, data };
}

/** The baked 3D mockup on a canvas (see {@link renderBaked3dMockupPixels}). */
export async function renderBaked3dMockupCanvas(
  loaded: LoadedTemplate,
  design: Buffer | Image | Canvas | null,
  options: RenderMockupOptions = {},
): Promise<Canvas> {
  const { size, data } = await renderBaked3dMockupPixels(loaded, design, options);
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  const out = ctx.createImageData(size, size);
  out.data.set(data);
  ctx.putImageData(out, 0, 0);
  return canvas;
}

/**
 * Renders and encodes a baked 3D mockup (JPEG by default). The pixels go to the encoder as they
 * are (every one opaque), without a canvas: putting 4 MP on a canvas cost more than the kernel.
 */
export async function renderBaked3dMockup(
  loaded: LoadedTemplate,
  design: Buffer | Image | Canvas | null,
  options: RenderMockupOptions = {},
): Promise<Buffer> {
  const { size, data } = await renderBaked3dMockupPixels(loaded, design, options);
  return encodeRgba(
    { width: size, height: size, data },
    options.format ?? 'jpeg',
    options.quality ?? DEFAULT_QUALITY,
  );
}
