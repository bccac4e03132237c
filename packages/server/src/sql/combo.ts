import type { Queryable } from '../db/Db.js';

/**
 * Combo campaigns (migration 051): the bundle price of the seller's combo campaigns among
 * `campaignIds` (null while unset). Campaigns of other types are left out.
 */
export async function comboBundlePrices(
  db: Queryable,
  sellerId: number,
  campaignIds: readonly number[],
): Promise<Map<number, number | null>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db.query<{ id: number; bundle_price: number | null }>(
    `SELECT id, bundle_price FROM campaigns
      WHERE seller_id = $1 AND id = ANY($2::bigint[]) AND system_type = 'combo'`,
    [sellerId, [...campaignIds]],
  );
  return new Map(
    rows.map((r) => [Number(r.id), r.bundle_price === null ? null : Number(r.bundle_price)]),
  );
}
