/**
 * Notifications a seller's account sees in the dashboard shell, and who has read them.
 * A notification with no seller_id is addressed to every seller, so "visible to a seller" is
 * its own seller_id or none; for a team member, also of a topic their permissions cover
 * (`topics`, from core's readableNotificationTopics). Read marks are per reader: the person
 * reading (the owner, a team member, support signed in as the seller), within the account they
 * act for, so one person's reads never mark another's.
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
  topic: string;
  created_at: Date;
  /** Whether the reader has a read mark on it. */
  read: boolean;
}

/** Whose notifications, which topics, and who reads them. */
export interface NotificationReader {
  sellerId: number;
  readerId: number;
  topics: readonly string[];
}

const VISIBLE = '(n.seller_id = $1 OR n.seller_id IS NULL) AND n.topic = ANY($2::text[])';
const SELECT_NOTIFICATION = `SELECT n.*, (r.notification_id IS NOT NULL) AS read FROM notifications n
  LEFT JOIN notification_reads r
    ON r.notification_id = n.id AND r.seller_id = $1 AND r.reader_id = $3`;

const params = (reader: NotificationReader) => [
  reader.sellerId,
  [...reader.topics],
  reader.readerId,
];

/** One page of the notifications the reader sees, newest first, and how many there are. */
export async function listNotifications(
  db: Queryable,
  reader: NotificationReader,
  page: { page: number; per_page: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM notifications n WHERE ${VISIBLE}`,
    [reader.sellerId, [...reader.topics]],
  );
  const rows = await db.query<NotificationRow>(
    `${SELECT_NOTIFICATION} WHERE ${VISIBLE} ORDER BY n.id DESC LIMIT $4 OFFSET $5`,
    [...params(reader), page.per_page, (page.page - 1) * page.per_page],
  );
  return { rows, total: count?.total ?? 0 };
}

export async function getNotification(
  db: Queryable,
  reader: NotificationReader,
  id: number,
): Promise<NotificationRow | undefined> {
  return (
    await db.query<NotificationRow>(`${SELECT_NOTIFICATION} WHERE ${VISIBLE} AND n.id = $4`, [
      ...params(reader),
      id,
    ])
  )[0];
}

/** Marks one notification read (action 1) for the reader unless it already has a mark. */
export async function markNotificationRead(
  db: Queryable,
  reader: NotificationReader,
  id: number,
): Promise<void> {
  await db.query(
    `INSERT INTO notification_reads (notification_id, seller_id, reader_id, action)
     VALUES ($1, $2, $3, 1) ON CONFLICT DO NOTHING`,
    [id, reader.sellerId, reader.readerId],
  );
}

/** Marks every notification the reader sees read; how many got a new mark. */
export async function markAllNotificationsRead(
  db: Queryable,
  reader: NotificationReader,
): Promise<number> {
  const rows = await db.query(
    `INSERT INTO notification_reads (notification_id, seller_id, reader_id, action)
     SELECT n.id, $1, $3, 1 FROM notifications n WHERE ${VISIBLE}
     ON CONFLICT DO NOTHING RETURNING notification_id`,
    params(reader),
  );
  return rows.length;
}

/**
 * Sets the reader's read action of the given notifications; ids the reader cannot see are
 * skipped. How many were marked.
 */
export async function setNotificationsReadStatus(
  db: Queryable,
  reader: NotificationReader,
  ids: number[],
  action: number,
): Promise<number> {
  const rows = await db.query(
    `INSERT INTO notification_reads (notification_id, seller_id, reader_id, action)
     SELECT n.id, $1, $3, $5 FROM notifications n WHERE ${VISIBLE} AND n.id = ANY($4::bigint[])
     ON CONFLICT (notification_id, seller_id, reader_id)
       DO UPDATE SET action = EXCLUDED.action, read_at = now()
     RETURNING notification_id`,
    [...params(reader), ids, action],
  );
  return rows.length;
}
