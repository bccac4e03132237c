/**
 * The calendar's SQL verbs (issue 16): the seller's dated things within a span of UTC instants
 * (half-open), each scoped by seller id and, for store-bound rows, by the session's stores.
 */
import { CALENDAR_KIND_LIMIT } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

export interface Span {
  from: string;
  to: string;
}

export interface DatedRow {
  id: number;
  title: string;
  at: Date;
}

const rowsOf = (rows: Array<{ id: number | string; title: string; at: Date | string }>) =>
  rows.map((r) => ({ id: Number(r.id), title: r.title, at: new Date(r.at) }));

/** Campaigns first launched in the span (live campaigns from before `launched_at`: created). */
export async function campaignLaunches(q: Queryable, sellerId: number, span: Span) {
  return rowsOf(
    await q.query(
      `SELECT id, name AS title, COALESCE(launched_at, created_at) AS at FROM campaigns
        WHERE seller_id = $1 AND deleted_at IS NULL
          AND ((launched_at >= $2 AND launched_at < $3)
            OR (launched_at IS NULL AND status = 'active' AND created_at >= $2 AND created_at < $3))
        ORDER BY at, id LIMIT $4`,
      [sellerId, span.from, span.to, CALENDAR_KIND_LIMIT],
    ),
  );
}

/** Promotions whose start or end falls in the span. */
export async function promotionDates(
  q: Queryable,
  sellerId: number,
  span: Span,
  storeIds: number[] | null,
): Promise<Array<{ id: number; code: string; starts_at: Date | null; ends_at: Date | null }>> {
  const rows = await q.query<{
    id: number | string;
    code: string;
    starts_at: Date | null;
    ends_at: Date | null;
  }>(
    `SELECT id, code, starts_at, ends_at FROM coupons
      WHERE seller_id = $1 AND ($4::bigint[] IS NULL OR store_id = ANY ($4::bigint[]))
        AND ((starts_at >= $2 AND starts_at < $3) OR (ends_at >= $2 AND ends_at < $3))
      ORDER BY id LIMIT $5`,
    [sellerId, span.from, span.to, storeIds, CALENDAR_KIND_LIMIT],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * Email campaigns scheduled (or sent) for a moment in the span. The email-marketing tables come
 * with their own migration; until it has run there are none to show.
 */
export async function scheduledEmailCampaigns(
  q: Queryable,
  sellerId: number,
  span: Span,
  storeIds: number[] | null,
): Promise<DatedRow[]> {
  const [present] = await q.query<{ present: boolean }>(
    "SELECT to_regclass('email_campaigns') IS NOT NULL AS present",
  );
  if (!present?.present) return [];
  return rowsOf(
    await q.query(
      `SELECT id, name AS title, send_at AS at FROM email_campaigns
        WHERE seller_id = $1 AND ($4::bigint[] IS NULL OR store_id = ANY ($4::bigint[]))
          AND status IN ('scheduled', 'sending', 'sent')
          AND send_at >= $2 AND send_at < $3
        ORDER BY send_at, id LIMIT $5`,
      [sellerId, span.from, span.to, storeIds, CALENDAR_KIND_LIMIT],
    ),
  );
}
