/**
 * Sending email campaigns (issue 15). A run of a campaign:
 *
 * 1. moves it from scheduled to sending once due, and materialises its recipients once (one row
 *    per subscriber the audience selects, unique per campaign);
 * 2. puts back to pending the rows other runs claimed but never began to send (a server killed
 *    mid-batch leaves them), at once: a run only sends a row it can still move from claimed to
 *    sending, so a released row is sent by exactly one run;
 * 3. claims a batch of pending rows for itself (`FOR UPDATE SKIP LOCKED`), and for each: marks it
 *    sending just before the SMTP call (only if still its claim), sends it through the store's
 *    gateway (or the platform SMTP) no faster than the gateway's rate limit, marks it sent or
 *    failed as soon as the gateway answers;
 * 4. stops between mails when its signal aborts (the server stopping), handing its unsent claims
 *    back; once nothing is left to claim, waits out rows other runs left sending
 *    (`campaignInFlightSeconds`) and marks them uncertain — the only mails a kill can leave in
 *    doubt are the ones in an SMTP call at that moment, and they are never sent again — then
 *    finishes the campaign.
 *
 * Every mail carries its recipient's signed unsubscribe link, the RFC 8058 headers, an open
 * pixel and click-tracked links (tokens: `campaignLinkToken`).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { API, type EmailBlock, renderCampaignEmail } from '@printloom/core';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { ServerSettings } from '../config.js';
import type { Db, Queryable } from '../db/Db.js';
import {
  type GatewayConfig,
  type GatewayEndpoints,
  type GatewayMail,
  sendThroughGateway,
} from '../mail/gatewaySenders.js';
import { emailGatewayBox, emailGatewayContext } from '../mail/storeMail.js';
import {
  beginRecipientSend,
  claimRecipients,
  type EmailCampaignRow,
  finishEmailCampaign,
  getMarketingSettings,
  markRecipientFailed,
  markRecipientSent,
  markStaleSendsUncertain,
  materializeRecipients,
  newestSendingAge,
  releaseForeignClaims,
  releaseOwnClaims,
  senderAddress,
  startEmailCampaign,
} from '../sql/emailCampaigns.js';
import { emailGatewayForStore } from '../sql/emailGateways.js';

/**
 * Timeouts of one SMTP handoff, kept well under `campaignInFlightSeconds` so a live run's call
 * has always ended before another run may call its row uncertain.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 40_000 };
const PLATFORM_FROM = 'Printloom <no-reply@printloom.test>';

export type CampaignSettings = Pick<
  ServerSettings,
  | 'secret'
  | 'publicUrl'
  | 'smtpUrl'
  | 'campaignBatchSize'
  | 'campaignRatePerSecond'
  | 'campaignInFlightSeconds'
> &
  GatewayEndpoints;

// ---------------------------------------------------------------------------------------------
// Signed link tokens: `<recipient id>.<HMAC>`; a click's HMAC also covers its target address.

type LinkKind = 'u' | 'o' | 'c';

function mac(secret: string, kind: LinkKind, id: number, target = ''): string {
  return createHmac('sha256', `email-campaign-links/v1:${secret}`)
    .update(`${kind}:${id}:${target}`)
    .digest('base64url')
    .slice(0, 32);
}

export function campaignLinkToken(secret: string, kind: LinkKind, id: number, target = ''): string {
  return `${id}.${mac(secret, kind, id, target)}`;
}

/** The recipient id a token names, or null when it is not one this server signed. */
export function readCampaignLinkToken(
  secret: string,
  kind: LinkKind,
  token: string,
  target = '',
): number | null {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(mac(secret, kind, id, target));
  const given = Buffer.from(match[2] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

const pathOf = (template: string, token: string) => template.replace(':token', token);

export function recipientLinks(
  settings: Pick<CampaignSettings, 'secret' | 'publicUrl'>,
  id: number,
) {
  const base = settings.publicUrl.replace(/\/+$/, '');
  const unsubscribeUrl = `${base}${pathOf(API.emailTracking.unsubscribe.path, campaignLinkToken(settings.secret, 'u', id))}`;
  return {
    unsubscribeUrl,
    pixelUrl: `${base}${pathOf(API.emailTracking.open.path, campaignLinkToken(settings.secret, 'o', id))}`,
    link: (url: string) =>
      `${base}${pathOf(API.emailTracking.click.path, campaignLinkToken(settings.secret, 'c', id, url))}?u=${encodeURIComponent(url)}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Transports and their rate limits.

export interface CampaignTransport {
  /** The rate limit's key: one per gateway. */
  key: string;
  from: string | undefined;
  send(mail: GatewayMail): Promise<string | null>;
  close(): void;
}

export class NoTransportError extends Error {}

/** The store's gateway, else the platform SMTP; null when neither is set up. */
export async function campaignTransport(
  db: Queryable,
  settings: CampaignSettings,
  sellerId: number,
  storeId: number,
): Promise<CampaignTransport | null> {
  const gateway = await emailGatewayForStore(db, sellerId, storeId);
  if (gateway) {
    const plain = emailGatewayBox(settings.secret).open(
      gateway.credentials_sealed,
      emailGatewayContext(sellerId, Number(gateway.id)),
    );
    if (!plain) return null;
    const config = JSON.parse(plain) as GatewayConfig;
    return {
      key: `gateway:${gateway.id}`,
      from: undefined,
      send: (mail) => sendThroughGateway(config, mail, settings),
      close: () => {},
    };
  }
  if (!settings.smtpUrl) return null;
  // One pooled connection set for the whole run instead of one connection per mail.
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    pool: true,
    ...SMTP_TIMEOUTS,
  });
  return {
    key: 'platform',
    from: PLATFORM_FROM,
    send: async (mail) => {
      const info = await transport.sendMail({
        from: mail.from ?? PLATFORM_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      return typeof info.messageId === 'string' ? info.messageId : null;
    },
    close: () => transport.close(),
  };
}

/** The next free sending slot of each gateway on this server. */
const nextSlot = new Map<string, number>();

/** Waits for the gateway's next slot (the rate limit is a pace, not a burst allowance). */
async function takeSlot(key: string, perSecond: number): Promise<void> {
  const now = Date.now();
  const slot = Math.max(now, nextSlot.get(key) ?? 0);
  nextSlot.set(key, slot + 1000 / perSecond);
  if (slot > now) await sleep(slot - now);
}

// ---------------------------------------------------------------------------------------------
// One mail.

export interface CampaignContent {
  seller_id: number;
  store_id: number;
  sender_id: number | null;
  subject: string;
  preheader: string;
  blocks: EmailBlock[];
}

/**
 * The From of a campaign: its verified sender at the store's domain, else the store's default
 * sender (Email Settings), else the gateway's own.
 */
export async function campaignFrom(
  db: Queryable,
  campaign: Pick<CampaignContent, 'seller_id' | 'sender_id' | 'store_id'>,
): Promise<string | undefined> {
  const senderId =
    campaign.sender_id ??
    (await getMarketingSettings(db, Number(campaign.store_id)))?.default_sender_id ??
    null;
  if (!senderId) return undefined;
  const sender = await senderAddress(db, Number(campaign.seller_id), Number(senderId));
  if (sender?.status !== 'verified' || !sender.base_url) return undefined;
  let host: string;
  try {
    host = new URL(sender.base_url).hostname.replace(/^www\./, '');
  } catch {
    return undefined;
  }
  return `"${sender.name.replace(/["\\]/g, '')}" <${sender.username}@${host}>`;
}

