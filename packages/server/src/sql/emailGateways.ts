import type { Queryable } from '../db/Db.js';

export interface EmailGatewayRow {
  id: number;
  seller_id: number;
  store_id: number | null;
  name: string;
  driver: 'smtp' | 'mailgun' | 'ses';
  from_address: string;
  credentials_sealed: string;
  credentials_masked: Record<string, string | number | boolean>;
  last_test_at: Date | null;
  last_test_ok: boolean | null;
  last_test_message: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface EmailGatewayFields {
  store_id: number | null;
  name: string;
  driver: string;
  from_address: string;
  credentials_masked: Record<string, string | number | boolean>;
}

const COLUMNS = `id, seller_id, store_id, name, driver, from_address, credentials_sealed,
  credentials_masked, last_test_at, last_test_ok, last_test_message, created_at, updated_at`;

/** The seller's gateways, newest first; `storeIds` (a store-limited session) keeps theirs. */
export async function listEmailGateways(
  q: Queryable,
  sellerId: number,
): Promise<EmailGatewayRow[]> {
  const rows = await q.query<EmailGatewayRow>(
    `SELECT ${COLUMNS} FROM email_gateways WHERE seller_id = $1 ORDER BY id DESC`,
    [sellerId],
  );
  return rows;
}

export async function getEmailGateway(
  q: Queryable,
  sellerId: number,
  id: number,
): Promise<EmailGatewayRow | null> {
  const rows = await q.query<EmailGatewayRow>(
    `SELECT ${COLUMNS} FROM email_gateways WHERE seller_id = $1 AND id = $2`,
    [sellerId, id],
  );
  return rows[0] ?? null;
}

/** Inserts the row without credentials (they are sealed with its id, then written). */
export async function insertEmailGateway(
  q: Queryable,
  sellerId: number,
  fields: EmailGatewayFields,
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO email_gateways (seller_id, store_id, name, driver, from_address, credentials_masked)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id`,
    [
      sellerId,
      fields.store_id,
      fields.name,
      fields.driver,
      fields.from_address,
      JSON.stringify(fields.credentials_masked),
    ],
  );
  return Number(rows[0]?.id);
}

/** Replaces every field and the sealed credentials; the last test result is forgotten. */
export async function updateEmailGateway(
  q: Queryable,
  sellerId: number,
  id: number,
  fields: EmailGatewayFields & { credentials_sealed: string },
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE email_gateways SET store_id = $3, name = $4, driver = $5, from_address = $6,
       credentials_masked = $7::jsonb, credentials_sealed = $8, last_test_at = NULL,
       last_test_ok = NULL, last_test_message = NULL, updated_at = now()
     WHERE seller_id = $1 AND id = $2 RETURNING id`,
    [
      sellerId,
      id,
      fields.store_id,
      fields.name,
      fields.driver,
      fields.from_address,
      JSON.stringify(fields.credentials_masked),
      fields.credentials_sealed,
    ],
  );
  return rows.length > 0;
}

export async function deleteEmailGateway(
  q: Queryable,
  sellerId: number,
  id: number,
): Promise<boolean> {
  const rows = await q.query(
    'DELETE FROM email_gateways WHERE seller_id = $1 AND id = $2 RETURNING id',
    [sellerId, id],
  );
  return rows.length > 0;
}

export async function recordEmailGatewayTest(
  q: Queryable,
  sellerId: number,
  id: number,
  ok: boolean,
  message: string,
): Promise<void> {
  await q.query(
    `UPDATE email_gateways SET last_test_at = now(), last_test_ok = $3, last_test_message = $4
     WHERE seller_id = $1 AND id = $2`,
    [sellerId, id, ok, message],
  );
}

/**
 * The gateway a store's mail goes through: the newest of the store's own, else the newest of the
 * seller's every-store gateways; null sends through the platform mailer.
 */
export async function emailGatewayForStore(
  q: Queryable,
  sellerId: number,
  storeId: number | null,
): Promise<EmailGatewayRow | null> {
  const rows = await q.query<EmailGatewayRow>(
    `SELECT ${COLUMNS} FROM email_gateways
     WHERE seller_id = $1 AND (store_id = $2 OR store_id IS NULL)
     ORDER BY (store_id IS NULL), id DESC LIMIT 1`,
    [sellerId, storeId],
  );
  return rows[0] ?? null;
}

export async function markOutboxSent(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE outbox SET sent_at = now() WHERE id = $1', [id]);
}
