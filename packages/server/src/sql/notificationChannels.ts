import type { Queryable } from '../db/Db.js';

export interface ChannelRow {
  id: number;
  seller_id: number;
  type: string;
  name: string;
  url_sealed: string;
  url_hint: string;
  chat_id: string | null;
  secret_sealed: string | null;
  events: string[];
  repeat_alert: string;
  repeat_until: Date | null;
  enabled: boolean;
  created_at: Date;
  last_delivery_status: string | null;
}

const CHANNEL_COLUMNS = `c.id, c.seller_id, c.type, c.name, c.url_sealed, c.url_hint, c.chat_id,
  c.secret_sealed, c.events, c.repeat_alert, c.repeat_until, c.enabled, c.created_at,
  (SELECT d.status FROM notification_deliveries d WHERE d.channel_id = c.id
    ORDER BY d.id DESC LIMIT 1) AS last_delivery_status`;

export async function listChannels(db: Queryable, sellerId: number): Promise<ChannelRow[]> {
  return db.query<ChannelRow>(
    `SELECT ${CHANNEL_COLUMNS} FROM notification_channels c WHERE c.seller_id = $1 ORDER BY c.id`,
    [sellerId],
  );
}

export async function getChannel(
  db: Queryable,
  sellerId: number,
  id: number,
): Promise<ChannelRow | undefined> {
  return (
    await db.query<ChannelRow>(
      `SELECT ${CHANNEL_COLUMNS} FROM notification_channels c WHERE c.id = $1 AND c.seller_id = $2`,
      [id, sellerId],
    )
  )[0];
}

export async function countChannels(db: Queryable, sellerId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notification_channels WHERE seller_id = $1',
    [sellerId],
  );
  return Number(row?.n ?? 0);
}

/** The enabled channels of a seller that take `event`. */
export async function channelsForEvent(
  db: Queryable,
  sellerId: number,
  event: string,
): Promise<Array<{ id: number }>> {
  return db.query<{ id: number }>(
    `SELECT id FROM notification_channels
     WHERE seller_id = $1 AND enabled AND $2 = ANY(events) ORDER BY id`,
    [sellerId, event],
  );
}

export interface ChannelFields {
  name?: string | undefined;
  url_sealed?: string | undefined;
  url_hint?: string | undefined;
  chat_id?: string | null | undefined;
  events?: string[] | undefined;
  repeat_alert?: string | undefined;
  repeat_until?: string | null | undefined;
  enabled?: boolean | undefined;
}
const WRITABLE = [
  'name',
  'url_sealed',
  'url_hint',
  'chat_id',
  'events',
  'repeat_alert',
  'repeat_until',
  'enabled',
] as const;

export async function insertChannel(
  db: Queryable,
  sellerId: number,
  channel: Required<Omit<ChannelFields, 'repeat_until'>> & {
    type: string;
    repeat_until: string | null;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO notification_channels (seller_id, type, name, url_sealed, url_hint, chat_id,
       events, repeat_alert, repeat_until, enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      sellerId,
      channel.type,
      channel.name,
      channel.url_sealed,
      channel.url_hint,
      channel.chat_id,
      channel.events,
      channel.repeat_alert,
      channel.repeat_until,
      channel.enabled,
    ],
  );
  if (!row) throw new Error('channel insert returned no row');
  return Number(row.id);
}

/** Sets the sealed secret of a channel (sealed with its id, known only after the insert). */
export async function setChannelSecret(
  db: Queryable,
  sellerId: number,
  id: number,
  secretSealed: string,
): Promise<void> {
  await db.query(
    'UPDATE notification_channels SET secret_sealed = $3 WHERE id = $1 AND seller_id = $2',
    [id, sellerId, secretSealed],
  );
}

