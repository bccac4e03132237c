/**
 * Email campaigns (issue 15) and their recipient rows. Every campaign read by a seller is scoped
 * by seller id; the send job and the mail links work by campaign or recipient id.
 */
import type { EmailAudience, EmailBlock, EmailCampaignBody } from '@printloom/core';
import type { Queryable } from '../db/Db.js';

export interface EmailCampaignRow {
  id: number;
  seller_id: number;
  store_id: number;
  sender_id: number | null;
  name: string;
  subject: string;
  preheader: string;
  blocks: EmailBlock[];
  audience: EmailAudience;
  status: 'draft' | 'scheduled' | 'sending' | 'sent';
  send_at: Date | null;
  started_at: Date | null;
  materialized_at: Date | null;
  finished_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface CampaignStatsRow {
  campaign_id: number;
  recipients: number;
  pending: number;
  delivered: number;
  failed: number;
  /** Of `failed`: interrupted mid-call by a server that died, perhaps delivered. */
  uncertain: number;
  opened: number;
  clicked: number;
  unsubscribed: number;
}

const COLUMNS = `id, seller_id, store_id, sender_id, name, subject, preheader, blocks, audience,
  status, send_at, started_at, materialized_at, finished_at, created_at, updated_at`;

const fields = (b: EmailCampaignBody) => [
  b.store_id,
  b.sender_id ?? null,
  b.name,
  b.subject,
  b.preheader ?? '',
  JSON.stringify(b.blocks),
  JSON.stringify(b.audience),
];

export async function insertEmailCampaign(
  q: Queryable,
  sellerId: number,
  body: EmailCampaignBody,
): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO email_campaigns (seller_id, store_id, sender_id, name, subject, preheader, blocks, audience)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb) RETURNING id`,
    [sellerId, ...fields(body)],
  );
  return Number(row?.id);
}

/** Replaces a draft or scheduled campaign; false when it is sending or sent. */
export async function updateEmailCampaign(
  q: Queryable,
  sellerId: number,
  id: number,
  body: EmailCampaignBody,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE email_campaigns SET store_id = $3, sender_id = $4, name = $5, subject = $6,
       preheader = $7, blocks = $8::jsonb, audience = $9::jsonb, updated_at = now()
     WHERE seller_id = $1 AND id = $2 AND status IN ('draft', 'scheduled') RETURNING id`,
    [sellerId, id, ...fields(body)],
  );
  return rows.length > 0;
}

export async function getEmailCampaign(
  q: Queryable,
  sellerId: number,
  id: number,
): Promise<EmailCampaignRow | null> {
  const rows = await q.query<EmailCampaignRow>(
    `SELECT ${COLUMNS} FROM email_campaigns WHERE seller_id = $1 AND id = $2`,
    [sellerId, id],
  );
  return rows[0] ?? null;
}

export async function listEmailCampaigns(
  q: Queryable,
  sellerId: number,
  filter: { stores: number[] | null; status: string | null; limit: number; offset: number },
): Promise<{ rows: EmailCampaignRow[]; total: number }> {
  const where = `seller_id = $1 AND ($2::bigint[] IS NULL OR store_id = ANY($2::bigint[]))
    AND ($3::text IS NULL OR status = $3)`;
  const params = [sellerId, filter.stores, filter.status];
  const [count] = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM email_campaigns WHERE ${where}`,
    params,
  );
  const rows = await q.query<EmailCampaignRow>(
    `SELECT ${COLUMNS} FROM email_campaigns WHERE ${where} ORDER BY id DESC LIMIT $4 OFFSET $5`,
    [...params, filter.limit, filter.offset],
  );
  return { rows, total: count?.total ?? 0 };
}

/** Counts of the campaigns' recipient rows, by campaign id. */
export async function emailCampaignStats(
  q: Queryable,
  ids: number[],
): Promise<Map<number, CampaignStatsRow>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<CampaignStatsRow>(
    `SELECT campaign_id, count(*)::int AS recipients,
       count(*) FILTER (WHERE status IN ('pending', 'claimed', 'sending'))::int AS pending,
       count(*) FILTER (WHERE status = 'sent')::int AS delivered,
       count(*) FILTER (WHERE status IN ('failed', 'uncertain'))::int AS failed,
       count(*) FILTER (WHERE status = 'uncertain')::int AS uncertain,
       count(opened_at)::int AS opened, count(clicked_at)::int AS clicked,
       count(unsubscribed_at)::int AS unsubscribed
     FROM email_campaign_recipients WHERE campaign_id = ANY($1::bigint[]) GROUP BY campaign_id`,
    [ids],
  );
  return new Map(rows.map((r) => [Number(r.campaign_id), r]));
}

/** Deletes a campaign that is not sending; false when none such. */
export async function deleteEmailCampaign(
  q: Queryable,
  sellerId: number,
  id: number,
): Promise<boolean> {
  const rows = await q.query(
    `DELETE FROM email_campaigns WHERE seller_id = $1 AND id = $2 AND status <> 'sending'
     RETURNING id`,
    [sellerId, id],
  );
  return rows.length > 0;
}

/** A draft or scheduled campaign becomes scheduled at `sendAt` (now when null). */
export async function scheduleEmailCampaign(
  q: Queryable,
  sellerId: number,
  id: number,
  sendAt: Date | null,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE email_campaigns SET status = 'scheduled', send_at = coalesce($3::timestamptz, now()),
       updated_at = now()
     WHERE seller_id = $1 AND id = $2 AND status IN ('draft', 'scheduled') RETURNING id`,
    [sellerId, id, sendAt],
  );
  return rows.length > 0;
}

