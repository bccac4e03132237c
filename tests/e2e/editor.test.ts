/**
 * The design editor on the campaign edit page (spec §4 Design canvas and Mockup, §5 rules), in
 * the system Chromium against `printloom serve --demo`: text limits, restricted-mode clamping,
 * the quality label through its thresholds, live mockups following the colour, 3D preview, save
 * and reopen with the same design JSON, launch rules and the unsaved-changes guard.
 */
import type { ApiClient, Campaign } from '@printloom/core';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artworkPng } from '../bulk/fixtures.js';
import { ACCOUNTS } from './fixtures/accounts.js';
import { CHROMIUM_FLAGS, newContext, QUIET_DIALOGS_SCRIPT } from './fixtures/browser.js';
import { EditorPage, TSHIRT_FRONT } from './fixtures/EditorPage.js';
import { sellerApi } from './fixtures/sellerApi.js';
import { type RunningServer, startServer } from './fixtures/server.js';

let server: RunningServer;
let browser: Browser;
let api: ApiClient;
let token: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  const [launched, seller] = await Promise.all([
    // WebGL 2 on the CPU, for the 3D preview (three.js needs WebGL 2).
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_FLAGS, '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
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
});

/** A signed-in seller's page on the campaign editor. */
async function openEditor(path = '/campaigns/edit'): Promise<EditorPage> {
  const context = await newContext(browser, server.baseUrl);
  contexts.push(context);
  await context.addCookies([{ name: 'auth_token', value: token, url: server.baseUrl }]);
  const page = await context.newPage();
  // Tall enough for drags that reach past the print area below the canvas.
  await page.setViewportSize({ width: 1366, height: 1200 });
  const editor = new EditorPage(page);
  await editor.openNew(path);
  return editor;
}

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
});

function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
}

describe('texts (spec §5)', () => {
  it('adds two texts, refuses the third, and refuses a 17th character', async () => {
    const editor = await openEditor();
    await editor.chooseProduct('Classic T-shirt');
    await editor.addText();
    await editor.addText();
    expect(await editor.layerLabels()).toEqual(['Text “Hello”', 'Text “Hello”']);
    await editor.addText();
    await editor.notice.getByText('A print space holds at most 2 texts.').waitFor();
    expect(await editor.layers.count()).toBe(2);

    const field = editor.textField();
    await field.fill('Sixteen chars ok');
    await field.press('End');
    await editor.page.keyboard.type('!');
    await editor.notice.getByText('A text can hold at most 16 characters.').waitFor();
    expect(await field.inputValue()).toBe('Sixteen chars ok');
    await editor.page.getByTestId('text-controls').getByText('16/16').waitFor();
    expect((await editor.layerLabels())[0]).toBe('Text “Sixteen chars ok”');
  });
});

describe('restricted mode (spec §4, §5)', () => {
  it('clamps an object dragged against the print edge, and undo brings it back', async () => {
    const editor = await openEditor();
    await editor.chooseProduct('Classic T-shirt');
    await editor.addImage('square.png', artworkPng(1000, 1000, 3));
    const placed = await editor.selection();
    expect(placed).toMatchObject({ left: 2100, top: 2400, width: 2000, height: 2000 });
    // Aimed just before pressing: ticking the checkbox below may scroll the page.
    const dragFromCentre = async () => {
      const center = await editor.toScreen({ x: 2100, y: 2400 });
      const far = await editor.toScreen({ x: 6500, y: 7000 });
      await editor.page.mouse.move(center.x, center.y);
      await editor.page.mouse.down();
      await editor.page.mouse.move(far.x, far.y, { steps: 12 });
      await editor.page.mouse.up();
    };

    // Unrestricted, the drag takes the image past the edge of the print area.
    await dragFromCentre();
    const free = await editor.selectionWhere((s) => s.left !== 2100);
    expect(free.left + free.width / 2).toBeGreaterThan(TSHIRT_FRONT.width + 1000);
    await editor.page.keyboard.press('Control+z');
    await editor.selectionWhere((s) => s.left === 2100 && s.top === 2400);

    await editor.page.getByLabel('Keep objects inside the print area (locks rotation)').check();
    await dragFromCentre();
    const clamped = await editor.selectionWhere((s) => s.left !== 2100);
    expect(clamped.left + clamped.width / 2).toBe(TSHIRT_FRONT.width);
    expect(clamped.top + clamped.height / 2).toBe(TSHIRT_FRONT.height);
    // Rotation is locked: the rotate buttons are off and the R key changes nothing.
    expect(await editor.page.getByRole('button', { name: 'Rotate right 15°' }).isDisabled()).toBe(
      true,
    );
    await editor.canvas.focus();
    await editor.page.keyboard.press('r');
    await editor.notice.getByText(/Rotation is locked/).waitFor();
    expect(await editor.selection()).toEqual(clamped);
  });
});

