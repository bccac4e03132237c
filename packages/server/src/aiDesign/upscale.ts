/**
 * Upscaling with a learned model that ships in an npm package: ESRGAN "slim" ×4 of UpscalerJS
 * (`@upscalerjs/esrgan-slim`, MIT; a residual dense network trained on DIV2K, 0.9 MB of
 * weights), run by TensorFlow.js on its WebAssembly backend (`@tensorflow/tfjs-backend-wasm`,
 * the .wasm files are in the package). `upscaler`'s own Node entry is not used: it needs
 * `@tensorflow/tfjs-node`, whose install downloads libtensorflow from outside the registry.
 *
 * The image is cut into 128 px tiles with 8 px of context on each side (the network sees the
 * neighbourhood, the seams vanish), each tile is run through the model and its centre kept. An
 * alpha channel is resampled separately (Lanczos3). When 4× falls short of the print width at
 * full DPI, the model's output is finished by Lanczos3 resampling to that width
 * (core `upscaleTargetWidth`).
 */

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { AI_UPSCALE_FACTOR } from '@printloom/core';
import sharp from 'sharp';

const TILE = 128;
const CONTEXT = 8;
const SCALE = AI_UPSCALE_FACTOR;

type Tf = typeof import('@tensorflow/tfjs');
type LayersModel = Awaited<ReturnType<Tf['loadLayersModel']>>;

/** The folder of the model package (its `models/x4/` holds model.json and the weights). */
function modelDir(): string {
  const require = createRequire(import.meta.url);
  let dir = dirname(require.resolve('@upscalerjs/esrgan-slim'));
  while (!existsSync(join(dir, 'models', 'x4', 'model.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('@upscalerjs/esrgan-slim has no models/x4/model.json');
    dir = parent;
  }
  return join(dir, 'models', 'x4');
}

let loaded: Promise<{ tf: Tf; model: LayersModel }> | null = null;

/** Loads TensorFlow.js on WebAssembly and the ×4 model once per process. */
export function loadUpscaleModel(): Promise<{ tf: Tf; model: LayersModel }> {
  loaded ??= (async () => {
    const tf = await import('@tensorflow/tfjs');
    await import('@tensorflow/tfjs-backend-wasm');
    if (!(await tf.setBackend('wasm'))) throw new Error('The WebAssembly backend did not start');
    await tf.ready();
    const dir = modelDir();
    const manifest = JSON.parse(await readFile(join(dir, 'model.json'), 'utf8')) as {
      modelTopology: object;
      weightsManifest: { paths: string[]; weights: never[] }[];
    };
    const weightSpecs = manifest.weightsManifest.flatMap((group) => group.weights);
    const shards = await Promise.all(
      manifest.weightsManifest.flatMap((group) => group.paths.map((p) => readFile(join(dir, p)))),
    );
    const weights = Buffer.concat(shards);
    const model = await tf.loadLayersModel(
      tf.io.fromMemory({
        modelTopology: manifest.modelTopology,
        weightSpecs,
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.length),
      }),
    );
    return { tf, model };
  })();
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}

export interface UpscaleResult {
  png: Buffer;
  width: number;
  height: number;
  /** The model's own output width (input × 4), before any finishing resample. */
  modelWidth: number;
}

/**
 * The image ×4 by the model, then resampled to `targetWidth` when that is wider. `onProgress`
 * gets 0–1 as tiles finish.
 */
export async function upscaleImage(
  input: Buffer,
  options: { targetWidth?: number; onProgress?: (fraction: number) => void | Promise<void> } = {},
): Promise<UpscaleResult> {
  const { tf, model } = await loadUpscaleModel();
  const image = sharp(input).rotate();
  const meta = await image.metadata();
  const rgb = await image.clone().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = rgb.info;
  const outWidth = width * SCALE;
  const outHeight = height * SCALE;
  const out = Buffer.alloc(outWidth * outHeight * 3);
  const tilesX = Math.ceil(width / TILE);
  const tilesY = Math.ceil(height / TILE);
  let done = 0;
  for (let ty = 0; ty < height; ty += TILE) {
    for (let tx = 0; tx < width; tx += TILE) {
      const x0 = Math.max(0, tx - CONTEXT);
      const y0 = Math.max(0, ty - CONTEXT);
      const x1 = Math.min(width, tx + TILE + CONTEXT);
      const y1 = Math.min(height, ty + TILE + CONTEXT);
      const w = x1 - x0;
      const h = y1 - y0;
      const tile = new Float32Array(w * h * 3);
      for (let y = 0; y < h; y++) {
        const from = ((y0 + y) * width + x0) * 3;
        for (let i = 0; i < w * 3; i++) tile[y * w * 3 + i] = rgb.data[from + i] ?? 0;
      }
      const result = tf.tidy(() => model.predict(tf.tensor4d(tile, [1, h, w, 3])) as never);
      const values = (await (result as { data(): Promise<Float32Array> }).data()) as Float32Array;
      (result as { dispose(): void }).dispose();
      // Keep the centre: rows and columns of this tile only, without the context around it.
      const keepW = Math.min(TILE, width - tx) * SCALE;
      const keepH = Math.min(TILE, height - ty) * SCALE;
      const offX = (tx - x0) * SCALE;
      const offY = (ty - y0) * SCALE;
      const rowW = w * SCALE;
      for (let y = 0; y < keepH; y++) {
        const src = ((offY + y) * rowW + offX) * 3;
        const dst = ((ty * SCALE + y) * outWidth + tx * SCALE) * 3;
        for (let i = 0; i < keepW * 3; i++) {
          const v = values[src + i] ?? 0;
          out[dst + i] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
        }
      }
      done++;
      await options.onProgress?.(done / (tilesX * tilesY));
    }
  }
  let result = sharp(out, { raw: { width: outWidth, height: outHeight, channels: 3 } });
  if (meta.hasAlpha) {
    const alpha = await image
      .clone()
      .extractChannel('alpha')
      .resize(outWidth, outHeight, { kernel: 'lanczos3' })
      .raw()
      .toBuffer();
    result = result.joinChannel(alpha, {
      raw: { width: outWidth, height: outHeight, channels: 1 },
    });
  }
  let finalWidth = outWidth;
  let finalHeight = outHeight;
  const target = options.targetWidth ?? outWidth;
  if (target > outWidth) {
    finalWidth = target;
    finalHeight = Math.round((outHeight * target) / outWidth);
    // Through a PNG so the resize runs on the joined image.
    const joined = await result.png({ compressionLevel: 1 }).toBuffer();
    result = sharp(joined).resize(finalWidth, finalHeight, { kernel: 'lanczos3' });
  }
  const png = await result.png().toBuffer();
  return { png, width: finalWidth, height: finalHeight, modelWidth: outWidth };
}
