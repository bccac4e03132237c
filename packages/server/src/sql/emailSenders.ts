/**
 * Email-marketing senders: an address at one of the seller's store domains. status is
 * 'pending' until the domain publishes the sender's verify token, then 'verified'; changing
 * the address makes it 'pending' again.
 */
import type { Queryable } from '../db/Db.js';

export interface SenderRow {
  id: number;
  seller_id: number;
  store_domain_id: number;
  username: string;
  name: string;
  status: string;
  verify_token: string;
  link_sent_at: Date | null;
  verified_by: 'link' | 'dns' | null;
  /** The base URL of the sender's store, whose host gets the TXT record. */
  base_url: string | null;
  store_name: string;
}

const SELECT_SENDER = `SELECT e.*, s.base_url, s.name AS store_name FROM email_senders e JOIN stores s ON s.id = e.store_domain_id`;

/** One page of the seller's senders, newest first; with `storeIds`, only of those stores. */
export async function listSenders(
  db: Queryable,
  sellerId: number,
  storeIds: number[] | null,
  page: { page: number; per_page: number },
): Promise<{ rows: SenderRow[]; total: number }> {
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM email_senders
     WHERE seller_id = $1 AND ($2::bigint[] IS NULL OR store_domain_id = ANY($2::bigint[]))`,
    [sellerId, storeIds],
  );
  const rows = await db.query<SenderRow>(
    `${SELECT_SENDER} WHERE e.seller_id = $1
     AND ($4::bigint[] IS NULL OR e.store_domain_id = ANY($4::bigint[]))
     ORDER BY e.id DESC LIMIT $2 OFFSET $3`,
    [sellerId, page.per_page, (page.page - 1) * page.per_page, storeIds],
  );
  return { rows, total: count?.total ?? 0 };
}

export async function getSender(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<SenderRow | undefined> {
  return (
    await db.query<SenderRow>(`${SELECT_SENDER} WHERE e.id = $1 AND e.seller_id = $2`, [
      id,
      sellerId,
    ])
  )[0];
}

export interface SenderFields {
  store_domain_id: number;
  username: string;
  name: string;
}

/** A new pending sender; its id. */
export async function insertSender(
  db: Queryable,
  sellerId: number,
  sender: SenderFields,
  verifyToken: string,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO email_senders (seller_id, store_domain_id, username, name, verify_token)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [sellerId, sender.store_domain_id, sender.username, sender.name, verifyToken],
  );
  if (!row) throw new Error('insertSender returned no row');
  return row.id;
}

/** Updates a sender; `addressChanged` puts it back to 'pending' (the new domain is unproven). */
export async function updateSender(
  db: Queryable,
  id: number,
  sender: SenderFields,
  addressChanged: boolean,
): Promise<void> {
  await db.query(
    `UPDATE email_senders SET store_domain_id = $2, username = $3, name = $4,
       status = CASE WHEN $5 THEN 'pending' ELSE status END WHERE id = $1`,
    [id, sender.store_domain_id, sender.username, sender.name, addressChanged],
  );
}

export async function deleteSender(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM email_senders WHERE id = $1', [id]);
}

/** Verified by the mailed link or the DNS record; the first way that worked is kept. */
export async function markSenderVerified(
  db: Queryable,
  id: number,
  by: 'link' | 'dns',
): Promise<void> {
  await db.query(
    `UPDATE email_senders SET status = 'verified', verified_at = coalesce(verified_at, now()),
       verified_by = coalesce(verified_by, $2) WHERE id = $1`,
    [id, by],
  );
}

/**
 * Records that a verification link goes out now; false when one went out less than
 * `intervalSeconds` ago (the caller then mails nothing).
 */
export async function stampSenderLink(
  db: Queryable,
  id: number,
  intervalSeconds: number,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE email_senders SET link_sent_at = now()
     WHERE id = $1 AND (link_sent_at IS NULL
       OR link_sent_at < now() - make_interval(secs => $2::int)) RETURNING id`,
    [id, intervalSeconds],
  );
  return rows.length > 0;
}

/** A sender as its signed verification link finds it (the link's signature is the scope). */
export async function senderForLink(db: Queryable, id: number): Promise<SenderRow | undefined> {
  return (await db.query<SenderRow>(`${SELECT_SENDER} WHERE e.id = $1`, [id]))[0];
}