describe('touch (pointer events)', () => {
  it('selects and drags an object with a finger', async () => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1366, height: 1200 },
      hasTouch: true,
    });
    contexts.push(context);
    await context.addInitScript(QUIET_DIALOGS_SCRIPT);
    await context.addCookies([{ name: 'auth_token', value: token, url: server.baseUrl }]);
    const page = await context.newPage();
    const editor = new EditorPage(page);
    await editor.openNew();
    await editor.chooseProduct('Classic T-shirt');
    await editor.addImage('touch.png', artworkPng(1000, 1000, 4));
    await page.getByTestId('layer-list').getByRole('button').first().click();
    await editor.canvas.focus();
    await page.keyboard.press('Escape');
    const from = await editor.toScreen({ x: 2100, y: 2400 });
    const to = await editor.toScreen({ x: 2900, y: 3000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: from.x, y: from.y }],
    });
    for (let i = 1; i <= 10; i++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [
          { x: from.x + ((to.x - from.x) * i) / 10, y: from.y + ((to.y - from.y) * i) / 10 },
        ],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    // 800 × 600 print pixels, give or take a screen pixel of rounding.
    const moved = await editor.selectionWhere((s) => s.left !== 2100);
    expect(Math.abs(moved.left - 2900)).toBeLessThan(30);
    expect(Math.abs(moved.top - 3000)).toBeLessThan(30);
  });
});

describe('quality label (spec §5: good ≥ 225 DPI, low < 150)', () => {
  it('drops from good to normal while an image is scaled up, stops at 150, then shows low', async () => {
    const editor = await openEditor();
    await editor.chooseProduct('Classic T-shirt');
    await editor.addImage('big.png', artworkPng(4500, 4500, 5));
    // 4500 px fitted into a 4200 px wide print: scale 0.933, 321 DPI, shown as the full 300.
    expect(await editor.qualityReading()).toEqual({ label: 'good', dpi: 300 });
    const { page } = editor;
    const anchor = { x: 0, y: 300 };
    const corner = await editor.toScreen({ x: 4200, y: 4500 });
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    const seen: Array<{ label: string; dpi: number }> = [];
    for (let k = 1.05; k <= 2.4; k += 0.05) {
      const to = await editor.toScreen({ x: anchor.x + 4200 * k, y: anchor.y + 4200 * k });
      await page.mouse.move(to.x, to.y);
      await page.waitForTimeout(60);
      seen.push(await editor.qualityReading());
    }
    await page.mouse.up();
    await editor.selectionWhere((s) => s.width === 9000);
    // The label follows the drag live, and changes exactly at the thresholds.
    const lastGood = seen.filter((s) => s.label === 'good').at(-1);
    const firstNormal = seen.find((s) => s.label === 'normal');
    expect(lastGood?.dpi).toBeGreaterThanOrEqual(225);
    expect(firstNormal?.dpi).toBeLessThan(225);
    expect(seen.every((s) => s.dpi >= 150)).toBe(true);
    // The DPI cap (spec §5: DPI / minDPI = 2) holds the image at 150 DPI, still 'normal'.
    expect(await editor.qualityReading()).toEqual({ label: 'normal', dpi: 150 });

    // A smaller file of the same shape reuses the placement (aspect difference < 0.005):
    // 1500 px drawn 9000 print pixels wide is 50 DPI, below the 150 minimum.
    await editor.replaceImage('small.png', artworkPng(1500, 1500, 6));
    await editor.page.locator('[data-testid="quality-label"][data-quality="low"]').waitFor();
    expect(await editor.qualityReading()).toEqual({ label: 'low', dpi: 50 });
    expect((await editor.selection()).width).toBe(9000);
  });
});

