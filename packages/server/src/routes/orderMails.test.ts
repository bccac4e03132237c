import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';
import { type SunkMail, startSmtpSink } from '../../test/smtpSink.js';
import { storeWithCampaign } from '../../test/storefrontOrder.js';

/**
 * Issue 15: buyers who tick "Email me news and offers" at checkout become the store's
 * subscribers when they pay; every paid order mails its confirmation and every shipment its
 * tracking, once, through the store's email gateway (else SMTP_URL).
 */
describe.each(BACKENDS)('checkout subscribers and order mails on %s', (backend) => {
  let t: TestApp;
  let platform: Awaited<ReturnType<typeof startSmtpSink>>;
  let gatewaySink: Awaited<ReturnType<typeof startSmtpSink>>;
  let seller: string;
  let operator: string;
  let storeId: number;
  let sale: Awaited<ReturnType<typeof storeWithCampaign>>;
  const SLUG = 'mail-tees';

  async function buy(
    email: string,
    optIn?: boolean,
  ): Promise<{ order_id: number; order_number: string }> {
    const created = await t.app.inject({
      method: 'POST',
      url: `/public/stores/${SLUG}/checkouts`,
      payload: {
        items: [
          {
            campaign_id: sale.campaignId,
            product_id: sale.product.id,
            color: sale.product.color,
            size: sale.product.size,
            quantity: 2,
          },
        ],
        email,
        shipping_address: {
          name: 'Bea Buyer',
          line1: '1 Main St',
          city: 'Austin',
          state: 'TX',
          postcode: '73301',
          country: 'US',
        },
        ...(optIn === undefined ? {} : { marketing_opt_in: optIn }),
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const checkoutId = body<{ checkout_id: string }>(created).data.checkout_id;
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: `/public/checkouts/${checkoutId}/pay`,
        payload: { gateway: 'test', card_number: '4242424242424242' },
      });
    const paid = await pay();
    expect(paid.statusCode, paid.body).toBe(200);
    // A repeated payment call (a double click, a retry) makes no second order or mail.
    expect((await pay()).statusCode).toBe(200);
    return body<{ order_id: number; order_number: string }>(paid).data;
  }

  const subscriber = async (email: string) =>
    t.app.db.query<{
      email: string;
      source: string;
      unsubscribed_at: Date | null;
      first_name: string;
    }>(
      'SELECT email, source, unsubscribed_at, first_name FROM subscribers WHERE store_id = $1 AND lower(email) = lower($2)',
      [storeId, email],
    );

  const mailsTo = (sink: { mails: SunkMail[] }, to: string, subject: RegExp) =>
    sink.mails.filter((m) => m.to.includes(to) && subject.test(m.headers.get('subject') ?? ''));

  beforeAll(async () => {
    platform = await startSmtpSink();
    gatewaySink = await startSmtpSink();
    t = await createTestApp(backend, {
      smtpUrl: platform.url,
      emailGatewayPrivateHosts: true,
      jobPollingSeconds: 0.5,
    });
    await createUser(t.app, { email: 'om@example.test', tags: ['email marketing'] });
    seller = await login(t.app, 'om@example.test');
    await createUser(t.app, { email: 'om-operator@example.test', isAdmin: true });
    operator = await login(t.app, 'om-operator@example.test');
    sale = await storeWithCampaign(t.app, seller, SLUG);
    const [store] = await t.app.db.query<{ id: number }>('SELECT id FROM stores WHERE slug = $1', [
      SLUG,
    ]);
    storeId = Number(store?.id);
  });
  afterAll(async () => {
    await t?.close();
    await platform?.close();
    await gatewaySink?.close();
  });

  it('shows an unticked "Email me news and offers" box on the checkout page', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/s/${SLUG}/checkout` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(
      /<input type="checkbox" id="marketing_opt_in" name="marketing_opt_in" value="1"> Email me news and offers/,
    );
    expect(page.body).not.toMatch(/id="marketing_opt_in"[^>]*checked/);
  });

  it('adds only buyers who opted in, and re-subscribes one only when they opt in again', async () => {
    await buy('quiet@example.test');
    expect(await subscriber('quiet@example.test')).toEqual([]);
    await buy('quieter@example.test', false);
    expect(await subscriber('quieter@example.test')).toEqual([]);

    await buy('Fan@Example.test', true);
    expect(await subscriber('fan@example.test')).toMatchObject([
      { email: 'Fan@Example.test', source: 'checkout', unsubscribed_at: null, first_name: 'Bea' },
    ]);

    // They unsubscribe; buying again without the box keeps them unsubscribed.
    await t.app.db.query(
      "UPDATE subscribers SET unsubscribed_at = now() WHERE store_id = $1 AND email = 'Fan@Example.test'",
      [storeId],
    );
    await buy('fan@example.test');
    expect((await subscriber('fan@example.test'))[0]?.unsubscribed_at).not.toBeNull();
    // Ticking it again subscribes them again, still one row.
    await buy('FAN@example.test', true);
    const rows = await subscriber('fan@example.test');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.unsubscribed_at).toBeNull();

    // The seller's subscriber list shows them.
    const list = await t.app.inject({
      method: 'GET',
      url: '/seller/email-marketing/subscribers?q=fan',
      headers: bearer(seller),
    });
    expect(body<{ data: Array<{ email: string }> }>(list).data.data.map((s) => s.email)).toEqual([
      'Fan@Example.test',
    ]);
  });

  it('mails the order confirmation once per order through SMTP_URL when the store has no gateway', async () => {
    const order = await buy('confirm@example.test');
    await vi.waitFor(
      () => expect(mailsTo(platform, 'confirm@example.test', /confirmed/)).toHaveLength(1),
      { timeout: 30_000, interval: 100 },
    );
    const [mail] = mailsTo(platform, 'confirm@example.test', /confirmed/);
    expect(mail?.headers.get('subject')).toBe(
      `Your order ${order.order_number} at ${SLUG} is confirmed`,
    );
    expect(mail?.text).toMatch(/- 2 x .+ \(.+\): \d+\.\d{2} USD/);
    expect(mail?.text).toMatch(/Total paid: \d+\.\d{2} USD/);
    expect(mail?.text).toContain(`order-status?number=${order.order_number}`);
    const [rows] = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM order_mails WHERE order_id = $1',
      [order.order_id],
    );
    expect(rows?.n).toBe(1);
  });

  it("mails the shipping mail with tracking once per shipment through the store's gateway", async () => {
    const port = Number(new URL(gatewaySink.url).port);
    const gateway = await t.app.inject({
      method: 'POST',
      url: '/seller/email-gateways',
      headers: bearer(seller),
      payload: {
        name: 'Store SMTP',
        driver: 'smtp',
        store_id: storeId,
        credentials: {
          host: '127.0.0.1',
          port,
          secure: false,
          username: '',
          password: '',
          from: 'orders@mail-tees.example.test',
        },
      },
    });
    expect(gateway.statusCode, gateway.body).toBe(200);
    const order = await buy('ship@example.test');
    await vi.waitFor(
      () => expect(mailsTo(gatewaySink, 'ship@example.test', /confirmed/)).toHaveLength(1),
      { timeout: 30_000, interval: 100 },
    );
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/admin/orders/${order.order_id}/ship`,
      headers: bearer(operator),
      payload: { carrier: 'USPS', tracking_number: '9400100000000000000001' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    await vi.waitFor(
      () => expect(mailsTo(gatewaySink, 'ship@example.test', /shipped/)).toHaveLength(1),
      { timeout: 30_000, interval: 100 },
    );
    const [mail] = mailsTo(gatewaySink, 'ship@example.test', /shipped/);
    expect(mail?.headers.get('subject')).toBe(
      `Your order ${order.order_number} from ${SLUG} has shipped`,
    );
    expect(mail?.headers.get('from')).toContain('orders@mail-tees.example.test');
    expect(mail?.text).toContain('Tracking number: 9400100000000000000001');
    expect(mail?.text).toMatch(/Track your parcel: https:\/\/\S+9400100000000000000001/);
    expect(mailsTo(platform, 'ship@example.test', /./)).toEqual([]);
    // Each mail is in the outbox, sent.
    const outbox = await t.app.db.query<{ sent_at: Date | null }>(
      "SELECT sent_at FROM outbox WHERE to_address = 'ship@example.test'",
    );
    expect(outbox.length).toBe(2);
    for (const row of outbox) expect(row.sent_at).not.toBeNull();
  });
});
