import type { OrderDetail } from '@printloom/core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakePayPalSignature, startFakePayPal } from '../../test/fakePayPal.js';
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
import { paidOrder, storeWithCampaign } from '../../test/storefrontOrder.js';
import { refundJob } from './refundJob.js';

const PAYPAL_APP = {
  clientId: 'AZDxjDScFpQtjWTOUtWKbyN_bDt4OgqaF4eYXlewfBP4-8aqX3PiV8e1GWU6liB2CUXlkA59kJXE7M6R',
  clientSecret: 'EGnHDxD_qRPdaLdZz8iCr8N7_MzF-YHPTkjs6NKYQvQSBngp4PTTVWkPZRbL',
};
const STRIPE_SECRET = 'sk_test_51RefundSecretKey';
const STRIPE_WEBHOOK_SECRET = 'whsec_refundSigningSecret';
const PAYPAL_WEBHOOK_ID = '1JE4291016473214C';

type Sale = Awaited<ReturnType<typeof storeWithCampaign>>;

describe.each(BACKENDS)('refunds through the gateway that charged the order, on %s', (backend) => {
  let t: TestApp;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let paypal: Awaited<ReturnType<typeof startFakePayPal>>;
  let seller: string;
  const sales: Record<string, Sale> = {};
  const gatewayIds: Record<string, number> = {};

  /** Stripe delivering an event to the account's webhook, signed with its signing secret. */
  const stripeDelivers = (event: object) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: `/public/payments/stripe/${gatewayIds.stripe}/webhook`,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: STRIPE_WEBHOOK_SECRET,
        }),
      },
      payload,
    });
  };
  /** PayPal delivering an event, with the headers its verification checks. */
  const paypalDelivers = (event: object) => {
    const raw = JSON.stringify(event);
    const transmission = `tx-${Math.random().toString(36).slice(2)}`;
    const time = '2026-11-27T10:05:00Z';
    return t.app.inject({
      method: 'POST',
      url: `/public/payments/paypal/${gatewayIds.paypal}/webhook`,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594',
        'paypal-transmission-id': transmission,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': fakePayPalSignature(transmission, time, PAYPAL_WEBHOOK_ID, raw),
      },
      payload: raw,
    });
  };

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(seller), ...(payload ? { payload } : {}) });

  const checkout = async (slug: string) => {
    const sale = sales[slug] as Sale;
    const created = await t.app.inject({
      method: 'POST',
      url: `/public/stores/${slug}/checkouts`,
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
    return body<{ checkout_id: string; totals: { total: number } }>(created).data.checkout_id;
  };
  const orderOfCheckout = async (checkoutId: string) => {
    const [row] = await t.app.db.query<{ id: number; payment_reference: string }>(
      'SELECT id::int AS id, payment_reference FROM orders WHERE checkout_id = $1',
      [checkoutId],
    );
    if (!row) throw new Error('no order');
    return row;
  };
  const stripeOrder = async () => {
    const id = await checkout('stripe-refunds');
    const paid = await t.app.inject({
      method: 'POST',
      url: `/public/checkouts/${id}/pay`,
      payload: { gateway: 'stripe', card_number: 'pm_card_visa' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return orderOfCheckout(id);
  };
  const paypalOrder = async () => {
    const id = await checkout('paypal-refunds');
    const started = await t.app.inject({
      method: 'POST',
      url: `/public/checkouts/${id}/paypal`,
      headers: { origin: 'http://shop.test', host: 'shop.test' },
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(200);
    const token =
      new URL(body<{ redirect_url: string }>(started).data.redirect_url).searchParams.get(
        'token',
      ) ?? '';
    paypal.approve(token);
    const back = await t.app.inject({
      method: 'GET',
      url: `/s/paypal-refunds/paypal/return/${id}?token=${token}&PayerID=QYR5Z8XDVJNXQ`,
    });
    expect(back.statusCode, back.body).toBe(303);
    return orderOfCheckout(id);
  };
  const cancel = (orderId: number) =>
    call('POST', `/seller/orders/${orderId}/status`, { status: 'cancelled' });
  const detail = async (orderId: number) => {
    const answer = await call('GET', `/seller/orders/${orderId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return body<OrderDetail>(answer).data;
  };
  /** The order once its refund reached `status` (the job runs in the background). */
  const refundReaches = async (orderId: number, status: string) => {
    let order: OrderDetail | undefined;
    await vi.waitFor(
      async () => {
        order = await detail(orderId);
        expect(order.refund?.status).toBe(status);
        // The detail's reads are not one snapshot: wait for the timeline entry too.
        expect(order.timeline.map((e) => e.kind)).toContain(`refund_${status}`);
      },
      { timeout: 30_000, interval: 200 },
    );
    return order as OrderDetail;
  };
  const kinds = (order: OrderDetail) => order.timeline.map((e) => e.kind);

  beforeAll(async () => {
    stripe = await startFakeStripe();
    paypal = await startFakePayPal(PAYPAL_APP);
    t = await createTestApp(backend, {
      stripeApiUrl: stripe.url,
      paypalApiUrl: paypal.url,
      refundRetrySeconds: [0, 0],
      jobPollingSeconds: 1,
    });
    const sellerId = (await createUser(t.app, { email: 'refunds@example.test' })).id;
    await t.app.db.query('UPDATE users SET custom_payment = true WHERE id = $1', [sellerId]);
    seller = await login(t.app, 'refunds@example.test');
    for (const slug of ['stripe-refunds', 'paypal-refunds', 'card-refunds']) {
      sales[slug] = await storeWithCampaign(t.app, seller, slug);
    }
    const accounts = [
      {
        slug: 'stripe-refunds',
        payload: {
          provider: 'stripe',
          name: 'Stripe',
          publishable_key: 'pk_test_51RefundPublishable',
          secret_key: STRIPE_SECRET,
          webhook_secret: STRIPE_WEBHOOK_SECRET,
        },
      },
      {
        slug: 'paypal-refunds',
        payload: {
          provider: 'paypal',
          name: 'PayPal',
          mode: 'sandbox',
          client_id: PAYPAL_APP.clientId,
          client_secret: PAYPAL_APP.clientSecret,
          webhook_id: PAYPAL_WEBHOOK_ID,
        },
      },
    ];
    for (const account of accounts) {
      const created = await call('POST', '/seller/payment-gateways', account.payload);
      expect(created.statusCode, created.body).toBe(200);
      const [store] = await t.app.db.query<{ id: number }>(
        'SELECT id::int AS id FROM stores WHERE slug = $1',
        [account.slug],
      );
      gatewayIds[account.payload.provider] = body<{ id: number }>(created).data.id;
      const set = await call('PUT', `/seller/stores/${store?.id}/payment-gateway`, {
        gateway_id: gatewayIds[account.payload.provider],
      });
      expect(set.statusCode, set.body).toBe(200);
    }
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
    await paypal?.close();
  });

  it('sends a cancelled Stripe order’s total back through Stripe, once, after the request', async () => {
    stripe.setRefundMode('succeeded');
    const order = await stripeOrder();
    const cancelled = await cancel(order.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(body<OrderDetail>(cancelled).data.payment_status).toBe('refunded');

    const done = await refundReaches(order.id, 'completed');
    expect(done.refund).toMatchObject({ provider: 'stripe', amount: done.total, message: null });
    const made = stripe.refunds.filter((r) => r.payment_intent === order.payment_reference);
    expect(made).toHaveLength(1);
    expect(made[0]?.amount).toBe(done.total);
    expect(made[0]?.reason).toBe('requested_by_customer');
    const calls = stripe.refundCalls.filter(
      (c) => c.form.get('payment_intent') === order.payment_reference,
    );
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(kinds(done)).toEqual(expect.arrayContaining(['refund_pending', 'refund_completed']));
    const completed = done.timeline.find((e) => e.kind === 'refund_completed');
    expect(completed?.detail.reference).toBe(made[0]?.id);
  });

  it('retries a refund Stripe cannot take, then records it failed with Stripe’s message', async () => {
    const order = await stripeOrder();
    stripe.setRefundMode('server_error');
    try {
      expect((await cancel(order.id)).statusCode).toBe(200);
      const failed = await refundReaches(order.id, 'failed');
      // The first attempt and the two retries of refundRetrySeconds.
      expect(failed.refund?.attempts).toBe(3);
      expect(failed.refund?.message).toContain('Stripe could not take the refund');
      expect(failed.refund?.message).toContain('An unknown error occurred');
      const entry = failed.timeline.find((e) => e.kind === 'refund_failed');
      expect(entry?.detail.message).toBe(failed.refund?.message);
      const calls = stripe.refundCalls.filter(
        (c) => c.form.get('payment_intent') === order.payment_reference,
      );
      expect(calls.length).toBeGreaterThanOrEqual(3);
      expect(new Set(calls.map((c) => c.key)).size).toBe(1);
      expect(stripe.refunds.filter((r) => r.payment_intent === order.payment_reference)).toEqual(
        [],
      );
    } finally {
      stripe.setRefundMode('succeeded');
    }
  });

  it('records a refund Stripe answers failed with its reason, without retrying', async () => {
    const order = await stripeOrder();
    stripe.setRefundMode('failed');
    try {
      await cancel(order.id);
      const failed = await refundReaches(order.id, 'failed');
      expect(failed.refund?.attempts).toBe(1);
      expect(failed.refund?.message).toBe(
        'Stripe could not refund: the card has expired or was cancelled.',
      );
    } finally {
      stripe.setRefundMode('succeeded');
    }
  });

  it('makes one refund of a double cancel and of a job run twice', async () => {
    const order = await stripeOrder();
    const answers = await Promise.all([cancel(order.id), cancel(order.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [refund] = await t.app.db.query<{ id: number }>(
      'SELECT id::int AS id FROM refunds WHERE order_id = $1',
      [order.id],
    );
    // The same attempt's job once more, as a redelivery would run it.
    await t.app.jobs.enqueue(t.app.db, refundJob, { refundId: refund?.id ?? 0, attempt: 0 });
    const done = await refundReaches(order.id, 'completed');
    expect(done.timeline.filter((e) => e.kind === 'refund_completed')).toHaveLength(1);
    expect(stripe.refunds.filter((r) => r.payment_intent === order.payment_reference)).toHaveLength(
      1,
    );
    const rows = await t.app.db.query('SELECT id FROM refunds WHERE order_id = $1', [order.id]);
    expect(rows).toHaveLength(1);
  });

  it('refunds a PayPal capture with its amount as a decimal string and PayPal-Request-Id', async () => {
    paypal.setRefundMode('COMPLETED');
    const order = await paypalOrder();
    expect((await cancel(order.id)).statusCode).toBe(200);
    const done = await refundReaches(order.id, 'completed');
    const made = paypal.refunds.filter((r) => r.capture_id === order.payment_reference);
    expect(made).toHaveLength(1);
    expect(made[0]?.amount).toEqual({ currency_code: 'USD', value: (done.total / 100).toFixed(2) });
    expect(made[0]?.note_to_payer).toBe(`Refund of order ${done.order_number}`);
    const ids = paypal.refundCalls
      .filter((c) => c.captureId === order.payment_reference)
      .map((c) => c.requestId);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(done.timeline.find((e) => e.kind === 'refund_completed')?.detail.reference).toBe(
      made[0]?.id,
    );
  });

  it('retries PayPal while it answers 503, then records the refund failed', async () => {
    const order = await paypalOrder();
    paypal.setRefundMode('server_error');
    try {
      await cancel(order.id);
      const failed = await refundReaches(order.id, 'failed');
      expect(failed.refund?.attempts).toBe(3);
      expect(failed.refund?.message).toBe(
        'PayPal could not take the refund: PayPal answered 503: Service Unavailable.',
      );
      const calls = paypal.refundCalls.filter((c) => c.captureId === order.payment_reference);
      expect(calls).toHaveLength(3);
      expect(new Set(calls.map((c) => c.requestId)).size).toBe(1);
    } finally {
      paypal.setRefundMode('COMPLETED');
    }
  });

  it('keeps a PayPal refund pending at PayPal as processing, with PayPal’s words', async () => {
    const order = await paypalOrder();
    paypal.setRefundMode('PENDING');
    try {
      await cancel(order.id);
      const waiting = await refundReaches(order.id, 'processing');
      expect(waiting.refund?.message).toBe('PayPal has not finished this refund yet. (echeck)');
      expect(kinds(waiting)).toContain('refund_processing');
    } finally {
      paypal.setRefundMode('COMPLETED');
    }
  });

  it('completes a Stripe refund left pending when refund.updated says it succeeded', async () => {
    const order = await stripeOrder();
    stripe.setRefundMode('pending');
    try {
      await cancel(order.id);
      const waiting = await refundReaches(order.id, 'processing');
      expect(waiting.refund?.message).toBe('Stripe has not finished this refund yet.');
      const refund = stripe.refunds.find((r) => r.payment_intent === order.payment_reference);
      if (!refund) throw new Error('no refund at Stripe');
      const event = {
        id: `evt_${refund.id}`,
        object: 'event',
        type: 'refund.updated',
        api_version: '2025-10-29.clover',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: { ...refund, status: 'succeeded' } },
      };
      for (let i = 0; i < 2; i += 1) {
        const hook = await stripeDelivers(event);
        expect(hook.statusCode, hook.body).toBe(200);
      }
      const done = await detail(order.id);
      expect(done.refund?.status).toBe('completed');
      expect(done.refund?.message).toBeNull();
      // The replay changes nothing more.
      expect(done.timeline.filter((e) => e.kind === 'refund_completed')).toHaveLength(1);
    } finally {
      stripe.setRefundMode('succeeded');
    }
  });

  it('completes a PayPal refund left pending on PAYMENT.CAPTURE.REFUNDED', async () => {
    const order = await paypalOrder();
    paypal.setRefundMode('PENDING');
    try {
      await cancel(order.id);
      await refundReaches(order.id, 'processing');
      const refund = paypal.refunds.find((r) => r.capture_id === order.payment_reference);
      if (!refund) throw new Error('no refund at PayPal');
      const hook = await paypalDelivers({
        id: `WH-${refund.id}`,
        event_version: '1.0',
        create_time: '2026-11-27T10:05:00.000Z',
        resource_type: 'refund',
        resource_version: '2.0',
        event_type: 'PAYMENT.CAPTURE.REFUNDED',
        summary: 'A USD refund was completed',
        resource: {
          id: refund.id,
          status: 'COMPLETED',
          amount: refund.amount,
          links: [
            { href: `${paypal.url}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
            {
              href: `${paypal.url}/v2/payments/captures/${order.payment_reference}`,
              rel: 'up',
              method: 'GET',
            },
          ],
        },
      });
      expect(hook.statusCode, hook.body).toBe(200);
      const done = await detail(order.id);
      expect(done.refund?.status).toBe('completed');
      expect(done.timeline.find((e) => e.kind === 'refund_completed')?.detail.reference).toBe(
        refund.id,
      );
    } finally {
      paypal.setRefundMode('COMPLETED');
    }
  });

  it('refunds a test-gateway order at once', async () => {
    const order = await paidOrder(t.app, 'card-refunds', sales['card-refunds'] as Sale);
    await cancel(order.order_id);
    const done = await refundReaches(order.order_id, 'completed');
    expect(done.refund?.provider).toBe('test');
  });
});
