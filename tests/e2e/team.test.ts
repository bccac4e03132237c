import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SunkMail, startSmtpSink } from '../../packages/server/test/smtpSink.ts';
import { ACCOUNTS } from './fixtures/accounts.js';
import { launchBrowser, newContext } from './fixtures/browser.js';
import { LoginPage } from './fixtures/LoginPage.js';
import { ShellPage } from './fixtures/ShellPage.js';
import { documentationShot } from './fixtures/screenshot.js';
import { sellerApi } from './fixtures/sellerApi.js';
import { type RunningServer, startServer } from './fixtures/server.js';

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  // Platform mail (the invitation) leaves through a local SMTP server, as SMTP_URL sends it.
  smtp = await startSmtpSink();
  server = await startServer({ env: () => ({ SMTP_URL: smtp.url }) });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const MEMBER = {
  email: 'orders.helper@example.test',
  name: 'Orders Helper',
  password: 'a-helper-password-42',
};

/** The invitation link of the mail the SMTP server received for `to`. */
async function invitationLink(to: string): Promise<string> {
  const mail = await vi.waitFor(
    () => {
      const found = smtp.mails.find((m: SunkMail) => m.to.includes(to));
      if (!found) throw new Error(`no mail to ${to} yet`);
      return found;
    },
    { timeout: 15_000, interval: 100 },
  );
  expect(mail.headers.get('subject')).toContain('invited you');
  const link = mail.text.match(/https?:\/\/\S+\/auth\/accept-invitation\?token=[\w%.-]+/)?.[0];
  if (!link) throw new Error(`no invitation link in the mail to ${to}: ${mail.text}`);
  return new URL(link).pathname + new URL(link).search;
}

describe('team (issue 15)', () => {
  it('invites a member who accepts, switches, sees only what they may, and loses access when removed', async () => {
    // The seller has the demo store (with its orders) and opens a second one for the member.
    const { api } = await sellerApi(server.baseUrl, ACCOUNTS.seller);
    const demoStore = (await api.stores.list({ query: {} })).find((s) => s.slug === 'demo');
    if (!demoStore) throw new Error('no demo store');
    const helperStore = await api.stores.create({ body: { name: 'Helper Shop', slug: 'helper' } });
    const demoOrder = (await api.orders.list({ query: { store_id: demoStore.id } })).data[0];
    if (!demoOrder) throw new Error('no demo order');

    // The seller invites a member with get_orders only, limited to the new store.
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
    await invite.getByRole('radio', { name: 'Only the stores chosen below' }).check();
    await invite.getByRole('checkbox', { name: 'Helper Shop' }).check();
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
    // Outside their stores: the other store is refused, its order is not found.
    expect(await status(`/seller/stores/${demoStore.id}`)).toBe(403);
    expect(await status(`/seller/orders/${demoOrder.id}`)).toBe(404);
    expect(await status(`/seller/orders?store_id=${demoStore.id}`)).toBe(403);
    expect(await status(`/seller/stores/${helperStore.id}`)).toBe(200);
    const me = await member.evaluate(
      async (url) => (await (await fetch(url, { credentials: 'include' })).json()).data,
      `${server.baseUrl}/me`,
    );
    expect(me.team_store_ids).toEqual([helperStore.id]);
    expect(me.store_ids).toEqual([helperStore.id]);
    // The member's orders list holds none of the demo store's orders.
    await member.goto('/orders');
    await member.getByTestId('list-empty').waitFor();

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
