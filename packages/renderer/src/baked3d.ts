/**
 * 3D mockups from baked maps, without WebGL: pure typed-array code, so Node and the dashboard's
 * in-tab worker run the same kernel.
 *
 * A bake (made once per 3D model in Chromium with the three.js scene, `three/bake.ts`) records,
 * per pixel of the framed view: the print mesh's texture coordinate (u, v), how much of the
 * pixel the print and the other meshes cover (the canvas's 4× multisampling, resolved), and the
 * lighting as an additive term A (RGB) and a multiplicative term M. With tone mapping off and
 * every light white, a MeshStandardMaterial lit by these lights is affine in its albedo in linear
 * colour: linear = A + M × albedo. A mockup is then, per pixel, the wrap texture sampled
 * bilinearly in linear colour at (u, v) on the print, the product colour on the body, each lit,
 * encoded to sRGB and mixed by coverage with the background.
 */
import { clampBrightness } from '@printloom/core';

/** The baked maps of one model at one square size. */
export interface Baked3dMaps {
  size: number;
  /** Per pixel: u, v, print coverage, other meshes' coverage; each 0–65535 for 0–1. */
  surface: Uint16Array;
  /** Per pixel: A red, green, blue and M; each 0–65535 for 0–`lightScale` (linear). */
  light: Uint16Array;
  lightScale: number;
}

/** The raw passes a bake reads back from WebGL (rows bottom to top, as GL reads them). */
export interface Bake3dPasses {
  size: number;
  /** Per pixel at its centre: u, v, surface (0 none, 1 print, 2 body, 3 other mesh), unused. */
  idUv: Float32Array;
  /** Per pixel, resolved from 4 samples: print, body, other mesh coverage (0–255), unused. */
  coverage: Uint8Array;
  /** Linear colour with every print and body albedo black, then white (RGBA). */
  black: Float32Array;
  white: Float32Array;
}

export const BAKE_LIGHT_SCALE = 8;
const U16 = 65535;

/**
 * Turns a bake's passes into maps: rows top to bottom, M = white − black, and the values a
 * partly covered pixel needs but its centre missed (an edge pixel whose centre is on the
 * background or on another mesh) taken from its neighbours.
 */
