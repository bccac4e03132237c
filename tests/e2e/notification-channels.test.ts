import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { LoginPage } from './fixtures/LoginPage.js';
import { type RunningServer, startServer } from './fixtures/server.js';

/**
 * Notification settings in a real browser: the seller adds a custom webhook (the demo server
 * may post to this machine), keeps the secret shown once, sends a test event to a receiver that
 * fails once, and sees the retry deliver it; the receiver checks each signature as Standard
 * Webhooks says.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let receiver: Server;
let receiverUrl = '';
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
let failures = 1;
/** Set to a folder (docs/screenshots) to save a screenshot of the page. */
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      const status = failures > 0 ? 500 : 204;
      failures -= 1;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/printloom`;
  server = await startServer();
  browser = await launchBrowser();
  const context = await newContext(browser, server.baseUrl);
  page = await context.newPage();
  await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise<void>((done) => (receiver ? receiver.close(() => done()) : done()));
});

describe('notification settings', () => {
  it('adds a signed webhook, tests it and shows the retried delivery', async () => {
    await page.goto(`${server.baseUrl}/settings/notification`);
    await page.getByRole('heading', { name: 'Notification Settings' }).waitFor();
    await page.getByLabel('Name (optional)').fill('Order system');
    await page.getByLabel('Endpoint URL').fill(receiverUrl);
    await page.getByRole('checkbox', { name: /order\.changed\.tracking/ }).check();
    await page.getByRole('button', { name: 'Add channel' }).click();

    const secretBox = page.getByLabel('Signing secret');
    await secretBox.waitFor();
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    expect(await page.getByLabel('Signing secret').count()).toBe(0);

    const row = page.getByTestId('channel-rows').getByRole('row', { name: /Order system/ });
    await row.getByRole('button', { name: 'Test' }).click();
    const deliveries = page.getByTestId('delivery-rows');
    // The first attempt fails; the retry 5 s later is delivered and the table refreshes.
    await deliveries.getByRole('cell', { name: 'delivered' }).waitFor({ timeout: 30_000 });
    expect(await deliveries.getByRole('listitem').count()).toBe(2);
    if (SCREENSHOT_DIR) {
      await page.screenshot({
        path: join(SCREENSHOT_DIR, 'notification-settings.png'),
        fullPage: true,
      });
    }

    expect(received).toHaveLength(2);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    for (const hit of received) {
      const signed = `${hit.headers['webhook-id']}.${hit.headers['webhook-timestamp']}.${hit.body}`;
      const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
      expect(String(hit.headers['webhook-signature']).split(' ')).toContain(expected);
      expect(JSON.parse(hit.body)).toMatchObject({
        type: 'test',
        data: { order_number: 'PL000000' },
      });
    }
    expect(received[0]?.headers['webhook-id']).toBe(received[1]?.headers['webhook-id']);
  });
});
