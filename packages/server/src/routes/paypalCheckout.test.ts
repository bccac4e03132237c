import { PAYPAL_CHECKOUT_MESSAGES } from '@printloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakePayPalSignature, startFakePayPal } from '../../test/fakePayPal.js';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';
import { storeWithCampaign } from '../../test/storefrontOrder.js';

const CLIENT_ID =
  'AZDxjDScFpQtjWTOUtWKbyN_bDt4OgqaF4eYXlewfBP4-8aqX3PiV8e1GWU6liB2CUXlkA59kJXE7M6R';
const CLIENT_SECRET = 'EGnHDxD_qRPdaLdZz8iCr8N7_MzF-YHPTkjs6NKYQvQSBngp4PTTVWkPZRbL';
const WEBHOOK_ID = '1JE4291016473214C';

describe.each(BACKENDS)('PayPal checkout on %s', (backend) => {
  let t: TestApp;
  let paypal: Awaited<ReturnType<typeof startFakePayPal>>;
  let seller: string;
  let gatewayId: number;
  let otherGatewayId: number;
  let sale: Awaited<ReturnType<typeof storeWithCampaign>>;

  const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

  const checkout = async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/public/stores/paypal-shop/checkouts',
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
        email: 'buyer@example.test',
        shipping_address: {
          name: 'Bea Buyer',
          line1: '1 Main St',
          city: 'Austin',
          state: 'TX',
          postcode: '73301',
          country: 'US',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    return body<{ checkout_id: string; totals: { total: number } }>(created).data;
  };
  /** "Pay with PayPal" from the buyer's checkout page. */
  const start = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/public/checkouts/${id}/paypal`,
      headers: { origin: 'http://shop.test', host: 'shop.test' },
      payload: {},
    });
  const startedOrder = async (id: string) => {
    const started = await start(id);
    expect(started.statusCode, started.body).toBe(200);
    const url = body<{ redirect_url: string }>(started).data.redirect_url;
    return new URL(url).searchParams.get('token') ?? '';
  };
  /** PayPal sending the buyer back, as it does: the return URL with `token` and `PayerID`. */
  const comeBack = (id: string, orderId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/s/paypal-shop/paypal/return/${id}?token=${orderId}&PayerID=QYR5Z8XDVJNXQ`,
    });
  const ordersOf = async (checkoutId: string) =>
    (
      await t.app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM orders WHERE checkout_id = $1',
        [checkoutId],
      )
    )[0]?.n;
  const captureEvent = (checkoutId: string, captureId: string, value: string) =>
    JSON.stringify({
      id: `WH-${captureId}`,
      event_version: '1.0',
      create_time: '2026-11-27T09:45:00.000Z',
      resource_type: 'capture',
      resource_version: '2.0',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      summary: `Payment completed for $ ${value} USD`,
      resource: {
        id: captureId,
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value },
        custom_id: checkoutId,
        final_capture: true,
      },
    });
  const deliver = (gateway: number, event: string, signature?: string) => {
    const transmission = `tx-${Math.random().toString(36).slice(2)}`;
    const time = '2026-11-27T09:45:01Z';
    return t.app.inject({
      method: 'POST',
      url: `/public/payments/paypal/${gateway}/webhook`,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594',
        'paypal-transmission-id': transmission,
        'paypal-transmission-time': time,
        'paypal-transmission-sig':
          signature ?? fakePayPalSignature(transmission, time, WEBHOOK_ID, event),
      },
      payload: event,
    });
  };
  const value = (minor: number) => (minor / 100).toFixed(2);

  beforeAll(async () => {
    paypal = await startFakePayPal({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    t = await createTestApp(backend, { paypalApiUrl: paypal.url });
    const sellerId = (await createUser(t.app, { email: 'paypal@example.test' })).id;
    await t.app.db.query('UPDATE users SET custom_payment = true WHERE id = $1', [sellerId]);
    const otherId = (await createUser(t.app, { email: 'paypal-rival@example.test' })).id;
    await t.app.db.query('UPDATE users SET custom_payment = true WHERE id = $1', [otherId]);
    seller = await login(t.app, 'paypal@example.test');
    const other = await login(t.app, 'paypal-rival@example.test');
    sale = await storeWithCampaign(t.app, seller, 'paypal-shop');
    const rival = await call(other, 'POST', '/seller/payment-gateways', {
      provider: 'paypal',
      name: 'Rival PayPal',
      mode: 'sandbox',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      webhook_id: '9XL90610J3647323C',
    });
    otherGatewayId = body<{ id: number }>(rival).data.id;
  });
  afterAll(async () => {
    await t?.close();
    await paypal?.close();
  });

  it('keeps the PayPal app sealed, answers it masked and sets it on a store', async () => {
    const bad = await call(seller, 'POST', '/seller/payment-gateways', {
      provider: 'paypal',
      name: 'My PayPal',
      mode: 'sandbox',
      client_id: 'short',
      client_secret: CLIENT_SECRET,
      webhook_id: WEBHOOK_ID,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('A client id is 16 to 128 letters');

    const created = await call(seller, 'POST', '/seller/payment-gateways', {
      provider: 'paypal',
      name: 'My PayPal',
      mode: 'sandbox',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      webhook_id: WEBHOOK_ID,
    });
    expect(created.statusCode, created.body).toBe(200);
    const view = body<{
      id: number;
      provider: string;
      mode: string;
      shown: Record<string, string>;
      webhook_path: string;
    }>(created).data;
    gatewayId = view.id;
    expect(view).toMatchObject({ provider: 'paypal', mode: 'test' });
    expect(view.shown).toEqual({
      client_id: `•••• ${CLIENT_ID.slice(-4)}`,
      client_secret: `•••• ${CLIENT_SECRET.slice(-4)}`,
      webhook_id: `•••• ${WEBHOOK_ID.slice(-4)}`,
    });
    expect(view.webhook_path).toBe(`/public/payments/paypal/${gatewayId}/webhook`);
    for (const secret of [CLIENT_ID, CLIENT_SECRET, WEBHOOK_ID]) {
      expect(created.body).not.toContain(secret);
    }
    const [row] = await t.app.db.query<{ credentials: string }>(
      'SELECT credentials FROM payment_gateways WHERE id = $1',
      [gatewayId],
    );
    expect(row?.credentials).toMatch(/^v1\./);
    expect(row?.credentials).not.toContain(CLIENT_SECRET);

    const [store] = await t.app.db.query<{ id: number }>(
      "SELECT id::int AS id FROM stores WHERE slug = 'paypal-shop'",
    );
    const set = await call(seller, 'PUT', `/seller/stores/${store?.id}/payment-gateway`, {
      gateway_id: gatewayId,
    });
    expect(set.statusCode, set.body).toBe(200);
  });

  it('offers "Pay with PayPal" on the checkout page instead of a card', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/s/paypal-shop/checkout' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay with PayPal');
    expect(page.body).not.toContain('id="card"');
    const { checkout_id } = await checkout();
    const card = await t.app.inject({
      method: 'POST',
      url: `/public/checkouts/${checkout_id}/pay`,
      payload: { gateway: 'test', card_number: '4242424242424242' },
    });
    expect(card.statusCode).toBe(422);
    expect(await ordersOf(checkout_id)).toBe(0);
  });

  it('sends the buyer to PayPal once per checkout, then captures once on the way back', async () => {
    const { checkout_id, totals } = await checkout();
    const started = await start(checkout_id);
    expect(started.statusCode, started.body).toBe(200);
    const approveUrl = body<{ redirect_url: string }>(started).data.redirect_url;
    expect(approveUrl).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/checkoutnow\?token=\w+$/);
    const orderId = new URL(approveUrl).searchParams.get('token') ?? '';
    const create = paypal.creates.at(-1);
    expect(create?.requestId).toBe(checkout_id);
    expect(create?.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        { custom_id: checkout_id, amount: { currency_code: 'USD', value: value(totals.total) } },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: `http://shop.test/s/paypal-shop/paypal/return/${checkout_id}`,
            cancel_url: 'http://shop.test/s/paypal-shop/checkout?paypal=cancelled',
          },
        },
      },
    });
    // A double click answers the same PayPal order.
    expect(await startedOrder(checkout_id)).toBe(orderId);
    expect(paypal.creates.filter((c) => c.requestId === checkout_id)).toHaveLength(1);

    paypal.approve(orderId);
    const back = await comeBack(checkout_id, orderId);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/s/paypal-shop/thank-you/${checkout_id}`);
    const thanks = await t.app.inject({ method: 'GET', url: back.headers.location as string });
    expect(thanks.body).toContain('Thank you for your order');
    expect(thanks.body).toContain('id="order-confirmed"');

    // A reload of the return page and PayPal's webhook, replayed, make nothing more.
    const again = await comeBack(checkout_id, orderId);
    expect(again.headers.location).toBe(`/s/paypal-shop/thank-you/${checkout_id}`);
    const captureId = paypal.orders.get(orderId)?.capture?.id ?? '';
    for (let i = 0; i < 2; i += 1) {
      const hook = await deliver(
        gatewayId,
        captureEvent(checkout_id, captureId, value(totals.total)),
      );
      expect(hook.statusCode, hook.body).toBe(200);
    }
    expect(await ordersOf(checkout_id)).toBe(1);
    expect(paypal.captures.filter((o) => o === orderId)).toHaveLength(1);
    const [order] = await t.app.db.query<{ payment_status: string; total: number }>(
      'SELECT payment_status, total::int AS total FROM orders WHERE checkout_id = $1',
      [checkout_id],
    );
    expect(order).toEqual({ payment_status: 'paid', total: totals.total });
    // Paying again answers the confirmation.
    const paid = await start(checkout_id);
    expect(body<{ redirect_url: string }>(paid).data.redirect_url).toBe(
      `http://shop.test/s/paypal-shop/thank-you/${checkout_id}`,
    );
  });

  it('makes one order and one capture when the return, its reload and the webhook race', async () => {
    const { checkout_id, totals } = await checkout();
    const orderId = await startedOrder(checkout_id);
    paypal.approve(orderId);
    const answers = await Promise.all([
      comeBack(checkout_id, orderId),
      comeBack(checkout_id, orderId),
      comeBack(checkout_id, orderId),
    ]);
    for (const answer of answers) {
      expect(answer.headers.location).toBe(`/s/paypal-shop/thank-you/${checkout_id}`);
    }
    const captureId = paypal.orders.get(orderId)?.capture?.id ?? '';
    await Promise.all(
      [1, 2].map(() =>
        deliver(gatewayId, captureEvent(checkout_id, captureId, value(totals.total))),
      ),
    );
    expect(await ordersOf(checkout_id)).toBe(1);
    expect(paypal.captures.filter((o) => o === orderId)).toHaveLength(1);
  });

  it('makes the order from the verified webhook when the buyer never comes back', async () => {
    const { checkout_id, totals } = await checkout();
    const orderId = await startedOrder(checkout_id);
    const event = captureEvent(checkout_id, 'CAPTURE0000000001', value(totals.total));

    const forged = await deliver(gatewayId, event, 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.statusCode).toBe(400);
    expect(body(forged).message).toBe('PayPal did not verify this webhook signature');
    // Verified with the account's webhook id and the event exactly as it came.
    const asked = paypal.verifications.at(-1);
    expect(asked).toMatchObject({ webhook_id: WEBHOOK_ID, auth_algo: 'SHA256withRSA' });
    expect(asked?.webhook_event).toEqual(JSON.parse(event));
    // Another seller's account cannot make this seller's order.
    const rival = await deliver(otherGatewayId, event);
    expect(rival.statusCode).toBe(400);
    // A capture of another amount makes nothing.
    const short = await deliver(gatewayId, captureEvent(checkout_id, 'CAPTURE0000000002', '1.00'));
    expect(short.statusCode).toBe(200);
    expect(await ordersOf(checkout_id)).toBe(0);

    for (let i = 0; i < 3; i += 1) {
      expect((await deliver(gatewayId, event)).statusCode).toBe(200);
    }
    expect(await ordersOf(checkout_id)).toBe(1);
    // The buyer arriving late sees the confirmation; no capture is tried.
    paypal.approve(orderId);
    const late = await comeBack(checkout_id, orderId);
    expect(late.headers.location).toBe(`/s/paypal-shop/thank-you/${checkout_id}`);
    expect(paypal.captures.filter((o) => o === orderId)).toHaveLength(0);
    expect(await ordersOf(checkout_id)).toBe(1);
  });

  it('shows a declined capture on the checkout and makes no order, then takes another card', async () => {
    const { checkout_id } = await checkout();
    const orderId = await startedOrder(checkout_id);
    paypal.approve(orderId);
    paypal.decline(orderId);
    const back = await comeBack(checkout_id, orderId);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/s/paypal-shop/checkout?paypal=declined');
    expect(await ordersOf(checkout_id)).toBe(0);
    const page = await t.app.inject({ method: 'GET', url: back.headers.location as string });
    expect(page.body).toContain(
      PAYPAL_CHECKOUT_MESSAGES.declined.replace(/'/g, '&#39;').replace(/"/g, '&quot;'),
    );

    // Paying again sends the buyer to the same PayPal order to choose another card.
    expect(await startedOrder(checkout_id)).toBe(orderId);
    paypal.approve(orderId);
    const paid = await comeBack(checkout_id, orderId);
    expect(paid.headers.location).toBe(`/s/paypal-shop/thank-you/${checkout_id}`);
    expect(await ordersOf(checkout_id)).toBe(1);
    expect(paypal.captures.filter((o) => o === orderId)).toHaveLength(1);
  });

  it('brings a buyer who cancelled at PayPal back to the checkout with a message', async () => {
    const { checkout_id } = await checkout();
    await startedOrder(checkout_id);
    const cancel = paypal.creates.at(-1)?.body as {
      payment_source: { paypal: { experience_context: { cancel_url: string } } };
    };
    const path = new URL(cancel.payment_source.paypal.experience_context.cancel_url);
    const page = await t.app.inject({ method: 'GET', url: `${path.pathname}${path.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You cancelled the payment at PayPal.');
    expect(await ordersOf(checkout_id)).toBe(0);
    // A return naming another PayPal order makes no order either.
    const early = await comeBack(checkout_id, 'WRONGTOKEN');
    expect(early.headers.location).toBe('/s/paypal-shop/checkout?paypal=failed');
    expect(await ordersOf(checkout_id)).toBe(0);
  });

  it('takes the webhook id after the gateway is saved, and verifies nothing without one', async () => {
    const created = await call(seller, 'POST', '/seller/payment-gateways', {
      provider: 'paypal',
      name: 'PayPal, webhook later',
      mode: 'sandbox',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      webhook_id: '',
    });
    expect(created.statusCode, created.body).toBe(200);
    const later = body<{ id: number; shown: Record<string, string> }>(created).data;
    expect(later.shown.webhook_id).toBe('');
    const { checkout_id, totals } = await checkout();
    const event = captureEvent(checkout_id, 'CAPTURE0000000009', value(totals.total));
    const early = await deliver(later.id, event);
    expect(early.statusCode).toBe(404);
    expect(body(early).message).toBe('This PayPal gateway has no webhook id yet');

    const bad = await call(seller, 'PUT', `/seller/payment-gateways/${later.id}/webhook-id`, {
      webhook_id: 'no spaces allowed',
    });
    expect(bad.statusCode).toBe(400);
    const set = await call(seller, 'PUT', `/seller/payment-gateways/${later.id}/webhook-id`, {
      webhook_id: WEBHOOK_ID,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(body<{ shown: Record<string, string> }>(set).data.shown).toEqual({
      client_id: `•••• ${CLIENT_ID.slice(-4)}`,
      client_secret: `•••• ${CLIENT_SECRET.slice(-4)}`,
      webhook_id: `•••• ${WEBHOOK_ID.slice(-4)}`,
    });
    expect(set.body).not.toContain(WEBHOOK_ID);
    // Sealed again with the secret: the account still opens and verifies deliveries.
    expect((await deliver(later.id, event)).statusCode).toBe(200);
    expect(await ordersOf(checkout_id)).toBe(1);
    // Another seller's gateway is not this seller's to change.
    const foreign = await call(
      seller,
      'PUT',
      `/seller/payment-gateways/${otherGatewayId}/webhook-id`,
      {
        webhook_id: WEBHOOK_ID,
      },
    );
    expect(foreign.statusCode).toBe(404);
  });
});
