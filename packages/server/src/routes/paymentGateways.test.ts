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
  memberSession,
  type TestApp,
} from '../../test/helpers.js';
import { storeWithCampaign } from '../../test/storefrontOrder.js';

const SECRET_KEY = 'sk_test_51AbCdEfGhIjKlMnOp';
const WEBHOOK_SECRET = 'whsec_testSigningSecret123';

describe.each(BACKENDS)('Stripe payment gateways on %s', (backend) => {
  let t: TestApp;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let seller: string;
  let sellerId: number;
  let other: string;
  let storeId: number;
  let gatewayId: number;
  let sale: Awaited<ReturnType<typeof storeWithCampaign>>;

  const call = (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

  const checkout = async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/public/stores/stripe-shop/checkouts',
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
  const pay = (id: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/public/checkouts/${id}/pay`, payload });
  const ordersOf = async (checkoutId: string) =>
    (
      await t.app.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM orders WHERE checkout_id = $1',
        [checkoutId],
      )
    )[0]?.n;
  const webhook = (payload: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: `/public/payments/stripe/${gatewayId}/webhook`,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp(backend, { stripeApiUrl: stripe.url });
    sellerId = (await createUser(t.app, { email: 'stripe@example.test' })).id;
    await t.app.db.query('UPDATE users SET custom_payment = true WHERE id = $1', [sellerId]);
    const otherId = (await createUser(t.app, { email: 'plain@example.test' })).id;
    await t.app.db.query('UPDATE users SET custom_payment = true WHERE id = $1', [otherId]);
    seller = await login(t.app, 'stripe@example.test');
    other = await login(t.app, 'plain@example.test');
    sale = await storeWithCampaign(t.app, seller, 'stripe-shop');
    const [store] = await t.app.db.query<{ id: number }>(
      "SELECT id::int AS id FROM stores WHERE slug = 'stripe-shop'",
    );
    storeId = store?.id ?? 0;
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('keeps the keys sealed and answers them masked', async () => {
    const created = await call(seller, 'POST', '/seller/payment-gateways', {
      provider: 'stripe',
      name: 'My Stripe',
      publishable_key: 'pk_test_51AbCdEfGhIjKlMn',
      secret_key: SECRET_KEY,
      webhook_secret: WEBHOOK_SECRET,
    });
    expect(created.statusCode, created.body).toBe(200);
    const view = body<{ id: number; mode: string; shown: Record<string, string> }>(created).data;
    gatewayId = view.id;
    expect(view.mode).toBe('test');
    expect(view.shown).toEqual({
      publishable_key: 'pk_test_51AbCdEfGhIjKlMn',
      secret_key: '•••• MnOp',
      webhook_secret: '•••• t123',
    });
    expect(created.body).not.toContain(SECRET_KEY);
    const [row] = await t.app.db.query<{ credentials: string }>(
      'SELECT credentials FROM payment_gateways WHERE id = $1',
      [gatewayId],
    );
    expect(row?.credentials).not.toContain('sk_test');
    expect(row?.credentials).toMatch(/^v1\./);
    const listed = await call(seller, 'GET', '/seller/payment-gateways');
    expect(listed.body).not.toContain(SECRET_KEY);

    const set = await call(seller, 'PUT', `/seller/stores/${storeId}/payment-gateway`, {
      gateway_id: gatewayId,
    });
    expect(set.statusCode, set.body).toBe(200);
    const again = body<Array<{ store_ids: number[] }>>(
      await call(seller, 'GET', '/seller/payment-gateways'),
    ).data;
    expect(again[0]?.store_ids).toEqual([storeId]);
  });

  it("charges through the store's Stripe account, once per checkout", async () => {
    const { checkout_id, totals } = await checkout();
    const test = await pay(checkout_id, { gateway: 'test', card_number: '4242424242424242' });
    expect(test.statusCode).toBe(422);
    expect(body(test).message).toBe('This store takes payment through stripe');

    const paid = await pay(checkout_id, { gateway: 'stripe', card_number: 'pm_card_visa' });
    expect(paid.statusCode, paid.body).toBe(200);
    const create = stripe.creates.at(-1);
    expect(create?.key).toBe(checkout_id);
    expect(create?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(Number(create?.form.get('amount'))).toBe(totals.total);
    expect(create?.form.get('currency')).toBe('usd');
    const again = await pay(checkout_id, { gateway: 'stripe', card_number: 'pm_card_visa' });
    expect(body(again).data).toEqual(body(paid).data);
    expect(await ordersOf(checkout_id)).toBe(1);
    expect(stripe.creates.filter((c) => c.key === checkout_id)).toHaveLength(1);
  });

  it('answers a declined card with 402 and no order', async () => {
    const { checkout_id } = await checkout();
    const declined = await pay(checkout_id, {
      gateway: 'stripe',
      card_number: 'pm_card_chargeDeclined',
    });
    expect(declined.statusCode).toBe(402);
    expect(body(declined).message).toBe('Your card was declined.');
    expect(await ordersOf(checkout_id)).toBe(0);
  });

  it('makes the order from a signed webhook once, however often Stripe replays it', async () => {
    const { checkout_id, totals } = await checkout();
    const pending = await pay(checkout_id, {
      gateway: 'stripe',
      card_number: 'pm_card_authenticationRequired',
    });
    expect(pending.statusCode).toBe(402);
    const intentId = (body(pending) as { errors?: { requires_action?: string[] } }).errors
      ?.requires_action?.[0];
    expect(intentId).toMatch(/^pi_/);
    const event = JSON.stringify({
      id: 'evt_test_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          amount: totals.total,
          currency: 'usd',
          status: 'succeeded',
          metadata: { checkout_id },
        },
      },
    });
    const forged = await webhook(event, 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    expect(await ordersOf(checkout_id)).toBe(0);

    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: event,
      secret: WEBHOOK_SECRET,
    });
    for (let i = 0; i < 3; i += 1) {
      const delivered = await webhook(event, signature);
      expect(delivered.statusCode, delivered.body).toBe(200);
    }
    expect(await ordersOf(checkout_id)).toBe(1);
    // The buyer's page asking again finds the order the webhook made.
    const after = await pay(checkout_id, { gateway: 'stripe', payment_reference: intentId });
    expect(after.statusCode).toBe(200);
    expect(await ordersOf(checkout_id)).toBe(1);
  });

  it("keeps a seller's gateways to them, for the account owner with custom payment", async () => {
    const rivalStore = body<{ id: number }>(
      await call(other, 'POST', '/seller/stores', { name: 'Rival', slug: 'rival-pay' }),
    ).data.id;
    expect(body(await call(other, 'GET', '/seller/payment-gateways')).data).toEqual([]);
    const borrow = await call(other, 'PUT', `/seller/stores/${rivalStore}/payment-gateway`, {
      gateway_id: gatewayId,
    });
    expect(borrow.statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/seller/payment-gateways/${gatewayId}`)).statusCode).toBe(
      404,
    );

    const member = await memberSession(t.app, sellerId, 'pay-member@example.test', [
      'update_campaign',
    ]);
    const refused = await call(member, 'GET', '/seller/payment-gateways');
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe('Only the account owner manages payment gateways');

    await t.app.db.query(
      "UPDATE users SET custom_payment = false WHERE email = 'plain@example.test'",
    );
    const gated = await call(other, 'GET', '/seller/payment-gateways');
    expect(gated.statusCode).toBe(403);
    expect(body(gated).message).toBe('Payment gateways are for sellers with custom payment');
  });
});
