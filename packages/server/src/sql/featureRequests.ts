import type { Queryable } from '../db/Db.js';
import { containsPattern, Where } from './listQuery.js';

export interface FeatureRequestRow {
  id: number;
  seller_id: number;
  title: string;
  body: string;
  category: string;
  status: string;
  votes: number;
  comments: number;
  voted: boolean;
  author_name: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface FeatureRequestCommentRow {
  id: number;
  body: string;
  author_name: string | null;
  by_operator: boolean;
  created_at: Date;
}

/** `$1` is the viewing seller account (for `voted`). */
const SELECT = `SELECT r.id, r.seller_id, r.title, r.body, r.category, r.status, r.votes, r.comments,
    r.created_at, r.updated_at, u.name AS author_name,
    EXISTS (SELECT 1 FROM feature_request_votes v WHERE v.request_id = r.id AND v.seller_id = $1)
      AS voted
  FROM feature_requests r LEFT JOIN users u ON u.id = r.author_id`;

const SORTS: Record<string, string> = {
  votes: 'r.votes DESC, r.id DESC',
  newest: 'r.id DESC',
  comments: 'r.comments DESC, r.id DESC',
};

export async function listFeatureRequests(
  db: Queryable,
  viewer: number,
  query: {
    q?: string;
    status?: string;
    category?: string;
    voted?: boolean;
    order_by: string;
    page: number;
    per_page: number;
  },
): Promise<{ rows: FeatureRequestRow[]; total: number }> {
  const where = new Where().add('$1::bigint = ?', viewer);
  if (query.q) where.add('r.search ILIKE ?', containsPattern(query.q.toLowerCase()));
  if (query.status) where.add('r.status = ?', query.status);
  if (query.category) where.add('r.category = ?', query.category);
  if (query.voted) {
    where.add(
      'EXISTS (SELECT 1 FROM feature_request_votes mine WHERE mine.request_id = r.id AND mine.seller_id = ?)',
      viewer,
    );
  }
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM feature_requests r WHERE ${where.sql}`,
    where.params,
  );
  const n = where.params.length;
  const rows = await db.query<FeatureRequestRow>(
    `${SELECT} WHERE ${where.sql} ORDER BY ${SORTS[query.order_by] ?? SORTS.votes}
     LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...where.params, query.per_page, (query.page - 1) * query.per_page],
  );
  return { rows, total: Number(count?.total ?? 0) };
}

export async function getFeatureRequest(
  db: Queryable,
  viewer: number,
  id: number,
): Promise<FeatureRequestRow | undefined> {
  const [row] = await db.query<FeatureRequestRow>(`${SELECT} WHERE r.id = $2`, [viewer, id]);
  return row;
}

export async function featureRequestComments(
  db: Queryable,
  id: number,
): Promise<FeatureRequestCommentRow[]> {
  return db.query<FeatureRequestCommentRow>(
    `SELECT c.id, c.body, c.by_operator, c.created_at, u.name AS author_name
     FROM feature_request_comments c LEFT JOIN users u ON u.id = c.author_id
     WHERE c.request_id = $1 ORDER BY c.id`,
    [id],
  );
}

/** A new request with its poster's vote. */
export async function insertFeatureRequest(
  db: Queryable,
  request: { sellerId: number; authorId: number; title: string; body: string; category: string },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO feature_requests (seller_id, author_id, title, body, category, votes, search)
     VALUES ($1, $2, $3, $4, $5, 1, lower($3 || ' ' || $4)) RETURNING id`,
    [request.sellerId, request.authorId, request.title, request.body, request.category],
  );
  const id = Number(row?.id);
  await db.query('INSERT INTO feature_request_votes (request_id, seller_id) VALUES ($1, $2)', [
    id,
    request.sellerId,
  ]);
  return id;
}

/** Whether the request exists, locking its row so its counters move one vote at a time. */
export async function lockFeatureRequest(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('SELECT id FROM feature_requests WHERE id = $1 FOR UPDATE', [id]);
  return rows.length > 0;
}

/** Counts the account's vote once; a second vote changes nothing. */
export async function addFeatureRequestVote(
  db: Queryable,
  id: number,
  sellerId: number,
): Promise<void> {
  const added = await db.query(
    `INSERT INTO feature_request_votes (request_id, seller_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING request_id`,
    [id, sellerId],
  );
  if (added.length > 0) {
    await db.query('UPDATE feature_requests SET votes = votes + 1 WHERE id = $1', [id]);
  }
}

export async function removeFeatureRequestVote(
  db: Queryable,
  id: number,
  sellerId: number,
): Promise<void> {
  const removed = await db.query(
    'DELETE FROM feature_request_votes WHERE request_id = $1 AND seller_id = $2 RETURNING request_id',
    [id, sellerId],
  );
  if (removed.length > 0) {
    await db.query('UPDATE feature_requests SET votes = votes - 1 WHERE id = $1', [id]);
  }
}

export async function insertFeatureRequestComment(
  db: Queryable,
  comment: { requestId: number; authorId: number; byOperator: boolean; body: string },
): Promise<void> {
  await db.query(
    `INSERT INTO feature_request_comments (request_id, author_id, by_operator, body)
     VALUES ($1, $2, $3, $4)`,
    [comment.requestId, comment.authorId, comment.byOperator, comment.body],
  );
  await db.query(
    'UPDATE feature_requests SET comments = comments + 1, updated_at = now() WHERE id = $1',
    [comment.requestId],
  );
}

export async function setFeatureRequestStatus(
  db: Queryable,
  id: number,
  status: string,
): Promise<boolean> {
  const rows = await db.query(
    'UPDATE feature_requests SET status = $2, updated_at = now() WHERE id = $1 RETURNING id',
    [id, status],
  );
  return rows.length > 0;
}
