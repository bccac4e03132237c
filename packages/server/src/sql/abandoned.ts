/**
 * Abandoned checkouts (issue 13). A checkout is left when it is unpaid and its buyer (same store,
 * email in any case) neither started a newer checkout nor ordered since: the storefront makes a
 * new checkout at each submit, so only the latest one of a buyer counts. It is recovered when
 * the buyer ordered in that store after a recovery email went out. The schedule lives in
 * `abandoned_settings`, the emails sent in `checkout_recovery_emails` (migration 025).
 */
import {
  type AbandonedSettings,
  DEFAULT_ABANDONED_SETTINGS,
  type PersonalizedValue,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { containsPattern, selectPage, Where } from './listQuery.js';

/** SQL: the checkout `c` was followed by a newer checkout or an order of the same buyer. */
const SUPERSEDED = `(EXISTS (SELECT 1 FROM checkouts n WHERE n.store_id = c.store_id
      AND lower(n.email) = lower(c.email) AND n.created_at > c.created_at)
  OR EXISTS (SELECT 1 FROM orders o WHERE o.store_id = c.store_id
      AND lower(o.email) = lower(c.email) AND o.created_at >= c.created_at))`;
const HAS_EMAILS = 'EXISTS (SELECT 1 FROM checkout_recovery_emails r WHERE r.checkout_id = c.id)';
const RECOVERED = `(${HAS_EMAILS} AND EXISTS (SELECT 1 FROM orders o WHERE o.store_id = c.store_id
      AND lower(o.email) = lower(c.email)
      AND o.created_at > (SELECT min(r.sent_at) FROM checkout_recovery_emails r WHERE r.checkout_id = c.id)))`;

interface SettingsRow {
  enabled: boolean;
  delay1_minutes: number;
  delay2_minutes: number;
  delay3_minutes: number;
}

const settingsOf = (row: SettingsRow | undefined): AbandonedSettings =>
  row
    ? {
        enabled: row.enabled,
        delay1_minutes: Number(row.delay1_minutes),
        delay2_minutes: Number(row.delay2_minutes),
        delay3_minutes: Number(row.delay3_minutes),
      }
    : DEFAULT_ABANDONED_SETTINGS;

export async function getAbandonedSettings(
  db: Queryable,
  sellerId: number,
): Promise<AbandonedSettings> {
  const [row] = await db.query<SettingsRow>(
    `SELECT enabled, delay1_minutes, delay2_minutes, delay3_minutes
       FROM abandoned_settings WHERE seller_id = $1`,
    [sellerId],
  );
  return settingsOf(row);
}

export async function saveAbandonedSettings(
  db: Queryable,
  sellerId: number,
  settings: AbandonedSettings,
): Promise<AbandonedSettings> {
  const [row] = await db.query<SettingsRow>(
    `INSERT INTO abandoned_settings (seller_id, enabled, delay1_minutes, delay2_minutes, delay3_minutes)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (seller_id) DO UPDATE SET enabled = $2, delay1_minutes = $3,
       delay2_minutes = $4, delay3_minutes = $5, updated_at = now()
     RETURNING enabled, delay1_minutes, delay2_minutes, delay3_minutes`,
    [
      sellerId,
      settings.enabled,
      settings.delay1_minutes,
      settings.delay2_minutes,
      settings.delay3_minutes,
    ],
  );
  return settingsOf(row);
}

export interface AbandonedDbRow {
  id: string;
  email: string;
  store_id: number;
  store_name: string;
  items_count: number;
  total: number;
  currency: string;
  created_at: Date;
  emails: { number: number; sent_at: string }[];
  recovered: boolean;
  order_id: number | null;
}

/**
 * A page of the seller's abandoned checkouts, newest first: unpaid, older than the first email's
 * delay, and either the buyer's latest or one that got recovery emails (shown with whether it
 * was recovered).
 */
export async function listAbandoned(
  db: Queryable,
  sellerId: number,
  filter: {
    q?: string | undefined;
    recovered?: 'yes' | 'no' | undefined;
    storeId?: number | undefined;
    storeIds: number[] | null;
    olderThanMinutes: number;
  },
  page: { page: number; per_page: number },
): Promise<{ rows: AbandonedDbRow[]; counted: number }> {
  const where = new Where()
    .add('c.seller_id = ?', sellerId)
    .add("c.status <> 'paid' AND c.email <> ?", '')
    .add('c.created_at <= now() - make_interval(mins => ?::int)', filter.olderThanMinutes)
    .add(`(${HAS_EMAILS} OR NOT ${SUPERSEDED}) AND TRUE = ?`, true);
  if (filter.q) where.add('c.email ILIKE ?', containsPattern(filter.q));
  if (filter.storeId !== undefined) where.add('c.store_id = ?', filter.storeId);
  if (filter.storeIds !== null) where.add('c.store_id = ANY(?::bigint[])', filter.storeIds);
  if (filter.recovered) where.add(`${RECOVERED} = ?`, filter.recovered === 'yes');
  return selectPage<AbandonedDbRow>(
    db,
    {
      from: 'checkouts c',
      select: `SELECT c.id, c.email, c.store_id, s.name AS store_name,
          jsonb_array_length(c.items)::int AS items_count, c.total, c.currency, c.created_at,
          COALESCE((SELECT json_agg(json_build_object('number', r.email_number, 'sent_at', r.sent_at)
                      ORDER BY r.email_number)
                    FROM checkout_recovery_emails r WHERE r.checkout_id = c.id), '[]') AS emails,
          ${RECOVERED} AS recovered, c.order_id
        FROM checkouts c JOIN stores s ON s.id = c.store_id`,
      orderBy: 'c.created_at DESC, c.id DESC',
    },
    where,
    page,
  );
}

export interface DueCheckoutRow {
  id: string;
  seller_id: number;
  store_id: number;
  email: string;
  store_name: string;
  store_slug: string;
  store_base_url: string | null;
  items: { name: string; quantity: number }[];
  minutes: number;
  sent: number[];
  enabled: boolean;
  delay1_minutes: number;
  delay2_minutes: number;
  delay3_minutes: number;
}

/**
 * Checkouts that may be due a recovery email now, across sellers with recovery on: left
 * (unpaid, the buyer's latest, no order since), older than the seller's first delay and younger
 * than the last delay plus `graceMinutes`. Core's `dueRecoveryEmail` decides which email.
 */
export async function recoveryCandidates(
  db: Queryable,
  graceMinutes: number,
  limit: number,
): Promise<DueCheckoutRow[]> {
  return db.query<DueCheckoutRow>(
    `SELECT c.id, c.seller_id, c.store_id, c.email, s.name AS store_name, s.slug AS store_slug,
            s.base_url AS store_base_url, c.items,
            (extract(epoch FROM now() - c.created_at) / 60)::int AS minutes,
            COALESCE((SELECT array_agg(r.email_number::int) FROM checkout_recovery_emails r
                       WHERE r.checkout_id = c.id), '{}') AS sent,
            a.enabled, a.delay1_minutes, a.delay2_minutes, a.delay3_minutes
       FROM abandoned_settings a
       JOIN checkouts c ON c.seller_id = a.seller_id
       JOIN stores s ON s.id = c.store_id
      WHERE a.enabled AND c.status <> 'paid' AND c.email <> ''
        AND c.created_at <= now() - make_interval(mins => a.delay1_minutes)
        AND c.created_at > now() - make_interval(mins => a.delay3_minutes + $1::int)
        AND NOT ${SUPERSEDED}
        AND (SELECT count(*) FROM checkout_recovery_emails r WHERE r.checkout_id = c.id) < 3
      ORDER BY c.created_at
      LIMIT $2`,
    [graceMinutes, limit],
  );
}

/** Records a recovery email; false when it was already recorded (another run sent it). */
export async function recordRecoveryEmail(
  db: Queryable,
  checkout: { id: string; sellerId: number },
  number: number,
): Promise<boolean> {
  const rows = await db.query<{ checkout_id: string }>(
    `INSERT INTO checkout_recovery_emails (checkout_id, seller_id, email_number) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING checkout_id`,
    [checkout.id, checkout.sellerId, number],
  );
  return rows.length > 0;
}

export interface RestorableCheckout {
  items: {
    campaign_id: number;
    product_id: number;
    name: string;
    color: string;
    size: string;
    quantity: number;
    price: number;
    /** The buyer's values of a personalised product (core PersonalizedValue). */
    personalization?: PersonalizedValue[];
  }[];
  slugs: { id: number; slug: string | null }[];
}

/** An unpaid checkout of the store with its campaigns' slugs, to fill a cart from; else none. */
export async function restorableCheckout(
  db: Queryable,
  storeId: number,
  checkoutId: string,
): Promise<RestorableCheckout | undefined> {
  const [row] = await db.query<{ items: RestorableCheckout['items']; seller_id: number }>(
    `SELECT items, seller_id FROM checkouts WHERE id = $1 AND store_id = $2 AND status <> 'paid'`,
    [checkoutId, storeId],
  );
  if (!row) return undefined;
  const slugs = await db.query<{ id: number; slug: string | null }>(
    'SELECT id, slug FROM campaigns WHERE seller_id = $1 AND id = ANY($2::bigint[])',
    [row.seller_id, row.items.map((item) => item.campaign_id)],
  );
  return { items: row.items, slugs: slugs.map((s) => ({ id: Number(s.id), slug: s.slug })) };
}
