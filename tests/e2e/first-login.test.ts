import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { LoginPage } from './fixtures/LoginPage.js';
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

/** What is open right now of the four overlays that open by themselves. */
async function openOverlays(page: Page): Promise<string[]> {
  const open: string[] = [];
  if (await page.getByRole('dialog', { name: 'Select account' }).isVisible()) open.push('accounts');
  if (await page.getByRole('dialog', { name: 'Seller Survey' }).isVisible()) open.push('survey');
  if (await page.getByTestId('notification-popup').isVisible()) open.push('notifications');
  if (await page.getByTestId('product-tour').isVisible()) open.push('tour');
  return open;
}

/** The tour as a new seller walks it: step, the page it shows, whether it points at a control. */
const TOUR = [
  { step: 'greeting', path: '/', control: false },
  { step: 'store-create', path: '/storefronts', control: true },
  { step: 'campaign-button', path: '/campaigns', control: true },
  { step: 'campaign-products', path: '/campaigns/edit', control: true },
  { step: 'campaign-design', path: '/campaigns/edit', control: true },
  { step: 'campaign-details', path: '/campaigns/edit', control: true },
  { step: 'campaign-launch', path: '/campaigns/edit', control: true },
  { step: 'bulk-import', path: '/bulk-campaigns', control: true },
  { step: 'orders-search', path: '/orders', control: true },
  { step: 'finish', path: '/', control: false },
];

describe('a first login (issue 11)', () => {
  it('opens the survey, then the notification pop-up, then the tour: one at a time', async () => {
    const context = await newContext(browser, server.baseUrl, { quiet: false });
    const page = await context.newPage();
    await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
    // The demo seller has never signed in on this fresh server.
    expect(await page.getByTestId('dashboard-title').textContent()).toBe('Welcome, Demo Seller');

    const survey = page.getByRole('dialog', { name: 'Seller Survey' });
    await survey.waitFor();
    expect(await openOverlays(page)).toEqual(['survey']);
    await page.keyboard.press('Escape');
    await survey.waitFor({ state: 'hidden' });

    const popup = page.getByTestId('notification-popup');
    await popup.waitFor();
    expect(await openOverlays(page)).toEqual(['notifications']);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });

    const tour = page.getByTestId('product-tour');
    await tour.waitFor();
    expect(await openOverlays(page)).toEqual(['tour']);
    // The tour is not modal: the page under it takes clicks.
    await page.getByRole('link', { name: 'Create a store' }).click();
    await page.waitForURL((url) => url.pathname === '/storefronts');
    await page.goBack();
    await page.getByTestId('dashboard-title').waitFor();
    await context.close();
  });

  it('walks the tour through built pages only, each step at a real control', async () => {
    const context = await newContext(browser, server.baseUrl, { quiet: false });
    // This seller already answered the survey in this tab and put the pop-up off for a day.
    await context.addInitScript(`try {
      sessionStorage.setItem('survey_closed', '1');
      localStorage.setItem('notify_hide_until', String(Date.now() + 86400000));
    } catch {}`);
    const page = await context.newPage();
    await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
    const tour = page.getByTestId('product-tour');
    for (const [index, expected] of TOUR.entries()) {
      await page.locator(`[data-testid="product-tour"][data-step="${expected.step}"]`).waitFor();
      await page.waitForURL((url) => url.pathname === expected.path);
      expect(await tour.getByText(`Step ${index + 1} of ${TOUR.length}`).count()).toBe(1);
      if (expected.control) await page.locator('.tour-highlight').first().waitFor();
      expect(await page.getByTestId('coming-soon').count()).toBe(0);
      const button = index === 0 ? 'Start' : index === TOUR.length - 1 ? 'Finish' : 'Next';
      await tour.getByRole('button', { name: button }).click();
    }
    await tour.waitFor({ state: 'hidden' });
    await page.reload();
    await page.getByTestId('dashboard-title').waitFor();
    await page.getByTestId('getting-started').waitFor();
    expect(await tour.count()).toBe(0);
    await context.close();
  });

  it("greets a returning seller with 'Welcome back'", async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
    await page.getByTestId('dashboard-title').waitFor();
    expect(await page.getByTestId('dashboard-title').textContent()).toBe(
      'Welcome back, Demo Seller',
    );
    await context.close();
  });
});

describe('auth form errors (issue 11)', () => {
  it('shows a taken email under the email field, named by it for screen readers', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/auth/register');
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByLabel('Email').fill(ACCOUNTS.seller);
    await page.getByLabel('Password').fill('a-Long-unusual-9');
    await page.getByRole('button', { name: 'Register' }).click();
    const email = page.getByLabel('Email');
    await page.getByTestId('register-email-error').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).textContent()).toBe(
      'The email has already been taken.',
    );
    // The message is with its field, not repeated above the form.
    expect(await page.getByTestId('form-error').count()).toBe(0);
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBeNull();
    await context.close();
  });
});

describe('notification dates (issue 11)', () => {
  it("shows each date to the minute in the seller's utc_offset, not as raw ISO", async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
    const me = await page.evaluate(async () => {
      // The session cookie is HttpOnly: the page's own request carries it.
      const answer = await fetch('/me');
      return ((await answer.json()) as { data: { utc_offset: number } }).data;
    });
    await page.goto('/notifications');
    const dates = page.locator('.list-group-item time');
    await dates.first().waitFor();
    for (const date of await dates.all()) {
      const instant = (await date.getAttribute('datetime')) ?? '';
      const shifted = new Date(Date.parse(instant) + me.utc_offset * 3_600_000);
      expect(await date.textContent()).toBe(shifted.toISOString().slice(0, 16).replace('T', ' '));
    }
    await context.close();
  });
});

describe('a new seller on a demo server (issue 11)', () => {
  it('registers past the ALTCHA check, then verifies the email from the demo outbox', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/auth/register');
    const email = `new-${Date.now()}@printloom.test`;
    await page.getByLabel('Name').fill('New Seller');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-Long-unusual-9');
    // The proof of work runs by itself; the button waits for it.
    await page.locator('altcha-widget').waitFor();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/register'));
    await page.goto('/dev/outbox');
    const mail = page.getByRole('listitem').filter({ hasText: `To ${email}` });
    const link = mail.getByRole('link', { name: /\/auth\/verify-email\?token=/ });
    const href = (await link.getAttribute('href')) ?? '';
    // An absolute link on the server's public URL (localhost:<port> by default).
    expect(href).toMatch(
      new RegExp(`^http://localhost:${server.port}/auth/verify-email\\?token=[A-Za-z0-9_-]+$`),
    );
    await link.click();
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await context.close();
  });
});
