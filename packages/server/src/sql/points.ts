/**
 * SEN points and contests SQL (issue 14; rules in core `points/`). Every seller read and write
 * is scoped by the seller id; bookings run inside the caller's transaction after
 * `lockSellerPoints`, so two bookings for one seller never decide on the same balance.
 */
import { type PointEntryKind, SPENT_PAYMENT_STATUSES } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

export interface PointEntryRow {
  id: number;
  kind: PointEntryKind;
  points: number;
  note: string;
  created_at: Date;
}

export interface NewPointEntry {
  sellerId: number;
  kind: PointEntryKind;
  points: number;
  note: string;
  idempotencyKey: string;
  checkInDay?: string | null;
  orderId?: number | null;
  actorId?: number | null;
  createdAt?: Date;
}

/** The seller's user row is the lock, held to the end of the caller's transaction. */
export async function lockSellerPoints(tx: Queryable, sellerId: number): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [sellerId]);
}

/** The balance: the sum of the seller's entries. */
export async function pointBalance(q: Queryable, sellerId: number): Promise<number> {
  const [row] = await q.query<{ balance: number | string }>(
    'SELECT COALESCE(sum(points), 0)::bigint AS balance FROM point_entries WHERE seller_id = $1',
    [sellerId],
  );
  return Number(row?.balance ?? 0);
}

/**
 * Books an entry once (call after `lockSellerPoints`): a second entry with the same key books
 * nothing and answers null. A debit beyond the balance fails the balance_after check.
 */
export async function insertPointEntry(tx: Queryable, e: NewPointEntry): Promise<number | null> {
  const balance = await pointBalance(tx, e.sellerId);
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO point_entries (seller_id, kind, points, balance_after, note, idempotency_key,
       check_in_day, order_id, actor_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (seller_id, idempotency_key) DO NOTHING
     RETURNING id`,
    [
      e.sellerId,
      e.kind,
      e.points,
      balance + e.points,
      e.note,
      e.idempotencyKey,
      e.checkInDay ?? null,
      e.orderId ?? null,
      e.actorId ?? null,
      e.createdAt ?? new Date(),
    ],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export async function pointEntryPage(
  q: Queryable,
  sellerId: number,
  page: number,
  perPage: number,
): Promise<{ rows: PointEntryRow[]; total: number }> {
  const rows = await q.query<PointEntryRow>(
    `SELECT id, kind, points, note, created_at FROM point_entries WHERE seller_id = $1
     ORDER BY id DESC LIMIT $2 OFFSET $3`,
    [sellerId, perPage, (page - 1) * perPage],
  );
  const [count] = await q.query<{ n: number | string }>(
    'SELECT count(*)::int AS n FROM point_entries WHERE seller_id = $1',
    [sellerId],
  );
  return { rows, total: Number(count?.n ?? 0) };
}

/** The seller's utc_offset in hours. */
export async function sellerUtcOffset(q: Queryable, sellerId: number): Promise<number> {
  const [row] = await q.query<{ utc_offset: number | string }>(
    'SELECT utc_offset FROM users WHERE id = $1',
    [sellerId],
  );
  return Number(row?.utc_offset ?? 0);
}

/** The local days (`YYYY-MM-DD`) the seller checked in on, from `from` (inclusive), oldest first. */
export async function checkInDays(q: Queryable, sellerId: number, from: string): Promise<string[]> {
  const rows = await q.query<{ day: string }>(
    `SELECT to_char(check_in_day, 'YYYY-MM-DD') AS day FROM point_entries
     WHERE seller_id = $1 AND kind = 'check_in' AND check_in_day >= $2::date
     ORDER BY check_in_day`,
    [sellerId, from],
  );
  return rows.map((r) => r.day);
}

export interface ContestRow {
  id: number;
  name: string;
  starts_at: Date;
  ends_at: Date;
  prize: string;
}

export async function insertContest(
  q: Queryable,
  c: { name: string; startsAt: Date; endsAt: Date; prize: string; createdBy: number },
): Promise<ContestRow> {
  const [row] = await q.query<ContestRow>(
    `INSERT INTO contests (name, starts_at, ends_at, prize, created_by) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, name, starts_at, ends_at, prize`,
    [c.name, c.startsAt, c.endsAt, c.prize, c.createdBy],
  );
  if (!row) throw new Error('contest insert returned no row');
  return row;
}

/** The contest running at `now` (the latest started when several overlap). */
export async function runningContest(q: Queryable, now: Date): Promise<ContestRow | null> {
  const [row] = await q.query<ContestRow>(
    `SELECT id, name, starts_at, ends_at, prize FROM contests
     WHERE starts_at <= $1 AND ends_at > $1 ORDER BY starts_at DESC, id DESC LIMIT 1`,
    [now],
  );
  return row ?? null;
}

export interface ContestStandingRow {
  rank: number;
  seller_id: number;
  name: string;
  sales: number;
}

// Items count for the seller whose campaign they are (`order_items.seller_id`), as sale points
// do: a line cross-sold in another seller's store counts for its campaign's owner.
const STANDINGS = `WITH sales AS (
    SELECT i.seller_id, sum(i.quantity)::int AS sales
    FROM orders o JOIN order_items i ON i.order_id = o.id
    WHERE o.paid_at >= $1 AND o.paid_at < $2
      AND o.payment_status = ANY('{${SPENT_PAYMENT_STATUSES.join(',')}}'::text[])
    GROUP BY i.seller_id
  ), ranked AS (
    SELECT s.seller_id, s.sales, u.name,
      rank() OVER (ORDER BY s.sales DESC)::int AS rank
    FROM sales s JOIN users u ON u.id = s.seller_id
  )`;

/** The leaderboard of a period: items sold on paid orders per seller, best first. */
export async function contestLeaderboard(
  q: Queryable,
  startsAt: Date,
  endsAt: Date,
  limit: number,
): Promise<ContestStandingRow[]> {
  return q.query<ContestStandingRow>(
    `${STANDINGS} SELECT rank, seller_id, name, sales FROM ranked
     ORDER BY rank, seller_id LIMIT $3`,
    [startsAt, endsAt, limit],
  );
}

/** One seller's standing in a period (null when they sold nothing), and how many are ranked. */
export async function contestStanding(
  q: Queryable,
  startsAt: Date,
  endsAt: Date,
  sellerId: number,
): Promise<{ mine: ContestStandingRow | null; ranked: number }> {
  const rows = await q.query<ContestStandingRow & { ranked: number }>(
    `${STANDINGS} SELECT r.rank, r.seller_id, r.name, r.sales,
       (SELECT count(*)::int FROM ranked) AS ranked
     FROM (SELECT 1) one LEFT JOIN ranked r ON r.seller_id = $3`,
    [startsAt, endsAt, sellerId],
  );
  const row = rows[0];
  return {
    mine: row && row.seller_id !== null ? row : null,
    ranked: Number(row?.ranked ?? 0),
  };
}

/** The seller's own name, to show them when they have not ranked yet. */
export async function sellerName(q: Queryable, sellerId: number): Promise<string> {
  const [row] = await q.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [sellerId]);
  return row?.name ?? '';
}

/** The points an entry booked (null when there is no entry with the key). */
export async function pointEntryPoints(
  q: Queryable,
  sellerId: number,
  key: string,
): Promise<number | null> {
  const [row] = await q.query<{ points: number }>(
    'SELECT points FROM point_entries WHERE seller_id = $1 AND idempotency_key = $2',
    [sellerId, key],
  );
  return row ? Number(row.points) : null;
}