/**
 * The subscribers an audience selects (never the unsubscribed): $1 store, $2 seller, $3 kind,
 * $4 days, $5 campaign bought. "Bought" is a paid order of the store with the subscriber's email.
 */
const AUDIENCE_WHERE = `s.store_id = $1 AND s.seller_id = $2 AND s.unsubscribed_at IS NULL AND (
  $3::text = 'all'
  OR ($3 = 'recent_buyers' AND EXISTS (SELECT 1 FROM orders o WHERE o.seller_id = s.seller_id
    AND o.store_id = s.store_id AND lower(o.email) = lower(s.email) AND o.paid_at IS NOT NULL
    AND o.paid_at >= now() - make_interval(days => $4::int)))
  OR ($3 = 'bought_campaign' AND EXISTS (SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id
    WHERE o.seller_id = s.seller_id AND o.store_id = s.store_id AND lower(o.email) = lower(s.email)
    AND o.paid_at IS NOT NULL AND i.campaign_id = $5::bigint))
  OR ($3 = 'never_bought' AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.seller_id = s.seller_id
    AND o.store_id = s.store_id AND lower(o.email) = lower(s.email) AND o.paid_at IS NOT NULL)))`;

const audienceParams = (storeId: number, sellerId: number, a: EmailAudience) => [
  storeId,
  sellerId,
  a.kind,
  a.kind === 'recent_buyers' ? a.days : 0,
  a.kind === 'bought_campaign' ? a.campaign_id : 0,
];

