import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { FULFILL_HOST, launchBrowser, newContext } from './fixtures/browser.js';
import { LoginPage } from './fixtures/LoginPage.js';
import { ShellPage } from './fixtures/ShellPage.js';
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

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** Sessions reused across tests: the server rate-limits logins per address (auth routes). */
const sessions = new Map<string, StorageState>();

async function signedIn(
  email: string,
  baseUrl = server.baseUrl,
  options: { fresh?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; shell: ShellPage }> {
  const key = `${email} ${baseUrl}`;
  const saved = options.fresh ? undefined : sessions.get(key);
  const context = await newContext(browser, baseUrl, saved ? { storageState: saved } : {});
  const page = await context.newPage();
  if (saved) {
    await page.goto('/');
    await page.getByTestId('user-dropdown').waitFor();
  } else {
    await new LoginPage(page).loginAndWait(email);
    if (!options.fresh) sessions.set(key, await context.storageState());
  }
  return { context, page, shell: new ShellPage(page) };
}

describe('login (spec §2 auth routes)', () => {
  it('sends a visitor to login with the page as redirect, then back to it', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/payouts');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/payouts');
    await new LoginPage(page).login(ACCOUNTS.seller);
    await page.waitForURL((url) => url.pathname === '/payouts');
    await page.getByRole('heading', { name: 'Billing & Payouts' }).waitFor();
    await context.close();
  });

  it('serves the login form on a direct load of /auth/login', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await new LoginPage(page).openDirect('?redirect=%2Forders');
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await context.close();
  });

  it('adds no redirect parameter when the home page was asked for', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('shows the server message for a wrong password', async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.open();
    await login.login(ACCOUNTS.seller, 'not-the-password');
    await page.getByTestId('form-error').waitFor();
    expect((await login.errorText())?.length ?? 0).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await context.close();
  });

  it('logs out to /auth/login and keeps the dashboard closed afterwards', async () => {
    const { context, page, shell } = await signedIn(ACCOUNTS.seller, server.baseUrl, {
      fresh: true,
    });
    await shell.openUserMenu();
    await page
      .getByRole('button', { name: 'Logout' })
      .or(page.getByRole('link', { name: 'Logout' }))
      .click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await page.goto('/orders');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    await context.close();
  });
});

describe('404 page (spec §2)', () => {
  it("shows 'This page could not be found' with a link home", async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.getByText('This page could not be found').waitFor();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login' || url.pathname === '/');
    await context.close();
  });
});

