/**
 * Background removal with IMG.LY's segmentation model (`@imgly/background-removal-node`): the
 * ONNX model ships inside the npm package (in 4 MB chunks, no download at run time) and runs on
 * `onnxruntime-node`'s CPU binary, also inside its package. The answer is a PNG of the input's
 * size whose alpha is the model's mask. The package is AGPL-3.0 (see the server README).
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';

/** The package's dist folder, where resources.json and the model chunks lie. */
function modelFolder(): string {
  const require = createRequire(import.meta.url);
  return `${pathToFileURL(dirname(require.resolve('@imgly/background-removal-node'))).href}/`;
}

/** 'medium' (the package's default): the better edges; see the README for both measured. */
export const BACKGROUND_MODEL = 'medium' as const;

export interface CutoutResult {
  png: Buffer;
  width: number;
  height: number;
}

export async function removeImageBackground(
  input: Buffer,
  options: {
    model?: 'small' | 'medium';
    onProgress?: (fraction: number) => void | Promise<void>;
  } = {},
): Promise<CutoutResult> {
  const { removeBackground } = await import('@imgly/background-removal-node');
  // Decoded and re-encoded as PNG first: EXIF orientation applied, any input format accepted.
  const png = await sharp(input).rotate().png().toBuffer();
  let last = 0;
  const blob = await removeBackground(new Blob([new Uint8Array(png)], { type: 'image/png' }), {
    publicPath: modelFolder(),
    model: options.model ?? BACKGROUND_MODEL,
    output: { format: 'image/png', quality: 1 },
    progress: (key: string, current: number, total: number) => {
      // Loading the model's chunks is most of the wait before inference.
      if (!key.startsWith('fetch:') || total <= 0) return;
      const fraction = Math.min(0.8, (current / total) * 0.8);
      if (fraction - last >= 0.05) {
        last = fraction;
        void options.onProgress?.(fraction);
      }
    },
  });
  const out = Buffer.from(await blob.arrayBuffer());
  const meta = await sharp(out).metadata();
  await options.onProgress?.(1);
  return { png: out, width: meta.width ?? 0, height: meta.height ?? 0 };
}
