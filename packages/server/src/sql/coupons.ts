import type { Queryable } from '../db/Db.js';

export interface CouponRow {
  id: number;
  code: string;
  name: string | null;
  store_id: number | null;
}

/** How many coupons the picker shows: it searches, it does not page. */
const COUPON_LIST_LIMIT = 100;

/**
 * The seller's coupons matching `pattern` (an ILIKE pattern on code or name; null for all),
 * newest first. With `storeIds`, coupons of other stores are left out; seller-wide coupons
 * (no store) are always in.
 */
export async function listCoupons(
  db: Queryable,
  sellerId: number,
  pattern: string | null,
  storeIds: number[] | null,
): Promise<CouponRow[]> {
  return db.query<CouponRow>(
    `SELECT id, code, name, store_id FROM coupons WHERE seller_id = $1
     AND ($2::text IS NULL OR code ILIKE $2 OR name ILIKE $2)
     AND ($3::bigint[] IS NULL OR store_id IS NULL OR store_id = ANY($3::bigint[]))
     ORDER BY id DESC LIMIT ${COUPON_LIST_LIMIT}`,
    [sellerId, pattern, storeIds],
  );
}

/** One of the seller's coupons with the store it belongs to (null: seller-wide), or undefined. */
export async function getSellerCoupon(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<{ id: number; store_id: number | null } | undefined> {
  const [row] = await db.query<{ id: number; store_id: number | null }>(
    'SELECT id, store_id FROM coupons WHERE id = $1 AND seller_id = $2',
    [id, sellerId],
  );
  return (
    row && { id: Number(row.id), store_id: row.store_id === null ? null : Number(row.store_id) }
  );
}