export async function updateChannel(
  db: Queryable,
  sellerId: number,
  id: number,
  fields: ChannelFields,
): Promise<void> {
  const names: string[] = [];
  const values: unknown[] = [];
  for (const name of WRITABLE) {
    if (fields[name] === undefined) continue;
    names.push(name);
    values.push(fields[name]);
  }
  await db.query(
    `UPDATE notification_channels SET updated_at = now()${names
      .map((name, i) => `, ${name} = $${i + 3}`)
      .join('')} WHERE id = $1 AND seller_id = $2`,
    [id, sellerId, ...values],
  );
}

export async function deleteChannel(db: Queryable, sellerId: number, id: number) {
  const rows = await db.query(
    'DELETE FROM notification_channels WHERE id = $1 AND seller_id = $2 RETURNING id',
    [id, sellerId],
  );
  return rows.length > 0;
}

export interface DeliveryRow {
  id: number;
  channel_id: number;
  seller_id: number;
  message_id: string;
  event: string;
  test: boolean;
  payload: Record<string, unknown>;
  occurred_at: Date;
  status: string;
  attempt_count: number;
  next_attempt_at: Date | null;
  created_at: Date;
}

const DELIVERY_COLUMNS = `id, channel_id, seller_id, message_id, event, test, payload, occurred_at,
  status, attempt_count, next_attempt_at, created_at`;

export async function insertDelivery(
  db: Queryable,
  delivery: {
    sellerId: number;
    channelId: number;
    messageId: string;
    event: string;
    test: boolean;
    payload: object;
    nextAttemptAt: Date;
  },
): Promise<DeliveryRow> {
  const [row] = await db.query<DeliveryRow>(
    `INSERT INTO notification_deliveries (seller_id, channel_id, message_id, event, test, payload,
       next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${DELIVERY_COLUMNS}`,
    [
      delivery.sellerId,
      delivery.channelId,
      delivery.messageId,
      delivery.event,
      delivery.test,
      JSON.stringify(delivery.payload),
      delivery.nextAttemptAt,
    ],
  );
  if (!row) throw new Error('delivery insert returned no row');
  return row;
}

/** A delivery of the seller's (any seller's when `sellerId` is null: the background job). */
export async function getDelivery(
  db: Queryable,
  sellerId: number | null,
  id: number,
  options: { lock?: boolean } = {},
): Promise<DeliveryRow | undefined> {
  return (
    await db.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM notification_deliveries
       WHERE id = $1 AND ($2::bigint IS NULL OR seller_id = $2)${options.lock ? ' FOR UPDATE' : ''}`,
      [id, sellerId],
    )
  )[0];
}

/** The channel a delivery goes to, whoever owns it (the background job). */
export async function channelOfDelivery(
  db: Queryable,
  delivery: Pick<DeliveryRow, 'channel_id' | 'seller_id'>,
): Promise<ChannelRow | undefined> {
  return getChannel(db, Number(delivery.seller_id), Number(delivery.channel_id));
}

export async function listDeliveries(
  db: Queryable,
  sellerId: number,
  channelId: number,
  limit: number,
): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM notification_deliveries
     WHERE seller_id = $1 AND channel_id = $2 ORDER BY id DESC LIMIT $3`,
    [sellerId, channelId, limit],
  );
}

export interface AttemptRow {
  delivery_id: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  attempted_at: Date;
}

export async function attemptsOf(
  db: Queryable,
  sellerId: number,
  deliveryIds: readonly number[],
): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db.query<AttemptRow>(
    `SELECT delivery_id, status_code, error, duration_ms, attempted_at FROM notification_attempts
     WHERE seller_id = $1 AND delivery_id = ANY($2::bigint[]) ORDER BY id`,
    [sellerId, deliveryIds],
  );
}

/**
 * Records one attempt and where the delivery now stands: delivered, failed (schedule spent)
 * or pending with its next attempt due at `nextAttemptAt`.
 */
