/**
 * The seller's audit log (issue 15): named actions (team changes, switching accounts) and every
 * change a team member or support made while acting for the seller (app.ts's onSend hook).
 * Always scoped by the seller acted for; the actor's name is read from their account, so a
 * removed member's entries still name them.
 */
import type { Queryable } from '../db/Db.js';

export interface AuditRow {
  id: number;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  actor_kind: 'owner' | 'member' | 'support';
  seller_id: number;
  seller_name: string;
  action: string;
  detail: unknown;
  created_at: Date;
}

export interface AuditFilter {
  actorId: number | null;
  /** UTC instants, both included; null for no bound. */
  from: string | null;
  to: string | null;
}

const WHERE = `a.seller_id = $1 AND ($2::bigint IS NULL OR a.actor_id = $2::bigint)
  AND ($3::timestamptz IS NULL OR a.created_at >= $3::timestamptz)
  AND ($4::timestamptz IS NULL OR a.created_at <= $4::timestamptz)`;

/** One page of the seller's entries, newest first, and how many match. */
export async function listAuditLog(
  db: Queryable,
  sellerId: number,
  filter: AuditFilter,
  page: { page: number; per_page: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const args = [sellerId, filter.actorId, filter.from, filter.to];
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM audit_log a WHERE ${WHERE}`,
    args,
  );
  const rows = await db.query<AuditRow>(
    `SELECT a.id, a.actor_id, actor.name AS actor_name, actor.email AS actor_email,
        CASE WHEN a.actor_id = a.seller_id THEN 'owner'
             WHEN actor.is_admin THEN 'support'
             ELSE 'member' END AS actor_kind,
        a.seller_id, seller.name AS seller_name, a.action, a.detail, a.created_at
       FROM audit_log a
       JOIN users seller ON seller.id = a.seller_id
       LEFT JOIN users actor ON actor.id = a.actor_id
      WHERE ${WHERE}
      ORDER BY a.id DESC LIMIT $5 OFFSET $6`,
    [...args, page.per_page, (page.page - 1) * page.per_page],
  );
  return { rows, total: count?.total ?? 0 };
}
