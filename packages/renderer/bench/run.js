/**
 * Renderer benchmark: `npm run bench -w @printloom/renderer` (after `npm run build`). Prints, on
 * the same inputs (the t-shirt template and the demo artwork):
 *  - 2000 px JPEG mockups per second on one core, ours (@napi-rs/canvas) and an equivalent
 *    sharp composite, and their ratio (target ≥ 3×, ≤ 60 ms per mockup);
 *  - 500 px preview mockups per second;
 *  - print-file PNG encoding: Skia's encoder against libspng (sharp) from the same canvas, CPU
 *    per encode and their ratio, and a bulk row's five encodes awaited one by one vs together;
 *  - 3D renders per second at 1000 px in a warm Chromium page (target ≤ 300 ms per frame);
 *  - baked 3D mockups at 2000 px (no browser): CPU per mockup (target ≤ 200 ms), against the
 *    same frame in Chromium (wall time: its CPU is spent in Chromium's own processes), and the
 *    pixel agreement of baked and three.js renders per 3D template;
 *  - peak memory (max RSS).
 * Figures are printed, never asserted.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
if (!existsSync(join(here, '..', 'dist', 'node', 'index.js'))) {
  console.error('Build first: npm run build -w @printloom/core -w @printloom/renderer');
  process.exit(1);
}
const { createCanvas } = await import('@napi-rs/canvas');
const sharp = (await import('sharp')).default;
const { drawContained, drawMockup, placeDesign } = await import('../dist/index.js');
const node = await import('../dist/node/index.js');

sharp.concurrency(1);
const COLOR = '#1F2A44';
const now = () => performance.now();

async function timeIt(label, runs, fn) {
  await fn();
  const start = now();
  for (let i = 0; i < runs; i++) await fn();
  const ms = (now() - start) / runs;
  console.log(
    `${label.padEnd(44)} ${ms.toFixed(1).padStart(7)} ms  ${(1000 / ms).toFixed(2).padStart(7)} /s`,
  );
  return ms;
}

const loaded = await node.findTemplate('tshirt');
const layers = await node.loadMockupLayers(loaded);
const art = node.sampleArtwork();
const artPng = await art.encode('png');

function ours(size, color = COLOR) {
  const canvas = createCanvas(size, size);
  drawMockup(canvas.getContext('2d'), layers, art, {
    width: size,
    height: size,
    color,
    createCanvas: node.createNodeCanvas,
  });
  // encodeSync keeps the work on this thread: the figure is per core.
  return canvas.encodeSync('jpeg', 90);
}

// sharp: the same layers, pre-resized once to 2000 px raw RGBA (an advantage to sharp).
const W = 2000;
const raw = { width: W, height: W, channels: 4 };
const files = loaded.template.mockups[0].layers;
const layerRaw = async (file, w = W, h = W) =>
  sharp(join(loaded.dir, file)).resize(w, h, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
const s = W / layers.width;
const area = layers.printArea;
const aw = Math.round(area.width * s);
const ah = Math.round(area.height * s);
const [bgRaw, colorRaw, shadowRaw, overlayRaw, cropRaw] = await Promise.all([
  layerRaw(files.background),
  layerRaw(files.color),
  layerRaw(files.shadow),
  layerRaw(files.overlay),
  layerRaw(files.crop, aw, ah),
]);
const target = placeDesign({ x: 0, y: 0, width: aw, height: ah }, art);

async function withSharp() {
  const colour = await sharp({ create: { ...raw, background: COLOR } })
    .composite([{ input: colorRaw, raw, blend: 'dest-in' }])
    .raw()
    .toBuffer();
  const designRaw = await sharp(artPng)
    .resize(Math.round(target.width), Math.round(target.height))
    .extend({
      top: Math.round(target.y),
      bottom: ah - Math.round(target.y) - Math.round(target.height),
      left: Math.round(target.x),
      right: aw - Math.round(target.x) - Math.round(target.width),
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .composite([{ input: cropRaw, raw: { width: aw, height: ah, channels: 4 }, blend: 'dest-in' }])
    .raw()
    .toBuffer();
  return sharp(bgRaw, { raw })
    .composite([
      { input: colour, raw },
      {
        input: designRaw,
        raw: { width: aw, height: ah, channels: 4 },
        left: Math.round(area.x * s),
        top: Math.round(area.y * s),
      },
      { input: shadowRaw, raw, blend: 'multiply' },
      { input: overlayRaw, raw },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

console.log(
  `Printloom renderer benchmark — node ${process.version}, one core, t-shirt template, JPEG q90`,
);
const oursMs = await timeIt('2000 px JPEG mockup, @napi-rs/canvas', 15, () => ours(2000));
const sharpMs = await timeIt('2000 px JPEG mockup, sharp composite', 8, withSharp);
console.log(
  `${'ratio (ours vs sharp throughput)'.padEnd(44)} ${(sharpMs / oursMs).toFixed(2).padStart(7)} ×   target ≥ 3×`,
);
console.log(
  `${'per 2000 px mockup'.padEnd(44)} ${oursMs.toFixed(1).padStart(7)} ms  target ≤ 60 ms`,
);
// A new colour each time misses the prepared base layer: the cost of a template's first render.
let hue = 0;
const freshColour = () =>
  `#${(0x204060 + hue++ * 0x010203).toString(16).padStart(6, '0').slice(-6)}`;
await timeIt('2000 px JPEG mockup, new colour each time', 10, () => ours(2000, freshColour()));
await timeIt('500 px preview mockup', 40, () => ours(500));

// Print-file PNGs: a 1800 × 2400 print space (the t-shirt front's export size) of the artwork.
const printFile = createCanvas(1800, 2400);
drawContained(printFile.getContext('2d'), art, { x: 0, y: 0, width: 1800, height: 2400 });
async function rawPixels(png) {
  return sharp(png).ensureAlpha().raw().toBuffer();
}
async function cpuPerRun(runs, fn) {
  await fn();
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / runs;
}
const skiaCpu = await cpuPerRun(4, () => printFile.encode('png'));
const spngCpu = await cpuPerRun(4, () => node.encodePng(printFile));
const [skiaBytes, spngBytes] = await Promise.all([
  printFile.encode('png'),
  node.encodePng(printFile),
]);
console.log(
  `${'print-file PNG 1800×2400, Skia encoder'.padEnd(44)} ${skiaCpu.toFixed(1).padStart(7)} ms CPU  ${(skiaBytes.length / 1024).toFixed(0)} KiB`,
);
console.log(
  `${'print-file PNG 1800×2400, libspng (sharp)'.padEnd(44)} ${spngCpu.toFixed(1).padStart(7)} ms CPU  ${(spngBytes.length / 1024).toFixed(0)} KiB`,
);
console.log(
  `${'ratio (libspng CPU / Skia CPU)'.padEnd(44)} ${(spngCpu / skiaCpu).toFixed(2).padStart(7)} ×   same pixels (encodePng.test.ts)`,
);
// A bulk row's five print files: awaited one after another (before) vs started together (now).
sharp.concurrency(0);
const rowOf5 = Array.from({ length: 5 }, () => printFile);
const oneByOne = await timeIt('5 print-file PNGs, Skia, one after another', 2, async () => {
  for (const canvas of rowOf5) await canvas.encode('png');
});
const together = await timeIt('5 print-file PNGs, libspng, started together', 2, () =>
  Promise.all(rowOf5.map((canvas) => node.encodePng(canvas))),
);
console.log(
  `${'ratio (row encode wall, before / now)'.padEnd(44)} ${(oneByOne / together).toFixed(2).padStart(7)} ×`,
);
sharp.concurrency(1);

// Baked 3D: CPU of this process (there is no other); the first call reads the bake and prepares
// the 2000 px frame, once per process.
const mug = await node.findTemplate('mug-3d');
const bakedOptions = { color: '#7FB3E6', size: 2000 };
const firstStart = process.cpuUsage();
await node.renderBaked3dMockup(mug, artPng, bakedOptions);
const firstUsed = process.cpuUsage(firstStart);
console.log(
  `${'baked 3D mug 2000 px, first (reads the bake)'.padEnd(44)} ${((firstUsed.user + firstUsed.system) / 1000).toFixed(1).padStart(7)} ms CPU`,
);
const bakedCpu = await cpuPerRun(8, () => node.renderBaked3dMockup(mug, artPng, bakedOptions));
const bakedWall = await timeIt('baked 3D mug 2000 px JPEG, no browser', 8, () =>
  node.renderBaked3dMockup(mug, artPng, bakedOptions),
);
console.log(
  `${'baked 3D mug 2000 px CPU'.padEnd(44)} ${bakedCpu.toFixed(1).padStart(7)} ms CPU  target ≤ 200 ms`,
);

let pool;
try {
  pool = await node.ChromiumPool.launch();
  const ms3d = await timeIt('3D mug 1000 px JPEG, warm Chromium page', 5, () =>
    node.render3dMockup(pool, mug, artPng, { color: '#7FB3E6', size: 1000 }),
  );
  console.log(`${'per 3D frame'.padEnd(44)} ${ms3d.toFixed(1).padStart(7)} ms  target ≤ 300 ms`);
  const chromium2000 = await timeIt('3D mug 2000 px JPEG, warm Chromium page', 3, () =>
    node.render3dMockup(pool, mug, artPng, bakedOptions),
  );
  console.log(
    `${'ratio (Chromium wall / baked wall, 2000 px)'.padEnd(44)} ${(chromium2000 / bakedWall).toFixed(1).padStart(7)} ×`,
  );
  // Pixel agreement, PNG on both sides: mean channel difference and share off by more than 32.
  for (const [id, color] of [
    ['mug-3d', '#7FB3E6'],
    ['mug-15-3d', '#FFFFFF'],
    ['bottle-3d', '#1E8C8C'],
  ]) {
    const template = await node.findTemplate(id);
    const options = { color, size: 1000, format: 'png' };
    const [a, b] = await Promise.all([
      node.render3dMockup(pool, template, artPng, options).then(rawPixels),
      node.renderBaked3dMockup(template, artPng, options).then(rawPixels),
    ]);
    let sum = 0;
    let off = 0;
    for (let i = 0; i < a.length; i += 4) {
      let worst = 0;
      for (let c = 0; c < 3; c++) {
        const d = Math.abs(a[i + c] - b[i + c]);
        sum += d;
        worst = Math.max(worst, d);
      }
      if (worst > 32) off++;
    }
    const count = a.length / 4;
    console.log(
      `${`baked vs three.js, ${id} ${color} 1000 px`.padEnd(44)} mean ${(sum / count / 3).toFixed(3)}, ${((off / count) * 100).toFixed(3)} % off by > 32`,
    );
  }
} catch (error) {
  console.log(`3D benchmark skipped: ${error.message}`);
} finally {
  await pool?.close();
}
console.log(
  `${'peak memory (max RSS, this process)'.padEnd(44)} ${(process.resourceUsage().maxRSS / 1024).toFixed(0).padStart(7)} MB`,
);