export function finishBake(passes: Bake3dPasses, lightScale = BAKE_LIGHT_SCALE): Baked3dMaps {
  const { size, idUv, coverage, black, white } = passes;
  const n = size * size;
  const u = new Float32Array(n);
  const v = new Float32Array(n);
  const light = new Float32Array(n * 4);
  const hasUv = new Uint8Array(n);
  const hasLight = new Uint8Array(n);
  const surface = new Uint16Array(n * 4);
  for (let y = 0; y < size; y++) {
    const from = (size - 1 - y) * size;
    for (let x = 0; x < size; x++) {
      const s = from + x;
      const p = y * size + x;
      const id = Math.round(idUv[s * 4 + 2]!);
      surface[p * 4 + 2] = Math.round((coverage[s * 4]! / 255) * U16);
      surface[p * 4 + 3] = Math.round(
        (Math.min(255, coverage[s * 4 + 1]! + coverage[s * 4 + 2]!) / 255) * U16,
      );
      if (id === 1) {
        u[p] = idUv[s * 4]!;
        v[p] = idUv[s * 4 + 1]!;
        hasUv[p] = 1;
      }
      if (id > 0) {
        const r = black[s * 4]!;
        const g = black[s * 4 + 1]!;
        const b = black[s * 4 + 2]!;
        light[p * 4] = r;
        light[p * 4 + 1] = g;
        light[p * 4 + 2] = b;
        light[p * 4 + 3] = (white[s * 4]! - r + white[s * 4 + 1]! - g + white[s * 4 + 2]! - b) / 3;
        hasLight[p] = 1;
      }
    }
  }
  // Edge pixels: fill from valid neighbours, a ring at a time.
  for (let pass = 0; pass < 3; pass++) {
    const needUv: number[] = [];
    const needLight: number[] = [];
    for (let p = 0; p < n; p++) {
      const cp = surface[p * 4 + 2]!;
      const cs = surface[p * 4 + 3]!;
      if (cp > 0 && !hasUv[p]) needUv.push(p);
      if (cp + cs > 0 && !hasLight[p]) needLight.push(p);
    }
    if (needUv.length === 0 && needLight.length === 0) break;
    const filledUv: [number, number, number][] = [];
    for (const p of needUv) {
      let su = 0;
      let sv = 0;
      let count = 0;
      forNeighbours(p, size, (q) => {
        if (!hasUv[q]) return;
        su += u[q]!;
        sv += v[q]!;
        count++;
      });
      if (count) filledUv.push([p, su / count, sv / count]);
    }
    const filledLight: [number, number, number, number, number][] = [];
    for (const p of needLight) {
      const sum = [0, 0, 0, 0];
      let count = 0;
      forNeighbours(p, size, (q) => {
        if (!hasLight[q]) return;
        for (let c = 0; c < 4; c++) sum[c]! += light[q * 4 + c]!;
        count++;
      });
      if (count)
        filledLight.push([p, sum[0]! / count, sum[1]! / count, sum[2]! / count, sum[3]! / count]);
    }
    for (const [p, fu, fv] of filledUv) {
      u[p] = fu;
      v[p] = fv;
      hasUv[p] = 1;
    }
    for (const [p, r, g, b, m] of filledLight) {
      light[p * 4] = r;
      light[p * 4 + 1] = g;
      light[p * 4 + 2] = b;
      light[p * 4 + 3] = m;
      hasLight[p] = 1;
    }
  }
  const quantized = new Uint16Array(n * 4);
  let brightest = 0;
  for (let p = 0; p < n; p++) {
    surface[p * 4] = Math.round(clamp01(u[p]!) * U16);
    surface[p * 4 + 1] = Math.round(clamp01(v[p]!) * U16);
    for (let c = 0; c < 4; c++) {
      const value = light[p * 4 + c]!;
      if (value > brightest) brightest = value;
      quantized[p * 4 + c] = Math.round(clamp01(value / lightScale) * U16);
    }
  }
  if (brightest > lightScale) {
    throw new Error(`Lighting reaches ${brightest.toFixed(2)}, above the bake's ${lightScale}`);
  }
  return { size, surface, light: quantized, lightScale };
}

/** What a bake file's companion `model.bake.json` records. */
export interface BakeMeta {
  size: number;
  lightScale: number;
  /** SHA-256 of the GLB the bake was made from. */
  glbSha256: string;
}

/**
 * The maps from a bake file's decompressed bytes (`model.bake.bin` after Brotli): 8 planes of
 * 16 bits (u, v, print and other coverage, A r g b, M), each row stored as differences from the
 * pixel to its left. Shared by Node and the dashboard's worker, which decompress it their way.
 */
export function unpackBakePlanes(
  raw: Uint8Array,
  meta: Pick<BakeMeta, 'size' | 'lightScale'>,
): Baked3dMaps {
  const size = meta.size;
  const n = size * size;
  if (raw.byteLength !== n * 16) throw new Error('The bake file does not match its size');
  // A copy when the bytes are not 2-byte aligned (a Buffer from Node's pool may not be).
  const aligned = raw.byteOffset % 2 === 0 ? raw : raw.slice();
  const planes = new Uint16Array(aligned.buffer, aligned.byteOffset, n * 8);
  const surface = new Uint16Array(n * 4);
  const light = new Uint16Array(n * 4);
  for (let c = 0; c < 8; c++) {
    const to = c < 4 ? surface : light;
    const k = c % 4;
    const plane = c * n;
    for (let y = 0; y < size; y++) {
      let left = 0;
      const row = y * size;
      for (let x = 0; x < size; x++) {
        left = (left + planes[plane + row + x]!) & 0xffff;
        to[(row + x) * 4 + k] = left;
      }
    }
  }
  return { size, surface, light, lightScale: meta.lightScale };
}

