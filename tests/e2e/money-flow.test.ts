/**
 * Money end to end (issue 14) in the system Chromium against `printloom serve --demo`: a buyer
 * orders on the demo storefront with the WELCOME10 coupon; the seller's Billing & Payouts shows
 * the profit pending with the figures worked out here from the order and the site settings; the
 * server is restarted later in ledger time (past the hold period) and the profit is available;
 * the seller requests a payout in the dashboard, the operator pays it through the admin API, and
 * the CSV export downloaded from the page lists every step, summing to the balance's change.
 */
import { readFile } from 'node:fs/promises';
import { type ApiClient, campaignUrlName } from '@printloom/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { sellerApi } from './fixtures/sellerApi.js';
import { type RunningServer, startServer } from './fixtures/server.js';

const HOLD_DAYS = 14;
const PROCESSING_FEE_PERCENT = '4';
const PROCESSING_FEE_MIN = '0.50';
const PAYOUT_DOLLARS = '20.00';

let server: RunningServer;
let browser: Browser;
let seller: { api: ApiClient; token: string };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer({
    env: () => ({
      PRINTLOOM_LEDGER_HOLD_DAYS: String(HOLD_DAYS),
      PRINTLOOM_PROCESSING_FEE: PROCESSING_FEE_PERCENT,
      PRINTLOOM_PROCESSING_FEE_MIN: PROCESSING_FEE_MIN,
    }),
  });
  const [launched, signedIn] = await Promise.all([
    launchBrowser(),
    sellerApi(server.baseUrl, ACCOUNTS.seller),
  ]);
  browser = launched;
  seller = signedIn;
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
  await browser?.close();
  await server?.stop();
});

/** `$1,234.50` / `-$20`, as the dashboard shows minor units (whole amounts without cents). */
const usd = (minor: number) => {
  const digits = minor % 100 === 0 ? 0 : 2;
  return `${minor < 0 ? '-' : ''}$${(Math.abs(minor) / 100).toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })}`;
};

