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
