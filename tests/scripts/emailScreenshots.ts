/**
 * Screenshots of email marketing for docs/screenshots/: email-campaign-editor.png (a campaign
 * being composed in the block editor, with its preview) and email-campaign-stats.png (the same
 * campaign after it went to 40 subscribers of the demo store through a local SMTP server, some
 * of whom opened it and clicked its button), as the demo seller sees them.
 *
 *   npm run build && npm run screenshots:email -w @printloom/tests
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApiClient } from '@printloom/core';
import { SMTPServer } from 'smtp-server';
import { ACCOUNTS, DEMO_PASSWORD } from '../e2e/fixtures/accounts.ts';
import { launchBrowser, newContext } from '../e2e/fixtures/browser.ts';
import { startServer } from '../e2e/fixtures/server.ts';

const OUT = join(import.meta.dirname, '../../docs/screenshots');
const SUBSCRIBERS = 40;

/** Every mail the server sends, as raw text (quoted-printable soft breaks joined). */
const mails: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, done) {
    let text = '';
    stream.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    stream.on('end', () => {
      mails.push(text.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
      done();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const server = await startServer();
const browser = await launchBrowser();
try {
  const baseUrl = server.baseUrl;
  const login = await createApiClient({ baseUrl, fetch }).auth.sellerLogin({
    body: { email: ACCOUNTS.seller, password: DEMO_PASSWORD },
  });
  if (!('access_token' in login)) throw new Error('The demo seller asks for a second factor');
  const token = login.access_token;
  const api = createApiClient({ baseUrl, fetch, getToken: () => token });
  const [store] = await api.stores.list();
  if (!store) throw new Error('The demo seller has no store');
  await api.emailGateways.create({
    body: {
      name: 'Local SMTP',
      driver: 'smtp',
      store_id: store.id,
      credentials: { host: '127.0.0.1', port: smtpPort, from: 'hello@demo.printloom.test' },
    },
  });
  const rows = Array.from(
    { length: SUBSCRIBERS },
    (_, i) => `buyer${i + 1}@example.test,Buyer,${i + 1}`,
  );
  await api.emailSubscribers.importCsv({
    body: { store_id: store.id, csv: `email,first_name,last_name\n${rows.join('\n')}\n` },
  });
  const campaign = await api.emailCampaigns.create({
    body: {
      name: 'Black Friday 2026',
      store_id: store.id,
      subject: 'Black Friday: 25% off every tee',
      preheader: 'Three days only, on every design in the store.',
      audience: { kind: 'all' },
      blocks: [
        { type: 'heading', text: 'Black Friday is here', align: 'center' },
        {
          type: 'text',
          text: 'Every tee, hoodie and mug in the store is 25% off until Sunday night. Printed on demand, shipped in days.',
          align: 'left',
        },
        { type: 'button', label: 'Shop the sale', href: `${store.base_url}/`, color: '#0d6efd' },
        { type: 'divider' },
        { type: 'text', text: 'Use the code WELCOME10 on your first order.', align: 'center' },
      ],
    },
  });

  const context = await newContext(browser, server.baseUrl);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(ACCOUNTS.seller);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByTestId('user-dropdown').waitFor();
  const shot = (name: string) =>
    page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });

  await page.goto(`/email-marketing/campaigns/edit/${campaign.id}`);
  await page.getByLabel('Subject').waitFor();
  await page.waitForLoadState('networkidle');
  await shot('email-campaign-editor');

  await api.emailCampaigns.send({ params: { id: campaign.id }, body: {} });
  const deadline = Date.now() + 120_000;
  while ((await api.emailCampaigns.get({ params: { id: campaign.id } })).stats.sent < SUBSCRIBERS) {
    if (Date.now() > deadline) throw new Error('The campaign did not finish sending');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // A third of the buyers open the mail, a quarter of those who open click its button.
  for (const [index, mail] of mails.entries()) {
    if (index % 3 !== 0) continue;
    const open = /https?:\/\/[^\s"'<>]*\/email\/o\/[^\s"'<>]+/.exec(mail)?.[0];
    if (open) await fetch(open);
    const click = /https?:\/\/[^\s"'<>]*\/email\/c\/[^\s"'<>]+/.exec(mail)?.[0];
    if (click && index % 4 === 0) await fetch(click, { redirect: 'manual' });
  }

  await page.goto(`/email-marketing/campaigns/view/${campaign.id}`);
  await page.waitForLoadState('networkidle');
  await shot('email-campaign-stats');
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
  smtp.close();
}