export async function recordAttempt(
  db: Queryable,
  delivery: Pick<DeliveryRow, 'id' | 'seller_id'>,
  attempt: {
    statusCode: number | null;
    error: string | null;
    durationMs: number;
    status: 'pending' | 'delivered' | 'failed';
    nextAttemptAt: Date | null;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO notification_attempts (delivery_id, seller_id, status_code, error, duration_ms)
     VALUES ($1, $2, $3, $4, $5)`,
    [delivery.id, delivery.seller_id, attempt.statusCode, attempt.error, attempt.durationMs],
  );
  await db.query(
    `UPDATE notification_deliveries SET attempt_count = attempt_count + 1, status = $2,
       next_attempt_at = $3, delivered_at = CASE WHEN $2 = 'delivered' THEN now() END
     WHERE id = $1`,
    [delivery.id, attempt.status, attempt.nextAttemptAt],
  );
}

/** Starts a new round of attempts of a finished delivery (redeliver); false when still pending. */
export async function restartDelivery(
  db: Queryable,
  sellerId: number,
  id: number,
  at: Date,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE notification_deliveries SET status = 'pending', attempt_count = 0,
       next_attempt_at = $3, delivered_at = NULL
     WHERE id = $1 AND seller_id = $2 AND status <> 'pending' RETURNING id`,
    [id, sellerId, at],
  );
  return rows.length > 0;
}

/** What an order event tells channels about the order, read in the caller's transaction. */
export async function orderEventSnapshot(
  db: Queryable,
  sellerId: number,
  orderId: number,
): Promise<
  | {
      order_id: number;
      order_number: string;
      status: string;
      payment_status: string;
      fulfillment_status: string;
      currency: string;
      total: number;
      customer_name: string | null;
    }
  | undefined
> {
  const [row] = await db.query<{
    id: number;
    order_number: string;
    status: string;
    payment_status: string;
    fulfillment_status: string;
    currency: string;
    total: number;
    customer_name: string | null;
  }>(
    `SELECT id, order_number, status, payment_status, fulfillment_status, currency, total,
       customer_name
     FROM orders WHERE id = $1 AND seller_id = $2`,
    [orderId, sellerId],
  );
  if (!row) return undefined;
  return {
    order_id: Number(row.id),
    order_number: row.order_number,
    status: row.status,
    payment_status: row.payment_status,
    fulfillment_status: row.fulfillment_status,
    currency: row.currency,
    total: Number(row.total),
    customer_name: row.customer_name,
  };
}

export interface RepeatCandidateRow {
  channel_id: number;
  order_id: number;
  seller_id: number;
  repeat_alert: string;
  repeat_until: Date | null;
  /** When the alert was last repeated to this channel, else when the order started waiting. */
  since: Date;
}

/**
 * Orders waiting to be handled (on hold) on channels that repeat status alerts, with when each
 * was last alerted; whether one is due is core's `isRepeatDue`. Oldest first, `limit` at most.
 */
export async function repeatCandidates(
  db: Queryable,
  limit: number,
): Promise<RepeatCandidateRow[]> {
  return db.query<RepeatCandidateRow>(
    `SELECT c.id AS channel_id, o.id AS order_id, c.seller_id, c.repeat_alert, c.repeat_until,
       COALESCE(r.last_sent_at,
         (SELECT max(e.created_at) FROM order_events e
           WHERE e.order_id = o.id AND e.kind = 'status_changed'),
         o.updated_at) AS since
     FROM notification_channels c
     JOIN orders o ON o.seller_id = c.seller_id AND o.status = 'on_hold'
     LEFT JOIN notification_repeats r ON r.channel_id = c.id AND r.order_id = o.id
     WHERE c.enabled AND c.repeat_alert <> 'disabled' AND 'order.changed.status' = ANY(c.events)
     ORDER BY since, c.id, o.id
     LIMIT $1`,
    [limit],
  );
}

export async function markRepeated(
  db: Queryable,
  row: Pick<RepeatCandidateRow, 'channel_id' | 'order_id' | 'seller_id'>,
  at: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO notification_repeats (channel_id, order_id, seller_id, last_sent_at)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (channel_id, order_id) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at`,
    [row.channel_id, row.order_id, row.seller_id, at],
  );
}
