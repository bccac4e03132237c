import Stripe from 'stripe';
import type {
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  RefundRequest,
  RefundResult,
} from './PaymentGateway.js';

/** Where the Stripe SDK sends its requests: Stripe itself unless a test server stands in. */
export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** Host, port and protocol of a base URL such as `http://127.0.0.1:4010`. */
export function stripeEndpoint(baseUrl: string | undefined): StripeEndpoint | undefined {
  if (!baseUrl) return undefined;
  const url = new URL(baseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
  };
}

export const STRIPE_CONFIRM_MESSAGE = 'Your bank asks you to confirm this payment.';

/**
 * A seller's Stripe account through the official SDK: a PaymentIntent created and confirmed in
 * one call with the payment method the buyer's browser got from Stripe.js (`cardNumber` carries
 * its `pm_…` id), the checkout id as Stripe's idempotency key (the same checkout never charges
 * twice) and as `metadata.checkout_id` (the webhook finds the checkout with it). A payment that
 * needs a second step is completed by the buyer with Stripe.js; paying again with its intent id
 * (`reference`) reads the intent back.
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(secretKey: string, endpoint?: StripeEndpoint) {
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 1,
      telemetry: false,
      ...(endpoint ?? {}),
    });
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    try {
      const intent = request.reference
        ? await this.stripe.paymentIntents.retrieve(request.reference)
        : await this.stripe.paymentIntents.create(
            {
              amount: request.amount,
              currency: request.currency.toLowerCase(),
              payment_method: request.cardNumber ?? '',
              confirm: true,
              description: request.description,
              receipt_email: request.email,
              metadata: { checkout_id: request.idempotencyKey },
              automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            },
            { idempotencyKey: request.idempotencyKey },
          );
      if (intent.metadata?.checkout_id !== request.idempotencyKey) {
        return { status: 'declined', message: 'This payment belongs to another checkout.' };
      }
      if (intent.status === 'succeeded') return { status: 'paid', reference: intent.id };
      if (intent.status === 'requires_action' || intent.status === 'processing') {
        return { status: 'requires_action', reference: intent.id, message: STRIPE_CONFIRM_MESSAGE };
      }
      return {
        status: 'declined',
        reference: intent.id,
        message: intent.last_payment_error?.message ?? 'The payment was not completed.',
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return { status: 'declined', message: error.message };
      }
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        return { status: 'declined', message: error.message };
      }
      throw error;
    }
  }

  /**
   * A refund of the order's PaymentIntent (`POST /v1/refunds` with `payment_intent` and
   * `amount`, the refund's key as `Idempotency-Key`: a repeated attempt answers the first
   * refund). `succeeded` is done; `pending` and `requires_action` wait for Stripe
   * (`refund.updated` tells the end); `failed` and `canceled` carry Stripe's reason. A refusal
   * (4xx) is a failed refund with Stripe's message; a connection error, a rate limit or a
   * Stripe server error throws, so the attempt is tried again later.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: request.reference,
          amount: request.amount,
          reason: 'requested_by_customer',
          metadata: { note: request.reason.slice(0, 500) },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (refund.status === 'succeeded') return { status: 'completed', reference: refund.id };
      if (refund.status === 'pending' || refund.status === 'requires_action') {
        return {
          status: 'processing',
          reference: refund.id,
          message: STRIPE_REFUND_MESSAGES[refund.status],
        };
      }
      return {
        status: 'failed',
        reference: refund.id,
        message: stripeRefundFailure(refund.failure_reason, refund.status),
      };
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeConnectionError ||
        error instanceof Stripe.errors.StripeAPIError ||
        error instanceof Stripe.errors.StripeRateLimitError
      ) {
        throw error;
      }
      if (error instanceof Stripe.errors.StripeError) {
        return { status: 'failed', message: error.message };
      }
      throw error;
    }
  }

  /**
   * The checkout's PaymentIntent for Stripe's Payment Element, not confirmed: the buyer's browser
   * confirms it with Stripe.js. One per checkout (idempotency key `{checkout}-element`).
   */
  async elementIntent(request: ChargeRequest): Promise<{ id: string; client_secret: string }> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: request.amount,
        currency: request.currency.toLowerCase(),
        description: request.description,
        receipt_email: request.email,
        metadata: { checkout_id: request.idempotencyKey },
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: `${request.idempotencyKey}-element` },
    );
    return { id: intent.id, client_secret: intent.client_secret ?? '' };
  }
}

export const STRIPE_REFUND_MESSAGES = {
  pending: 'Stripe has not finished this refund yet.',
  requires_action: 'Stripe needs more information from the buyer to finish this refund.',
} as const;

/** Words for Stripe's documented `failure_reason` values of a failed refund. */
const STRIPE_REFUND_FAILURES: Record<string, string> = {
  lost_or_stolen_card: 'the card was reported lost or stolen',
  expired_or_canceled_card: 'the card has expired or was cancelled',
  charge_for_pending_refund_disputed: 'the buyer disputed the charge',
  insufficient_funds: 'the Stripe balance is too low',
  declined: 'the card issuer declined it',
  merchant_request: 'it was cancelled in Stripe',
  unknown: 'Stripe gives no reason',
};

/** The message of a refund Stripe answered `failed` or `canceled`. */
export function stripeRefundFailure(reason: string | null | undefined, status: string | null) {
  const why = reason ? (STRIPE_REFUND_FAILURES[reason] ?? reason.replaceAll('_', ' ')) : null;
  const what = status === 'canceled' ? 'Stripe cancelled the refund' : 'Stripe could not refund';
  return why ? `${what}: ${why}.` : `${what}.`;
}

/** The id of an expandable Stripe field (a string, or the object when expanded). */
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** A refund's news in a Stripe event: `refund.updated`, `refund.failed`, `charge.refunded`. */
export function stripeRefundNews(event: Stripe.Event):
  | {
      reference?: string | undefined;
      paymentReference?: string | undefined;
      status: 'processing' | 'completed' | 'failed';
      message?: string;
    }
  | undefined {
  if (event.type === 'refund.updated' || event.type === 'refund.failed') {
    const refund = event.data.object;
    const where = { reference: refund.id, paymentReference: idOf(refund.payment_intent) };
    if (refund.status === 'succeeded') return { ...where, status: 'completed' };
    if (refund.status === 'failed' || refund.status === 'canceled') {
      return {
        ...where,
        status: 'failed',
        message: stripeRefundFailure(refund.failure_reason, refund.status),
      };
    }
    if (refund.status === 'pending' || refund.status === 'requires_action') {
      return { ...where, status: 'processing', message: STRIPE_REFUND_MESSAGES[refund.status] };
    }
    return undefined;
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    // Refunded whole: the order's refund (orders are refunded whole) is done.
    if (!charge.refunded) return undefined;
    return { paymentReference: idOf(charge.payment_intent), status: 'completed' };
  }
  return undefined;
}

/** Verifies a Stripe webhook with the SDK; throws when the signature does not match. */
export function stripeEvent(payload: Buffer, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(payload, signature, secret);
}