export async function campaignFooter(db: Queryable, storeId: number) {
  const s = await getMarketingSettings(db, storeId);
  return { address: s?.footer_address ?? null, unsubscribeText: s?.unsubscribe_text ?? null };
}

/** The mail one recipient gets: their links in the body and the RFC 8058 headers. */
export function campaignMail(
  settings: Pick<CampaignSettings, 'secret' | 'publicUrl'>,
  content: Pick<CampaignContent, 'subject' | 'preheader' | 'blocks'>,
  footer: { address: string | null; unsubscribeText: string | null },
  recipient: { id: number; email: string },
  from: string | undefined,
  unsubscribeMailto: string,
): GatewayMail {
  const links = recipientLinks(settings, recipient.id);
  const { html, text } = renderCampaignEmail({ ...content, footer }, links);
  return {
    ...(from ? { from } : {}),
    to: recipient.email,
    subject: content.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeUrl}>, <mailto:${unsubscribeMailto}?subject=unsubscribe-${recipient.id}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The mailbox of the mailto unsubscribe: the From's own address. */
export function mailtoOf(from: string | undefined): string {
  const match = /<([^>]+)>/.exec(from ?? PLATFORM_FROM);
  return match?.[1] ?? 'no-reply@printloom.test';
}

// ---------------------------------------------------------------------------------------------
// A run.

export interface CampaignRunOptions {
  signal: AbortSignal;
  /** Stop after this many batches (the bench and the restart test); unlimited when omitted. */
  maxBatches?: number;
}

export type CampaignRunResult =
  | { state: 'not_due' }
  | { state: 'no_transport' }
  | { state: 'stopped'; delivered: number; failed: number }
  | { state: 'finished'; delivered: number; failed: number };

export async function runEmailCampaign(
  db: Db,
  settings: CampaignSettings,
  log: FastifyBaseLogger,
  campaignId: number,
  options: CampaignRunOptions,
): Promise<CampaignRunResult> {
  const campaign: EmailCampaignRow | null = await db.transaction(async (tx) => {
    const started = await startEmailCampaign(tx, campaignId);
    if (started) await materializeRecipients(tx, started);
    return started;
  });
  if (!campaign) return { state: 'not_due' };
  const sellerId = Number(campaign.seller_id);
  const storeId = Number(campaign.store_id);
  const transport = await campaignTransport(db, settings, sellerId, storeId);
  if (!transport) {
    log.error({ campaignId }, 'email campaign: no gateway and no SMTP_URL; left pending');
    return { state: 'no_transport' };
  }
  const runId = randomUUID();
  const released = await releaseForeignClaims(db, campaignId, runId);
  if (released > 0) log.warn({ campaignId, released }, 'email campaign: dead claims requeued');
  const from = (await campaignFrom(db, campaign)) ?? transport.from;
  const footer = await campaignFooter(db, storeId);
  const mailto = mailtoOf(from);
  let delivered = 0;
  let failed = 0;
  let batches = 0;
  try {
    while (!options.signal.aborted) {
      if (options.maxBatches !== undefined && batches >= options.maxBatches) break;
      const batch = await claimRecipients(db, campaignId, runId, settings.campaignBatchSize);
      if (batch.length === 0) break;
      batches += 1;
      for (const recipient of batch) {
        // A stop between mails hands the rest of the claim back (below).
        if (options.signal.aborted) break;
        await takeSlot(transport.key, settings.campaignRatePerSecond);
        const id = Number(recipient.id);
        if (!(await beginRecipientSend(db, id, runId))) continue;
        const mail = campaignMail(
          settings,
          campaign,
          footer,
          { id, email: recipient.email },
          from,
          mailto,
        );
        try {
          const messageId = await transport.send(mail);
          await markRecipientSent(db, id, messageId);
          delivered += 1;
        } catch (error) {
          await markRecipientFailed(db, id, error instanceof Error ? error.message : String(error));
          failed += 1;
        }
      }
    }
  } finally {
    transport.close();
    // This run's unsent claims go back to the queue for the next run.
    await releaseOwnClaims(db, campaignId, runId);
  }
  if (
    options.signal.aborted ||
    (options.maxBatches !== undefined && batches >= options.maxBatches)
  ) {
    return { state: 'stopped', delivered, failed };
  }
  // Rows another run left in an SMTP call: wait until no live call can still be on them.
  for (;;) {
    const age = await newestSendingAge(db, campaignId);
    if (age === null) break;
    const wait = settings.campaignInFlightSeconds - age;
    if (wait > 0) {
      // Looked at again every second: a live run's row is usually done long before the limit.
      await sleep(Math.min(1000, Math.ceil(wait * 1000) + 50), undefined, {
        signal: options.signal,
      }).catch(() => {});
      if (options.signal.aborted) return { state: 'stopped', delivered, failed };
      continue;
    }
    const uncertain = await markStaleSendsUncertain(
      db,
      campaignId,
      settings.campaignInFlightSeconds,
    );
    if (uncertain > 0) {
      log.warn(
        { campaignId, uncertain },
        'email campaign: mails interrupted mid-call are uncertain',
      );
    }
  }
  await finishEmailCampaign(db, campaignId);
  log.info({ campaignId, delivered, failed }, 'email campaign run done');
  return { state: 'finished', delivered, failed };
}
