/**
 * The ledger's SQL verbs (issue 14; rules in core `ledger/`). Every read and write is scoped by
 * the seller id; the booking functions of `money/bookings.ts` call them inside one transaction
 * after `lockSellerLedger`, so two bookings for one seller never decide on the same balance.
 */
import {
  type Balances,
  LARGE_LIST_COUNT_CAP,
  type LedgerAccount,
  type LedgerEntryType,
  type LedgerStatus,
  type OriginalAmount,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { containsPattern, selectPageByIds, Where } from './listQuery.js';

export interface LedgerEntryRow {
  id: number;
  seller_id: number;
  account: LedgerAccount;
  type: LedgerEntryType;
  status: LedgerStatus;
  amount: number;
  currency: string;
  description: string;
  idempotency_key: string;
  order_id: number | null;
  order_number: string | null;
  /** Only where the query selects it (ENTRY_COLUMNS). */
  hold_reason?: string | null;
  payout_id: number | null;
  actor_id: number | null;
  available_at: Date;
  created_at: Date;
  /** Set together when the entry was converted from another currency (migration 061). */
  original_amount: number | null;
  original_currency: string | null;
  exchange_rate: number | null;
}

export interface NewLedgerEntry {
  sellerId: number;
  account: LedgerAccount;
  type: LedgerEntryType;
  status: LedgerStatus;
  amount: number;
  currency: string;
  description: string;
  idempotencyKey: string;
  orderId?: number | null;
  payoutId?: number | null;
  actorId?: number | null;
  /** The available balance after this entry, for the types that may never go negative. */
  availableAfter?: number | null;
  availableAt: Date;
  createdAt: Date;
  /** What `amount` (ledger currency) was converted from, when booked from another currency. */
  original?: OriginalAmount | null;
}

/**
 * Serialises the seller's bookings: the user row is the lock (every seller has one), held to
 * the end of the caller's transaction.
 */
export async function lockSellerLedger(tx: Queryable, sellerId: number): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [sellerId]);
}

/**
 * Books an entry once: a second entry with the same idempotency key for the seller books
 * nothing and answers null.
 */
export async function insertLedgerEntry(tx: Queryable, e: NewLedgerEntry): Promise<number | null> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO ledger_entries (seller_id, account, type, status, amount, currency, description,
       idempotency_key, order_id, payout_id, actor_id, available_after, available_at, created_at,
       original_amount, original_currency, exchange_rate)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
     ON CONFLICT (seller_id, idempotency_key) DO NOTHING
     RETURNING id`,
    [
      e.sellerId,
      e.account,
      e.type,
      e.status,
      e.amount,
      e.currency,
      e.description,
      e.idempotencyKey,
      e.orderId ?? null,
      e.payoutId ?? null,
      e.actorId ?? null,
      e.availableAfter ?? null,
      e.availableAt,
      e.createdAt,
      e.original?.amount ?? null,
      e.original?.currency ?? null,
      e.original?.rate ?? null,
    ],
  );
  if (!rows[0]) return null;
  await addToSellerTotal(tx, e.sellerId, e.account, e.amount);
  if (e.status !== 'on hold') {
    await addToPendingHour(tx, e.sellerId, e.account, e.availableAt, e.amount);
  }
  return Number(rows[0].id);
}

/** The hours of `ledger_pending_hours`: whole UTC hours. */
const hourOf = (at: string) => `date_bin('1 hour', ${at}, timestamptz '2000-01-01 00:00:00+00')`;

/**
 * Keeps `ledger_pending_hours` equal to the sum of the account's entries not on hold whose
 * available_at falls in that hour (same transaction as the entry or its status change).
 */
async function addToPendingHour(
  tx: Queryable,
  sellerId: number,
  account: LedgerAccount,
  availableAt: Date,
  amount: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO ledger_pending_hours (seller_id, account, hour, amount)
     VALUES ($1, $2, ${hourOf('$3::timestamptz')}, $4)
     ON CONFLICT (seller_id, account, hour)
     DO UPDATE SET amount = ledger_pending_hours.amount + EXCLUDED.amount`,
    [sellerId, account, availableAt, amount],
  );
}

