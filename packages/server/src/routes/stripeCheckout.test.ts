import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../test/fakeStripe.js';
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

const PUBLISHABLE_KEY = 'pk_test_51AbCdEfGhIjKlMn';
const WEBHOOK_SECRET = 'whsec_elementSigningSecret1';

describe.each(BACKENDS)("Stripe's Payment Element on the checkout on %s", (backend) => {
  let t: TestApp;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let gatewayId: number;
  let sale: Awaited<ReturnType<typeof storeWithCampaign>>;

  const checkout = async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/public/stores/element-shop/checkouts',
      payload: {
        items: [
          {
            campaign_id: sale.campaignId,
            product_id: sale.product.id,
            color: sale.product.color,
            size: sale.product.size,
            quantity: 1,
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
  const start = async (id: string) => {
    const started = await t.app.inject({
      method: 'POST',
      url: `/public/checkouts/${id}/stripe`,
      headers: { origin: 'http://shop.test', host: 'shop.test' },
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(200);
    return body<{ client_secret: string | null; publishable_key: string; return_url: string }>(
      started,
    ).data;
  };
  const intentOf = (clientSecret: string | null) =>
    [...stripe.intents.values()].find((i) => i.client_secret === clientSecret);
  /** Stripe sending the buyer back as it does: `payment_intent`, its secret, `redirect_status`. */
  const comeBack = (id: string, intent: string) =>
    t.app.inject({
      method: 'GET',
      url: `/s/element-shop/stripe/return/${id}?payment_intent=${intent}&payment_intent_client_secret=x&redirect_status=succeeded`,
    });
  const ordersOf = async (checkoutId: string) =>
    (
      await t.app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM orders WHERE checkout_id = $1',
        [checkoutId],
      )
    )[0]?.n;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp(backend, { stripeApiUrl: stripe.url });
    const sellerId = (await createUser(t.app, { email: 'element@example.test' })).id;
    await t.app.db.query('UPDATE users SET custom_payment = true WHERE id = $1', [sellerId]);
    const seller = await login(t.app, 'element@example.test');
    sale = await storeWithCampaign(t.app, seller, 'element-shop');
    await storeWithCampaign(t.app, seller, 'card-shop');
    const created = await t.app.inject({
      method: 'POST',
      url: '/seller/payment-gateways',
      headers: bearer(seller),
      payload: {
        provider: 'stripe',
        name: 'Element Stripe',
        publishable_key: PUBLISHABLE_KEY,
        secret_key: 'sk_test_51ElementSecretKey',
        webhook_secret: WEBHOOK_SECRET,
      },
    });
    gatewayId = body<{ id: number }>(created).data.id;
    const [store] = await t.app.db.query<{ id: number }>(
      "SELECT id::int AS id FROM stores WHERE slug = 'element-shop'",
    );
    const set = await t.app.inject({
      method: 'PUT',
      url: `/seller/stores/${store?.id}/payment-gateway`,
      headers: bearer(seller),
      payload: { gateway_id: gatewayId },
    });
    expect(set.statusCode, set.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it("loads Stripe.js from js.stripe.com on that store's checkout only", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/s/element-shop/checkout' });
    expect(page.body).toContain('<script src="https://js.stripe.com/v3/" defer></script>');
    expect(page.body).toContain('id="payment-element"');
    expect(page.body).not.toContain('id="card"');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);

    const plain = await t.app.inject({ method: 'GET', url: '/s/card-shop/checkout' });
    expect(plain.body).toContain('id="card"');
    expect(plain.body).not.toContain('js.stripe.com');
    expect(String(plain.headers['content-security-policy'])).not.toContain('stripe.com');
  });

  it('makes one intent per checkout and one order once Stripe says it succeeded', async () => {
    const { checkout_id, totals } = await checkout();
    const first = await start(checkout_id);
    expect(first.publishable_key).toBe(PUBLISHABLE_KEY);
    expect(first.return_url).toBe(`http://shop.test/s/element-shop/stripe/return/${checkout_id}`);
    const again = await start(checkout_id);
    expect(again.client_secret).toBe(first.client_secret);
    const intent = intentOf(first.client_secret);
    expect(intent?.amount).toBe(totals.total);
    expect(intent?.metadata.checkout_id).toBe(checkout_id);
    expect(stripe.creates.filter((c) => c.key === `${checkout_id}-element`)).toHaveLength(1);

    // The browser says succeeded, Stripe does not yet: no order.
    const early = await comeBack(checkout_id, intent?.id ?? '');
    expect(early.headers.location).toBe('/s/element-shop/checkout?stripe=declined');
    expect(await ordersOf(checkout_id)).toBe(0);
    const forged = await comeBack(checkout_id, 'pi_someoneelse');
    expect(forged.headers.location).toBe('/s/element-shop/checkout?stripe=failed');

    if (intent) intent.status = 'processing';
    const pending = await comeBack(checkout_id, intent?.id ?? '');
    expect(pending.headers.location).toBe('/s/element-shop/checkout?stripe=pending');
    const page = await t.app.inject({ method: 'GET', url: pending.headers.location as string });
    expect(page.body).toContain('Your bank has not completed this payment yet.');

    if (intent) intent.status = 'succeeded';
    const [a, b] = await Promise.all([
      comeBack(checkout_id, intent?.id ?? ''),
      comeBack(checkout_id, intent?.id ?? ''),
    ]);
    expect(a?.headers.location).toBe(`/s/element-shop/thank-you/${checkout_id}`);
    expect(b?.headers.location).toBe(`/s/element-shop/thank-you/${checkout_id}`);
    // Stripe's webhook for the same intent makes nothing more.
    const event = JSON.stringify({
      id: 'evt_element_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { ...intent, object: 'payment_intent' } },
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: `/public/payments/stripe/${gatewayId}/webhook`,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: event,
          secret: WEBHOOK_SECRET,
        }),
      },
      payload: event,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect(await ordersOf(checkout_id)).toBe(1);
    // Starting again for a paid checkout sends the buyer to the confirmation.
    expect((await start(checkout_id)).client_secret).toBeNull();
  });
});
