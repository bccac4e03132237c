/**
 * Cancel requests and invalid addresses (issue 13, migration 025). Requests are scoped by the
 * seller and, for a session limited to stores, by the order's store; one pending request per
 * order at most (a partial unique index).
 */
import type { ShippingAddress } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { containsPattern, selectPage, Where } from './listQuery.js';

export interface CancelRequestDbRow {
  id: number;
  order_id: number;
  order_number: string;
  email: string;
  customer_name: string | null;
  order_status: string;
  payment_status: string;
  total: number;
  currency: string;
  reason: string | null;
  status: 'pending' | 'approved' | 'refused';
  created_at: Date;
  decided_at: Date | null;
}

const REQUEST_SELECT = `SELECT r.id, r.order_id, o.order_number, o.email, o.customer_name,
    o.status AS order_status, o.payment_status, o.total, o.currency, r.reason, r.status,
    r.created_at, r.decided_at
  FROM cancel_requests r JOIN orders o ON o.id = r.order_id`;

/** A new pending request; false when one is already pending for the order. */
export async function insertCancelRequest(
  db: Queryable,
  request: { orderId: number; sellerId: number; reason: string | null },
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO cancel_requests (order_id, seller_id, reason) VALUES ($1, $2, $3)
     ON CONFLICT (order_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
    [request.orderId, request.sellerId, request.reason],
  );
  return rows.length > 0;
}

export async function listCancelRequests(
  db: Queryable,
  scope: { sellerId: number; storeIds: number[] | null },
  filter: { q?: string | undefined; status?: string | undefined },
  page: { page: number; per_page: number },
): Promise<{ rows: CancelRequestDbRow[]; counted: number }> {
  const where = new Where().add('r.seller_id = ?', scope.sellerId);
  if (scope.storeIds !== null) where.add('o.store_id = ANY(?::bigint[])', scope.storeIds);
  if (filter.status) where.add('r.status = ?', filter.status);
  if (filter.q) {
    where.add('(o.order_number ILIKE ? OR o.email ILIKE ?)', containsPattern(filter.q));
  }
  return selectPage<CancelRequestDbRow>(
    db,
    {
      from: 'cancel_requests r JOIN orders o ON o.id = r.order_id',
      select: REQUEST_SELECT,
      orderBy: 'r.id DESC',
    },
    where,
    page,
  );
}

/** One request of the seller within the session's stores; `lock` holds it. */
export async function getCancelRequest(
  db: Queryable,
  scope: { sellerId: number; storeIds: number[] | null },
  id: number,
  lock = false,
): Promise<CancelRequestDbRow | undefined> {
  const [row] = await db.query<CancelRequestDbRow>(
    `${REQUEST_SELECT} WHERE r.id = $1 AND r.seller_id = $2
       AND ($3::bigint[] IS NULL OR o.store_id = ANY($3::bigint[]))
     ${lock ? 'FOR UPDATE OF r' : ''}`,
    [id, scope.sellerId, scope.storeIds],
  );
  return row;
}

export async function decideCancelRequest(
  db: Queryable,
  id: number,
  status: 'approved' | 'refused',
  deciderId: number,
): Promise<void> {
  await db.query(
    `UPDATE cancel_requests SET status = $2, decided_by = $3, decided_at = now()
      WHERE id = $1 AND status = 'pending'`,
    [id, status, deciderId],
  );
}

export interface InvalidAddressDbRow {
  id: number;
  order_number: string;
  order_type: string;
  email: string;
  status: string;
  total: number;
  currency: string;
  shipping_address: ShippingAddress;
  created_at: Date;
}

/** Orders held for their address, oldest first (the longest waiting on top). */
export async function listInvalidAddresses(
  db: Queryable,
  scope: { sellerId: number; storeIds: number[] | null },
  filter: { q?: string | undefined },
  page: { page: number; per_page: number },
): Promise<{ rows: InvalidAddressDbRow[]; counted: number }> {
  const where = new Where()
    .add('o.seller_id = ?', scope.sellerId)
    .add('o.address_invalid AND o.status <> ALL(?::text[])', ['cancelled', 'deleted', 'archived']);
  if (scope.storeIds !== null) where.add('o.store_id = ANY(?::bigint[])', scope.storeIds);
  if (filter.q) {
    where.add(
      '(o.order_number ILIKE ? OR o.email ILIKE ? OR o.customer_name ILIKE ?)',
      containsPattern(filter.q),
    );
  }
  return selectPage<InvalidAddressDbRow>(
    db,
    {
      from: 'orders o',
      select: `SELECT o.id, o.order_number, o.order_type, o.email, o.status, o.total, o.currency,
          o.shipping_address, o.created_at FROM orders o`,
      orderBy: 'o.id ASC',
    },
    where,
    page,
  );
}
