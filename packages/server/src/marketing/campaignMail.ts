/**
 * Sending email campaigns (issue 15). A run of a campaign:
 *
 * 1. moves it from scheduled to sending once due, and materialises its recipients once (one row
 *    per subscriber the audience selects, unique per campaign);
 * 2. fails the claims a stopped server left behind (never sends them again);
 * 3. claims a batch of pending rows (`FOR UPDATE SKIP LOCKED`, committed before any mail goes),
 *    sends each through the store's gateway (or the platform SMTP) no faster than the rate limit
 *    of that gateway, and marks each row sent or failed as soon as it is known;
 * 4. stops between mails when its signal aborts (the server stopping), leaving the rest pending
 *    for the next run; finishes the campaign once no row is pending or claimed.
 *
 * Every mail carries its recipient's signed unsubscribe link, the RFC 8058 headers, an open
 * pixel and click-tracked links (tokens: `campaignLinkToken`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
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
  claimRecipients,
  type EmailCampaignRow,
  failStaleClaims,
  finishEmailCampaign,
  getMarketingSettings,
  markRecipientFailed,
  markRecipientSent,
  materializeRecipients,
  senderAddress,
  startEmailCampaign,
} from '../sql/emailCampaigns.js';
import { emailGatewayForStore } from '../sql/emailGateways.js';

/** A claim older than this was left by a server that stopped mid-batch. */
export const STALE_CLAIM_SECONDS = 600;
const PLATFORM_FROM = 'Printloom <no-reply@printloom.test>';

export type CampaignSettings = Pick<
  ServerSettings,
  'secret' | 'publicUrl' | 'smtpUrl' | 'campaignBatchSize' | 'campaignRatePerSecond'
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
  const transport = nodemailer.createTransport(
    `${settings.smtpUrl}${settings.smtpUrl.includes('?') ? '&' : '?'}pool=true`,
  );
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
  const interrupted = await failStaleClaims(db, campaignId, STALE_CLAIM_SECONDS);
  if (interrupted > 0) log.warn({ campaignId, interrupted }, 'email campaign: stale claims failed');
  const from = (await campaignFrom(db, campaign)) ?? transport.from;
  const footer = await campaignFooter(db, storeId);
  const mailto = mailtoOf(from);
  let delivered = 0;
  let failed = 0;
  let batches = 0;
  try {
    while (!options.signal.aborted) {
      if (options.maxBatches !== undefined && batches >= options.maxBatches) {
        return { state: 'stopped', delivered, failed };
      }
      const batch = await claimRecipients(db, campaignId, settings.campaignBatchSize);
      if (batch.length === 0) break;
      batches += 1;
      // Claimed rows are sent even when a stop comes mid-batch: a stop waits for the batch.
      for (const recipient of batch) {
        await takeSlot(transport.key, settings.campaignRatePerSecond);
        const mail = campaignMail(
          settings,
          campaign,
          footer,
          { id: Number(recipient.id), email: recipient.email },
          from,
          mailto,
        );
        try {
          const messageId = await transport.send(mail);
          await markRecipientSent(db, Number(recipient.id), messageId);
          delivered += 1;
        } catch (error) {
          await markRecipientFailed(
            db,
            Number(recipient.id),
            error instanceof Error ? error.message : String(error),
          );
          failed += 1;
        }
      }
    }
  } finally {
    transport.close();
  }
  if (options.signal.aborted) return { state: 'stopped', delivered, failed };
  await finishEmailCampaign(db, campaignId);
  log.info({ campaignId, delivered, failed }, 'email campaign run done');
  return { state: 'finished', delivered, failed };
}
