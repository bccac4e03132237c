/**
 * Screenshots of the seller's business pages for docs/screenshots/: overview.png (the overview
 * with its chart), billing-payouts.png, promotion-editor.png (a new promotion's form),
 * pricing-preview.png (a bulk price change previewed before applying) and sen-design.png (the
 * SEN Design queue), as the demo seller sees them.
 *
 *   npm run build && npm run screenshots:dashboard -w @printloom/tests
 */
import { join } from 'node:path';
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
  const shot = (name: string) =>
    page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });

  await page.goto('/');
  await page.locator('main canvas').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shot('overview');

  await page.goto('/payouts');
  await page.waitForLoadState('networkidle');
  await shot('billing-payouts');

  await page.goto('/promotions');
  await page.getByRole('button', { name: 'New promotion' }).click();
  await page.getByLabel('Code', { exact: true }).waitFor();
  await page.getByLabel('Code', { exact: true }).fill('SPRING15');
  await shot('promotion-editor');

  await page.goto('/pricing');
  await page.getByLabel('All on this page').check();
  await page.getByLabel('Change (%)').fill('10');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByTestId('price-preview').waitFor();
  await shot('pricing-preview');

  await page.goto('/orders/sen-design');
  await page.waitForLoadState('networkidle');
  await shot('sen-design');
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
