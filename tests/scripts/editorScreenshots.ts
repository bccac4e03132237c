/**
 * Screenshots of the design editor with its live mockups, for docs/screenshots/:
 * editor.png (a t-shirt with artwork and a caption, mockup in a product colour) and
 * editor-3d.png (the same campaign's mug in the three.js preview).
 *
 *   npm run build && npm run screenshots:editor -w @printloom/tests
 */
import { join } from 'node:path';
import { sampleArtwork } from '@printloom/renderer/node';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, QUIET_DIALOGS_SCRIPT } from '../e2e/fixtures/browser.ts';
import { startServer } from '../e2e/fixtures/server.ts';

const OUT = join(import.meta.dirname, '../../docs/screenshots');

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_FLAGS, '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
try {
  const login = (await (
    await fetch(`${server.baseUrl}/auth/seller/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@printloom.test', password: 'printloom-demo' }),
    })
  ).json()) as { data?: { access_token?: string } };
  const token = login.data?.access_token;
  if (!token) throw new Error('The demo seller could not sign in');
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1440, height: 1180 },
  });
  await context.addInitScript(QUIET_DIALOGS_SCRIPT);
  await context.addCookies([{ name: 'auth_token', value: token, url: server.baseUrl }]);
  const page = await context.newPage();
  const artwork = await sampleArtwork(1500, 1875).encode('png');
  const loaded = () =>
    page.locator('[data-testid="design-editor"][data-loading="false"]').waitFor();
  const upload = async () => {
    await page
      .getByTestId('image-file-input')
      .setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: artwork });
    await page.getByTestId('layer-list').getByText('sunset.png').last().waitFor();
  };

  await page.goto('/campaigns/edit');
  await page.getByTestId('template-picker').getByLabel('Classic T-shirt').check();
  await loaded();
  await upload();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Smaller' }).click();
  await page.getByTestId('design-canvas').focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowUp');
  await page.getByRole('button', { name: 'Add text', exact: true }).click();
  const controls = page.getByTestId('text-controls');
  await controls.getByLabel('Text', { exact: true }).fill('Sunset Club');
  await controls.getByLabel('Font').selectOption({ label: 'Roboto Black' });
  await controls.getByLabel('Colour').fill('#2b2d42');
  await page.getByTestId('design-canvas').focus();
  for (let i = 0; i < 15; i++) await page.keyboard.press('Shift+ArrowDown');
  await page.getByRole('button', { name: 'Smaller' }).click();
  await page.getByTestId('mockup-colors').locator('label', { hasText: 'Heather Grey' }).click();
  await page.locator('[data-testid="mockup-canvas"][data-rendered-color="#B8B8B8"]').waitFor();
  await page.getByLabel('Campaign name').fill('Sunset Club');
  await page.getByTestId('template-picker').getByLabel('Ceramic Mug 11oz (3D)').check();
  await loaded();
  await upload();
  await page
    .getByTestId('mockup-3d')
    .locator('[data-exported="true"]')
    .waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/campaigns\/edit\/\d+$/, { timeout: 60_000 });
  await page.getByText('Campaign saved.').waitFor();
  await page.getByText('Campaign saved.').waitFor({ state: 'hidden', timeout: 15_000 });
  await page.screenshot({ path: join(OUT, 'editor-3d.png'), fullPage: true });
  await page.getByRole('tab', { name: 'Classic T-shirt' }).click();
  await page.locator('[data-testid="mockup-status"][data-exported="true"]').first().waitFor();
  await page.getByTestId('layer-list').getByRole('button').first().click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(OUT, 'editor.png'), fullPage: true });
  console.log(`wrote ${join(OUT, 'editor.png')} and ${join(OUT, 'editor-3d.png')}`);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