describe('live mockups (spec §4 Mockup, §5 brightness)', () => {
  it('re-renders the mockup when the colour changes, and is not exported after a change', async () => {
    const editor = await openEditor();
    await editor.chooseProduct('Classic T-shirt');
    await editor.addText();
    await editor.page
      .locator('[data-testid="mockup-status"][data-has-design="true"][data-exported="true"]')
      .waitFor();
    const white = await editor.mockupGrid();

    const swatch = editor.page.getByTestId('mockup-colors').locator('label', { hasText: 'Black' });
    await swatch.click();
    expect(
      await editor.page
        .getByTestId('mockup-colors')
        .getByRole('radio', { name: 'Black' })
        .isChecked(),
    ).toBe(true);
    await editor.waitMockupColor('#111111');
    await editor.waitMockupExported();
    const black = await editor.mockupGrid();
    expect(black.length).toBe(white.length);
    const changed = white.filter((w, i) => Math.abs(w - (black[i] ?? 0)) > 32).length;
    // The shirt, a good part of the picture, darkens; the backdrop stays as it was.
    expect(changed / white.length).toBeGreaterThan(0.1);
    expect(mean(white) - mean(black)).toBeGreaterThan(30);
    // Black is drawn lifted to 20 % lightness (#333333), so the swatch shows that colour.
    expect(await swatch.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(51, 51, 51)',
    );

    // Any change makes the mockup 'Not exported' until its PNG is produced again.
    await editor.mockupStatus().evaluate((status) => {
      const seen: string[] = [];
      (window as unknown as { seenStatus: string[] }).seenStatus = seen;
      new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, {
        childList: true,
        characterData: true,
        subtree: true,
        attributes: true,
      });
    });
    await editor.canvas.focus();
    await editor.page.keyboard.press('ArrowRight');
    await editor.page.waitForFunction(() => {
      const seen = (window as unknown as { seenStatus: string[] }).seenStatus;
      return seen.includes('Not exported') && seen.at(-1) === 'Exported';
    });
    expect(await editor.mockupStatus().textContent()).toBe('Exported');
  });

  it('shows a 3D product in the three.js preview', async () => {
    const editor = await openEditor();
    await editor.chooseProduct('Ceramic Mug 11oz (3D)');
    await editor.addText();
    const preview = editor.page.getByTestId('mockup-3d');
    await preview.locator('[data-exported="true"]').waitFor({ timeout: 30_000 });
    const pixels = await preview.getByTestId('mockup-canvas').evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
      return {
        width: c.width,
        distinct: new Set(Array.from(data).filter((_, i) => i % 4 === 0)).size,
      };
    });
    expect(pixels.width).toBe(500);
    // A lit model, not a blank frame.
    expect(pixels.distinct).toBeGreaterThan(40);
  });
});