describe('top navigation menu (spec §2, §6)', () => {
  it('gives a seller the full menu in the spec order', async () => {
    const { context, shell } = await signedIn(ACCOUNTS.seller);
    const keys = await shell.topMenuKeys();
    expect(keys.slice(0, 3)).toEqual(['dashboard', 'sen_design', 'orders']);
    expect(keys).toEqual(
      expect.arrayContaining(['campaigns', 'storefronts', 'products', 'payouts', 'settings']),
    );
    expect(await shell.menuKeys()).toEqual(
      expect.arrayContaining(['all_orders', 'customers', 'team']),
    );
    await context.close();
  });

  it('gives a designer SEN Design alone and the Designer label', async () => {
    const { context, page, shell } = await signedIn(ACCOUNTS.designer);
    expect(await shell.topMenuKeys()).toEqual(['sen_design']);
    expect(await page.getByTestId('role-label').textContent()).toBe('Designer');
    expect(await page.getByTestId('side-cta').count()).toBe(0);
    await context.close();
  });

  it('hides Orders and Customers from a team member without get_orders', async () => {
    const { context, shell } = await signedIn(ACCOUNTS.team, server.baseUrl, { fresh: true });
    await shell.switchToFirstAccount();
    const keys = await shell.menuKeys();
    expect(keys).not.toContain('orders');
    expect(keys).not.toContain('customers');
    expect(keys).not.toContain('team');
    expect(keys).not.toContain('general_settings');
    await context.close();
  });

  it("shows a team member 'You don't have access to this page' for a page they may not open", async () => {
    const { context, page, shell } = await signedIn(ACCOUNTS.team, server.baseUrl, {
      fresh: true,
    });
    await shell.switchToFirstAccount();
    await page.goto('/customers');
    const denied = page.getByTestId('access-denied');
    await denied.getByText("You don't have access to this page").waitFor();
    expect(await denied.textContent()).toContain('needs the get_orders permission');
    expect(await page.getByTestId('top-menu').count()).toBe(1);
    await denied.getByRole('link', { name: 'Back to the home page' }).click();
    await shell.waitForPage('/');
    await context.close();
  });

  it('reduces the menu to Fulfill Orders, Storefronts and Billing & Payouts on a fulfillment host', async () => {
    const { context, shell } = await signedIn(
      ACCOUNTS.seller,
      `http://${FULFILL_HOST}:${server.port}`,
    );
    expect(await shell.topMenuKeys()).toEqual(['fulfill_orders', 'storefronts', 'payouts']);
    await context.close();
  });

  it('is reachable by keyboard: Tab to a group, Enter opens it, arrows move through its links', async () => {
    const { context, page } = await signedIn(ACCOUNTS.seller);
    const focusedText = () =>
      page.evaluate('document.activeElement ? document.activeElement.textContent.trim() : ""');
    await page.getByRole('link', { name: 'Dashboard home' }).focus();
    for (let i = 0; i < 40 && (await focusedText()) !== 'Orders'; i++)
      await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('Orders');
    await page.keyboard.press('Enter');
    await page.locator('#menu-orders + .dropdown-menu.show, .dropdown-menu.show').first().waitFor();
    if ((await focusedText()) !== 'All Orders') await page.keyboard.press('ArrowDown');
    expect(await focusedText()).toBe('All Orders');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText()).toBe('Abandoned');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/orders');
    await context.close();
  });
});

describe('shell (spec §2 other shell UI)', () => {
  it('opens quick navigation with Ctrl+G, needs a choice, and goes there', async () => {
    const { context, shell } = await signedIn(ACCOUNTS.seller);
    await shell.pressQuickNav();
    const dialog = shell.dialog('Quick navigation');
    await dialog.waitFor();
    const select = dialog.getByRole('combobox', { name: 'Go to page' });
    expect(await select.getAttribute('placeholder')).toBe('Go to page');
    await dialog.getByRole('button', { name: 'Go' }).click();
    await dialog.getByText('Please select a page.').waitFor();
    await select.fill('Customers');
    await dialog.getByRole('button', { name: 'Go' }).click();
    await shell.waitForPage('/customers');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('closes a dialog with Escape and keeps Tab inside it', async () => {
    const { context, page, shell } = await signedIn(ACCOUNTS.seller);
    await shell.pressQuickNav();
    const dialog = shell.dialog('Quick navigation');
    await dialog.waitFor();
    await page.waitForFunction(
      "document.activeElement && document.activeElement.closest('[role=dialog]')",
    );
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(
        "Boolean(document.activeElement && document.activeElement.closest('[role=dialog]'))",
      );
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('keeps dark mode across a reload', async () => {
    const { context, page, shell } = await signedIn(ACCOUNTS.seller);
    expect(await shell.theme()).toBe('light');
    await page.getByTestId('dark-mode-toggle').click();
    expect(await shell.theme()).toBe('dark');
    await page.getByTestId('logo-dark').waitFor();
    await page.reload();
    await page.getByTestId('user-dropdown').waitFor();
    expect(await shell.theme()).toBe('dark');
    await page.getByTestId('dark-mode-toggle').click();
    expect(await shell.theme()).toBe('light');
    await context.close();
  });

  it("shows 'A new version is available!' when /api3/version changes", async () => {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    await page.clock.install();
    await new LoginPage(page).loginAndWait(ACCOUNTS.seller);
    expect(await page.getByTestId('version-notice').count()).toBe(0);
    await page.route('**/api3/version', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ success: true, data: { last_update: '2099-01-01T00:00:00Z' } }),
      }),
    );
    await page.clock.fastForward(61_000);
    await page.getByText('A new version is available!').waitFor();
    expect(await page.getByRole('button', { name: 'Update Now' }).isVisible()).toBe(true);
    await context.close();
  });
});
