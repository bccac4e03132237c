import type { Queryable } from '../db/Db.js';

/** Refunds through the gateway that charged an order (migration 056). */

export type RefundProvider = 'test' | 'stripe' | 'paypal';
export type RefundRowStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface RefundRow {
  id: number;
  seller_id: number;
  order_id: number;
  provider: RefundProvider;
  gateway_id: number | null;
  payment_reference: string;
  reference: string | null;
  amount: number;
  currency: string;
  idempotency_key: string;
  status: RefundRowStatus;
  attempts: number;
  last_error: string | null;
  updated_at: Date;
  order_number: string;
}

const COLUMNS = `id::int AS id, seller_id::int AS seller_id, order_id::int AS order_id, provider,
  gateway_id::int AS gateway_id, payment_reference, reference, amount::int8 AS amount, currency,
  idempotency_key, status, attempts, last_error, updated_at,
  (SELECT o.order_number FROM orders o WHERE o.id = refunds.order_id) AS order_number`;

/** What an order was paid with, as a refund needs it; undefined when no gateway charged it. */
export async function orderPayment(
  db: Queryable,
  sellerId: number,
  orderId: number,
): Promise<
  | {
      provider: string;
      reference: string;
      total: number;
      currency: string;
      store_id: number | null;
    }
  | undefined
> {
  const rows = await db.query<{
    provider: string;
    reference: string;
    total: number;
    currency: string;
    store_id: number | null;
  }>(
    `SELECT payment_gateway AS provider, payment_reference AS reference, total::int8 AS total,
            currency, store_id::int AS store_id
       FROM orders
      WHERE id = $1 AND seller_id = $2 AND payment_gateway IS NOT NULL
        AND payment_reference IS NOT NULL AND payment_reference <> ''`,
    [orderId, sellerId],
  );
  return rows[0];
}

/** A new refund of an order; undefined when the order already has one (one per order). */
export async function insertRefund(
  db: Queryable,
  row: {
    sellerId: number;
    orderId: number;
    provider: RefundProvider;
    gatewayId: number | null;
    paymentReference: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
    status?: RefundRowStatus;
    lastError?: string;
  },
): Promise<RefundRow | undefined> {
  const rows = await db.query<RefundRow>(
    `INSERT INTO refunds (seller_id, order_id, provider, gateway_id, payment_reference, amount,
                          currency, idempotency_key, status, last_error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (order_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      row.sellerId,
      row.orderId,
      row.provider,
      row.gatewayId,
      row.paymentReference,
      row.amount,
      row.currency,
      row.idempotencyKey,
      row.status ?? 'pending',
      row.lastError ?? null,
    ],
  );
  return rows[0];
}

/** A refund by id, for its job (the job's payload names it; no seller scope to add). */
export async function getRefund(
  db: Queryable,
  id: number,
  options: { lock?: boolean } = {},
): Promise<RefundRow | undefined> {
  const rows = await db.query<RefundRow>(
    `SELECT ${COLUMNS} FROM refunds WHERE id = $1${options.lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

/** The refund of a seller's order, if any. */
export async function refundOfOrder(
  db: Queryable,
  sellerId: number,
  orderId: number,
): Promise<RefundRow | undefined> {
  const rows = await db.query<RefundRow>(
    `SELECT ${COLUMNS} FROM refunds WHERE order_id = $1 AND seller_id = $2`,
    [orderId, sellerId],
  );
  return rows[0];
}

/** A seller's refund by the provider's refund id (its webhooks name it), locked. */
export async function lockRefundByReference(
  db: Queryable,
  sellerId: number,
  provider: RefundProvider,
  reference: string,
): Promise<RefundRow | undefined> {
  const rows = await db.query<RefundRow>(
    `SELECT ${COLUMNS} FROM refunds
      WHERE provider = $1 AND reference = $2 AND seller_id = $3 FOR UPDATE`,
    [provider, reference, sellerId],
  );
  return rows[0];
}

/** A seller's refund of the charge `paymentReference` (Stripe's `charge.refunded`), locked. */
export async function lockRefundByPayment(
  db: Queryable,
  sellerId: number,
  provider: RefundProvider,
  paymentReference: string,
): Promise<RefundRow | undefined> {
  const rows = await db.query<RefundRow>(
    `SELECT ${COLUMNS} FROM refunds
      WHERE provider = $1 AND payment_reference = $2 AND seller_id = $3 FOR UPDATE`,
    [provider, paymentReference, sellerId],
  );
  return rows[0];
}

/** Writes one attempt's outcome: its status, the provider's refund id and its message. */
export async function recordRefundAttempt(
  db: Queryable,
  refund: Pick<RefundRow, 'id' | 'seller_id'>,
  outcome: {
    status: RefundRowStatus;
    attempts: number;
    reference?: string | undefined;
    error: string | null;
  },
): Promise<void> {
  await db.query(
    `UPDATE refunds
        SET status = $3, attempts = $4, reference = COALESCE($5, reference), last_error = $6,
            updated_at = now()
      WHERE id = $1 AND seller_id = $2`,
    [
      refund.id,
      refund.seller_id,
      outcome.status,
      outcome.attempts,
      outcome.reference ?? null,
      outcome.error,
    ],
  );
}