export async function countAudience(
  q: Queryable,
  storeId: number,
  sellerId: number,
  audience: EmailAudience,
): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM subscribers s WHERE ${AUDIENCE_WHERE}`,
    audienceParams(storeId, sellerId, audience),
  );
  return row?.n ?? 0;
}

/** Whether a product campaign is the seller's (an audience may only name their own). */
export async function ownsProductCampaign(
  q: Queryable,
  sellerId: number,
  campaignId: number,
): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM campaigns WHERE seller_id = $1 AND id = $2', [
    sellerId,
    campaignId,
  ]);
  return rows.length > 0;
}

/** Campaigns the send job should run: due scheduled ones, and sending ones left unfinished. */
export async function dueEmailCampaigns(q: Queryable, limit: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `SELECT id FROM email_campaigns
     WHERE (status = 'scheduled' AND send_at <= now()) OR status = 'sending'
     ORDER BY id LIMIT $1`,
    [limit],
  );
  return rows.map((r) => Number(r.id));
}

/** Moves a due campaign to sending; null when it is not due (rescheduled, deleted, sent). */
export async function startEmailCampaign(
  q: Queryable,
  id: number,
): Promise<EmailCampaignRow | null> {
  const rows = await q.query<EmailCampaignRow>(
    `UPDATE email_campaigns SET status = 'sending', started_at = coalesce(started_at, now())
     WHERE id = $1 AND (status = 'sending' OR (status = 'scheduled' AND send_at <= now()))
     RETURNING ${COLUMNS}`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * One recipient row per subscriber the audience selects, once per campaign: the first run to
 * mark the campaign materialised inserts them in the same transaction.
 */
export async function materializeRecipients(
  q: Queryable,
  campaign: Pick<EmailCampaignRow, 'id' | 'store_id' | 'seller_id' | 'audience'>,
): Promise<number> {
  const marked = await q.query(
    `UPDATE email_campaigns SET materialized_at = now() WHERE id = $1 AND materialized_at IS NULL
     RETURNING id`,
    [campaign.id],
  );
  if (marked.length === 0) return 0;
  const rows = await q.query(
    `INSERT INTO email_campaign_recipients (campaign_id, subscriber_id, email)
     SELECT $6::bigint, s.id, s.email FROM subscribers s WHERE ${AUDIENCE_WHERE}
     ORDER BY s.id
     ON CONFLICT (campaign_id, subscriber_id) DO NOTHING RETURNING id`,
    [
      ...audienceParams(Number(campaign.store_id), Number(campaign.seller_id), campaign.audience),
      campaign.id,
    ],
  );
  return rows.length;
}

/**
 * Rows claimed by another run and not yet handed to SMTP go back to the queue at once. Safe even
 * when that run is alive: it only sends a row it can still move from claimed to sending
 * (`beginRecipientSend`), so a released row is sent by whichever run claims it next, once.
 */
export async function releaseForeignClaims(
  q: Queryable,
  campaignId: number,
  runId: string,
): Promise<number> {
  const rows = await q.query(
    `UPDATE email_campaign_recipients SET status = 'pending', claimed_by = NULL, claimed_at = NULL
     WHERE campaign_id = $1 AND status = 'claimed' AND claimed_by IS DISTINCT FROM $2 RETURNING id`,
    [campaignId, runId],
  );
  return rows.length;
}

/** A stopping run hands back the rows it claimed and did not begin to send. */
export async function releaseOwnClaims(
  q: Queryable,
  campaignId: number,
  runId: string,
): Promise<number> {
  const rows = await q.query(
    `UPDATE email_campaign_recipients SET status = 'pending', claimed_by = NULL, claimed_at = NULL
     WHERE campaign_id = $1 AND status = 'claimed' AND claimed_by = $2 RETURNING id`,
    [campaignId, runId],
  );
  return rows.length;
}

export const UNCERTAIN_ERROR =
  'Interrupted during its SMTP call; may have been delivered, so it is not sent again';

/**
 * Rows left sending longer than `staleSeconds` (longer than a live SMTP call may take) belong to
 * a run that died mid-call: uncertain, never sent again.
 */
export async function markStaleSendsUncertain(
  q: Queryable,
  campaignId: number,
  staleSeconds: number,
): Promise<number> {
  const rows = await q.query(
    `UPDATE email_campaign_recipients SET status = 'uncertain', error = $3
     WHERE campaign_id = $1 AND status = 'sending'
       AND sending_at < now() - make_interval(secs => $2::double precision) RETURNING id`,
    [campaignId, staleSeconds, UNCERTAIN_ERROR],
  );
  return rows.length;
}

/** Seconds since the newest row of the campaign still sending went out (null when none). */
export async function newestSendingAge(q: Queryable, campaignId: number): Promise<number | null> {
  const [row] = await q.query<{ age: number | null }>(
    `SELECT extract(epoch FROM now() - max(sending_at))::double precision AS age
     FROM email_campaign_recipients WHERE campaign_id = $1 AND status = 'sending'`,
    [campaignId],
  );
  return row?.age === null || row?.age === undefined ? null : Number(row.age);
}

export interface ClaimedRecipient {
  id: number;
  email: string;
  subscriber_id: number | null;
}

/** Claims up to `limit` pending rows for one run (another run skips them). */
export async function claimRecipients(
  q: Queryable,
  campaignId: number,
  runId: string,
  limit: number,
): Promise<ClaimedRecipient[]> {
  return q.query<ClaimedRecipient>(
    `UPDATE email_campaign_recipients SET status = 'claimed', claimed_by = $3, claimed_at = now()
     WHERE id IN (SELECT id FROM email_campaign_recipients
       WHERE campaign_id = $1 AND status = 'pending' ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING id, email, subscriber_id`,
    [campaignId, limit, runId],
  );
}

/**
 * Just before a row's SMTP call: claimed by this run → sending. False when the claim was released
 * meanwhile (another run has or will send it), so this run must not.
 */
export async function beginRecipientSend(
  q: Queryable,
  id: number,
  runId: string,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE email_campaign_recipients SET status = 'sending', sending_at = now()
     WHERE id = $1 AND status = 'claimed' AND claimed_by = $2 RETURNING id`,
    [id, runId],
  );
  return rows.length > 0;
}

