import type {
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  RefundRequest,
  RefundResult,
} from './PaymentGateway.js';

/** PayPal's REST API hosts by the mode of the seller's app. */
export const PAYPAL_API_BASES = {
  test: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

/** Currencies PayPal takes without decimals (its currency codes reference). */
const WHOLE_CURRENCIES = new Set(['HUF', 'JPY', 'TWD']);

export const PAYPAL_MESSAGES = {
  approve: 'Approve the payment at PayPal.',
  pending: 'PayPal has not completed this payment yet.',
  declined: 'PayPal declined this payment method. Choose another card or account at PayPal.',
  notApproved: 'The payment was not approved at PayPal.',
  mismatch: 'PayPal captured another amount than this checkout’s total.',
  wholeAmount: 'PayPal takes this currency in whole units only.',
  refundPending: 'PayPal has not finished this refund yet.',
  refundFailed: 'PayPal could not refund this payment.',
  refundCancelled: 'PayPal cancelled this refund.',
} as const;

/** A seller's PayPal REST app. */
export interface PayPalAccount {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** `PAYPAL_API_BASES` by the account's mode, or the server's override. */
  baseUrl: string;
}

/** A PayPal API answer that is neither a success nor a documented business refusal. */
export class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string,
    message: string,
  ) {
    super(message);
  }
}

/** Minor units as PayPal's `amount.value` (a decimal string). */
export function paypalValue(minor: number, currency: string): string | null {
  if (WHOLE_CURRENCIES.has(currency.toUpperCase())) {
    return minor % 100 === 0 ? String(minor / 100) : null;
  }
  return (minor / 100).toFixed(2);
}

/** PayPal's `amount.value` back to minor units. */
export function paypalMinor(value: string): number {
  return Math.round(Number(value) * 100);
}

interface PayPalLink {
  href: string;
  rel: string;
}
interface PayPalCapture {
  id: string;
  status: string;
  amount?: { currency_code: string; value: string };
  custom_id?: string;
}
interface PayPalOrder {
  id: string;
  status: string;
  links?: PayPalLink[];
  purchase_units?: Array<{
    custom_id?: string;
    payments?: { captures?: PayPalCapture[] };
  }>;
}
interface PayPalRefund {
  id: string;
  status: string;
  status_details?: { reason?: string };
}
interface PayPalError {
  name?: string;
  message?: string;
  details?: Array<{ issue?: string; description?: string }>;
}

/** The refund in a `PAYMENT.CAPTURE.REFUNDED` event (a Payments v2 refund). */
export interface PayPalRefundResource {
  id?: string;
  status?: string;
  links?: PayPalLink[];
}

/**
 * A refund's news in PayPal's `PAYMENT.CAPTURE.REFUNDED` event: the refund id, the capture it
 * refunds (its `up` link, `/v2/payments/captures/{id}`) and its status.
 */
