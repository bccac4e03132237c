import type { Queryable } from '../db/Db.js';

/**
 * Sellers with bulk work a worker could take now, the longest-waiting first: multi-space rows
 * and regular jobs that are claimable under the lease protocol (sql/lease.ts: pending, or
 * processing with an expired lease), regular ones only for sellers whose bulk processing is on
 * (next-job hands out nothing otherwise).
 * The server's own workers pick the seller they serve next from it.
 */
export async function sellersWithBulkWork(db: Queryable, limit: number): Promise<number[]> {
  const rows = await db.query<{ seller_id: number }>(
    `SELECT seller_id FROM (
       SELECT seller_id, min(created_at) AS since FROM bulk_rows
       WHERE type = 'regular_multi_space'
         AND (status = 'pending' OR (status = 'processing' AND lease_expires_at < now()))
       GROUP BY seller_id
       UNION ALL
       SELECT j.seller_id, min(j.created_at) AS since
       FROM bulk_regular_jobs j JOIN users u ON u.id = j.seller_id
       WHERE (j.status = 'pending' OR (j.status = 'processing' AND j.lease_expires_at < now()))
         AND u.bulk_processing
       GROUP BY j.seller_id
     ) waiting
     GROUP BY seller_id ORDER BY min(since), seller_id LIMIT $1`,
    [limit],
  );
  return rows.map((row) => Number(row.seller_id));
}