function forNeighbours(p: number, size: number, visit: (q: number) => void): void {
  const x = p % size;
  const y = (p - x) / size;
  for (let dy = -1; dy <= 1; dy++) {
    const yy = y + dy;
    if (yy < 0 || yy >= size) continue;
    for (let dx = -1; dx <= 1; dx++) {
      const xx = x + dx;
      if ((dx === 0 && dy === 0) || xx < 0 || xx >= size) continue;
      visit(yy * size + xx);
    }
  }
}

function clamp01(x: number): number {
  return Math.max(0, Math.min(1, x));
}

/**
 * The covered pixels of one output size, ready for {@link composeBaked3d}: everything that
 * depends only on the model and the size, worked out once and kept by the caller. Uncovered
 * pixels (the background, most of the frame) are not listed, so the kernel never visits them.
 */
export interface Baked3dFrame {
  size: number;
  /** Output pixel index of each covered pixel, in increasing order. */
  index: Uint32Array;
  /**
   * {@link FRAME_STRIDE} values per covered pixel, side by side so the kernel reads one stream:
   * u, v, A red, green, blue (linear), M, print coverage and other meshes' coverage (0–1).
   */
  data: Float32Array;
}

/** Values per covered pixel in {@link Baked3dFrame.data}. */
export const FRAME_STRIDE = 8;

/**
 * The frame for an output of `size` pixels from maps baked at `maps.size` (the same view,
 * scaled): coverage is averaged over each output pixel's footprint, u, v and the lighting are
 * sampled bilinearly at its centre from the neighbours that carry them.
 */
