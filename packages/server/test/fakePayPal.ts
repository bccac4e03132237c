import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });

const id = (length: number) => randomBytes(length).toString('hex').toUpperCase().slice(0, length);

interface FakeOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  amount: { currency_code: string; value: string };
  custom_id: string;
  reference_id: string;
  return_url: string;
  cancel_url: string;
  capture?: { id: string; status: 'COMPLETED'; amount: { currency_code: string; value: string } };
}

/** The signature the fake accepts for a webhook delivery (PayPal signs with its certificate). */
export function fakePayPalSignature(
  transmissionId: string,
  time: string,
  webhookId: string,
  rawEvent: string,
): string {
  return createHash('sha256')
    .update(`${transmissionId}|${time}|${webhookId}|${rawEvent}`)
    .digest('base64');
}

/**
 * A local stand-in for PayPal's REST API answering as PayPal documents it: `POST
 * /v1/oauth2/token` (Basic client id and secret; 401 `invalid_client` otherwise), Orders v2 `POST
 * /v2/checkout/orders` (201 `PAYER_ACTION_REQUIRED` with its `payer-action` link; the same
 * `PayPal-Request-Id` answers the first response again), `POST /v2/checkout/orders/{id}/capture`
 * (201 `COMPLETED` with the capture, 422 `ORDER_NOT_APPROVED` before the buyer approved, 422
 * `INSTRUMENT_DECLINED` for an order set to decline, 422 `ORDER_ALREADY_CAPTURED`), `GET
 * /v2/checkout/orders/{id}` and `POST /v1/notifications/verify-webhook-signature`
 * (`verification_status` SUCCESS or FAILURE), Payments v2 `POST
 * /v2/payments/captures/{id}/refund` (201 COMPLETED, or PENDING / FAILED, or a 503
 * `SERVICE_UNAVAILABLE`, as `refundMode` says; 422 `CAPTURE_FULLY_REFUNDED` once refunded
 * whole; 404 for an unknown capture). `approve` stands for the buyer approving on PayPal.
 */
