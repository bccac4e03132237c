import type { Queryable } from '../db/Db.js';
import type { JobQueue } from '../jobs/defineJob.js';
import { ORDER_EVENT_KINDS, recordOrderEvent } from '../orders/recordOrderEvent.js';
import {
  lockRefundByPayment,
  lockRefundByReference,
  type RefundProvider,
  type RefundRowStatus,
  recordRefundAttempt,
} from '../sql/refunds.js';

/** What a provider's webhook says about one of its refunds. */
export interface ProviderRefundUpdate {
  sellerId: number;
  provider: RefundProvider;
  /** The provider's refund id, when the event carries the refund. */
  reference?: string | undefined;
  /** The charge refunded (Stripe's PaymentIntent, PayPal's capture): one refund per order. */
  paymentReference?: string | undefined;
  status: Exclude<RefundRowStatus, 'pending'>;
  message?: string | undefined;
}

const KINDS = {
  processing: ORDER_EVENT_KINDS.refundProcessing,
  completed: ORDER_EVENT_KINDS.refundCompleted,
  failed: ORDER_EVENT_KINDS.refundFailed,
} as const;

/**
 * Applies a provider's word on a refund, under its row lock, to that seller's refund only: a
 * refund becomes `completed` from any other state (the provider's record wins, also over a
 * timeout the job recorded as failed), `failed` or `processing` only while not final. A
 * replayed event or one saying what is already recorded changes nothing. Answers whether the
 * refund changed. The job's own outcome is written only while the row is still `pending` at
 * its attempt, so the job never overwrites what a webhook wrote.
 */
export async function applyRefundUpdate(
  tx: Queryable,
  jobs: JobQueue,
  update: ProviderRefundUpdate,
): Promise<boolean> {
  const refund =
    (update.reference
      ? await lockRefundByReference(tx, update.sellerId, update.provider, update.reference)
      : undefined) ??
    (update.paymentReference
      ? await lockRefundByPayment(tx, update.sellerId, update.provider, update.paymentReference)
      : undefined);
  if (!refund || refund.status === 'completed' || refund.status === update.status) return false;
  if (update.status !== 'completed' && refund.status === 'failed') return false;
  const message = update.status === 'completed' ? null : (update.message ?? null);
  await recordRefundAttempt(tx, refund, {
    status: update.status,
    attempts: refund.attempts,
    reference: update.reference,
    error: message,
  });
  await recordOrderEvent(tx, jobs, {
    orderId: refund.order_id,
    sellerId: refund.seller_id,
    kind: KINDS[update.status],
    detail: {
      provider: refund.provider,
      amount: refund.amount,
      currency: refund.currency,
      via: 'webhook',
      ...(update.reference || refund.reference
        ? { reference: update.reference ?? refund.reference }
        : {}),
      ...(message ? { message } : {}),
    },
    actor: { kind: 'system', id: null },
  });
  return true;
}
