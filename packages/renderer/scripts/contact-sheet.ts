/**
 * Renders every bundled template in three colours with the demo artwork and writes one contact
 * sheet: `npm run build && node scripts/contact-sheet.ts [out.png]` (default
 * docs/renderer-contact-sheet.png at the repository root). 3D templates render in headless
 * Chromium.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import {
  ChromiumPool,
  listTemplates,
  render3dMockup,
  renderMockupCanvas,
  sampleArtwork,
} from '@printloom/renderer/node';

const repo = join(fileURLToPath(import.meta.url), '..', '..', '..', '..');
const out = process.argv[2] ?? join(repo, 'docs', 'renderer-contact-sheet.png');
const CELL = 420;
const LABEL = 44;
const templates = await listTemplates();
const sheet = createCanvas(CELL * 3, (CELL + LABEL) * templates.length);
const ctx = sheet.getContext('2d');
ctx.fillStyle = '#ffffff';
ctx.fillRect(0, 0, sheet.width, sheet.height);
const art = sampleArtwork();
const artPng = await art.encode('png');
let pool: ChromiumPool | null = null;
try {
  for (const [row, loaded] of templates.entries()) {
    const { template } = loaded;
    const y = row * (CELL + LABEL);
    for (const [col, colour] of template.colors.slice(0, 3).entries()) {
      const x = col * CELL;
      if (template.kind === '2d') {
        const mockup = await renderMockupCanvas(loaded, art, {
          color: colour.hex_code,
          size: CELL,
        });
        ctx.drawImage(mockup, x, y + LABEL, CELL, CELL);
      } else {
        pool ??= await ChromiumPool.launch();
        const jpeg = await render3dMockup(pool, loaded, artPng, {
          color: colour.hex_code,
          size: CELL,
        });
        ctx.drawImage(await loadImage(jpeg), x, y + LABEL, CELL, CELL);
      }
      ctx.fillStyle = '#222222';
      ctx.font = '18px "Roboto"';
      ctx.fillText(`${template.name} · ${colour.name} ${colour.hex_code}`, x + 12, y + 28);
    }
  }
} finally {
  await pool?.close();
}
writeFileSync(out, await sheet.encode('png'));
console.log(`wrote ${out}`);