export function prepareBaked3dFrame(maps: Baked3dMaps, size: number): Baked3dFrame {
  const B = maps.size;
  const { surface, light } = maps;
  const scale = maps.lightScale / U16;
  const count = size * size;
  const ratio = B / size;
  const k = Math.max(1, Math.ceil(ratio - 1e-9));
  // First pass: coverage of every output pixel, to size the lists exactly.
  const coverP = new Float32Array(count);
  const coverS = new Float32Array(count);
  let covered = 0;
  for (let p = 0; p < count; p++) {
    let cp = 0;
    let cs = 0;
    if (B === size) {
      cp = surface[p * 4 + 2]! / U16;
      cs = surface[p * 4 + 3]! / U16;
    } else {
      const x = p % size;
      const y = (p - x) / size;
      for (let j = 0; j < k; j++) {
        const by = Math.min(B - 1, Math.floor((y + (j + 0.5) / k) * ratio));
        for (let i = 0; i < k; i++) {
          const bx = Math.min(B - 1, Math.floor((x + (i + 0.5) / k) * ratio));
          const q = (by * B + bx) * 4;
          cp += surface[q + 2]!;
          cs += surface[q + 3]!;
        }
      }
      cp /= k * k * U16;
      cs /= k * k * U16;
    }
    coverP[p] = cp;
    coverS[p] = cs;
    if (cp + cs > 0) covered++;
  }
  const index = new Uint32Array(covered);
  const data = new Float32Array(covered * FRAME_STRIDE);
  let n = 0;
  for (let p = 0; p < count; p++) {
    const cp = coverP[p]!;
    const cs = coverS[p]!;
    if (cp + cs <= 0) continue;
    index[n] = p;
    const o = n * FRAME_STRIDE;
    n++;
    data[o + 6] = cp;
    data[o + 7] = cs;
    if (B === size) {
      const q = p * 4;
      data[o] = surface[q]! / U16;
      data[o + 1] = surface[q + 1]! / U16;
      data[o + 2] = light[q]! * scale;
      data[o + 3] = light[q + 1]! * scale;
      data[o + 4] = light[q + 2]! * scale;
      data[o + 5] = light[q + 3]! * scale;
      continue;
    }
    const x = p % size;
    const y = (p - x) / size;
    // Bilinear at the output pixel's centre, over the bake pixels that carry a value.
    const fx = (x + 0.5) * ratio - 0.5;
    const fy = (y + 0.5) * ratio - 0.5;
    const x0 = Math.max(0, Math.min(B - 1, Math.floor(fx)));
    const y0 = Math.max(0, Math.min(B - 1, Math.floor(fy)));
    const x1 = Math.min(B - 1, x0 + 1);
    const y1 = Math.min(B - 1, y0 + 1);
    const tx = Math.max(0, Math.min(1, fx - x0));
    const ty = Math.max(0, Math.min(1, fy - y0));
    let wUv = 0;
    let wLight = 0;
    let su = 0;
    let sv = 0;
    let sr = 0;
    let sg = 0;
    let sb = 0;
    let sm = 0;
    for (let t = 0; t < 4; t++) {
      const q = (t < 2 ? y0 : y1) * B + (t % 2 === 0 ? x0 : x1);
      const w = (t % 2 === 0 ? 1 - tx : tx) * (t < 2 ? 1 - ty : ty);
      const c = q * 4;
      const qp = surface[c + 2]!;
      const qs = surface[c + 3]!;
      if (qp > 0) {
        wUv += w;
        su += w * surface[c]!;
        sv += w * surface[c + 1]!;
      }
      if (qp + qs > 0) {
        wLight += w;
        sr += w * light[c]!;
        sg += w * light[c + 1]!;
        sb += w * light[c + 2]!;
        sm += w * light[c + 3]!;
      }
    }
    if (wUv === 0) {
      // The footprint's print lies between the taps: take the nearest print pixel of the footprint.
      const q = nearestWith(maps, x, y, ratio, k, true);
      data[o] = q < 0 ? 0 : surface[q * 4]! / U16;
      data[o + 1] = q < 0 ? 0 : surface[q * 4 + 1]! / U16;
    } else {
      data[o] = su / wUv / U16;
      data[o + 1] = sv / wUv / U16;
    }
    if (wLight === 0) {
      const q = nearestWith(maps, x, y, ratio, k, false);
      const c = Math.max(0, q) * 4;
      data[o + 2] = light[c]! * scale;
      data[o + 3] = light[c + 1]! * scale;
      data[o + 4] = light[c + 2]! * scale;
      data[o + 5] = light[c + 3]! * scale;
    } else {
      data[o + 2] = (sr / wLight) * scale;
      data[o + 3] = (sg / wLight) * scale;
      data[o + 4] = (sb / wLight) * scale;
      data[o + 5] = (sm / wLight) * scale;
    }
  }
  return { size, index, data };
}

function nearestWith(
  maps: Baked3dMaps,
  x: number,
  y: number,
  ratio: number,
  k: number,
  print: boolean,
): number {
  const B = maps.size;
  for (let j = 0; j < k; j++) {
    const by = Math.min(B - 1, Math.floor((y + (j + 0.5) / k) * ratio));
    for (let i = 0; i < k; i++) {
      const bx = Math.min(B - 1, Math.floor((x + (i + 0.5) / k) * ratio));
      const q = by * B + bx;
      const cp = maps.surface[q * 4 + 2]!;
      const cs = maps.surface[q * 4 + 3]!;
      if (print ? cp > 0 : cp + cs > 0) return q;
    }
  }
  return -1;
}

function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Linear 0–1 in ENCODE_STEPS steps → sRGB 0–255, the shader's output encode. */
const ENCODE_STEPS = 16383;

interface Tables {
  /** sRGB 8-bit value → linear, the GPU's decode of an sRGB texture. */
  toLinear: Float32Array;
  /** Linear step → sRGB 0–255 unrounded (mixed by coverage), and rounded to 8 bits. */
  toSrgb: Float32Array;
  toSrgb8: Uint8Array;
}

let tables: Tables | undefined;