export function paypalRefundNews(resource: PayPalRefundResource | undefined):
  | {
      reference: string;
      paymentReference?: string | undefined;
      status: 'processing' | 'completed' | 'failed';
      message?: string;
    }
  | undefined {
  if (!resource?.id) return undefined;
  const up = resource.links?.find((l) => l.rel === 'up')?.href ?? '';
  const capture = /\/v2\/payments\/captures\/([^/?#]+)/.exec(up)?.[1];
  const where = { reference: resource.id, paymentReference: capture };
  if (resource.status === 'COMPLETED') return { ...where, status: 'completed' };
  if (resource.status === 'PENDING') {
    return { ...where, status: 'processing', message: PAYPAL_MESSAGES.refundPending };
  }
  if (resource.status === 'FAILED' || resource.status === 'CANCELLED') {
    return {
      ...where,
      status: 'failed',
      message:
        resource.status === 'CANCELLED'
          ? PAYPAL_MESSAGES.refundCancelled
          : PAYPAL_MESSAGES.refundFailed,
    };
  }
  return undefined;
}

/** Access tokens by app, reused until a minute before they expire. */
const tokens = new Map<string, { token: string; expiresAt: number }>();

/** Headers PayPal signs a webhook delivery with. */
export interface PayPalWebhookHeaders {
  'paypal-auth-algo'?: string | string[] | undefined;
  'paypal-cert-url'?: string | string[] | undefined;
  'paypal-transmission-id'?: string | string[] | undefined;
  'paypal-transmission-sig'?: string | string[] | undefined;
  'paypal-transmission-time'?: string | string[] | undefined;
}

const header = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : (value?.[0] ?? '');

/**
 * A seller's PayPal account through PayPal's REST API (Orders v2), with `fetch`: an OAuth2
 * client-credentials token (`POST /v1/oauth2/token`), the checkout as an order with intent
 * CAPTURE (`POST /v2/checkout/orders`, the checkout id as `PayPal-Request-Id`, `custom_id` and
 * `reference_id`), which the buyer approves on PayPal's page, then its capture (`POST
 * /v2/checkout/orders/{id}/capture`, `PayPal-Request-Id` `{checkout}-capture`, with the number
 * of declined captures after it once the buyer picked another card: a repeated capture answers
 * the first one). `charge` without a reference creates the order and answers
 * `requires_action` with the approve page; with the order id as reference it captures.
 */
export class PayPalGateway implements PaymentGateway {
  readonly name = 'paypal' as const;

  constructor(private readonly account: PayPalAccount) {}

  /** Whether the seller gave the id of the webhook PayPal posts to (needed to verify it). */
  get hasWebhook(): boolean {
    return this.account.webhookId !== '';
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const value = paypalValue(request.amount, request.currency);
    if (value === null) return { status: 'declined', message: PAYPAL_MESSAGES.wholeAmount };
    const expected = { currency_code: request.currency.toUpperCase(), value };
    return request.reference
      ? this.capture(request.idempotencyKey, request.reference, expected, request.retry ?? 0)
      : this.createOrder(request, expected);
  }

  /**
   * Refunds a capture (Payments v2 `POST /v2/payments/captures/{id}/refund`, the amount as
   * PayPal's decimal string, the refund's key as `PayPal-Request-Id`: a repeated attempt answers
   * the first refund). COMPLETED is done; PENDING waits for PayPal (its webhook
   * `PAYMENT.CAPTURE.REFUNDED` tells the end); FAILED and CANCELLED, and a refusal (4xx such as
   * `CAPTURE_FULLY_REFUNDED`), are a failed refund with PayPal's words; PayPal unreachable or a
   * server error (5xx, 429) throws, so the attempt is tried again later.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const value = paypalValue(request.amount, request.currency);
    if (value === null) return { status: 'failed', message: PAYPAL_MESSAGES.wholeAmount };
    const answer = await this.call<PayPalRefund>(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(request.reference)}/refund`,
      JSON.stringify({
        amount: { currency_code: request.currency.toUpperCase(), value },
        note_to_payer: request.reason.slice(0, 255),
      }),
      { 'PayPal-Request-Id': request.idempotencyKey },
    );
    if (!answer.ok) {
      if (answer.status >= 500 || answer.status === 429) {
        throw new PayPalApiError(answer.status, answer.issue, answer.message);
      }
      return { status: 'failed', message: answer.message };
    }
    const refund = answer.body;
    if (refund.status === 'COMPLETED') return { status: 'completed', reference: refund.id };
    if (refund.status === 'PENDING') {
      const why = refund.status_details?.reason;
      return {
        status: 'processing',
        reference: refund.id,
        message: why
          ? `${PAYPAL_MESSAGES.refundPending} (${why.replaceAll('_', ' ').toLowerCase()})`
          : PAYPAL_MESSAGES.refundPending,
      };
    }
    return {
      status: 'failed',
      reference: refund.id,
      message:
        refund.status === 'CANCELLED'
          ? PAYPAL_MESSAGES.refundCancelled
          : PAYPAL_MESSAGES.refundFailed,
    };
  }

  /** Checks a webhook delivery with PayPal (`POST /v1/notifications/verify-webhook-signature`). */
  async verifyWebhook(headers: PayPalWebhookHeaders, rawEvent: string): Promise<boolean> {
    const fields = {
      auth_algo: header(headers['paypal-auth-algo']),
      cert_url: header(headers['paypal-cert-url']),
      transmission_id: header(headers['paypal-transmission-id']),
      transmission_sig: header(headers['paypal-transmission-sig']),
      transmission_time: header(headers['paypal-transmission-time']),
      webhook_id: this.account.webhookId,
    };
    if (!fields.transmission_id || !fields.transmission_sig) return false;
    // The event goes back exactly as it arrived: re-serialising it could change its signature.
    const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawEvent}}`;
    const answer = await this.call<{ verification_status?: string }>(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      body,
    );
    if (!answer.ok) throw new PayPalApiError(answer.status, answer.issue, answer.message);
    return answer.body.verification_status === 'SUCCESS';
  }

  private async createOrder(
    request: ChargeRequest,
    amount: { currency_code: string; value: string },
  ): Promise<ChargeResult> {
    const answer = await this.call<PayPalOrder>(
      'POST',
      '/v2/checkout/orders',
      JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.idempotencyKey,
            custom_id: request.idempotencyKey,
            description: request.description.slice(0, 127),
            amount,
          },
        ],
        payment_source: {
          paypal: {
            email_address: request.email,
            experience_context: {
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              return_url: request.returnUrl,
              cancel_url: request.cancelUrl,
            },
          },
        },
      }),
      { 'PayPal-Request-Id': request.idempotencyKey },
    );
    if (!answer.ok) {
      if (answer.status === 400 || answer.status === 422) {
        return { status: 'declined', message: answer.message };
      }
      throw new PayPalApiError(answer.status, answer.issue, answer.message);
    }
    const order = answer.body;
    const approve = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
    if (!approve) {
      // An order PayPal answers without an approve page is already approved or done.
      return this.capture(request.idempotencyKey, order.id, amount, request.retry ?? 0);
    }
    return {
      status: 'requires_action',
      reference: order.id,
      message: PAYPAL_MESSAGES.approve,
      redirectUrl: approve.href,
    };
  }

  private async capture(
    key: string,
    orderId: string,
    amount: { currency_code: string; value: string },
    retry: number,
  ): Promise<ChargeResult> {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
    let answer = await this.call<PayPalOrder>('POST', `${path}/capture`, '{}', {
      'PayPal-Request-Id': retry > 0 ? `${key}-capture-${retry}` : `${key}-capture`,
    });
    if (!answer.ok && answer.issue === 'ORDER_ALREADY_CAPTURED') {
      answer = await this.call<PayPalOrder>('GET', path);
    }
    if (!answer.ok) {
      if (answer.issue === 'INSTRUMENT_DECLINED') {
        return { status: 'declined', reference: orderId, message: PAYPAL_MESSAGES.declined };
      }
      if (answer.issue === 'ORDER_NOT_APPROVED' || answer.issue === 'PAYER_ACTION_REQUIRED') {
        return { status: 'declined', reference: orderId, message: PAYPAL_MESSAGES.notApproved };
      }
      if (answer.status === 400 || answer.status === 404 || answer.status === 422) {
        return { status: 'declined', reference: orderId, message: answer.message };
      }
      throw new PayPalApiError(answer.status, answer.issue, answer.message);
    }
    const unit = answer.body.purchase_units?.[0];
    if (unit?.custom_id !== undefined && unit.custom_id !== key) {
      return { status: 'declined', message: 'This payment belongs to another checkout.' };
    }
    const capture = unit?.payments?.captures?.[0];
    if (!capture) {
      return { status: 'declined', reference: orderId, message: PAYPAL_MESSAGES.notApproved };
    }
    if (
      capture.amount &&
      (capture.amount.currency_code !== amount.currency_code ||
        paypalMinor(capture.amount.value) !== paypalMinor(amount.value))
    ) {
      return { status: 'declined', reference: capture.id, message: PAYPAL_MESSAGES.mismatch };
    }
    if (capture.status === 'COMPLETED') return { status: 'paid', reference: capture.id };
    if (capture.status === 'PENDING') {
      return { status: 'requires_action', reference: orderId, message: PAYPAL_MESSAGES.pending };
    }
    return { status: 'declined', reference: capture.id, message: PAYPAL_MESSAGES.declined };
  }

  private async token(fresh = false): Promise<string> {
    const cacheKey = `${this.account.baseUrl} ${this.account.clientId}`;
    const cached = tokens.get(cacheKey);
    if (!fresh && cached && cached.expiresAt > Date.now()) return cached.token;
    const basic = Buffer.from(`${this.account.clientId}:${this.account.clientSecret}`).toString(
      'base64',
    );
    const response = await fetch(`${this.account.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error_description?: string;
    };
    if (!response.ok || !body.access_token) {
      throw new PayPalApiError(
        response.status,
        'AUTHENTICATION_FAILURE',
        body.error_description ?? 'PayPal refused the client id and secret',
      );
    }
    tokens.set(cacheKey, {
      token: body.access_token,
      expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000,
    });
    return body.access_token;
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: string,
    headers: Record<string, string> = {},
  ): Promise<
    | { ok: true; status: number; body: T }
    | { ok: false; status: number; issue: string; message: string }
  > {
    const send = async (token: string) =>
      fetch(`${this.account.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          prefer: 'return=representation',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body } : {}),
        signal: AbortSignal.timeout(20_000),
      });
    let response = await send(await this.token());
    // An access token PayPal revoked before its expiry: one more try with a new one.
    if (response.status === 401) response = await send(await this.token(true));
    const parsed = (await response.json().catch(() => ({}))) as T & PayPalError;
    if (response.ok) return { ok: true, status: response.status, body: parsed };
    const detail = parsed.details?.[0];
    return {
      ok: false,
      status: response.status,
      issue: detail?.issue ?? parsed.name ?? 'UNKNOWN',
      message: detail?.description ?? parsed.message ?? `PayPal answered ${response.status}`,
    };
  }
}
