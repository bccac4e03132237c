/**
 * One drawing code (ARCHITECTURE "Data flow"): the PNG the browser editor exports when a seller
 * saves a design, and `printloom render design` of the same saved design JSON on Node
 * (@napi-rs/canvas), agree within a small pixel tolerance; also for a font the seller uploaded
 * (/personalized/fonts, a WOFF2 file).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ApiClient } from '@printloom/core';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkPng, printloom } from '../bulk/fixtures.js';
import { ACCOUNTS } from './fixtures/accounts.js';
import { CHROMIUM_FLAGS, newContext } from './fixtures/browser.js';
import { EditorPage } from './fixtures/EditorPage.js';
import { sellerApi } from './fixtures/sellerApi.js';
import { type RunningServer, startServer } from './fixtures/server.js';

/** Mean difference per channel (0–255) and share of pixels off by more than 32 allowed. */
const MEAN_TOLERANCE = 1.5;
const OFF_PIXELS_TOLERANCE = 0.01;

let server: RunningServer;
let browser: Browser;
let api: ApiClient;
let token: string;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'printloom-parity-'));
  server = await startServer();
  const [launched, seller] = await Promise.all([
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    }),
    sellerApi(server.baseUrl, ACCOUNTS.seller),
  ]);
  browser = launched;
  api = seller.api;
  token = seller.token;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('browser export and printloom render design (same drawing code)', () => {
  it('draw a saved design within a small pixel tolerance', async () => {
    const context = await newContext(browser, server.baseUrl);
    await context.addCookies([{ name: 'auth_token', value: token, url: server.baseUrl }]);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 1200 });
    // The demo seller has the pb tag: its own font joins the editor's font list.
    const fontFile = resolve(
      import.meta.dirname,
      '../../node_modules/roboto-fontface/fonts/roboto/Roboto-ThinItalic.woff2',
    );
    const uploaded = await api.personalizedLibrary.uploadFont(
      new Blob([readFileSync(fontFile)], { type: 'font/woff2' }),
      'Roboto-ThinItalic.woff2',
    );
    expect(uploaded.full_name).toBe('Roboto Thin Italic');
    const editor = new EditorPage(page);
    await editor.openNew();
    await editor.chooseProduct('Classic T-shirt');
    await editor.addImage('parity.png', artworkPng(1200, 1500, 11));
    await page.getByRole('button', { name: 'Rotate right 15°' }).click();
    await editor.addText();
    await editor.textField().fill('Same pixels');
    await page
      .getByTestId('text-controls')
      .getByLabel('Font')
      .selectOption({ label: 'Roboto Bold' });
    await editor.addText();
    await editor.textField().fill('left aligned');
    await page
      .getByTestId('text-controls')
      .getByLabel('Font')
      .selectOption({ label: 'Roboto Thin Italic' });
    await page.getByTestId('text-controls').locator('label', { hasText: 'Left' }).click();
    await editor.canvas.focus();
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await page.getByLabel('Campaign name').fill('Parity');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/campaigns\/edit\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const design = (await api.campaigns.get({ params: { id } })).products[0]?.designs[0];
    expect(design?.file_url).toBeTruthy();
    const browserPng = Buffer.from(
      await (await fetch(`${server.baseUrl}${design?.file_url}`)).arrayBuffer(),
    );

    // The saved JSON names its files by the dashboard's addresses; on Node they are fetched.
    const json = JSON.parse(design?.design_json ?? '{}') as {
      objects: Array<{ src?: string; fontUrl?: string }>;
    };
    expect(json.objects.map((o) => o.fontUrl)).toContain(uploaded.file_url);
    for (const object of json.objects) {
      if (object.src?.startsWith('/')) object.src = `${server.baseUrl}${object.src}`;
      if (object.fontUrl?.startsWith('/')) object.fontUrl = `${server.baseUrl}${object.fontUrl}`;
    }
    const doc = join(work, 'design.json');
    const out = join(work, 'cli.png');
    writeFileSync(doc, JSON.stringify(json));
    const cli = printloom({ XDG_CONFIG_HOME: join(work, 'config') });
    const rendered = await cli(['render', 'design', '--doc', doc, '--out', out]);
    expect(rendered.code, rendered.stderr).toBe(0);
    const cliPng = readFileSync(out);

    const compared = await page.evaluate(
      async ([a, b]) => {
        const decode = async (base64: string) => {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const ctx = canvas.getContext('2d');
          if (!ctx) throw new Error('no 2d context');
          ctx.drawImage(bitmap, 0, 0);
          return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
        };
        const [x, y] = await Promise.all([decode(a ?? ''), decode(b ?? '')]);
        if (x.width !== y.width || x.height !== y.height)
          return { size: [x.width, x.height, y.width, y.height], mean: 255, off: 1, inked: 0 };
        let sum = 0;
        let off = 0;
        let inked = 0;
        for (let i = 0; i < x.data.length; i += 4) {
          let worst = 0;
          for (let c = 0; c < 4; c++) {
            const d = Math.abs((x.data[i + c] ?? 0) - (y.data[i + c] ?? 0));
            sum += d;
            worst = Math.max(worst, d);
          }
          if (worst > 32) off += 1;
          if ((x.data[i + 3] ?? 0) > 0) inked += 1;
        }
        const pixels = x.data.length / 4;
        return {
          size: [x.width, x.height, y.width, y.height],
          mean: sum / x.data.length,
          off: off / pixels,
          inked: inked / pixels,
        };
      },
      [browserPng.toString('base64'), cliPng.toString('base64')],
    );
    // spec §9: PNG export long side 1920 for a 4200 × 4800 print space.
    expect(compared.size).toEqual([1680, 1920, 1680, 1920]);
    // The design covers a good part of the print area, so agreement means something.
    expect(compared.inked).toBeGreaterThan(0.2);
    expect(compared.mean).toBeLessThan(MEAN_TOLERANCE);
    expect(compared.off).toBeLessThan(OFF_PIXELS_TOLERANCE);
    await context.close();
  });
});
