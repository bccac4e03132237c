/**
 * Sends an order's refund to the gateway that charged it, in the background, exactly once.
 *
 * Course of a refund (one row of `refunds`, migration 056):
 * - `pending`: made with the order's cancellation (`startRefund`, same transaction), its job
 *   enqueued with it; also while an attempt waits for its retry.
 * - an attempt calls the provider with the refund's idempotency key. The provider answers
 *   done → `completed`; accepted but not finished → `processing` (its webhook ends it);
 *   refused → `failed` with its message. Not reachable, 5xx or 429 → the attempt is counted,
 *   its error kept, and the next one enqueued `settings.refundRetrySeconds[n]` later; after the
 *   last one the refund is `failed` with that error.
 * - A job whose attempt number no longer matches the row (a duplicate run) does nothing; the
 *   outcome is written only if the row is still at that attempt (checked under its lock). A run
 *   that reached the provider but died before writing is run again by pg-boss with the same
 *   key, and the provider answers the refund it already made.
 */
import { z } from 'zod';
import type { ServerSettings } from '../config.js';
import type { Queryable } from '../db/Db.js';
import { defineJob } from '../jobs/defineJob.js';
import { ORDER_EVENT_KINDS, recordOrderEvent } from '../orders/recordOrderEvent.js';
import { gatewayBox, openCredentials, openPayPalCredentials } from '../routes/paymentGateways.js';
import { getGatewayAccount } from '../sql/paymentGateways.js';
import { getRefund, type RefundRow, recordRefundAttempt } from '../sql/refunds.js';
import type { PaymentGateway, RefundResult } from './PaymentGateway.js';
import { PAYPAL_API_BASES, PayPalApiError, PayPalGateway } from './paypalGateway.js';
import { StripeGateway, stripeEndpoint } from './stripeGateway.js';
import { TestGateway } from './testGateway.js';

const PROVIDER_NAMES = { test: 'the test gateway', stripe: 'Stripe', paypal: 'PayPal' } as const;

export const REFUND_MESSAGES = {
  noAccount: (provider: keyof typeof PROVIDER_NAMES) =>
    `The ${PROVIDER_NAMES[provider]} account that took this payment is no longer in Payment gateways: refund the buyer in ${PROVIDER_NAMES[provider]} itself.`,
  unreadable: 'The payment gateway’s keys could not be read (server secret changed?).',
  unreachable: (provider: keyof typeof PROVIDER_NAMES, detail: string) =>
    `${PROVIDER_NAMES[provider].replace(/^the/, 'The')} could not take the refund: ${detail}`,
  reason: (orderNumber: string) => `Refund of order ${orderNumber}`,
} as const;

/** The built-in gateway's refunds (it keeps no account; one instance answers them all). */
export const testRefundGateway = new TestGateway();

/** The gateway a refund goes through: the seller's account it names, opened with the secret. */
async function gatewayOf(
  db: Queryable,
  settings: ServerSettings,
  refund: RefundRow,
): Promise<PaymentGateway | string> {
  if (refund.provider === 'test') return testRefundGateway;
  const account =
    refund.gateway_id === null
      ? undefined
      : await getGatewayAccount(db, refund.seller_id, refund.gateway_id);
  if (!account || account.provider !== refund.provider) {
    return REFUND_MESSAGES.noAccount(refund.provider);
  }
  const box = gatewayBox(settings.secret);
  if (account.provider === 'stripe') {
    const credentials = openCredentials(box, account);
    if (!credentials) return REFUND_MESSAGES.unreadable;
    return new StripeGateway(credentials.secret_key, stripeEndpoint(settings.stripeApiUrl));
  }
  const credentials = openPayPalCredentials(box, account);
  if (!credentials) return REFUND_MESSAGES.unreadable;
  return new PayPalGateway({
    clientId: credentials.client_id,
    clientSecret: credentials.client_secret,
    webhookId: credentials.webhook_id,
    baseUrl: settings.paypalApiUrl ?? PAYPAL_API_BASES[account.mode],
  });
}

/** Words for an attempt the provider did not answer. */
function unreachableDetail(error: unknown): string {
  if (error instanceof PayPalApiError) return `PayPal answered ${error.status}: ${error.message}`;
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}

export const refundJob = defineJob({
  name: 'payments.refund',
  payload: z.object({ refundId: z.number().int(), attempt: z.number().int().min(0) }),
  // For the database failing under the handler: the provider's own failures are scheduled by
  // the handler (settings.refundRetrySeconds) so the seller sees each attempt.
  retry: { limit: 3, delaySeconds: 5, backoff: true },
  expireInSeconds: 180,
  concurrency: 2,
  handler: async ({ refundId, attempt }, { db, settings, log, jobs }) => {
    const refund = await getRefund(db, refundId);
    if (refund?.status !== 'pending' || refund.attempts !== attempt) return;
    const gateway = await gatewayOf(db, settings, refund);
    let result: RefundResult | null = null;
    let error: string | null = null;
    if (typeof gateway === 'string') {
      result = { status: 'failed', message: gateway };
    } else {
      try {
        result = await gateway.refund({
          reference: refund.payment_reference,
          amount: refund.amount,
          currency: refund.currency,
          idempotencyKey: refund.idempotency_key,
          reason: REFUND_MESSAGES.reason(refund.order_number),
        });
      } catch (caught) {
        error = REFUND_MESSAGES.unreachable(refund.provider, unreachableDetail(caught));
        log.warn({ err: caught, refundId, attempt }, 'refund attempt failed');
      }
    }
    const wait = result ? undefined : settings.refundRetrySeconds[attempt];
    await db.transaction(async (tx) => {
      const current = await getRefund(tx, refundId, { lock: true });
      if (current?.status !== 'pending' || current.attempts !== attempt) return;
      const status = result ? result.status : wait === undefined ? 'failed' : 'pending';
      const message = result ? (result.status === 'completed' ? null : result.message) : error;
      await recordRefundAttempt(tx, current, {
        status,
        attempts: attempt + 1,
        reference: result?.reference,
        error: message ?? null,
      });
      const kind =
        status === 'completed'
          ? ORDER_EVENT_KINDS.refundCompleted
          : status === 'processing'
            ? ORDER_EVENT_KINDS.refundProcessing
            : status === 'failed'
              ? ORDER_EVENT_KINDS.refundFailed
              : null;
      if (kind) {
        await recordOrderEvent(tx, jobs, {
          orderId: current.order_id,
          sellerId: current.seller_id,
          kind,
          detail: {
            provider: current.provider,
            amount: current.amount,
            currency: current.currency,
            attempts: attempt + 1,
            ...(result?.reference ? { reference: result.reference } : {}),
            ...(message ? { message } : {}),
          },
          actor: { kind: 'system', id: null },
        });
      }
      if (status === 'pending' && wait !== undefined) {
        await jobs.enqueue(
          tx,
          refundJob,
          { refundId, attempt: attempt + 1 },
          { startAfter: new Date(Date.now() + wait * 1000) },
        );
      }
    });
  },
});
