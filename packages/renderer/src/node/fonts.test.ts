import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrintSpaceDesign } from '@printloom/core';
import { describe, expect, it } from 'vitest';
import { ROBOTO_PATH, registerFontUrl } from './fonts.js';
import { renderDesignCanvas } from './render.js';

const dir = mkdtempSync(join(tmpdir(), 'printloom-fonts-'));

function textDesign(fontUrl?: string) {
  return PrintSpaceDesign.parse({
    printSpace: { id: '1_front', name: 'front', width: 800, height: 200 },
    objects: [
      {
        type: 'text',
        id: 't',
        text: 'Hello',
        left: 400,
        top: 100,
        width: 640,
        height: 120,
        ...(fontUrl ? { fontUrl } : {}),
      },
    ],
  });
}

describe('fonts by URL (spec §7)', () => {
  it('draws a text in the font its URL names, relative to the design file', async () => {
    copyFileSync(ROBOTO_PATH, join(dir, 'Brand.ttf'));
    const family = await registerFontUrl('Brand.ttf', dir);
    expect(family).toMatch(/^pl-font-/);
    expect(await registerFontUrl('Brand.ttf', dir)).toBe(family);
    const canvas = await renderDesignCanvas(textDesign('Brand.ttf'), { baseDir: dir, width: 800 });
    const data = canvas.getContext('2d').getImageData(0, 0, 800, 200).data;
    let ink = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 128) ink++;
    expect(ink).toBeGreaterThan(1000);
  });
  it('uses the bundled Roboto by default', async () => {
    const withDefault = await renderDesignCanvas(textDesign('/fonts/Roboto.ttf'), { width: 800 });
    const plain = await renderDesignCanvas(textDesign(), { width: 800 });
    expect(withDefault.toBuffer('image/png').equals(plain.toBuffer('image/png'))).toBe(true);
  });
  it('refuses a file that is not a font', async () => {
    writeFileSync(join(dir, 'notes.ttf'), 'not a font');
    await expect(registerFontUrl('notes.ttf', dir)).rejects.toThrow(
      'notes.ttf is not a font the renderer can read',
    );
  });
});
