/**
 * The demo's business history is made by the real checkout, payment, order and ledger code,
 * which stamps everything now(). These verbs then move what it wrote into the past, in one step
 * per table inside the seeding transaction, keeping each order's rows consistent: the order,
 * its checkout and payment at the order's time; its timeline entries, designer files, claim and
 * shipments at fixed delays after it (below); its ledger and point entries moved by the same
 * amount as the order, so a sale keeps its hold period from its own payment.
 */
import type { Queryable } from '../db/Db.js';

/**
 * Delays after the order of each later step of a demo order's life: an operator sends it to
 * production (SEN Design takes it), the designer's file arrives and production starts, and it
 * ships. A hold or a cancellation comes a few hours after the order.
 */
const STEP_DELAY_SQL = `CASE
    WHEN e.kind = 'status_changed' AND e.detail->>'event' = 'designing' THEN interval '4 hours'
    WHEN e.kind = 'design_file' THEN interval '20 hours'
    WHEN e.kind = 'status_changed' AND e.detail->>'event' IN ('designed', 'to_production')
      THEN interval '21 hours'
    WHEN e.kind = 'shipped' OR (e.kind = 'status_changed' AND e.detail->>'event' = 'ship_line')
      THEN interval '3 days 2 hours'
    WHEN e.kind = 'status_changed' AND e.detail->>'event' IN ('hold', 'cancel')
      THEN interval '3 hours'
    ELSE interval '0' END`;

/**
 * Moves the seller's orders named in `orders` (id → when it was placed) and everything written
 * for them to those times. Run once, right after the orders were made.
 */
export async function moveOrdersToThePast(
  tx: Queryable,
  sellerId: number,
  orders: readonly { id: number; at: Date }[],
): Promise<void> {
  const ids = orders.map((o) => o.id);
  const ats = orders.map((o) => o.at.toISOString());
  // The plan: each order's new time and how far it moves.
  await tx.query(
    `CREATE TEMP TABLE demo_moves ON COMMIT DROP AS
     SELECT p.id AS order_id, p.at, p.at - o.created_at AS delta, o.checkout_id
       FROM unnest($2::bigint[], $3::timestamptz[]) AS p(id, at)
       JOIN orders o ON o.id = p.id AND o.seller_id = $1`,
    [sellerId, ids, ats],
  );
  await tx.query(
    `UPDATE checkouts c SET created_at = c.created_at + m.delta - interval '4 minutes',
       updated_at = c.updated_at + m.delta
       FROM demo_moves m WHERE c.id = m.checkout_id AND c.seller_id = $1`,
    [sellerId],
  );
  await tx.query(
    `UPDATE payments p SET created_at = p.created_at + m.delta
       FROM demo_moves m WHERE p.checkout_id = m.checkout_id AND p.seller_id = $1`,
    [sellerId],
  );
  // The timeline is append-only (updates are ignored): its fresh rows are written again, same
  // ids, at their times.
  await tx.query(
    `WITH e AS (DELETE FROM order_events d USING demo_moves m
                 WHERE d.order_id = m.order_id AND d.seller_id = $1
                 RETURNING d.*, m.at)
     INSERT INTO order_events (id, order_id, seller_id, kind, detail, actor_kind, actor_id, created_at)
     SELECT e.id, e.order_id, e.seller_id, e.kind, e.detail, e.actor_kind, e.actor_id,
            e.at + ${STEP_DELAY_SQL}
       FROM e`,
    [sellerId],
  );
  await tx.query(
    `UPDATE order_items i SET claimed_at = m.at + interval '18 hours'
       FROM demo_moves m WHERE i.order_id = m.order_id AND i.seller_id = $1
        AND i.claimed_at IS NOT NULL`,
    [sellerId],
  );
  await tx.query(
    `UPDATE order_item_files f SET created_at = m.at + interval '20 hours'
       FROM demo_moves m WHERE f.order_id = m.order_id AND f.seller_id = $1`,
    [sellerId],
  );
  await tx.query(
    `UPDATE order_shipments s SET shipped_at = m.at + interval '3 days 2 hours'
       FROM demo_moves m WHERE s.order_id = m.order_id AND s.seller_id = $1`,
    [sellerId],
  );
  // The ledger is append-only (migration 059); moving history's dates is the one change the
  // demo seed may make, in this transaction only.
  await tx.query("SELECT set_config('printloom.ledger_shift', 'on', true)");
  await tx.query(
    `UPDATE ledger_entries l SET created_at = l.created_at + m.delta,
       available_at = l.available_at + m.delta
       FROM demo_moves m WHERE l.order_id = m.order_id AND l.seller_id = $1`,
    [sellerId],
  );
  await tx.query(
    `UPDATE point_entries p SET created_at = p.created_at + m.delta
       FROM demo_moves m WHERE p.order_id = m.order_id AND p.seller_id = $1`,
    [sellerId],
  );
  await tx.query(
    `UPDATE orders o SET created_at = m.at,
       paid_at = CASE WHEN o.paid_at IS NULL THEN NULL ELSE o.paid_at + m.delta END,
       updated_at = coalesce((SELECT max(e.created_at) FROM order_events e
                               WHERE e.order_id = o.id), m.at)
       FROM demo_moves m WHERE o.id = m.order_id AND o.seller_id = $1`,
    [sellerId],
  );
  await tx.query("SELECT set_config('printloom.ledger_shift', '', true)");
  // The pending balance per hour is kept from available_at: count it again for the seller.
  await tx.query('DELETE FROM ledger_pending_hours WHERE seller_id = $1', [sellerId]);
  await tx.query(
    `INSERT INTO ledger_pending_hours (seller_id, account, hour, amount)
     SELECT seller_id, account,
       date_bin('1 hour', available_at, timestamptz '2000-01-01 00:00:00+00'), sum(amount)
       FROM ledger_entries
      WHERE seller_id = $1 AND status <> 'on hold' AND available_at > now() - interval '1 hour'
      GROUP BY 1, 2, 3`,
    [sellerId],
  );
}

/** Moves an abandoned (unpaid) checkout of the seller to `at`. */
export async function moveCheckoutToThePast(
  tx: Queryable,
  sellerId: number,
  checkoutId: string,
  at: Date,
): Promise<void> {
  await tx.query(
    'UPDATE checkouts SET created_at = $3, updated_at = $3 WHERE id = $2 AND seller_id = $1',
    [sellerId, checkoutId, at.toISOString()],
  );
}

/** Today's storefront counts of the store become those of `daysAgo` days ago. */
export async function moveTodaysTracks(
  tx: Queryable,
  storeId: number,
  daysAgo: number,
): Promise<void> {
  await tx.query(
    `UPDATE storefront_tracks SET day = current_date - $2::int
      WHERE store_id = $1 AND day = current_date`,
    [storeId, daysAgo],
  );
}

/** Whether the seller has any checkout (the demo history is seeded only into a seller without). */
export async function sellerHasCheckouts(q: Queryable, sellerId: number): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM checkouts WHERE seller_id = $1 LIMIT 1', [sellerId]);
  return rows.length > 0;
}

/** The seller's active campaigns, oldest first. */
export async function activeCampaignIds(q: Queryable, sellerId: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    "SELECT id FROM campaigns WHERE seller_id = $1 AND status = 'active' ORDER BY id",
    [sellerId],
  );
  return rows.map((r) => Number(r.id));
}
