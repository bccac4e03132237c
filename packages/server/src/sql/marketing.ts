import type { Queryable } from '../db/Db.js';

export interface KlaviyoRow {
  store_id: number;
  private_key: string;
  list_id: string;
  last_synced_at: Date | null;
  last_sync_message: string | null;
  last_job_id: string | null;
}

export async function getKlaviyoSettings(
  db: Queryable,
  storeId: number,
): Promise<KlaviyoRow | undefined> {
  return (
    await db.query<KlaviyoRow>(
      `SELECT store_id, private_key, list_id, last_synced_at, last_sync_message, last_job_id
       FROM klaviyo_settings WHERE store_id = $1`,
      [storeId],
    )
  )[0];
}

/** Saves a store's (sealed) key and list; a new key clears the last sync's message. */
export async function putKlaviyoSettings(
  db: Queryable,
  settings: { storeId: number; sealedKey: string; listId: string },
): Promise<void> {
  await db.query(
    `INSERT INTO klaviyo_settings (store_id, private_key, list_id) VALUES ($1, $2, $3)
     ON CONFLICT (store_id) DO UPDATE SET private_key = EXCLUDED.private_key,
       list_id = EXCLUDED.list_id, last_sync_message = NULL, updated_at = now()`,
    [settings.storeId, settings.sealedKey, settings.listId],
  );
}

export async function recordKlaviyoSync(
  db: Queryable,
  result: { storeId: number; message: string; jobId?: string | null; synced: boolean },
): Promise<void> {
  await db.query(
    `UPDATE klaviyo_settings SET last_sync_message = $2,
       last_job_id = CASE WHEN $4 THEN $3 ELSE last_job_id END,
       last_synced_at = CASE WHEN $4 THEN now() ELSE last_synced_at END
     WHERE store_id = $1`,
    [result.storeId, result.message, result.jobId ?? null, result.synced],
  );
}

/** Rows still holding a plain key (written before keys were sealed). */
export async function plainKlaviyoKeys(
  db: Queryable,
): Promise<Array<{ store_id: number; private_key: string }>> {
  return db.query(
    "SELECT store_id, private_key FROM klaviyo_settings WHERE private_key NOT LIKE 'v1.%'",
  );
}

export async function replaceKlaviyoKey(
  db: Queryable,
  storeId: number,
  plain: string,
  sealed: string,
): Promise<void> {
  // Only if still the plain key: another replica may have sealed it meanwhile.
  await db.query(
    'UPDATE klaviyo_settings SET private_key = $3 WHERE store_id = $1 AND private_key = $2',
    [storeId, plain, sealed],
  );
}

export interface SubscriberRow {
  id: number;
  store_id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  created_at: Date;
  klaviyo_synced_at: Date | null;
  unsubscribed_at: Date | null;
}

const SUBSCRIBER_COLUMNS =
  'id, store_id, email, first_name, last_name, phone, created_at, klaviyo_synced_at, unsubscribed_at';

export async function listSubscribers(
  db: Queryable,
  sellerId: number,
  filter: { stores: number[] | null; q: string | null; limit: number; offset: number },
): Promise<{ rows: SubscriberRow[]; total: number }> {
  const where = `seller_id = $1 AND ($2::bigint[] IS NULL OR store_id = ANY($2::bigint[]))
    AND ($3::text IS NULL OR email ILIKE $3 OR first_name ILIKE $3 OR last_name ILIKE $3)`;
  const params = [sellerId, filter.stores, filter.q];
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM subscribers WHERE ${where}`,
    params,
  );
  const rows = await db.query<SubscriberRow>(
    `SELECT ${SUBSCRIBER_COLUMNS} FROM subscribers WHERE ${where} ORDER BY id DESC LIMIT $4 OFFSET $5`,
    [...params, filter.limit, filter.offset],
  );
  return { rows, total: count?.total ?? 0 };
}

/** Adds a subscriber, or updates the store's one with that email; either way it is queued. */
export async function upsertSubscriber(
  db: Queryable,
  sellerId: number,
  s: {
    store_id: number;
    email: string;
    first_name?: string | undefined;
    last_name?: string | undefined;
    phone?: string | undefined;
  },
): Promise<SubscriberRow> {
  const [row] = await db.query<SubscriberRow>(
    `INSERT INTO subscribers (seller_id, store_id, email, first_name, last_name, phone)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (store_id, email) DO UPDATE SET
       first_name = COALESCE(EXCLUDED.first_name, subscribers.first_name),
       last_name = COALESCE(EXCLUDED.last_name, subscribers.last_name),
       phone = COALESCE(EXCLUDED.phone, subscribers.phone),
       updated_at = clock_timestamp()
     RETURNING ${SUBSCRIBER_COLUMNS}`,
    [sellerId, s.store_id, s.email, s.first_name ?? null, s.last_name ?? null, s.phone ?? null],
  );
  if (!row) throw new Error('subscriber upsert returned no row');
  return row;
}

export async function getSubscriber(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<SubscriberRow | undefined> {
  return (
    await db.query<SubscriberRow>(
      `SELECT ${SUBSCRIBER_COLUMNS} FROM subscribers WHERE id = $1 AND seller_id = $2`,
      [id, sellerId],
    )
  )[0];
}

export async function deleteSubscriber(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM subscribers WHERE id = $1', [id]);
}

/** Subscribers of a store waiting for Klaviyo, oldest first, as of `asOf`. */
export async function queuedSubscribers(
  db: Queryable,
  storeId: number,
  limit: number,
): Promise<{ rows: SubscriberRow[]; total: number; asOf: Date }> {
  const [now] = await db.query<{ as_of: Date }>('SELECT clock_timestamp() AS as_of');
  const asOf = now?.as_of ?? new Date();
  const queued = `store_id = $1 AND (klaviyo_synced_at IS NULL OR updated_at > klaviyo_synced_at)`;
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM subscribers WHERE ${queued}`,
    [storeId],
  );
  const rows = await db.query<SubscriberRow>(
    `SELECT ${SUBSCRIBER_COLUMNS} FROM subscribers WHERE ${queued} ORDER BY id LIMIT $2`,
    [storeId, limit],
  );
  return { rows, total: count?.total ?? 0, asOf };
}

/** Marks the sent subscribers synced unless they changed after the batch was read. */
export async function markSubscribersSynced(
  db: Queryable,
  ids: readonly number[],
  asOf: Date,
): Promise<void> {
  await db.query(
    `UPDATE subscribers SET klaviyo_synced_at = $2
     WHERE id = ANY($1::bigint[]) AND updated_at <= $2`,
    [ids, asOf],
  );
}
