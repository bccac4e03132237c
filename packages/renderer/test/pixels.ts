import { type Canvas, createCanvas, type Image, loadImage } from '@napi-rs/canvas';

export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export function pixelsOf(image: Canvas | Image): Pixels {
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return {
    width: image.width,
    height: image.height,
    data: ctx.getImageData(0, 0, image.width, image.height).data,
  };
}

export async function pixelsOfFile(data: Buffer): Promise<Pixels> {
  return pixelsOf(await loadImage(data));
}

export function pixelAt(p: Pixels, x: number, y: number): [number, number, number, number] {
  const i = (Math.round(y) * p.width + Math.round(x)) * 4;
  return [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!, p.data[i + 3]!];
}

/**
 * How far two images of the same size are apart: the mean absolute channel difference (0–255)
 * and the share of pixels where some channel differs by more than `threshold`.
 */
export function compare(a: Pixels, b: Pixels, threshold = 32): { mean: number; changed: number } {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`Sizes differ: ${a.width}×${a.height} vs ${b.width}×${b.height}`);
  }
  let sum = 0;
  let changed = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    let worst = 0;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(a.data[i + c]! - b.data[i + c]!);
      sum += d;
      if (d > worst) worst = d;
    }
    if (worst > threshold) changed++;
  }
  const count = a.data.length / 4;
  return { mean: sum / (count * 3), changed: changed / count };
}