/** Built on first use, so a bundle that does not draw baked mockups carries no work. */
function colourTables(): Tables {
  if (tables) return tables;
  const toLinear = new Float32Array(256);
  for (let i = 0; i < 256; i++) toLinear[i] = srgbToLinear(i / 255);
  const toSrgb = new Float32Array(ENCODE_STEPS + 1);
  for (let i = 0; i <= ENCODE_STEPS; i++) {
    const x = i / ENCODE_STEPS;
    toSrgb[i] = 255 * (x <= 0.0031308 ? x * 12.92 : 1.055 * x ** (1 / 2.4) - 0.055);
  }
  const toSrgb8 = Uint8Array.from(toSrgb, (x) => Math.min(255, Math.round(x)));
  tables = { toLinear, toSrgb, toSrgb8 };
  return tables;
}

/** The table step of a linear value, clamped to 0–1. */
function step(x: number, steps: number): number {
  const i = (x * steps + 0.5) | 0;
  if (i < 0) return 0;
  return Math.min(i, steps);
}

export interface RgbaPixels {
  width: number;
  height: number;
  /** RGBA, 8 bits per channel, sRGB. */
  data: Uint8ClampedArray | Uint8Array;
}

export interface ComposeBaked3dOptions {
  /** Product colour '#rrggbb' of the body (lifted to 20 % lightness like the 2D mockups). */
  color: string;
  /** Background '#rrggbb'; the 3D scene's by default. */
  background?: string;
}

/** The 3D scene's background colour. */
export const SCENE_BACKGROUND = '#ececea';

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The texture in linear colour, reused from one mockup to the next (the kernel is synchronous). */
let linearScratch = new Float32Array(0);

/**
 * Draws a baked 3D mockup into `out` (RGBA, `frame.size` squared): `texture` is the wrap texture
 * (`createWrapTexture`, the one the three.js scene maps on the print mesh), `color` the product
 * colour of the body. Only the frame's covered pixels are visited; each is written as one 32-bit
 * word.
 */