export async function startFakePayPal(app: { clientId: string; clientSecret: string }) {
  const orders = new Map<string, FakeOrder>();
  const tokens = new Set<string>();
  const byRequestId = new Map<string, { status: number; body: string }>();
  const declining = new Set<string>();
  const captures: string[] = [];
  const creates: Array<{ requestId: string | undefined; body: Record<string, unknown> }> = [];
  const verifications: Array<Record<string, unknown>> = [];
  let tokenCalls = 0;
  const refunds: Array<{
    id: string;
    capture_id: string;
    status: string;
    amount: { currency_code: string; value: string };
    note_to_payer?: string;
  }> = [];
  const refundCalls: Array<{ requestId: string | undefined; captureId: string }> = [];
  let refundMode: 'COMPLETED' | 'PENDING' | 'FAILED' | 'server_error' = 'COMPLETED';

  const server = createServer(async (request, response) => {
    const text = await read(request);
    const send = (status: number, value: unknown) => {
      const body = JSON.stringify(value);
      response.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': 'f1e2' });
      response.end(body);
      return { status, body };
    };
    const url = new URL(request.url ?? '/', 'http://paypal.test');
    const base = `http://${request.headers.host}`;
    if (request.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      tokenCalls += 1;
      const basic = Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64');
      if (
        request.headers.authorization !== `Basic ${basic}` ||
        new URLSearchParams(text).get('grant_type') !== 'client_credentials'
      ) {
        send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        return;
      }
      const token = `A21AA${id(24)}`;
      tokens.add(token);
      send(200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
        nonce: `2026-11-27T09:00:00Z${id(8)}`,
      });
      return;
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) {
      send(401, {
        error: 'invalid_token',
        error_description: 'Token signature verification failed',
      });
      return;
    }
    const requestId = request.headers['paypal-request-id'] as string | undefined;
    const replay = requestId ? byRequestId.get(`${url.pathname} ${requestId}`) : undefined;
    if (replay) {
      response.writeHead(replay.status === 201 ? 200 : replay.status, {
        'content-type': 'application/json',
      });
      response.end(replay.body);
      return;
    }
    const remember = (answer: { status: number; body: string }) => {
      if (requestId) byRequestId.set(`${url.pathname} ${requestId}`, answer);
    };
    const view = (order: FakeOrder) => ({
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      purchase_units: [
        {
          reference_id: order.reference_id,
          custom_id: order.custom_id,
          amount: order.amount,
          ...(order.capture
            ? { payments: { captures: [{ ...order.capture, custom_id: order.custom_id }] } }
            : {}),
        },
      ],
      links: [
        { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
        ...(order.status === 'PAYER_ACTION_REQUIRED'
          ? [
              {
                href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`,
                rel: 'payer-action',
                method: 'GET',
              },
            ]
          : []),
      ],
    });
    const unprocessable = (issue: string, description: string) =>
      send(422, {
        name: 'UNPROCESSABLE_ENTITY',
        details: [{ issue, description }],
        message:
          'The requested action could not be performed, semantically incorrect, or failed business validation.',
        debug_id: 'f1e2d3c4b5a69',
        links: [
          {
            href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`,
            rel: 'information_link',
            method: 'GET',
          },
        ],
      });

    if (request.method === 'POST' && url.pathname === '/v2/checkout/orders') {
      const body = JSON.parse(text) as {
        intent: string;
        purchase_units: Array<{
          reference_id: string;
          custom_id: string;
          amount: { currency_code: string; value: string };
        }>;
        payment_source: {
          paypal: { experience_context: { return_url: string; cancel_url: string } };
        };
      };
      creates.push({ requestId, body: body as unknown as Record<string, unknown> });
      const unit = body.purchase_units[0];
      if (body.intent !== 'CAPTURE' || !unit) {
        remember(send(400, { name: 'INVALID_REQUEST', message: 'Request is not well-formed' }));
        return;
      }
      const order: FakeOrder = {
        id: id(17),
        status: 'PAYER_ACTION_REQUIRED',
        amount: unit.amount,
        custom_id: unit.custom_id,
        reference_id: unit.reference_id,
        return_url: body.payment_source.paypal.experience_context.return_url,
        cancel_url: body.payment_source.paypal.experience_context.cancel_url,
      };
      orders.set(order.id, order);
      remember(send(201, view(order)));
      return;
    }
    const capture = /^\/v2\/checkout\/orders\/(\w+)\/capture$/.exec(url.pathname);
    if (request.method === 'POST' && capture) {
      const order = orders.get(capture[1] ?? '');
      if (!order) {
        remember(
          send(404, {
            name: 'RESOURCE_NOT_FOUND',
            details: [
              {
                issue: 'INVALID_RESOURCE_ID',
                description: 'Specified resource ID does not exist.',
              },
            ],
            message: 'The specified resource does not exist.',
          }),
        );
        return;
      }
      if (order.status === 'COMPLETED') {
        remember(unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.'));
        return;
      }
      if (order.status !== 'APPROVED') {
        remember(
          unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.'),
        );
        return;
      }
      if (declining.has(order.id)) {
        declining.delete(order.id);
        // PayPal wants the buyer sent back to the approve page to choose another source.
        order.status = 'PAYER_ACTION_REQUIRED';
        remember(
          unprocessable(
            'INSTRUMENT_DECLINED',
            "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
          ),
        );
        return;
      }
      order.status = 'COMPLETED';
      order.capture = { id: id(17), status: 'COMPLETED', amount: order.amount };
      captures.push(order.id);
      remember(send(201, view(order)));
      return;
    }
    const refund = /^\/v2\/payments\/captures\/(\w+)\/refund$/.exec(url.pathname);
    if (request.method === 'POST' && refund) {
      const captureId = refund[1] ?? '';
      refundCalls.push({ requestId, captureId });
      if (refundMode === 'server_error') {
        send(503, {
          name: 'SERVICE_UNAVAILABLE',
          message: 'Service Unavailable.',
          debug_id: '90957fca61718',
        });
        return;
      }
      const order = [...orders.values()].find((o) => o.capture?.id === captureId);
      if (!order?.capture) {
        remember(
          send(404, {
            name: 'RESOURCE_NOT_FOUND',
            details: [
              {
                issue: 'INVALID_RESOURCE_ID',
                description: 'Specified resource ID does not exist.',
              },
            ],
            message: 'The specified resource does not exist.',
          }),
        );
        return;
      }
      const body = JSON.parse(text || '{}') as {
        amount?: { currency_code: string; value: string };
        note_to_payer?: string;
      };
      if (refunds.some((r) => r.capture_id === captureId && r.status !== 'FAILED')) {
        remember(
          unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded'),
        );
        return;
      }
      const made = {
        id: id(17),
        capture_id: captureId,
        status: refundMode,
        amount: body.amount ?? order.capture.amount,
        ...(body.note_to_payer ? { note_to_payer: body.note_to_payer } : {}),
      };
      refunds.push(made);
      remember(
        send(201, {
          id: made.id,
          amount: made.amount,
          status: made.status,
          ...(made.status === 'PENDING' ? { status_details: { reason: 'ECHECK' } } : {}),
          note_to_payer: made.note_to_payer,
          create_time: '2026-11-27T10:00:00Z',
          update_time: '2026-11-27T10:00:00Z',
          links: [
            { href: `${base}/v2/payments/refunds/${made.id}`, rel: 'self', method: 'GET' },
            { href: `${base}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
          ],
        }),
      );
      return;
    }
    const one = /^\/v2\/checkout\/orders\/(\w+)$/.exec(url.pathname);
    if (request.method === 'GET' && one && orders.has(one[1] ?? '')) {
      send(200, view(orders.get(one[1] ?? '') as FakeOrder));
      return;
    }
    if (
      request.method === 'POST' &&
      url.pathname === '/v1/notifications/verify-webhook-signature'
    ) {
      const body = JSON.parse(text) as Record<string, string> & { webhook_event: unknown };
      verifications.push(body);
      const raw = /"webhook_event":(.*)}$/s.exec(text)?.[1] ?? '';
      const expected = fakePayPalSignature(
        body.transmission_id ?? '',
        body.transmission_time ?? '',
        body.webhook_id ?? '',
        raw,
      );
      send(200, {
        verification_status: body.transmission_sig === expected ? 'SUCCESS' : 'FAILURE',
      });
      return;
    }
    send(404, { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    creates,
    /** Orders captured (each capture PayPal made, not each call). */
    captures,
    verifications,
    /** Refunds PayPal made (each one, not each call), and every refund call. */
    refunds,
    refundCalls,
    setRefundMode: (mode: 'COMPLETED' | 'PENDING' | 'FAILED' | 'server_error') => {
      refundMode = mode;
    },
    tokenCalls: () => tokenCalls,
    /** The buyer approves the order on PayPal's page. */
    approve: (orderId: string) => {
      const order = orders.get(orderId);
      if (order && order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED';
    },
    /** The next capture of the order is declined (`INSTRUMENT_DECLINED`). */
    decline: (orderId: string) => declining.add(orderId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
