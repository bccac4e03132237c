import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { LoginPage } from './fixtures/LoginPage.js';
import { type RunningServer, startServer } from './fixtures/server.js';

// A server of this file's own: the test stops it to play a lost connection.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('service worker (spec §7)', () => {
  it('is registered at /sw.js with scope /, keeps only the shell, and draws it when the server is gone', async () => {
    const context = await newContext(browser, server.baseUrl, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await new LoginPage(page).loginAndWait(ACCOUNTS.seller);

    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { scope: ready.scope, script: ready.active?.scriptURL ?? '' };
    });
    expect(registration.scope).toBe(`${server.baseUrl}/`);
    expect(registration.script).toBe(`${server.baseUrl}/sw.js`);

    // Under the worker's control, a page load keeps its build files.
    await page.goto('/campaigns');
    await page
      .getByRole('heading', { name: /Campaigns/ })
      .first()
      .waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const kept = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) {
        for (const request of await (await caches.open(name)).keys()) {
          urls.push(new URL(request.url).pathname);
        }
      }
      return urls;
    });
    expect(kept).toContain('/');
    expect(kept.some((path) => path.startsWith('/assets/') && path.endsWith('.js'))).toBe(true);
    // Nothing but the shell: no API answer, upload or image is ever kept.
    expect(kept.filter((path) => path !== '/' && !path.startsWith('/assets/'))).toEqual([]);

    await server.stop();
    await page.reload();
    // The shell's own markup and scripts came from the cache: React drew the app into #root.
    await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    expect(await page.title()).not.toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });
});
