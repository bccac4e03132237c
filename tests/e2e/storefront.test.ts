/**
 * The buyer storefront (issue 12) in the system Chromium against `printloom serve --demo`: a
 * buyer opens a launched demo campaign from its product link in the campaign editor, picks a
 * colour and a size (sold at that size's own price), adds it to the cart, checks out with the test card, sees the confirmation
 * and looks the order up by its number and email.
 */
import type { ApiClient } from '@printloom/core';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
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
    launchBrowser(),
    sellerApi(server.baseUrl, ACCOUNTS.seller),
  ]);
  browser = launched;
  api = seller.api;
  token = seller.token;
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
  await browser?.close();
  await server?.stop();
});

describe('a buyer in the demo store', () => {
  it('buys a launched campaign from its product link and finds the order again', async () => {
    const listed = await api.campaigns.list({ query: { q: 'Cat Lovers Tee' } });
    const campaign = listed.data.find((c) => c.name === 'Cat Lovers Tee');
    expect(campaign?.status).toBe('active');
    // Size L sells at a price of its own (a custom price per size, issue 14).
    const product = (await api.campaigns.get({ params: { id: campaign?.id ?? 0 } })).products[0];
    const change = (price: number) => ({
      campaign_ids: [campaign?.id ?? 0],
      mode: 'custom_price' as const,
      prices: [{ product_id: product?.id ?? 0, variant: 'L', price }],
    });
    // The preview names the product's own price (its other sizes), in minor units.
    const preview = await api.pricing.bulkUpdate({ body: { ...change(9900), preview: true } });
    const productPrice = preview.rows.find((row) => row.variant === null)?.before ?? 0;
    expect(productPrice).toBeGreaterThan(0);
    const largePrice = productPrice + 450;
    await api.pricing.bulkUpdate({ body: change(largePrice) });
    const dollars = (minor: number) => `$${(minor / 100).toFixed(2)}`;

    const context = await newContext(browser, server.baseUrl);
    contexts.push(context);
    await context.addCookies([{ name: 'auth_token', value: token, url: server.baseUrl }]);
    const editor = await context.newPage();
    await editor.goto(`/campaigns/edit/${campaign?.id}`);
    const link = editor.getByTestId('product-links').getByRole('link').first();
    await expect
      .poll(async () => link.getAttribute('href'), { timeout: 15_000 })
      .toContain('/s/demo/products/');
    const [page] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await page.waitForLoadState();

    await page.getByRole('heading', { level: 1, name: 'Cat Lovers Tee' }).waitFor();
    const colours = page.getByRole('group', { name: 'Colour' }).getByRole('radio');
    const colour = (await colours.nth(1).count()) > 0 ? colours.nth(1) : colours.first();
    const colourName = await colour.getAttribute('value');
    await colour.check();
    const size = page.getByLabel('Size');
    const sizes = await size.locator('option').allTextContents();
    expect(sizes).toContain('L');
    const sizeName = 'L';
    const other = sizes.find((name) => name !== 'L') ?? '';
    await size.selectOption(other);
    const price = page.locator('#price');
    await expect.poll(() => price.textContent()).toBe(dollars(productPrice));
    await size.selectOption(sizeName);
    await expect.poll(() => price.textContent()).toBe(dollars(largePrice));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('status').getByText('Added to your cart.').waitFor();

    await page.getByRole('link', { name: 'View cart' }).click();
    const row = page.getByRole('row', { name: /Cat Lovers Tee/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${colourName}${sizeName}`);
    expect(await row.textContent()).toContain(dollars(largePrice));
    await page.getByRole('link', { name: 'Check out' }).click();

    await page.getByLabel('Email', { exact: true }).fill('buyer@example.test');
    await page.getByLabel('Full name').fill('Ada Buyer');
    await page.getByLabel('Address', { exact: true }).fill('1 Main Street');
    await page.getByLabel('City').fill('Springfield');
    await page.getByLabel('Postcode').fill('62701');
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('State / province').first().selectOption('IL');
    await page.getByLabel('5%').check();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const pay = page.getByRole('button', { name: /^Pay / });
    await pay.waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.click();

    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
    expect(orderNumber).toMatch(/^PL\d+$/);
    const confirmation = (await page.getByRole('table').first().textContent()) ?? '';
    expect(confirmation).toContain(sizeName);
    expect(confirmation).toContain(dollars(largePrice));

    await page.getByRole('link', { name: 'Check your order status later' }).click();
    await page.getByLabel('Order number').fill(orderNumber);
    await page.getByLabel('Email', { exact: true }).fill('BUYER@example.test');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByTestId('order-number').getByText(orderNumber).waitFor();
    expect(await page.getByRole('main').textContent()).toContain('payment paid');
  });
});
