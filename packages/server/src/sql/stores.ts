import type { Queryable } from '../db/Db.js';

export interface StoreRow {
  id: number;
  name: string;
  base_url: string | null;
}

/** The seller's stores, oldest first (the first is the seller's current store). */
export async function listStores(db: Queryable, sellerId: number): Promise<StoreRow[]> {
  return db.query<StoreRow>(
    'SELECT id, name, base_url FROM stores WHERE seller_id = $1 ORDER BY id',
    [sellerId],
  );
}

/** Those of `ids` that are the seller's stores, in id order. */
export async function sellerStoreIds(
  db: Queryable,
  sellerId: number,
  ids: number[],
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM stores WHERE seller_id = $1 AND id = ANY($2::bigint[]) ORDER BY id',
    [sellerId, ids],
  );
  return rows.map((row) => Number(row.id));
}

/** The seller's store with that id, if it is the seller's. */
export async function getSellerStore(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<{ id: number; base_url: string | null } | undefined> {
  return (
    await db.query<{ id: number; base_url: string | null }>(
      'SELECT id, base_url FROM stores WHERE id = $1 AND seller_id = $2',
      [id, sellerId],
    )
  )[0];
}

/** Sets (or clears, with null) the coupon a store offers. */
export async function setStoreCoupon(
  db: Queryable,
  storeId: number,
  couponId: number | null,
): Promise<void> {
  await db.query('UPDATE stores SET coupon_id = $2 WHERE id = $1', [storeId, couponId]);
}