/** Keeps `seller_balances.total` equal to the sum of the account's entries (same transaction). */
export async function addToSellerTotal(
  tx: Queryable,
  sellerId: number,
  account: LedgerAccount,
  amount: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO seller_balances (seller_id, account, total) VALUES ($1, $2, $3)
     ON CONFLICT (seller_id, account) DO UPDATE SET total = seller_balances.total + EXCLUDED.total`,
    [sellerId, account, amount],
  );
}

export async function ledgerKeyExists(
  q: Queryable,
  sellerId: number,
  key: string,
): Promise<boolean> {
  const rows = await q.query(
    'SELECT 1 FROM ledger_entries WHERE seller_id = $1 AND idempotency_key = $2',
    [sellerId, key],
  );
  return rows.length > 0;
}

export async function setLedgerEntryStatus(
  q: Queryable,
  sellerId: number,
  key: string,
  status: LedgerStatus,
): Promise<void> {
  const [changed] = await q.query<{
    account: LedgerAccount;
    amount: number;
    available_at: Date;
    was: LedgerStatus;
  }>(
    `WITH before AS (
       SELECT id, status FROM ledger_entries WHERE seller_id = $1 AND idempotency_key = $2 FOR UPDATE)
     UPDATE ledger_entries e SET status = $3 FROM before WHERE e.id = before.id
     RETURNING e.account, e.amount, e.available_at, before.status AS was`,
    [sellerId, key, status],
  );
  // Putting an entry on hold takes it out of its pending hour; releasing it puts it back.
  if (changed && (changed.was === 'on hold') !== (status === 'on hold')) {
    const amount = Number(changed.amount);
    await addToPendingHour(
      q,
      sellerId,
      changed.account,
      changed.available_at,
      status === 'on hold' ? -amount : amount,
    );
  }
}

/**
 * The seller's balances per account at `now`, summed from the entries by bucket (core
 * `bucketOf`: on hold by status, pending while `available_at` is ahead, else available).
 */
export async function ledgerBalances(
  q: Queryable,
  sellerId: number,
  now: Date,
): Promise<Record<LedgerAccount, Balances>> {
  // available = total − pending − on hold: the total is one stored row; pending is the hours
  // after the current one (ledger_pending_hours, at most one row per hour of the hold period)
  // plus the entries of the current hour still ahead; on hold reads the held entries (a partial
  // index). So a balance reads a bounded number of rows however long the history.
  const rows = await q.query<{
    account: LedgerAccount;
    total: number;
    pending: number;
    on_hold: number;
  }>(
    `SELECT b.account, b.total,
       coalesce((SELECT sum(h.amount) FROM ledger_pending_hours h
                  WHERE h.seller_id = b.seller_id AND h.account = b.account
                    AND h.hour > ${hourOf('$2::timestamptz')}), 0)::bigint
       + coalesce((SELECT sum(e.amount) FROM ledger_entries e
                  WHERE e.seller_id = b.seller_id AND e.available_at > $2
                    AND e.available_at < ${hourOf('$2::timestamptz')} + interval '1 hour'
                    AND e.account = b.account AND e.status <> 'on hold'), 0)::bigint AS pending,
       coalesce((SELECT sum(e.amount) FROM ledger_entries e
                  WHERE e.seller_id = b.seller_id AND e.status = 'on hold'
                    AND e.account = b.account), 0)::bigint AS on_hold
     FROM seller_balances b WHERE b.seller_id = $1`,
    [sellerId, now],
  );
  const out: Record<LedgerAccount, Balances> = {
    default: { available: 0, pending: 0, on_hold: 0 },
    balance_2: { available: 0, pending: 0, on_hold: 0 },
  };
  for (const row of rows) {
    const pending = Number(row.pending);
    const onHold = Number(row.on_hold);
    out[row.account] = {
      available: Number(row.total) - pending - onHold,
      pending,
      on_hold: onHold,
    };
  }
  return out;
}

/** The balances summed from every entry, bucket by bucket: what the stored totals must agree with. */
export async function ledgerBalancesFromEntries(
  q: Queryable,
  sellerId: number,
  now: Date,
): Promise<Record<LedgerAccount, Balances>> {
  const rows = await q.query<{ account: LedgerAccount } & Balances>(
    `SELECT account,
       coalesce(sum(amount) FILTER (WHERE status <> 'on hold' AND available_at <= $2), 0)::bigint AS available,
       coalesce(sum(amount) FILTER (WHERE status <> 'on hold' AND available_at > $2), 0)::bigint AS pending,
       coalesce(sum(amount) FILTER (WHERE status = 'on hold'), 0)::bigint AS on_hold
     FROM ledger_entries WHERE seller_id = $1 GROUP BY account`,
    [sellerId, now],
  );
  const out: Record<LedgerAccount, Balances> = {
    default: { available: 0, pending: 0, on_hold: 0 },
    balance_2: { available: 0, pending: 0, on_hold: 0 },
  };
  for (const row of rows) {
    out[row.account] = {
      available: Number(row.available),
      pending: Number(row.pending),
      on_hold: Number(row.on_hold),
    };
  }
  return out;
}

/** Every entry of the seller, for the test that sums them against the balances. */
export async function ledgerSum(q: Queryable, sellerId: number): Promise<number> {
  const [row] = await q.query<{ total: number }>(
    'SELECT coalesce(sum(amount), 0)::bigint AS total FROM ledger_entries WHERE seller_id = $1',
    [sellerId],
  );
  return Number(row?.total ?? 0);
}

/** What was booked for one of the seller's orders (its sale, earlier reversals). */
export async function orderLedgerEntries(
  q: Queryable,
  sellerId: number,
  orderId: number,
): Promise<LedgerEntryRow[]> {
  return q.query<LedgerEntryRow>(
    `SELECT e.*, NULL AS order_number FROM ledger_entries e
     WHERE e.seller_id = $1 AND e.order_id = $2 AND e.type IN ('sale', 'refund')
     ORDER BY e.id`,
    [sellerId, orderId],
  );
}

export interface TransactionFilter {
  type?: LedgerEntryType | undefined;
  status?: LedgerStatus | undefined;
  account?: LedgerAccount | undefined;
  q?: string | undefined;
  range: { from: string | null; to: string } | null;
}

function transactionWhere(sellerId: number, filter: TransactionFilter, now: Date): Where {
  const where = new Where().add('e.seller_id = ?', sellerId);
  if (filter.type) where.add('e.type = ?', filter.type);
  if (filter.account) where.add('e.account = ?', filter.account);
  // The status a reader sees (core shownStatus): a pending entry past its hold reads completed.
  if (filter.status === 'pending') where.add("e.status = 'pending' AND e.available_at > ?", now);
  else if (filter.status === 'completed') {
    where.add("(e.status = 'completed' OR (e.status = 'pending' AND e.available_at <= ?))", now);
  } else if (filter.status) where.add('e.status = ?', filter.status);
  if (filter.q) {
    where.add('(o.order_number ILIKE ? OR e.description ILIKE ?)', containsPattern(filter.q));
  }
  where.createdIn('e.created_at', filter.range);
  return where;
}

/** The row's order number, and while it is on hold the operator's reason (migration 059). */
export const ENTRY_COLUMNS = `e.*, o.order_number,
  CASE WHEN e.status = 'on hold' THEN (SELECT h.reason FROM ledger_holds h
    WHERE h.entry_id = e.id AND h.action = 'hold' ORDER BY h.id DESC LIMIT 1) END AS hold_reason`;
export const ENTRY_FROM = 'ledger_entries e LEFT JOIN orders o ON o.id = e.order_id';

/**
 * One page of the seller's entries, newest first, and how many match counted up to the cap of
 * the lists that grow with sales (core `LARGE_LIST_COUNT_CAP`, `cappedPageInfo`), so a long
 * history does not count every row on each page.
 */
export async function listTransactions(
  q: Queryable,
  sellerId: number,
  filter: TransactionFilter,
  now: Date,
  page: number,
  perPage: number,
): Promise<{ rows: LedgerEntryRow[]; counted: number }> {
  const where = transactionWhere(sellerId, filter, now);
  return selectPageByIds<LedgerEntryRow>(
    q,
    {
      // The order is joined for a search only: without it the count and the ids read the index.
      from: filter.q ? ENTRY_FROM : 'ledger_entries e',
      id: 'e.id',
      select: `SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM}`,
      orderBy: 'e.created_at DESC, e.id DESC',
      outerOrderBy: 'l.created_at DESC, l.id DESC',
    },
    where,
    { page, per_page: perPage },
    LARGE_LIST_COUNT_CAP,
  );
}

/**
 * Every matching entry, newest first, a batch at a time (keyset paging), so an export of a
 * long history never holds it all in memory.
 */
export async function* transactionBatches(
  q: Queryable,
  sellerId: number,
  filter: TransactionFilter,
  now: Date,
  batchSize = 1000,
): AsyncGenerator<LedgerEntryRow[]> {
  let afterId: number | null = null;
  for (;;) {
    const where = transactionWhere(sellerId, filter, now);
    if (afterId !== null) {
      where.add(
        '(e.created_at, e.id) < (SELECT created_at, id FROM ledger_entries WHERE id = ?)',
        afterId,
      );
    }
    const rows: LedgerEntryRow[] = await q.query<LedgerEntryRow>(
      `SELECT ${ENTRY_COLUMNS} FROM ${ENTRY_FROM} WHERE ${where.sql}
       ORDER BY e.created_at DESC, e.id DESC LIMIT ${Number(batchSize)}`,
      where.params,
    );
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1];
    if (rows.length < batchSize || !last) return;
    afterId = Number(last.id);
  }
}

/** SMS credits bought: adds to the seller's credit and answers the new amount. */
export async function addSmsCredit(
  tx: Queryable,
  sellerId: number,
  credits: number,
): Promise<number> {
  const [row] = await tx.query<{ sms_credit: number }>(
    'UPDATE users SET sms_credit = sms_credit + $2 WHERE id = $1 RETURNING sms_credit',
    [sellerId, credits],
  );
  return Number(row?.sms_credit ?? 0);
}