/** Accepted by the gateway (wins over an uncertain mark a slow call may have got meanwhile). */
export async function markRecipientSent(
  q: Queryable,
  id: number,
  messageId: string | null,
): Promise<void> {
  await q.query(
    `UPDATE email_campaign_recipients SET status = 'sent', sent_at = now(), message_id = $2,
       error = NULL
     WHERE id = $1 AND status IN ('sending', 'uncertain')`,
    [id, messageId],
  );
}

export async function markRecipientFailed(q: Queryable, id: number, error: string): Promise<void> {
  await q.query(
    `UPDATE email_campaign_recipients SET status = 'failed', error = $2
     WHERE id = $1 AND status IN ('sending', 'uncertain')`,
    [id, error.slice(0, 500)],
  );
}

/** Sent once no row is pending or claimed; true when this call finished it. */
export async function finishEmailCampaign(q: Queryable, id: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE email_campaigns SET status = 'sent', finished_at = now()
     WHERE id = $1 AND status = 'sending' AND NOT EXISTS (SELECT 1 FROM email_campaign_recipients
       WHERE campaign_id = $1 AND status IN ('pending', 'claimed', 'sending')) RETURNING id`,
    [id],
  );
  return rows.length > 0;
}

export interface RecipientLinkRow {
  id: number;
  campaign_id: number;
  subscriber_id: number | null;
  store_id: number;
  blocks: EmailBlock[];
  store_name: string;
}

/** A recipient as its mail's links find it. */
export async function recipientForLink(q: Queryable, id: number): Promise<RecipientLinkRow | null> {
  const rows = await q.query<RecipientLinkRow>(
    `SELECT r.id, r.campaign_id, r.subscriber_id, c.store_id, c.blocks, st.name AS store_name
     FROM email_campaign_recipients r JOIN email_campaigns c ON c.id = r.campaign_id
     JOIN stores st ON st.id = c.store_id WHERE r.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function recordOpen(q: Queryable, id: number): Promise<void> {
  await q.query(
    'UPDATE email_campaign_recipients SET opened_at = now() WHERE id = $1 AND opened_at IS NULL',
    [id],
  );
}

/** A click also proves the mail was opened (images are often blocked). */
export async function recordClick(q: Queryable, id: number): Promise<void> {
  await q.query(
    `UPDATE email_campaign_recipients SET clicked_at = coalesce(clicked_at, now()),
       opened_at = coalesce(opened_at, now()) WHERE id = $1`,
    [id],
  );
}

/** The recipient's subscriber stops receiving campaigns of the store. */
export async function unsubscribeRecipient(q: Queryable, id: number): Promise<void> {
  await q.query(
    `UPDATE email_campaign_recipients SET unsubscribed_at = coalesce(unsubscribed_at, now())
     WHERE id = $1`,
    [id],
  );
  await q.query(
    `UPDATE subscribers SET unsubscribed_at = coalesce(unsubscribed_at, now()), updated_at = now()
     WHERE id = (SELECT subscriber_id FROM email_campaign_recipients WHERE id = $1)`,
    [id],
  );
}

export interface SenderAddressRow {
  id: number;
  store_domain_id: number;
  username: string;
  name: string;
  status: string;
  base_url: string | null;
}

export async function senderAddress(
  q: Queryable,
  sellerId: number,
  senderId: number,
): Promise<SenderAddressRow | null> {
  const rows = await q.query<SenderAddressRow>(
    `SELECT e.id, e.store_domain_id, e.username, e.name, e.status, s.base_url
     FROM email_senders e JOIN stores s ON s.id = e.store_domain_id
     WHERE e.seller_id = $1 AND e.id = $2`,
    [sellerId, senderId],
  );
  return rows[0] ?? null;
}

export interface MarketingSettingsRow {
  store_id: number;
  default_sender_id: number | null;
  footer_address: string;
  unsubscribe_text: string;
}

export async function getMarketingSettings(
  q: Queryable,
  storeId: number,
): Promise<MarketingSettingsRow | null> {
  const rows = await q.query<MarketingSettingsRow>(
    `SELECT store_id, default_sender_id, footer_address, unsubscribe_text
     FROM email_marketing_settings WHERE store_id = $1`,
    [storeId],
  );
  return rows[0] ?? null;
}

export async function putMarketingSettings(q: Queryable, s: MarketingSettingsRow): Promise<void> {
  await q.query(
    `INSERT INTO email_marketing_settings (store_id, default_sender_id, footer_address, unsubscribe_text)
     VALUES ($1, $2, $3, $4) ON CONFLICT (store_id) DO UPDATE SET
       default_sender_id = EXCLUDED.default_sender_id, footer_address = EXCLUDED.footer_address,
       unsubscribe_text = EXCLUDED.unsubscribe_text, updated_at = now()`,
    [s.store_id, s.default_sender_id, s.footer_address, s.unsubscribe_text],
  );
}

export interface ImportedSubscriber {
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
}

/**
 * Adds or updates a store's subscribers by email in one statement; an empty field keeps what
 * the row had. Answers how many were new. Imported rows are queued for Klaviyo again.
 */
export async function importSubscribers(
  q: Queryable,
  sellerId: number,
  storeId: number,
  rows: ImportedSubscriber[],
): Promise<{ created: number; updated: number }> {
  if (rows.length === 0) return { created: 0, updated: 0 };
  const result = await q.query<{ created: boolean }>(
    `INSERT INTO subscribers (seller_id, store_id, email, first_name, last_name, phone)
     SELECT $1, $2, r.email, r.first_name, r.last_name, r.phone
     FROM jsonb_to_recordset($3::jsonb) AS r(email text, first_name text, last_name text, phone text)
     ON CONFLICT (store_id, email) DO UPDATE SET
       first_name = coalesce(EXCLUDED.first_name, subscribers.first_name),
       last_name = coalesce(EXCLUDED.last_name, subscribers.last_name),
       phone = coalesce(EXCLUDED.phone, subscribers.phone),
       updated_at = now(), klaviyo_synced_at = NULL
     RETURNING (xmax = 0) AS created`,
    [sellerId, storeId, JSON.stringify(rows)],
  );
  const created = result.filter((r) => r.created).length;
  return { created, updated: result.length - created };
}

export interface ExportSubscriberRow {
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  store_name: string;
  created_at: Date;
  unsubscribed_at: Date | null;
}

export async function exportSubscribers(
  q: Queryable,
  sellerId: number,
  stores: number[] | null,
): Promise<ExportSubscriberRow[]> {
  return q.query<ExportSubscriberRow>(
    `SELECT s.email, s.first_name, s.last_name, s.phone, st.name AS store_name, s.created_at,
       s.unsubscribed_at
     FROM subscribers s JOIN stores st ON st.id = s.store_id
     WHERE s.seller_id = $1 AND ($2::bigint[] IS NULL OR s.store_id = ANY($2::bigint[]))
     ORDER BY s.id`,
    [sellerId, stores],
  );
}

export async function setSubscription(
  q: Queryable,
  sellerId: number,
  id: number,
  subscribed: boolean,
): Promise<void> {
  await q.query(
    `UPDATE subscribers SET unsubscribed_at = CASE WHEN $3 THEN NULL
       ELSE coalesce(unsubscribed_at, now()) END, updated_at = now()
     WHERE seller_id = $1 AND id = $2`,
    [sellerId, id, subscribed],
  );
}

/**
 * A buyer who ticked "Email me news and offers" becomes (or stays) a subscriber of the store when
 * their checkout is paid. Having opted in again, one who had unsubscribed is subscribed again;
 * a buyer who did not tick it is never touched (this is not called). A new row's source is
 * `checkout`; an existing row keeps where it first came from. Answers whether a row was new.
 */
export async function subscribeFromCheckout(
  q: Queryable,
  checkout: { seller_id: number; store_id: number; email: string; name: string | null },
): Promise<boolean> {
  const name = (checkout.name ?? '').trim();
  const at = name.indexOf(' ');
  const first = (at > 0 ? name.slice(0, at) : name) || null;
  const last = at > 0 ? name.slice(at + 1).trim() || null : null;
  // Matched without regard to case: an imported Ann@x.test is the buyer ann@x.test.
  const created = await q.query<{ id: number }>(
    `WITH updated AS (
       UPDATE subscribers SET first_name = coalesce(first_name, $4), last_name = coalesce(last_name, $5),
         unsubscribed_at = NULL, updated_at = now(), klaviyo_synced_at = NULL
       WHERE store_id = $2 AND seller_id = $1 AND lower(email) = lower($3) RETURNING id)
     INSERT INTO subscribers (seller_id, store_id, email, first_name, last_name, source)
     SELECT $1, $2, $3, $4, $5, 'checkout' WHERE NOT EXISTS (SELECT 1 FROM updated)
     ON CONFLICT (store_id, email) DO NOTHING RETURNING id`,
    [checkout.seller_id, checkout.store_id, checkout.email, first, last],
  );
  return created.length > 0;
}
