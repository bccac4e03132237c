/**
 * Screenshots of the AI design tools for docs/screenshots/: ai-design.png (a 600×600 artwork
 * upscaled for a 12-inch print width, before 'Low' and after 'Good') and ai-design-history.png
 * (the list of runs), as the demo seller (tagged beta) sees them. The tool really runs: allow a
 * minute or two on a busy machine.
 *
 *   npm run build && npm run screenshots:ai -w @printloom/tests
 */
import { join } from 'node:path';
import { sampleArtwork } from '@printloom/renderer/node';
import { ACCOUNTS, DEMO_PASSWORD } from '../e2e/fixtures/accounts.ts';
import { launchBrowser, newContext } from '../e2e/fixtures/browser.ts';
import { startServer } from '../e2e/fixtures/server.ts';

const OUT = join(import.meta.dirname, '../../docs/screenshots');

const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await newContext(browser, server.baseUrl);
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(ACCOUNTS.seller);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByTestId('user-dropdown').waitFor();

  await page.getByTestId('ai-design-shortcut').click();
  await page.getByRole('radio', { name: /Upscale 4×/ }).check();
  await page.getByLabel('Image (PNG, JPEG or WebP)').setInputFiles({
    name: 'poster.png',
    mimeType: 'image/png',
    buffer: await sampleArtwork(600, 600).encode('png'),
  });
  await page.getByRole('button', { name: 'Run upscale 4×' }).click();
  await page
    .locator('[data-testid="ai-job-status"][data-status="done"]')
    .waitFor({ timeout: 300_000 });
  await page
    .locator('[data-testid="ai-result"] img[alt="The result"]')
    .evaluate((img: HTMLImageElement) => img.decode());
  await page.screenshot({ path: join(OUT, 'ai-design.png'), fullPage: true });

  await page.getByRole('link', { name: 'History' }).click();
  await page.getByTestId('ai-job-row').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(OUT, 'ai-design-history.png'), fullPage: true });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