describe('saving (spec §2 campaign edit)', () => {
  it('saves a campaign and reopens it with identical design JSON', async () => {
    const editor = await openEditor('/campaigns/edit?utm_campaign=editor-e2e');
    const { page } = editor;
    await editor.chooseProduct('Classic T-shirt');
    await editor.addImage('art.png', artworkPng(1200, 1500, 9));
    await editor.addText();
    await editor.textField().fill('Reopen me');
    await page
      .getByTestId('text-controls')
      .getByLabel('Font')
      .selectOption({ label: 'Roboto Bold' });
    await page.getByRole('button', { name: 'Rotate right 15°' }).click();
    await page.getByLabel('Campaign name').fill('Reopen test');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/campaigns\/edit\/\d+$/);
    await page.getByText('Campaign saved.').waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const first = await api.campaigns.get({ params: { id } });
    const designOf = (campaign: Campaign) => campaign.products[0]?.designs[0]?.design_json ?? '';
    const saved = JSON.parse(designOf(first)) as {
      objects: Array<{ type: string; text?: string; fontUrl?: string; angle: number }>;
    };
    expect(saved.objects.map((o) => o.type)).toEqual(['image', 'text']);
    expect(saved.objects[1]).toMatchObject({
      text: 'Reopen me',
      fontUrl: '/fonts/Roboto-Bold.ttf',
      angle: 15,
    });
    expect(first.products[0]?.designs[0]?.file_url).toMatch(/^\/files\/.+\.png$/);
    expect(first.products[0]?.mockups?.length).toBe(1);
    expect(first.thumb_url).toBe(first.products[0]?.mockups?.[0]?.file_url);

    await page.reload();
    await editor.waitLoaded();
    await page.getByTestId('layer-list').waitFor();
    expect(await editor.layerLabels()).toEqual(['Text “Reopen me”', 'Image art.png']);
    expect(await page.getByTestId('unsaved-badge').count()).toBe(0);
    const link = page.getByTestId('product-links').getByRole('link').first();
    expect(await link.textContent()).toBe(
      'https://demo.printloom.test/reopen-test/classic-t-shirt',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Campaign saved.').last().waitFor();
    await expect
      .poll(async () => (await api.campaigns.get({ params: { id } })).updated_at, {
        timeout: 10_000,
      })
      .not.toBe(first.updated_at);
    expect(designOf(await api.campaigns.get({ params: { id } }))).toBe(designOf(first));
  });

  it('keeps a design saved without JSON (as bulk imports save them) when saving', async () => {
    const templates = (await api.catalog.productTemplates()).data;
    const tshirt = templates.find((t) => t.name === 'Classic T-shirt');
    const created = await api.campaigns.create({
      body: {
        name: 'From a bulk import',
        products: [{ template_id: tshirt?.id ?? 0, price: 20 }],
      },
    });
    const productId = created.products[0]?.id ?? 0;
    const bulkFile = '/files/s0/templates/tshirt/crop.png';
    await api.campaigns.update({
      params: { id: created.id },
      body: {
        designs: [
          { product_id: productId, print_space: 'front', file_url: bulkFile, option: 'print' },
        ],
      },
    });
    const editor = await openEditor(`/campaigns/edit/${created.id}`);
    await editor.waitLoaded();
    await editor.page.getByTestId('kept-design').waitFor();
    await editor.page.getByLabel('Campaign name').fill('From a bulk import, renamed');
    await editor.page.getByRole('button', { name: 'Launch' }).click();
    await editor.page
      .getByTestId('campaign-status')
      .getByText('active')
      .waitFor({ timeout: 30_000 });
    const saved = await api.campaigns.get({ params: { id: created.id } });
    expect(saved.name).toBe('From a bulk import, renamed');
    // The T-shirt prints front and back: the kept front file stays, the untouched back has none.
    const files = saved.products[0]?.designs.map((d) => [d.print_space, d.file_url ?? null]);
    expect(files).toContainEqual(['front', bulkFile]);
    expect(files?.filter(([space, file]) => space !== 'front' && file !== null)).toEqual([]);
  });

  it('checks prices and designs before launching, and guards unsaved changes', async () => {
    const editor = await openEditor();
    const { page } = editor;
    await editor.chooseProduct('Pullover Hoodie');
    const price = page.getByLabel('Sell price (USD)');
    await price.fill('5');
    await page.getByRole('button', { name: 'Launch' }).click();
    await page.getByText('Campaign name is required.').waitFor();
    await page.getByText('The price must be at least the base cost, $29.50.').waitFor();
    await page.getByText('Add a design to Pullover Hoodie before launching.').waitFor();

    await page.getByLabel('Campaign name').fill('Launch test');
    await price.fill('34.00');
    await editor.addText();
    await page.getByRole('button', { name: 'Launch' }).click();
    await page.waitForURL(/\/campaigns\/edit\/\d+$/, { timeout: 30_000 });
    await page.getByTestId('campaign-status').getByText('active').waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const launched = await api.campaigns.get({ params: { id } });
    expect(launched).toMatchObject({ name: 'Launch test', status: 'active', slug: 'launch-test' });
    expect(Number(launched.products[0]?.price)).toBe(34);

    await page.getByLabel('Campaign name').fill('Launch test, renamed');
    await page.locator('a[href="/"]').first().click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/campaigns/edit/${id}`);
  });
});