/** RFC 4180 rows: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (ch !== '\r') cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

async function buyWithCoupon(
  context: BrowserContext,
  campaign: { id: number; slug?: string | null },
): Promise<string> {
  const page = await context.newPage();
  await page.goto(`/s/demo/products/${campaignUrlName(campaign)}`);
  await page.getByRole('heading', { level: 1, name: 'Cat Lovers Tee' }).waitFor();
  await page.getByRole('group', { name: 'Colour' }).getByRole('radio').first().check();
  const size = page.getByLabel('Size');
  const sizes = await size.locator('option').allTextContents();
  await size.selectOption(sizes.includes('L') ? 'L' : (sizes[0] ?? ''));
  await page.getByLabel('Quantity').fill('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('status').getByText('Added to your cart.').waitFor();
  await page.getByRole('link', { name: 'View cart' }).click();
  await page.getByRole('row', { name: /Cat Lovers Tee/ }).waitFor();
  await page.getByRole('link', { name: 'Check out' }).click();

  await page.getByLabel('Email', { exact: true }).fill('ledger-buyer@example.test');
  await page.getByLabel('Full name').fill('Lee Buyer');
  await page.getByLabel('Address', { exact: true }).fill('2 Market Street');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('Postcode').fill('62701');
  await page.getByLabel('Country').selectOption('US');
  await page.getByLabel('State / province').first().selectOption('IL');
  await page.getByLabel('Coupon code (optional)').fill('WELCOME10');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const pay = page.getByRole('button', { name: /^Pay / });
  await pay.waitFor();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^PL\d+$/);
  await page.close();
  return orderNumber;
}

async function balanceCards(page: Page) {
  const read = async (id: string) =>
    (await page.getByTestId(`balance-${id}`).textContent())?.trim() ?? '';
  return { available: await read('available'), pending: await read('pending') };
}

describe('money from a storefront order to a paid payout', () => {
  it('books the coupon order as pending profit, matures it, pays it out and exports every step', async () => {
    const { api } = seller;
    const siteConfig = await api.catalog.siteConfig();
    const fees = siteConfig.settings ?? {};
    expect(fees.processing_fee).toBe(Number(PROCESSING_FEE_PERCENT));
    // Entries are listed by date and the demo's are back-dated, so the newest by date is not the
    // highest id: read every page for the highest id booked before this flow.
    let lastEntryBefore = 0;
    for (let page = 1; ; page += 1) {
      const listed = (await api.money.transactions({ query: { per_page: 100, page } })).data;
      for (const entry of listed) lastEntryBefore = Math.max(lastEntryBefore, entry.id);
      if (listed.length < 100) break;
    }
    const before = await api.shell.balance();

    const campaign = (await api.campaigns.list({ query: { q: 'Cat Lovers Tee' } })).data.find(
      (c) => c.name === 'Cat Lovers Tee',
    );
    expect(campaign?.status).toBe('active');
    const context = await newContext(browser, server.baseUrl);
    // The restart and the pages wait on a server sharing its cores with other work.
    context.setDefaultTimeout(60_000);
    contexts.push(context);
    await context.addCookies([{ name: 'auth_token', value: seller.token, url: server.baseUrl }]);
    const orderNumber = await buyWithCoupon(context, {
      id: campaign?.id ?? 0,
      slug: campaign?.slug ?? null,
    });

    // The profit, from the order as the seller sees it and the site settings.
    const found = await api.orders.list({ query: { q: orderNumber } });
    const order = await api.orders.get({ params: { id: found.data[0]?.id ?? 0 } });
    expect(order.coupon_code).toBe('WELCOME10');
    const lines = order.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
    expect(order.discount).toBe(Math.round(lines * 0.1));
    const revenue = lines - order.discount;
    const baseCost = order.items.reduce((sum, item) => sum + item.base_cost * item.quantity, 0);
    expect(baseCost).toBeGreaterThan(0);
    const fee = Math.max(
      Math.round((revenue * (fees.processing_fee ?? 0)) / 100),
      Math.round((fees.processing_fee_min ?? 0) * 100),
    );
    const profit = revenue - baseCost - fee;
    expect(profit).toBeGreaterThan(0);

    // Billing & Payouts: the sale is pending with that profit, and so is the pending total.
    const page = await context.newPage();
    await page.goto('/payouts');
    await expect
      .poll(async () => (await balanceCards(page)).pending, { timeout: 60_000 })
      .toBe(usd(before.pending + profit));
    expect((await balanceCards(page)).available).toBe(usd(before.available));
    const saleRow = page.getByTestId('transaction-row').filter({ hasText: orderNumber });
    await saleRow.waitFor();
    expect(await saleRow.textContent()).toContain(usd(profit));
    expect(await saleRow.locator('[data-status="pending"]').count()).toBe(1);
    const mid = await api.shell.balance();
    expect(mid.pending).toBe(before.pending + profit);

    // Past the hold period in ledger time: every pending sale, this one too, is available.
    await server.restart({
      PRINTLOOM_LEDGER_CLOCK_OFFSET_SECONDS: String(HOLD_DAYS * 86_400 + 3_600),
    });
    await page.reload();
    await expect
      .poll(async () => (await balanceCards(page)).available, { timeout: 60_000 })
      .toBe(usd(mid.available + mid.pending));
    expect((await balanceCards(page)).pending).toMatch(/^\$0(\.00)?$/);
    await saleRow.locator('[data-status="completed"]').waitFor();

    // The seller asks for a payout in the dashboard.
    await page.getByLabel('Amount (USD)').fill(PAYOUT_DOLLARS);
    const payTo = page.getByLabel('Pay to');
    const accountValue = await payTo.locator('option').nth(1).getAttribute('value');
    await payTo.selectOption(accountValue ?? '');
    await page.getByRole('button', { name: 'Request payout' }).click();
    await page
      .getByRole('status')
      .getByText(`Payout of ${usd(2000)} requested.`)
      .waitFor();
    await expect
      .poll(async () => (await balanceCards(page)).available, { timeout: 60_000 })
      .toBe(usd(mid.available + mid.pending - 2000));

    // The operator pays it.
    const admin = await sellerApi(server.baseUrl, ACCOUNTS.admin);
    const open = await admin.api.moneyAdmin.payouts({ query: { status: 'processing' } });
    const payout = open.data.find((p) => p.amount === 2000);
    expect(payout).toBeDefined();
    const paid = await admin.api.moneyAdmin.approvePayout({ params: { id: payout?.id ?? 0 } });
    expect(paid.status).toBe('completed');
    await page.reload();
    await page.getByTestId('payout-row').first().locator('[data-status="completed"]').waitFor();

    // The export from the page: named for the day, listing the sale and the payout.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^export_billing_history_\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseCsv(await readFile((await download.path()) ?? '', 'utf8'));
    const column = (name: string) => header?.indexOf(name) ?? -1;
    const steps = rows.filter((r) => Number(r[column('id')]) > lastEntryBefore);
    const described = steps.map((r) => ({
      type: r[column('type')],
      status: r[column('status')],
      order: r[column('order_number')],
      amount: Math.round(Number(r[column('amount')]) * 100),
    }));
    expect(described).toEqual(
      expect.arrayContaining([
        { type: 'sale', status: 'completed', order: orderNumber, amount: profit },
        { type: 'payout', status: 'completed', order: '', amount: -2000 },
      ]),
    );
    expect(described).toHaveLength(2);
    const after = await api.shell.balance();
    const total = (b: typeof before) => b.available + b.pending + b.on_hold;
    const sum = described.reduce((s, d) => s + d.amount, 0);
    expect(sum).toBe(total(after) - total(before));
    expect(sum).toBe(profit - 2000);
  });
});
