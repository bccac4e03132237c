import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  memberSession,
  type TestApp,
} from '../../test/helpers.js';
import { type SunkMail, startSmtpSink } from '../../test/smtpSink.js';
import { runEmailCampaign } from '../marketing/campaignMail.js';

interface CampaignView {
  id: number;
  status: string;
  send_at: string | null;
  stats: Record<string, number>;
}

const BLOCKS = [
  { type: 'heading', text: 'Autumn drop' },
  { type: 'text', text: 'New tees are in.\n\nTen percent off this week.' },
  { type: 'image', src: 'https://cdn.example.test/tee.png', alt: 'A tee' },
  { type: 'button', label: 'Shop now', href: 'https://shop.example.test/autumn' },
  { type: 'divider' },
];

describe.each(BACKENDS)('email campaigns on %s', (backend) => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let seller: string;
  let other: string;
  let member: string;
  let sellerId: number;
  let storeId: number;

  const call = (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

  async function addSubscribers(count: number, prefix: string): Promise<void> {
    await t.app.db.query(
      `INSERT INTO subscribers (seller_id, store_id, email)
       SELECT $1, $2, $3 || g || '@example.test' FROM generate_series(1, $4::int) g`,
      [sellerId, storeId, prefix, count],
    );
  }

  async function createCampaign(name: string, extra: object = {}): Promise<CampaignView> {
    const response = await call(seller, 'POST', '/seller/email-marketing/campaigns', {
      name,
      store_id: storeId,
      subject: `${name} subject`,
      preheader: 'Fresh designs',
      blocks: BLOCKS,
      audience: { kind: 'all' },
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    return body<CampaignView>(response).data;
  }

  const mailsOf = (subject: string): SunkMail[] =>
    sink.mails.filter((m) => m.headers.get('subject') === subject);

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp(backend, {
      smtpUrl: sink.url,
      campaignBatchSize: 50,
      campaignRatePerSecond: 5000,
      jobPollingSeconds: 0.5,
    });
    sellerId = (await createUser(t.app, { email: 'em@example.test', tags: ['email marketing'] }))
      .id;
    await createUser(t.app, { email: 'em-other@example.test', tags: ['email marketing'] });
    seller = await login(t.app, 'em@example.test');
    other = await login(t.app, 'em-other@example.test');
    member = await memberSession(t.app, sellerId, 'em-helper@example.test', ['get_orders']);
    const [store] = await t.app.db.query<{ id: number }>(
      "INSERT INTO stores (seller_id, name, base_url) VALUES ($1, 'Tee Shop', 'https://shop.example.test') RETURNING id",
      [sellerId],
    );
    storeId = Number(store?.id);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('sends a campaign to 300 subscribers once each, with working unsubscribe, open and click links', async () => {
    await addSubscribers(300, 'fan');
    const campaign = await createCampaign('Autumn');
    expect(campaign.status).toBe('draft');

    const sent = await call(
      seller,
      'POST',
      `/seller/email-marketing/campaigns/${campaign.id}/send`,
      {},
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(body(sent).message).toBe('Campaign is sending.');

    await vi.waitFor(
      async () => {
        const view = body<CampaignView>(
          await call(seller, 'GET', `/seller/email-marketing/campaigns/${campaign.id}`),
        ).data;
        expect(view.status).toBe('sent');
      },
      { timeout: 240_000, interval: 200 },
    );
    const mails = mailsOf('Autumn subject');
    expect(mails).toHaveLength(300);
    const recipients = new Set(mails.flatMap((m) => m.to));
    expect(recipients.size).toBe(300);

    const first = mails[0] as SunkMail;
    const listUnsubscribe = first.headers.get('list-unsubscribe') ?? '';
    expect(listUnsubscribe).toMatch(/^<https?:\/\/[^>]+\/email\/u\/[^>]+>, <mailto:[^>]+>$/);
    expect(first.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    for (const mail of mails) expect(mail.headers.has('list-unsubscribe')).toBe(true);

    // The one-click POST of RFC 8058 unsubscribes.
    const unsubscribeUrl = new URL(/<(https?:[^>]+)>/.exec(listUnsubscribe)?.[1] ?? '');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: unsubscribeUrl.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);

    // The link in the body opens a page saying so.
    const second = mails[1] as SunkMail;
    const bodyLink = /href="(https?:\/\/[^"]+\/email\/u\/[^"]+)"/.exec(second.text)?.[1] ?? '';
    const page = await t.app.inject({ method: 'GET', url: new URL(bodyLink).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You are unsubscribed');
    expect(page.body).toContain('Tee Shop');

    // The open pixel counts once per recipient, however often it loads.
    const pixel = new URL(/src="(https?:\/\/[^"]+\/email\/o\/[^"]+)"/.exec(second.text)?.[1] ?? '');
    for (let i = 0; i < 3; i += 1) {
      const gif = await t.app.inject({ method: 'GET', url: pixel.pathname });
      expect(gif.statusCode).toBe(200);
      expect(gif.headers['content-type']).toBe('image/gif');
    }

    // A click redirects to the mail's own link and no other.
    const click = new URL(
      (/href="(https?:\/\/[^"]+\/email\/c\/[^"]+)"/.exec(second.text)?.[1] ?? '').replace(
        /&amp;/g,
        '&',
      ),
    );
    const redirect = await t.app.inject({ method: 'GET', url: `${click.pathname}${click.search}` });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('https://shop.example.test/autumn');
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `${click.pathname}?u=${encodeURIComponent('https://evil.example.test/')}`,
    });
    expect(elsewhere.statusCode).toBe(404);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/email/c/1.${'A'.repeat(32)}?u=${encodeURIComponent('https://shop.example.test/autumn')}`,
    });
    expect(forged.statusCode).toBe(404);

    const view = body<CampaignView>(
      await call(seller, 'GET', `/seller/email-marketing/campaigns/${campaign.id}`),
    ).data;
    expect(view.stats).toMatchObject({
      recipients: 300,
      sent: 300,
      delivered: 300,
      failed: 0,
      opened: 1,
      clicked: 1,
      unsubscribed: 2,
    });

    // The two who unsubscribed get no further campaign.
    const again = await createCampaign('Winter');
    await call(seller, 'POST', `/seller/email-marketing/campaigns/${again.id}/send`, {});
    await vi.waitFor(
      async () => {
        const v = body<CampaignView>(
          await call(seller, 'GET', `/seller/email-marketing/campaigns/${again.id}`),
        ).data;
        expect(v.status).toBe('sent');
      },
      { timeout: 240_000, interval: 200 },
    );
    const winter = mailsOf('Winter subject');
    expect(winter).toHaveLength(298);
    expect(winter.flatMap((m) => m.to)).not.toContain(first.to[0]);
  }, 400_000);

  it('requeues the claims of a dead run at once, and marks only its in-flight mail uncertain', async () => {
    await t.app.db.query('UPDATE subscribers SET unsubscribed_at = NULL WHERE seller_id = $1', [
      sellerId,
    ]);
    const campaign = await createCampaign('Restart');
    // Due now, handed to the runs below directly (as the job would).
    await t.app.db.query(
      "UPDATE email_campaigns SET status = 'scheduled', send_at = now() WHERE id = $1",
      [campaign.id],
    );
    const settings = { ...t.app.config, campaignInFlightSeconds: 1 };
    const first = await runEmailCampaign(t.app.db, settings, t.app.log, campaign.id, {
      signal: new AbortController().signal,
      maxBatches: 1,
    });
    expect(first).toMatchObject({ state: 'stopped', delivered: 50 });
    // A server killed mid-batch: it had claimed 50 rows, handed one to SMTP, sent none of the rest.
    await t.app.db.query(
      `UPDATE email_campaign_recipients SET status = 'claimed', claimed_by = 'dead-run',
         claimed_at = now()
       WHERE id IN (SELECT id FROM email_campaign_recipients WHERE campaign_id = $1
         AND status = 'pending' ORDER BY id LIMIT 50)`,
      [campaign.id],
    );
    await t.app.db.query(
      `UPDATE email_campaign_recipients SET status = 'sending', sending_at = now()
       WHERE id = (SELECT min(id) FROM email_campaign_recipients WHERE campaign_id = $1
         AND status = 'claimed')`,
      [campaign.id],
    );
    const second = await runEmailCampaign(t.app.db, settings, t.app.log, campaign.id, {
      signal: new AbortController().signal,
    });
    // The sweep's own run may share the rest with this one: the totals below are what count.
    expect(second.state).toBe('finished');
    const mails = mailsOf('Restart subject');
    const to = mails.flatMap((m) => m.to);
    expect(new Set(to).size).toBe(to.length);
    expect(to).toHaveLength(299);
    const view = body<CampaignView>(
      await call(seller, 'GET', `/seller/email-marketing/campaigns/${campaign.id}`),
    ).data;
    expect(view.status).toBe('sent');
    expect(view.stats).toMatchObject({
      recipients: 300,
      delivered: 299,
      failed: 1,
      uncertain: 1,
      pending: 0,
    });
  }, 300_000);

  it('a run whose claim was released sends none of those rows', async () => {
    const campaign = await createCampaign('Stolen');
    await t.app.db.query(
      "UPDATE email_campaigns SET status = 'scheduled', send_at = now() WHERE id = $1",
      [campaign.id],
    );
    const slow = new AbortController();
    // A run that claims its first batch and is then overtaken by a second run starting.
    const [a, b] = await Promise.all([
      runEmailCampaign(t.app.db, t.app.config, t.app.log, campaign.id, { signal: slow.signal }),
      runEmailCampaign(t.app.db, t.app.config, t.app.log, campaign.id, {
        signal: new AbortController().signal,
      }),
    ]);
    expect(a.state === 'finished' || b.state === 'finished').toBe(true);
    const to = mailsOf('Stolen subject').flatMap((m) => m.to);
    expect(new Set(to).size).toBe(to.length);
    expect(to.length + 0).toBe(
      Number(
        (
          await t.app.db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM email_campaign_recipients WHERE campaign_id = $1 AND status = 'sent'",
            [campaign.id],
          )
        )[0]?.n,
      ),
    );
  }, 300_000);

  it('edits, schedules, previews, test-sends and deletes a campaign', async () => {
    const campaign = await createCampaign('Spring');
    const put = await call(seller, 'PUT', `/seller/email-marketing/campaigns/${campaign.id}`, {
      name: 'Spring',
      store_id: storeId,
      subject: 'Spring is here',
      blocks: [{ type: 'text', text: 'Hello <friends>' }],
      audience: { kind: 'recent_buyers', days: 30 },
    });
    expect(put.statusCode, put.body).toBe(200);

    const preview = body<{ html: string }>(
      await call(seller, 'GET', `/seller/email-marketing/campaigns/${campaign.id}/preview`),
    ).data;
    expect(preview.html).toContain('Hello &lt;friends&gt;');
    expect(preview.html).toContain('Unsubscribe');

    const test = await call(
      seller,
      'POST',
      `/seller/email-marketing/campaigns/${campaign.id}/test`,
      {
        email: 'me@example.test',
      },
    );
    expect(test.statusCode, test.body).toBe(200);
    expect(sink.mails.find((m) => m.to[0] === 'me@example.test')?.headers.get('subject')).toBe(
      '[Test] Spring is here',
    );

    // Nobody bought in the last 30 days: nothing to send.
    const none = await call(
      seller,
      'POST',
      `/seller/email-marketing/campaigns/${campaign.id}/send`,
      {},
    );
    expect(none.statusCode).toBe(422);
    expect(body(none).message).toBe('No subscriber of this store matches the audience.');

    await t.app.db.query(
      `INSERT INTO orders (seller_id, store_id, order_number, email, shipping_address, currency,
         subtotal, shipping, discount, tip, processing_fee, total, paid_at)
       VALUES ($1, $2, 'EM-1', 'FAN7@example.test', '{}', 'USD', 1000, 0, 0, 0, 0, 1000, now())`,
      [sellerId, storeId],
    );
    const later = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await call(
      seller,
      'POST',
      `/seller/email-marketing/campaigns/${campaign.id}/send`,
      { send_at: later },
    );
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(body<CampaignView>(scheduled).data).toMatchObject({
      status: 'scheduled',
      send_at: later,
    });

    const past = await call(
      seller,
      'POST',
      `/seller/email-marketing/campaigns/${campaign.id}/send`,
      {
        send_at: '2020-01-01T00:00:00Z',
      },
    );
    expect(past.statusCode).toBe(422);

    const removed = await call(
      seller,
      'DELETE',
      `/seller/email-marketing/campaigns/${campaign.id}`,
    );
    expect(removed.statusCode).toBe(200);
    const gone = await call(seller, 'GET', `/seller/email-marketing/campaigns/${campaign.id}`);
    expect(gone.statusCode).toBe(404);
  });

  it('refuses bad blocks with a clear message', async () => {
    const response = await call(seller, 'POST', '/seller/email-marketing/campaigns', {
      name: 'Bad',
      store_id: storeId,
      subject: 'x',
      blocks: [{ type: 'button', label: 'Go', href: 'javascript:alert(1)' }],
      audience: { kind: 'all' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Links and images must start with https:// or http://');
  });

  it("keeps another seller's campaigns and stores out of reach", async () => {
    const campaign = await createCampaign('Private');
    for (const [method, url] of [
      ['GET', `/seller/email-marketing/campaigns/${campaign.id}`],
      ['DELETE', `/seller/email-marketing/campaigns/${campaign.id}`],
      ['POST', `/seller/email-marketing/campaigns/${campaign.id}/send`],
    ] as const) {
      expect((await call(other, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(
        404,
      );
    }
    const list = body<{ data: CampaignView[] }>(
      await call(other, 'GET', '/seller/email-marketing/campaigns'),
    ).data;
    expect(list.data).toEqual([]);
    const foreignStore = await call(other, 'POST', '/seller/email-marketing/campaigns', {
      name: 'x',
      store_id: storeId,
      subject: 'x',
      blocks: BLOCKS,
      audience: { kind: 'all' },
    });
    expect(foreignStore.statusCode).toBe(404);
  });

  it('imports subscribers from CSV, merging duplicates and reporting bad rows, and exports them', async () => {
    const csv = [
      'Email,First Name,Phone',
      'new1@example.test,Ann,',
      'NEW1@example.test,,+14155550123',
      'not-an-email,Bob,',
      'old1@example.test,Old,',
      '',
    ].join('\r\n');
    await addSubscribers(1, 'old');
    const imported = await call(seller, 'POST', '/seller/email-marketing/subscribers/import', {
      store_id: storeId,
      csv,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(body(imported).data).toEqual({
      created: 1,
      updated: 1,
      merged: 1,
      errors: [{ row: 4, message: 'email: Please enter a valid email address' }],
    });
    const [merged] = await t.app.db.query<{ first_name: string; phone: string }>(
      "SELECT first_name, phone FROM subscribers WHERE email = 'new1@example.test'",
    );
    expect(merged).toEqual({ first_name: 'Ann', phone: '+14155550123' });

    const list = body<{ data: Array<{ id: number; email: string }> }>(
      await call(seller, 'GET', '/seller/email-marketing/subscribers?q=new1'),
    ).data;
    const id = list.data[0]?.id;
    const off = await call(
      seller,
      'PUT',
      `/seller/email-marketing/subscribers/${id}/subscription`,
      {
        subscribed: false,
      },
    );
    expect(body<{ unsubscribed_at: string | null }>(off).data.unsubscribed_at).not.toBeNull();
    expect(
      (
        await call(other, 'PUT', `/seller/email-marketing/subscribers/${id}/subscription`, {
          subscribed: true,
        })
      ).statusCode,
    ).toBe(404);

    const csvOut = await call(
      seller,
      'GET',
      `/seller/email-marketing/subscribers/export?store_id=${storeId}`,
    );
    expect(csvOut.statusCode).toBe(200);
    expect(csvOut.headers['content-type']).toContain('text/csv');
    const lines = csvOut.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,first_name,last_name,phone,store,subscribed_at,unsubscribed_at');
    const row = lines.find((l) => l.startsWith('new1@example.test,'));
    // A leading + is quoted against spreadsheet formulas.
    expect(row).toMatch(/^new1@example\.test,Ann,,'\+14155550123,Tee Shop,[^,]+,\d{4}-/);
    const foreign = await call(other, 'GET', '/seller/email-marketing/subscribers/export');
    expect(foreign.body.trim().split('\r\n')).toHaveLength(1);
  });

  it('needs update_campaign', async () => {
    const response = await call(member, 'GET', '/seller/email-marketing/campaigns');
    expect(response.statusCode).toBe(403);
  });
});
