/**
 * Orders (issue 13) in the system Chromium against `printloom serve --demo`: a buyer checks out
 * on the storefront; the seller finds the order in All Orders, filters for it, opens it, edits
 * the address and sees it on the timeline; an operator ships it through the API; the buyer's
 * order lookup shows the tracking number.
 */
import { join } from 'node:path';
import { type ApiClient, campaignUrlName } from '@printloom/core';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { sellerApi } from './fixtures/sellerApi.js';
import { type RunningServer, startServer } from './fixtures/server.js';

/** Set to a folder (docs/screenshots) to save screenshots of the list and the detail. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
const BUYER = 'orders-buyer@example.test';
const TRACKING = '1Z999AA10123456784';

let server: RunningServer;
let browser: Browser;
let seller: { api: ApiClient; token: string };
let admin: { api: ApiClient; token: string };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer();
  [browser, seller, admin] = await Promise.all([
    launchBrowser(),
    sellerApi(server.baseUrl, ACCOUNTS.seller),
    sellerApi(server.baseUrl, ACCOUNTS.admin),
  ]);
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
  await browser?.close();
  await server?.stop();
});

describe('an order from checkout to the buyer door', () => {
  it('is found, corrected and shipped, and the buyer sees its tracking number', async () => {
    const listed = await seller.api.campaigns.list({ query: { q: 'Cat Lovers Tee' } });
    const campaign = listed.data.find((c) => c.name === 'Cat Lovers Tee');
    expect(campaign?.status).toBe('active');
    const context = await newContext(browser, server.baseUrl);
    contexts.push(context);

    // The buyer checks out on the storefront with the test card.
    const shop = await context.newPage();
    await shop.goto(
      `/s/demo/products/${campaignUrlName({ id: campaign?.id ?? 0, slug: campaign?.slug ?? null })}`,
    );
    await shop.getByRole('heading', { level: 1, name: 'Cat Lovers Tee' }).waitFor();
    await shop.getByRole('group', { name: 'Colour' }).getByRole('radio').first().check();
    const size = shop.getByLabel('Size');
    const sizes = await size.locator('option').allTextContents();
    await size.selectOption(sizes.includes('M') ? 'M' : (sizes[0] ?? ''));
    await shop.getByRole('button', { name: 'Add to cart' }).click();
    await shop.getByRole('status').getByText('Added to your cart.').waitFor();
    await shop.getByRole('link', { name: 'View cart' }).click();
    await shop.getByRole('link', { name: 'Check out' }).click();
    await shop.getByLabel('Email', { exact: true }).fill(BUYER);
    await shop.getByLabel('Full name').fill('Grace Buyer');
    await shop.getByLabel('Address', { exact: true }).fill('1 Main Street');
    await shop.getByLabel('City').fill('Springfield');
    await shop.getByLabel('Postcode').fill('62701');
    await shop.getByLabel('Country').selectOption('US');
    await shop.getByLabel('State / province').first().selectOption('IL');
    await shop.getByRole('button', { name: 'Continue to payment' }).click();
    const pay = shop.getByRole('button', { name: /^Pay / });
    await pay.waitFor();
    await shop.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.click();
    await shop.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const orderNumber = (await shop.getByTestId('order-number').textContent())?.trim() ?? '';
    expect(orderNumber).toMatch(/^PL\d+$/);

    // The seller finds it in All Orders, filtered, and opens it.
    await context.addCookies([{ name: 'auth_token', value: seller.token, url: server.baseUrl }]);
    const page = await context.newPage();
    await page.goto('/orders?status=processing');
    await page.getByRole('heading', { name: 'All Orders' }).waitFor();
    await page.getByLabel('Search orders by number, email, name or tracking number').fill(BUYER);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(BUYER);
    const link = page.getByTestId('order-row').getByRole('link', { name: orderNumber });
    await link.waitFor({ timeout: 15_000 });
    // The demo's own processing orders show until the search's answer replaces them.
    await expect.poll(() => page.getByTestId('order-row').count(), { timeout: 15_000 }).toBe(1);
    expect(new URL(page.url()).searchParams.get('status')).toBe('processing');
    if (SCREENSHOT_DIR) await page.screenshot({ path: join(SCREENSHOT_DIR, 'orders-list.png') });
    await link.click();
    await page.getByTestId('order-title').getByText(`Order ${orderNumber}`).waitFor();
    expect(await page.getByTestId('detail-payment').textContent()).toBe('Paid');

    // Corrects the address; the timeline records it.
    await page.getByRole('button', { name: 'Edit address' }).click();
    await page.getByLabel('Address', { exact: true }).fill('22 Elm Street');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByTestId('shipping-address').getByText('22 Elm Street').waitFor();
    const timeline = page.getByTestId('timeline');
    await timeline.getByText('Shipping address changed').waitFor();
    expect(await timeline.textContent()).toContain('Order placed');
    if (SCREENSHOT_DIR) await page.screenshot({ path: join(SCREENSHOT_DIR, 'order-detail.png') });

    // An operator ships it.
    const found = await admin.api.adminOrders.byNumber({ params: { number: orderNumber } });
    const shipped = await admin.api.adminOrders.ship({
      params: { id: found.id },
      body: { carrier: 'UPS', tracking_number: TRACKING },
    });
    expect(shipped.fulfillment_status).toBe('fulfilled');
    await page.reload();
    await page.getByTestId('shipment').getByRole('link', { name: TRACKING }).waitFor();
    expect(await page.getByTestId('detail-fulfillment').textContent()).toBe('Fulfilled');
    expect(await page.getByRole('button', { name: 'Edit address' }).count()).toBe(0);

    // The buyer's lookup shows the tracking number.
    await shop.goto('/s/demo/order-status');
    await shop.getByLabel('Order number').fill(orderNumber);
    await shop.getByLabel('Email', { exact: true }).fill(BUYER);
    await shop.getByRole('button', { name: 'Look up' }).click();
    await shop.getByTestId('tracking-number').getByText(TRACKING).waitFor();
  });
});