export function composeBaked3d(
  frame: Baked3dFrame,
  texture: RgbaPixels,
  options: ComposeBaked3dOptions,
  out: Uint8ClampedArray | Uint8Array,
): void {
  const [bgR, bgG, bgB] = rgbOf(options.background ?? SCENE_BACKGROUND);
  const words = new Uint32Array(out.buffer, out.byteOffset, frame.size * frame.size);
  // Little-endian RGBA in one word (every platform Node and browsers run on).
  const OPAQUE = 0xff000000;
  words.fill((OPAQUE | (bgB << 16) | (bgG << 8) | bgR) >>> 0);
  const { toLinear: TO_LINEAR, toSrgb: enc, toSrgb8: enc8 } = colourTables();
  const [cr, cg, cb] = rgbOf(clampBrightness(options.color));
  const bodyR = TO_LINEAR[cr]!;
  const bodyG = TO_LINEAR[cg]!;
  const bodyB = TO_LINEAR[cb]!;
  const W = texture.width;
  const H = texture.height;
  const src = texture.data;
  if (linearScratch.length < W * H * 3) linearScratch = new Float32Array(W * H * 3);
  const lin = linearScratch;
  for (let i = 0, j = 0, k = 0; i < W * H; i++, j += 3, k += 4) {
    lin[j] = TO_LINEAR[src[k]!]!;
    lin[j + 1] = TO_LINEAR[src[k + 1]!]!;
    lin[j + 2] = TO_LINEAR[src[k + 2]!]!;
  }
  const { index, data } = frame;
  const steps = ENCODE_STEPS;
  const maxX = W - 1;
  const maxY = H - 1;
  // The right and lower neighbours of a tap (none on a one-texel-wide texture).
  const dx = W > 1 ? 3 : 0;
  const dy = H > 1 ? W * 3 : 0;
  const lastX = W > 1 ? maxX - 1 : 0;
  const lastY = H > 1 ? maxY - 1 : 0;
  const total = index.length;
  for (let i = 0, o = 0; i < total; i++, o += FRAME_STRIDE) {
    const a = data[o + 6]!;
    const s = data[o + 7]!;
    const lr = data[o + 2]!;
    const lg = data[o + 3]!;
    const lb = data[o + 4]!;
    const lm = data[o + 5]!;
    let tr = 0;
    let tg = 0;
    let tb = 0;
    if (a > 0) {
      // Bilinear, clamped to the edge, in linear colour; flipY: v = 0 is the image's bottom row.
      // At the last column or row the tap moves one texel back with a weight of 1 on the edge.
      let fx = data[o]! * W - 0.5;
      let fy = (1 - data[o + 1]!) * H - 0.5;
      if (fx < 0) fx = 0;
      else if (fx > maxX) fx = maxX;
      if (fy < 0) fy = 0;
      else if (fy > maxY) fy = maxY;
      let x0 = fx | 0;
      let y0 = fy | 0;
      if (x0 > lastX) x0 = lastX;
      if (y0 > lastY) y0 = lastY;
      const tx = fx - x0;
      const ty = fy - y0;
      const q00 = (y0 * W + x0) * 3;
      const q10 = q00 + dx;
      const q01 = q00 + dy;
      const q11 = q01 + dx;
      const ux = 1 - tx;
      const uy = 1 - ty;
      tr = (lin[q00]! * ux + lin[q10]! * tx) * uy + (lin[q01]! * ux + lin[q11]! * tx) * ty;
      tg =
        (lin[q00 + 1]! * ux + lin[q10 + 1]! * tx) * uy +
        (lin[q01 + 1]! * ux + lin[q11 + 1]! * tx) * ty;
      tb =
        (lin[q00 + 2]! * ux + lin[q10 + 2]! * tx) * uy +
        (lin[q01 + 2]! * ux + lin[q11 + 2]! * tx) * ty;
      if (a === 1) {
        // Inside the print (most pixels): one encode, rounded by the table.
        let ir = ((lr + lm * tr) * steps + 0.5) | 0;
        let ig = ((lg + lm * tg) * steps + 0.5) | 0;
        let ib = ((lb + lm * tb) * steps + 0.5) | 0;
        if (ir > steps) ir = steps;
        if (ig > steps) ig = steps;
        if (ib > steps) ib = steps;
        words[index[i]!] = OPAQUE | (enc8[ib]! << 16) | (enc8[ig]! << 8) | enc8[ir]!;
        continue;
      }
    }
    if (s === 1) {
      let ir = ((lr + lm * bodyR) * steps + 0.5) | 0;
      let ig = ((lg + lm * bodyG) * steps + 0.5) | 0;
      let ib = ((lb + lm * bodyB) * steps + 0.5) | 0;
      if (ir > steps) ir = steps;
      if (ig > steps) ig = steps;
      if (ib > steps) ib = steps;
      words[index[i]!] = OPAQUE | (enc8[ib]! << 16) | (enc8[ig]! << 8) | enc8[ir]!;
      continue;
    }
    const bg = Math.max(0, 1 - a - s);
    let r = bg * bgR;
    let g = bg * bgG;
    let b = bg * bgB;
    if (a > 0) {
      r += a * enc[step(lr + lm * tr, steps)]!;
      g += a * enc[step(lg + lm * tg, steps)]!;
      b += a * enc[step(lb + lm * tb, steps)]!;
    }
    if (s > 0) {
      r += s * enc[step(lr + lm * bodyR, steps)]!;
      g += s * enc[step(lg + lm * bodyG, steps)]!;
      b += s * enc[step(lb + lm * bodyB, steps)]!;
    }
    words[index[i]!] =
      OPAQUE |
      (Math.min(255, (b + 0.5) | 0) << 16) |
      (Math.min(255, (g + 0.5) | 0) << 8) |
      Math.min(255, (r + 0.5) | 0);
  }
}
