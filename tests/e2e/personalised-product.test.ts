/**
 * A personalised product bought on the storefront (issue 16) in the system Chromium against
 * `printloom serve --demo`: the demo seller makes "Coffee First" personalisable (a name in an
 * uploaded font, two colours), a buyer types a name and sees the live preview redrawn, is told
 * by the server what is missing, adds it to the cart, pays with the test card, and the seller's
 * order keeps the buyer's name. With E2E_SCREENSHOTS set it saves
 * docs/screenshots/personalised-product-storefront.png.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { documentationShot } from './fixtures/screenshot.js';
import { sellerApi } from './fixtures/sellerApi.js';
import { type RunningServer, startServer } from './fixtures/server.js';

const require = createRequire(import.meta.url);
const FONT = readFileSync(
  join(
    dirname(require.resolve('roboto-fontface/package.json')),
    'fonts',
    'roboto',
    'Roboto-Black.woff2',
  ),
);

let server: RunningServer;
let browser: Browser;
let token: string;
const contexts: BrowserContext[] = [];

/** A seller call with the demo seller's token; answers `data`. */
async function seller<T>(method: string, path: string, body?: object | FormData): Promise<T> {
  const answer = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
  });
  const json = (await answer.json()) as { success: boolean; data: T; message?: string };
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${json.message}`);
  return json.data;
}

beforeAll(async () => {
  server = await startServer();
  const [launched, demo] = await Promise.all([
    launchBrowser(),
    sellerApi(server.baseUrl, ACCOUNTS.seller),
  ]);
  browser = launched;
  token = demo.token;
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
  await browser?.close();
  await server?.stop();
});

/** Makes the demo's "Coffee First" a name mug of the seller's own font; answers its id. */
async function personalisedCampaign(): Promise<number> {
  const list = await seller<{ data: { id: number; name: string }[] }>(
    'GET',
    '/seller/campaign?q=Coffee%20First',
  );
  const id = list.data.find((c) => c.name === 'Coffee First')?.id;
  if (!id) throw new Error('no Coffee First campaign');
  const campaign = await seller<{
    products: { id: number; print_spaces: string }[];
  }>('GET', `/seller/campaign/${id}`);
  const designs = campaign.products.map((product) => {
    const spaces = JSON.parse(product.print_spaces) as {
      name: string;
      width: number;
      height: number;
    }[];
    const space = spaces[0];
    if (!space) throw new Error('no print space');
    const design = {
      printSpace: { ...space, id: `1_${space.name}` },
      objects: [
        {
          type: 'text',
          id: 'name',
          text: 'YOUR NAME',
          left: space.width / 2,
          top: space.height / 3,
          width: space.width * 0.9,
          height: space.height / 5,
          fontSize: space.height / 7,
          fill: '#3b2f2f',
        },
        {
          type: 'text',
          id: 'tagline',
          text: 'but coffee first',
          left: space.width / 2,
          top: (space.height * 2) / 3,
          width: space.width * 0.8,
          height: space.height / 10,
          fontSize: space.height / 14,
          fill: '#6b4f3a',
        },
      ],
    };
    return {
      product_id: product.id,
      print_space: space.name,
      file_url: `/files/coffee-${product.id}.png`,
      design_json: JSON.stringify(design),
    };
  });
  await seller('PUT', `/seller/campaign/${id}`, { designs });
  const form = new FormData();
  form.append('file', new Blob([FONT]), 'Heavy.woff2');
  const font = await seller<{ id: number }>('POST', '/seller/personalized/fonts', form);
  await seller('POST', '/seller/personalized/artworks', {
    campaign_id: id,
    print_space: designs[0]?.print_space,
    fields: [
      {
        kind: 'text',
        layer_id: 'name',
        label: 'Name on the mug',
        max_length: 14,
        font_ids: [font.id],
        colors: ['#b91c1c', '#1d4ed8'],
      },
    ],
  });
  return id;
}

describe('a buyer personalising a product', () => {
  it('types a name, sees the preview follow, and buys it with the test card', async () => {
    const campaignId = await personalisedCampaign();
    const context = await newContext(browser, server.baseUrl);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/s/demo/');
    await page
      .getByRole('link', { name: /Coffee First/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Coffee First' }).waitFor();

    const personalise = page.getByRole('group', { name: 'Personalise it' });
    const preview = personalise.getByRole('img', { name: 'Preview of your personalised design' });
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const before = await preview.screenshot();

    // Nothing typed: the server says which field is missing, next to it.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const name = personalise.getByLabel('Name on the mug');
    await personalise.getByText('Please fill in “Name on the mug”.').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');

    await name.fill('Ada');
    // Typing clears the message of that field.
    await personalise.getByText('Please fill in “Name on the mug”.').waitFor({ state: 'hidden' });
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    await personalise.getByLabel('Font').selectOption({ label: 'Roboto Black' });
    await personalise.getByRole('radio', { name: '#b91c1c' }).check();
    await expect
      .poll(() => personalise.getByRole('status').textContent(), { timeout: 15_000 })
      .toBe('Preview updated.');
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.src.startsWith('blob:')))
      .toBe(true);
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect((await preview.screenshot()).equals(before)).toBe(false);
    await documentationShot(page, 'personalised-product-storefront');

    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('status').getByText('Added to your cart.').waitFor();
    await page.getByRole('link', { name: 'View cart' }).click();
    const row = page.getByRole('row', { name: /Coffee First/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Name on the mug: Ada (Roboto Black, #b91c1c)');
    await page.getByRole('link', { name: 'Check out' }).click();

    await page.getByLabel('Email', { exact: true }).fill('ada@example.test');
    await page.getByLabel('Full name').fill('Ada Buyer');
    await page.getByLabel('Address', { exact: true }).fill('1 Main Street');
    await page.getByLabel('City').fill('Springfield');
    await page.getByLabel('Postcode').fill('62701');
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('State / province').first().selectOption('IL');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    const pay = page.getByRole('button', { name: /^Pay / });
    await pay.waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.click();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';

    const orders = await seller<{ data: { id: number; order_number: string }[] }>(
      'GET',
      `/seller/orders?q=${orderNumber}`,
    );
    const orderId = orders.data.find((o) => o.order_number === orderNumber)?.id;
    const order = await seller<{
      items: { campaign_id: number; personalization: { text?: string; color?: string }[] }[];
    }>('GET', `/seller/orders/${orderId}`);
    expect(order.items[0]?.campaign_id).toBe(campaignId);
    expect(order.items[0]?.personalization).toMatchObject([{ text: 'Ada', color: '#b91c1c' }]);
  }, 120_000);
});
