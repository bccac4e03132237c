import type { Queryable } from '../db/Db.js';

/** Payment gateway accounts (migrations 040, 047); seller-facing reads are scoped by seller. */

export interface GatewayAccountRow {
  id: number;
  seller_id: number;
  provider: 'stripe' | 'paypal';
  name: string;
  mode: 'test' | 'live';
  credentials: string;
  public_hint: Record<string, string>;
  store_ids: number[];
  created_at: Date;
}

const COLUMNS = `g.id::int AS id, g.seller_id::int AS seller_id, g.provider, g.name, g.mode,
  g.credentials, g.public_hint, g.created_at,
  COALESCE((SELECT array_agg(s.id::int ORDER BY s.id) FROM stores s
    WHERE s.payment_gateway_id = g.id AND s.seller_id = g.seller_id), '{}') AS store_ids`;

export async function listGatewayAccounts(
  db: Queryable,
  sellerId: number,
): Promise<GatewayAccountRow[]> {
  return db.query(
    `SELECT ${COLUMNS} FROM payment_gateways g WHERE g.seller_id = $1 ORDER BY g.id`,
    [sellerId],
  );
}

export async function getGatewayAccount(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<GatewayAccountRow | undefined> {
  const rows = await db.query<GatewayAccountRow>(
    `SELECT ${COLUMNS} FROM payment_gateways g WHERE g.id = $1 AND g.seller_id = $2`,
    [id, sellerId],
  );
  return rows[0];
}

/** An account by id alone: for its provider's webhook, which names it in the path. */
export async function gatewayAccountForWebhook(
  db: Queryable,
  id: number,
): Promise<GatewayAccountRow | undefined> {
  const rows = await db.query<GatewayAccountRow>(
    `SELECT ${COLUMNS} FROM payment_gateways g WHERE g.id = $1`,
    [id],
  );
  return rows[0];
}

/** The account a store charges through, if any. */
export async function storeGatewayAccount(
  db: Queryable,
  storeId: number,
): Promise<GatewayAccountRow | undefined> {
  const rows = await db.query<GatewayAccountRow>(
    `SELECT ${COLUMNS} FROM payment_gateways g JOIN stores st ON st.payment_gateway_id = g.id
      WHERE st.id = $1 AND st.seller_id = g.seller_id`,
    [storeId],
  );
  return rows[0];
}

export async function insertGatewayAccount(
  db: Queryable,
  row: {
    sellerId: number;
    provider: 'stripe' | 'paypal';
    name: string;
    mode: 'test' | 'live';
    credentials: string;
    hint: Record<string, string>;
  },
): Promise<number> {
  const [inserted] = await db.query<{ id: number }>(
    `INSERT INTO payment_gateways (seller_id, provider, name, mode, credentials, public_hint)
      VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id::int AS id`,
    [row.sellerId, row.provider, row.name, row.mode, row.credentials, JSON.stringify(row.hint)],
  );
  if (!inserted) throw new Error('gateway insert returned no row');
  return inserted.id;
}

export async function deleteGatewayAccount(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM payment_gateways WHERE id = $1 AND seller_id = $2 RETURNING id',
    [id, sellerId],
  );
  return rows.length > 0;
}

export async function setStoreGateway(
  db: Queryable,
  sellerId: number,
  storeId: number,
  gatewayId: number | null,
): Promise<void> {
  await db.query(
    'UPDATE stores SET payment_gateway_id = $3, updated_at = now() WHERE id = $1 AND seller_id = $2',
    [storeId, sellerId, gatewayId],
  );
}

/** The PayPal order of a checkout: its latest `requires_action` PayPal payment. */
export async function paypalOrderOfCheckout(
  db: Queryable,
  checkoutId: string,
  sellerId: number,
): Promise<string | undefined> {
  const rows = await db.query<{ reference: string }>(
    `SELECT reference FROM payments
      WHERE checkout_id = $1 AND seller_id = $2 AND gateway = 'paypal' AND status = 'requires_action'
      ORDER BY id DESC LIMIT 1`,
    [checkoutId, sellerId],
  );
  return rows[0]?.reference;
}

/** Captures PayPal declined for a checkout (each new one gets its own idempotency key). */
export async function declinedPayPalCaptures(
  db: Queryable,
  checkoutId: string,
  sellerId: number,
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM payments
      WHERE checkout_id = $1 AND seller_id = $2 AND gateway = 'paypal' AND status = 'declined'`,
    [checkoutId, sellerId],
  );
  return row?.n ?? 0;
}

/** The slug of a seller's store (where a checkout's buyer comes back to). */
export async function sellerStoreSlug(
  db: Queryable,
  sellerId: number,
  storeId: number,
): Promise<string | undefined> {
  const rows = await db.query<{ slug: string }>(
    'SELECT slug FROM stores WHERE id = $1 AND seller_id = $2',
    [storeId, sellerId],
  );
  return rows[0]?.slug;
}

/** New sealed credentials and shown hints of a seller's account. */
export async function updateGatewayCredentials(
  db: Queryable,
  sellerId: number,
  id: number,
  credentials: string,
  hint: Record<string, string>,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE payment_gateways SET credentials = $3, public_hint = $4::jsonb
      WHERE id = $1 AND seller_id = $2 RETURNING id`,
    [id, sellerId, credentials, JSON.stringify(hint)],
  );
  return rows.length > 0;
}

/** The reference of a checkout's latest `requires_action` payment through a gateway. */
export async function pendingPaymentOf(
  db: Queryable,
  checkoutId: string,
  sellerId: number,
  gateway: 'stripe' | 'paypal',
): Promise<string | undefined> {
  const rows = await db.query<{ reference: string }>(
    `SELECT reference FROM payments
      WHERE checkout_id = $1 AND seller_id = $2 AND gateway = $3 AND status = 'requires_action'
      ORDER BY id DESC LIMIT 1`,
    [checkoutId, sellerId, gateway],
  );
  return rows[0]?.reference;
}
