import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'succeeded' | 'requires_action' | 'requires_payment_method' | 'processing';
  metadata: Record<string, string>;
  client_secret: string;
  last_payment_error: null | { code: string; message: string };
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  reason: string | null;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
  failure_reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

/** How the fake answers the next refunds: as made, or as one of Stripe's documented outcomes. */
export type FakeRefundMode = 'succeeded' | 'pending' | 'failed' | 'server_error';

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });

/**
 * A local stand-in for Stripe's API answering as Stripe documents PaymentIntents: `POST
 * /v1/payment_intents` (form-encoded, confirmed at once) with its test payment methods
 * (`pm_card_visa` succeeds, `pm_card_chargeDeclined` is a 402 `card_error`,
 * `pm_card_authenticationRequired` needs 3-D Secure: `requires_action`; one created without
 * `confirm` waits in `requires_payment_method` for Stripe.js), the same answer again
 * for a repeated `Idempotency-Key`, and `GET /v1/payment_intents/{id}`; and Refunds `POST
 * /v1/refunds` (`payment_intent`, `amount`): `succeeded` (or `pending` / `failed` with its
 * `failure_reason`, or a 500 `api_error`, as `refundMode` says), a 400
 * `charge_already_refunded` for an intent refunded whole, and the first answer again for a
 * repeated `Idempotency-Key`.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, { status: number; body: string }>();
  const creates: Array<{ key: string | undefined; authorization: string; form: URLSearchParams }> =
    [];
  const refunds: FakeRefund[] = [];
  const refundCalls: Array<{ key: string | undefined; form: URLSearchParams }> = [];
  let refundMode: FakeRefundMode = 'succeeded';
  const server = createServer(async (request, response) => {
    const text = await read(request);
    const send = (status: number, value: unknown) => {
      const body = JSON.stringify(value);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      response.end(body);
      return { status, body };
    };
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const key = request.headers['idempotency-key'] as string | undefined;
      const done = key ? byKey.get(key) : undefined;
      if (done) {
        response.writeHead(done.status, { 'content-type': 'application/json' });
        response.end(done.body);
        return;
      }
      const form = new URLSearchParams(text);
      creates.push({ key, authorization: request.headers.authorization ?? '', form });
      const intentId = `pi_${randomBytes(8).toString('hex')}`;
      const intent: FakeIntent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        status: 'succeeded',
        metadata: { checkout_id: form.get('metadata[checkout_id]') ?? '' },
        client_secret: `${intentId}_secret_${randomBytes(6).toString('hex')}`,
        last_payment_error: null,
      };
      const method = form.get('payment_method');
      let answer: { status: number; body: string };
      if (form.get('confirm') !== 'true') {
        // Not confirmed: the Payment Element confirms it in the buyer's browser.
        intent.status = 'requires_payment_method';
        intents.set(intent.id, intent);
        answer = send(200, intent);
      } else if (method === 'pm_card_chargeDeclined') {
        intent.status = 'requires_payment_method';
        intents.set(intent.id, intent);
        answer = send(402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            payment_intent: intent,
          },
        });
      } else {
        if (method === 'pm_card_authenticationRequired') intent.status = 'requires_action';
        intents.set(intent.id, intent);
        answer = send(200, intent);
      }
      if (key) byKey.set(key, answer);
      return;
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const key = request.headers['idempotency-key'] as string | undefined;
      const form = new URLSearchParams(text);
      refundCalls.push({ key, form });
      const done = key ? byKey.get(`refund ${key}`) : undefined;
      if (done) {
        response.writeHead(done.status, { 'content-type': 'application/json' });
        response.end(done.body);
        return;
      }
      if (refundMode === 'server_error') {
        // Stripe's servers failing: not remembered, the same key may be tried again.
        send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
        return;
      }
      const paid = intents.get(form.get('payment_intent') ?? '');
      let answer: { status: number; body: string };
      if (paid?.status !== 'succeeded') {
        answer = send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'payment_intent',
            message: `No such payment_intent: '${form.get('payment_intent')}'`,
          },
        });
      } else {
        const already = refunds
          .filter((r) => r.payment_intent === paid.id && r.status !== 'failed')
          .reduce((sum, r) => sum + r.amount, 0);
        const amount = Number(form.get('amount') ?? paid.amount - already);
        if (already + amount > paid.amount) {
          answer = send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: `Charge ch_${paid.id.slice(3)} has already been refunded.`,
            },
          });
        } else {
          const refund: FakeRefund = {
            id: `re_${randomBytes(8).toString('hex')}`,
            object: 'refund',
            amount,
            currency: paid.currency,
            payment_intent: paid.id,
            charge: `ch_${paid.id.slice(3)}`,
            reason: form.get('reason'),
            status: refundMode,
            failure_reason: refundMode === 'failed' ? 'expired_or_canceled_card' : null,
            metadata: { note: form.get('metadata[note]') ?? '' },
            created: Math.floor(Date.now() / 1000),
          };
          refunds.push(refund);
          answer = send(200, refund);
        }
      }
      if (key) byKey.set(`refund ${key}`, answer);
      return;
    }
    const one = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(url.pathname);
    const intent = one ? intents.get(one[1] ?? '') : undefined;
    if (request.method === 'GET' && intent) {
      send(200, intent);
      return;
    }
    send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    creates,
    /** Refunds Stripe made (each one, not each call), and every refund call. */
    refunds,
    refundCalls,
    setRefundMode: (mode: FakeRefundMode) => {
      refundMode = mode;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
