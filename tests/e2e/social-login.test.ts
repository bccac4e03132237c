import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalOidcProvider,
  startLocalOidcProvider,
} from '../../packages/server/test/localOidcProvider.js';
import { ACCOUNTS, DEMO_PASSWORD } from './fixtures/accounts.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { type RunningServer, startServer } from './fixtures/server.js';

let server: RunningServer;
let browser: Browser;
let google: LocalOidcProvider;

beforeAll(async () => {
  // A local OpenID provider stands in for Google; the server finds it by discovery.
  let dashboard = '';
  google = await startLocalOidcProvider(() => `${dashboard}/auth/social/google/callback`);
  server = await startServer({
    env: (baseUrl) => {
      dashboard = baseUrl;
      return {
        PRINTLOOM_PUBLIC_URL: baseUrl,
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        GOOGLE_ISSUER: google.issuer,
      };
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await google?.close();
});

describe('sign in with Google in Chromium (issue 15)', () => {
  it('signs up a new seller, who cannot unlink the only way to sign in', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    google.signInAs({
      sub: 'e2e-google-new',
      email: 'gina.google@example.test',
      email_verified: true,
      name: 'Gina Google',
    });
    await page.goto('/auth/login');
    // Only the configured provider is offered.
    expect(await page.getByRole('link', { name: 'Continue with Facebook' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.getByTestId('user-dropdown').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.goto('/settings/account');
    const methods = page.getByTestId('sign-in-methods');
    await methods.getByText('Linked as gina.google@example.test', { exact: false }).waitFor();
    await methods.getByRole('button', { name: 'Unlink Google' }).click();
    await page.getByText('This is your only way to sign in.', { exact: false }).waitFor();
    await methods.getByRole('button', { name: 'Unlink Google' }).waitFor();
    await context.close();
  });

  it("links Google to an existing seller only after the seller's password", async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    google.signInAs({
      sub: 'e2e-google-demo',
      email: ACCOUNTS.seller,
      email_verified: true,
      name: 'Demo Seller',
    });
    await page.goto('/auth/register');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/social/confirm');
    await page.getByText(ACCOUNTS.seller).waitFor();
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await page.getByText('These credentials do not match our records.').first().waitFor();
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await page.getByTestId('user-dropdown').waitFor();

    await page.goto('/settings/account');
    const methods = page.getByTestId('sign-in-methods');
    await methods.getByText('Linked as', { exact: false }).waitFor();
    // The seller has a password: unlinking is allowed.
    await methods.getByRole('button', { name: 'Unlink Google' }).click();
    await page.getByText('The provider has been unlinked from your account.').waitFor();
    await methods.getByRole('link', { name: 'Link Google' }).waitFor();
    await context.close();
  });
});
