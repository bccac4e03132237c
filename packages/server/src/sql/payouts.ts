/**
 * Payout accounts and payout requests (issue 14). A seller reads and writes only their own;
 * the operator's verbs (`…ForOperator`) find a row by id alone, the routes admit operators only.
 */
import type { PaymentAccountStatus, PayoutMethod, PayoutStatus } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

export interface PaymentAccountRow {
  id: number;
  seller_id: number;
  method: PayoutMethod;
  details_sealed: string;
  details_masked: Record<string, string>;
  label: string;
  status: PaymentAccountStatus;
  created_at: Date;
  updated_at: Date;
}

export async function listPaymentAccounts(
  q: Queryable,
  sellerId: number,
): Promise<PaymentAccountRow[]> {
  return q.query<PaymentAccountRow>(
    'SELECT * FROM payment_accounts WHERE seller_id = $1 ORDER BY id',
    [sellerId],
  );
}

export async function getPaymentAccount(
  q: Queryable,
  sellerId: number,
  id: number,
): Promise<PaymentAccountRow | undefined> {
  const [row] = await q.query<PaymentAccountRow>(
    'SELECT * FROM payment_accounts WHERE seller_id = $1 AND id = $2',
    [sellerId, id],
  );
  return row;
}

/** A new account row; its sealed details are written next, once its id is known. */
export async function insertPaymentAccount(
  tx: Queryable,
  sellerId: number,
  method: PayoutMethod,
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO payment_accounts (seller_id, method, details_sealed, details_masked, label)
     VALUES ($1, $2, '', '{}', '') RETURNING id`,
    [sellerId, method],
  );
  if (!row) throw new Error('payment account insert returned nothing');
  return Number(row.id);
}

/** Writes an account's details (sealed and masked); a change is checked again (status new). */
export async function writePaymentAccountDetails(
  tx: Queryable,
  sellerId: number,
  id: number,
  fields: { method: PayoutMethod; sealed: string; masked: Record<string, string>; label: string },
): Promise<PaymentAccountRow | undefined> {
  const [row] = await tx.query<PaymentAccountRow>(
    `UPDATE payment_accounts SET method = $3, details_sealed = $4, details_masked = $5, label = $6,
       status = 'new', updated_at = now()
     WHERE seller_id = $1 AND id = $2 RETURNING *`,
    [sellerId, id, fields.method, fields.sealed, JSON.stringify(fields.masked), fields.label],
  );
  return row;
}

export async function setPaymentAccountStatusForOperator(
  q: Queryable,
  id: number,
  status: PaymentAccountStatus,
): Promise<PaymentAccountRow | undefined> {
  const [row] = await q.query<PaymentAccountRow>(
    'UPDATE payment_accounts SET status = $2, updated_at = now() WHERE id = $1 RETURNING *',
    [id, status],
  );
  return row;
}

export interface PayoutRow {
  id: number;
  seller_id: number;
  payment_account_id: number;
  account_label: string;
  amount: number;
  currency: string;
  status: PayoutStatus;
  reason: string | null;
  created_at: Date;
  decided_at: Date | null;
}

const PAYOUT_COLUMNS = `p.id, p.seller_id, p.payment_account_id, a.label AS account_label, p.amount,
  p.currency, p.status, p.reason, p.created_at, p.decided_at`;

export async function hasOpenPayout(q: Queryable, sellerId: number): Promise<boolean> {
  const rows = await q.query(
    "SELECT 1 FROM payouts WHERE seller_id = $1 AND status = 'processing'",
    [sellerId],
  );
  return rows.length > 0;
}

export async function insertPayout(
  tx: Queryable,
  p: {
    sellerId: number;
    paymentAccountId: number;
    amount: number;
    currency: string;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO payouts (seller_id, payment_account_id, amount, currency, created_at)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [p.sellerId, p.paymentAccountId, p.amount, p.currency, p.createdAt],
  );
  if (!row) throw new Error('payout insert returned nothing');
  return Number(row.id);
}

export async function getPayout(
  q: Queryable,
  sellerId: number,
  id: number,
): Promise<PayoutRow | undefined> {
  const [row] = await q.query<PayoutRow>(
    `SELECT ${PAYOUT_COLUMNS} FROM payouts p JOIN payment_accounts a ON a.id = p.payment_account_id
     WHERE p.seller_id = $1 AND p.id = $2`,
    [sellerId, id],
  );
  return row;
}

/** The seller a payout belongs to, for the operator (who then locks that seller's ledger). */
export async function payoutSellerForOperator(q: Queryable, id: number): Promise<number | null> {
  const [row] = await q.query<{ seller_id: number }>(
    'SELECT seller_id FROM payouts WHERE id = $1',
    [id],
  );
  return row ? Number(row.seller_id) : null;
}

export async function listPayouts(
  q: Queryable,
  sellerId: number,
  filter: { status?: PayoutStatus | undefined },
  page: number,
  perPage: number,
): Promise<{ rows: PayoutRow[]; total: number }> {
  const rows = await q.query<PayoutRow>(
    `SELECT ${PAYOUT_COLUMNS} FROM payouts p JOIN payment_accounts a ON a.id = p.payment_account_id
     WHERE p.seller_id = $1 AND ($2::text IS NULL OR p.status = $2)
     ORDER BY p.id DESC LIMIT $3 OFFSET $4`,
    [sellerId, filter.status ?? null, perPage, (page - 1) * perPage],
  );
  const [count] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM payouts WHERE seller_id = $1 AND ($2::text IS NULL OR status = $2)',
    [sellerId, filter.status ?? null],
  );
  return { rows, total: Number(count?.n ?? 0) };
}

/** Closes an open payout; false when it was not open any more. */
export async function decidePayout(
  tx: Queryable,
  sellerId: number,
  id: number,
  decision: { status: 'completed' | 'cancelled'; reason: string | null; actorId: number; at: Date },
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE payouts SET status = $3, reason = $4, decided_by = $5, decided_at = $6
     WHERE seller_id = $1 AND id = $2 AND status = 'processing' RETURNING id`,
    [sellerId, id, decision.status, decision.reason, decision.actorId, decision.at],
  );
  return rows.length > 0;
}
