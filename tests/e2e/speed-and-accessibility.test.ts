import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { AUDIT_MODES, AUDITED_PAGES, auditPage, describeViolations } from './fixtures/axe.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { LoginPage } from './fixtures/LoginPage.js';
import { type RunningServer, startServer } from './fixtures/server.js';

let server: RunningServer;
let browser: Browser;
let seller: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // One login for every audit: the server rate-limits the auth routes per address.
  const context = await newContext(browser, server.baseUrl);
  const page = await context.newPage();
  await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
  seller = await context.storageState();
  await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('axe-core finds no violation (issue 11)', () => {
  for (const mode of AUDIT_MODES) {
    for (const audited of AUDITED_PAGES) {
      it(`${audited.name} in ${mode.theme} mode at ${mode.width} px`, async () => {
        const violations = await auditPage(browser, server.baseUrl, audited, mode, seller);
        expect(describeViolations(violations)).toBe('');
      });
    }
  }
});

describe('the dashboard as the server sends it (issue 11)', () => {
  it('sends index.html brotli-compressed and no-cache, hashed assets compressed and immutable', async () => {
    const page = await fetch(`${server.baseUrl}/`, {
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const script = html.match(/src="(\/assets\/index-[\w-]+\.js)"/)?.[1];
    const style = html.match(/href="(\/assets\/index-[\w-]+\.css)"/)?.[1];
    expect(script).toBeTruthy();
    expect(style).toBeTruthy();
    for (const asset of [script, style]) {
      const answer = await fetch(`${server.baseUrl}${asset}`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-encoding')).toBe('gzip');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    // A page path is index.html too, with the same headers.
    const deep = await fetch(`${server.baseUrl}/campaigns`, {
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(deep.headers.get('content-encoding')).toBe('br');
    expect(deep.headers.get('cache-control')).toBe('no-cache');
  });
});
