import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/Db.js';
import type { JobQueue } from '../jobs/defineJob.js';
import { ORDER_EVENT_KINDS, recordOrderEvent } from '../orders/recordOrderEvent.js';
import { listGatewayAccounts, storeGatewayAccount } from '../sql/paymentGateways.js';
import { insertRefund, orderPayment, type RefundProvider } from '../sql/refunds.js';
import { REFUND_MESSAGES, refundJob } from './refundJob.js';

const isProvider = (name: string): name is RefundProvider =>
  name === 'test' || name === 'stripe' || name === 'paypal';

/**
 * Makes the refund of an order that has just been refunded, inside that change's transaction:
 * the whole total back through the gateway that charged it, the refund's job enqueued with it
 * (so it exists only if the cancellation commits), and `refund_pending` on the timeline. An
 * order no gateway charged (no reference) gets none; an order that already has one keeps it.
 *
 * The account: orders keep the provider, not the account, so it is the store's account of that
 * provider, else the seller's first one of it; without any the refund is failed at once with
 * a message saying to refund in the provider itself.
 */
export async function startRefund(
  tx: Queryable,
  jobs: JobQueue,
  order: { id: number; seller_id: number },
): Promise<void> {
  const paid = await orderPayment(tx, order.seller_id, order.id);
  if (!paid || paid.total <= 0 || !isProvider(paid.provider)) return;
  const provider = paid.provider;
  let gatewayId: number | null = null;
  if (provider !== 'test') {
    const storeAccount =
      paid.store_id === null ? undefined : await storeGatewayAccount(tx, paid.store_id);
    const account =
      storeAccount?.provider === provider
        ? storeAccount
        : (await listGatewayAccounts(tx, order.seller_id)).find((a) => a.provider === provider);
    gatewayId = account?.id ?? null;
  }
  const failure = provider !== 'test' && gatewayId === null;
  const refund = await insertRefund(tx, {
    sellerId: order.seller_id,
    orderId: order.id,
    provider,
    gatewayId,
    paymentReference: paid.reference,
    amount: paid.total,
    currency: paid.currency,
    idempotencyKey: randomUUID(),
    ...(failure ? { status: 'failed', lastError: REFUND_MESSAGES.noAccount(provider) } : {}),
  });
  if (!refund) return;
  await recordOrderEvent(tx, jobs, {
    orderId: order.id,
    sellerId: order.seller_id,
    kind: failure ? ORDER_EVENT_KINDS.refundFailed : ORDER_EVENT_KINDS.refundPending,
    detail: {
      provider,
      amount: refund.amount,
      currency: refund.currency,
      ...(failure ? { message: REFUND_MESSAGES.noAccount(provider) } : {}),
    },
    actor: { kind: 'system', id: null },
  });
  if (!failure) await jobs.enqueue(tx, refundJob, { refundId: refund.id, attempt: 0 });
}
