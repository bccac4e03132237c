/**
 * Notifications a seller sees in the dashboard shell, and which of them the seller has read.
 * A notification with no seller_id is addressed to every seller, so "visible to a seller" is
 * its own seller_id or none.
 */
import type { Queryable } from '../db/Db.js';

export interface NotificationRow {
  id: number;
  seller_id: number | null;
  subject: string;
  message: string;
  image: string | null;
  call_to_action_link: string | null;
  is_warning: boolean;
  type: number;
  created_at: Date;
  /** Whether the seller has a read mark on it. */
  read: boolean;
}

const VISIBLE = '(n.seller_id = $1 OR n.seller_id IS NULL)';
const SELECT_NOTIFICATION = `SELECT n.*, (r.notification_id IS NOT NULL) AS read FROM notifications n
  LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.seller_id = $1`;

/** One page of the notifications the seller sees, newest first, and how many there are. */
export async function listNotifications(
  db: Queryable,
  sellerId: number,
  page: { page: number; per_page: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM notifications n WHERE ${VISIBLE}`,
    [sellerId],
  );
  const rows = await db.query<NotificationRow>(
    `${SELECT_NOTIFICATION} WHERE ${VISIBLE} ORDER BY n.id DESC LIMIT $2 OFFSET $3`,
    [sellerId, page.per_page, (page.page - 1) * page.per_page],
  );
  return { rows, total: count?.total ?? 0 };
}

export async function getNotification(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<NotificationRow | undefined> {
  return (
    await db.query<NotificationRow>(`${SELECT_NOTIFICATION} WHERE ${VISIBLE} AND n.id = $2`, [
      sellerId,
      id,
    ])
  )[0];
}

/** Marks one notification read (action 1) unless it already has a mark. */
export async function markNotificationRead(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<void> {
  await db.query(
    `INSERT INTO notification_reads (notification_id, seller_id, action) VALUES ($1, $2, 1)
     ON CONFLICT DO NOTHING`,
    [id, sellerId],
  );
}

/** Marks every visible notification read; how many got a new mark. */
export async function markAllNotificationsRead(db: Queryable, sellerId: number): Promise<number> {
  const rows = await db.query(
    `INSERT INTO notification_reads (notification_id, seller_id, action)
     SELECT n.id, $1, 1 FROM notifications n WHERE ${VISIBLE}
     ON CONFLICT DO NOTHING RETURNING notification_id`,
    [sellerId],
  );
  return rows.length;
}

/**
 * Sets the read action of the given notifications; ids the seller cannot see are skipped.
 * How many were marked.
 */
export async function setNotificationsReadStatus(
  db: Queryable,
  sellerId: number,
  ids: number[],
  action: number,
): Promise<number> {
  const rows = await db.query(
    `INSERT INTO notification_reads (notification_id, seller_id, action)
     SELECT n.id, $1, $3 FROM notifications n WHERE ${VISIBLE} AND n.id = ANY($2::bigint[])
     ON CONFLICT (notification_id, seller_id) DO UPDATE SET action = EXCLUDED.action, read_at = now()
     RETURNING notification_id`,
    [sellerId, ids, action],
  );
  return rows.length;
}
