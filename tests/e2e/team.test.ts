import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from './fixtures/accounts.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { LoginPage } from './fixtures/LoginPage.js';
import { ShellPage } from './fixtures/ShellPage.js';
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

const MEMBER = {
  email: 'orders.helper@example.test',
  name: 'Orders Helper',
  password: 'a-helper-password-42',
};

/** The invitation link of the newest mail to `to`, from the demo server's outbox. */
async function invitationLink(to: string): Promise<string> {
  const answer = await fetch(`${server.baseUrl}/dev/mails`);
  const mails = ((await answer.json()) as { data: Array<{ to: string; body: string }> }).data;
  const mail = mails.find((m) => m.to === to);
  const link = mail?.body.match(/https?:\/\/\S+\/auth\/accept-invitation\?token=\S+/)?.[0];
  if (!link) throw new Error(`no invitation mail to ${to}: ${JSON.stringify(mails.slice(0, 3))}`);
  return new URL(link).pathname + new URL(link).search;
}

describe('team (issue 15)', () => {
  it('invites a member who accepts, switches, sees only what they may, and loses access when removed', async () => {
    // The seller invites a member with get_orders only.
    const sellerContext = await newContext(browser, server.baseUrl);
    const seller = await sellerContext.newPage();
    await new LoginPage(seller).loginAndWait(ACCOUNTS.seller);
    await seller.goto('/team');
    await seller.getByRole('heading', { name: 'Team' }).waitFor();
    await seller.getByRole('button', { name: 'Invite a member' }).first().click();
    const invite = seller.getByRole('dialog', { name: 'Invite a member' });
    await invite.getByRole('textbox', { name: 'Email', exact: true }).fill(MEMBER.email);
    await invite.getByRole('textbox', { name: 'Role', exact: true }).fill('Orders');
    await invite.getByRole('checkbox', { name: /get_orders/ }).check();
    await documentationShot(seller, 'team-invite-permission-editor');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByText(`Invitation sent to ${MEMBER.email}`).waitFor();
    await invite.getByRole('button', { name: 'Close', exact: true }).last().click();

    // The invited person opens the mailed link and creates their account.
    const memberContext = await newContext(browser, server.baseUrl);
    const member = await memberContext.newPage();
    await member.goto(await invitationLink(MEMBER.email));
    await member.getByLabel('Your name (new accounts)').fill(MEMBER.name);
    await member.getByLabel('Password (new accounts)').fill(MEMBER.password);
    await member.getByRole('button', { name: 'Accept invitation' }).click();
    await member.getByRole('heading', { name: /You joined/ }).waitFor();

    // They sign in and switch to the seller: only the menu their permission allows.
    const login = new LoginPage(member);
    await login.openDirect();
    await login.login(MEMBER.email, MEMBER.password);
    await member.getByTestId('user-dropdown').waitFor();
    const shell = new ShellPage(member);
    await shell.switchToFirstAccount();
    const menu = await shell.topMenuKeys();
    expect(menu).toContain('orders');
    expect(menu).not.toContain('campaigns');
    expect(menu).not.toContain('payouts');

    const status = (path: string) =>
      member.evaluate(
        async (url) => (await fetch(url, { credentials: 'include' })).status,
        `${server.baseUrl}${path}`,
      );
    // Outside their permissions: 403.
    expect(await status('/seller/campaign')).toBe(403);
    expect(await status('/seller/team')).toBe(403);

    // The seller removes them: their next request is 401.
    await seller.reload();
    await seller.getByRole('button', { name: `Remove ${MEMBER.name}` }).click();
    const confirm = seller.getByRole('dialog', { name: 'Remove member' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await seller
      .getByRole('button', { name: `Remove ${MEMBER.name}` })
      .waitFor({ state: 'detached' });
    expect(await status('/me')).toBe(401);

    await memberContext.close();
    await sellerContext.close();
  });
});
