/**
 * Screenshots of the buyer storefront for docs/screenshots/: storefront-home.png (the demo
 * store's home), storefront-product.png (a demo campaign's product page, its mockup gallery) and
 * storefront-checkout.png (the checkout with its totals, before paying).
 *
 *   npm run build && npm run screenshots:storefront -w @printloom/tests
 */
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../e2e/fixtures/browser.ts';
import { startServer } from '../e2e/fixtures/server.ts';

const OUT = join(import.meta.dirname, '../../docs/screenshots');

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
});
try {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  /** Every picture of the page loaded (lazy ones scrolled into view first). */
  const picturesLoaded = async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() =>
      [...document.images].every((img) => img.complete && img.naturalWidth > 0),
    );
    await page.evaluate(() => window.scrollTo(0, 0));
  };
  await page.goto('/s/demo/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await picturesLoaded();
  await page.screenshot({ path: join(OUT, 'storefront-home.png'), fullPage: true });

  await page
    .getByRole('link', { name: /Cat Lovers Tee/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Add to cart' }).waitFor();
  await picturesLoaded();
  await page.screenshot({ path: join(OUT, 'storefront-product.png') });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'View cart' }).click();
  await page.getByRole('link', { name: 'Check out' }).click();
  await page.getByLabel('Email', { exact: true }).fill('buyer@example.test');
  await page.getByLabel('Full name').fill('Ada Buyer');
  await page.getByLabel('Address', { exact: true }).fill('1 Main Street');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('Postcode').fill('62701');
  await page.getByLabel('State / province').first().selectOption('IL');
  await page.getByLabel('5%').check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: /^Pay / }).waitFor();
  await page.screenshot({ path: join(OUT, 'storefront-checkout.png'), fullPage: true });
} finally {
  await browser.close();
  await server.stop();
}
