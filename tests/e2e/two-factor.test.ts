import * as OTPAuth from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { LoginPage } from './fixtures/LoginPage.js';
import { documentationShot } from './fixtures/screenshot.js';
import { type RunningServer, startServer } from './fixtures/server.js';

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

async function logout(page: Page): Promise<void> {
  await page.goto('/auth/logout');
  await page.waitForURL((url) => url.pathname === '/auth/login');
}

/** Password step, then the two-factor step with `code`. */
async function loginWithCode(page: Page, code: string): Promise<void> {
  const login = new LoginPage(page);
  await login.openDirect();
  await login.login(ACCOUNTS.seller);
  await page.waitForURL((url) => url.pathname === '/auth/tfa');
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

describe('two-factor through the dashboard (issue 15)', () => {
  it('turns on with the QR secret, signs in with a code, and takes a recovery code once', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
    await page.goto('/settings/general?current_tab=2fa');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code of the two-factor secret' }).waitFor();
    const secret = (await page.getByTestId('tfa-secret').textContent()) ?? '';
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    await documentationShot(page, 'two-factor-setup');
    await page.getByLabel('Code').fill(totp.generate());
    await page.getByRole('button', { name: 'Turn on' }).click();
    const shown = page.getByTestId('recovery-codes');
    await shown.waitFor();
    const codes = (await shown.locator('li').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have stored them' }).click();
    await page.getByText('Two-factor authentication is on.', { exact: false }).waitFor();

    // The confirming code's time-step is spent: the login takes the next one.
    await logout(page);
    await loginWithCode(page, totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByTestId('user-dropdown').waitFor();

    const recovery = codes[0] ?? '';
    await logout(page);
    await loginWithCode(page, recovery);
    await page.getByTestId('user-dropdown').waitFor();

    // A recovery code works once.
    await logout(page);
    await loginWithCode(page, recovery);
    await page.getByText('The two-factor code is invalid.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/tfa');
    await context.close();
  });
});
