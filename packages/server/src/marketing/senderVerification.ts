/**
 * Verifying an email sender by a link mailed to its address (spec §4 senders, issue 15). The link
 * carries `<sender id>.<expiry>.<HMAC>`; the HMAC covers the sender's address and its verify
 * token, so a link mailed before the address changed verifies nothing. Opening the link marks
 * the sender verified: only someone who reads that mailbox can have it. The DNS TXT record on
 * the store's host (`GET .../status`) stays as the second way, for an address with no mailbox
 * yet.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  API,
  EMAIL_SENDER_LINK_INTERVAL_SECONDS,
  EMAIL_SENDER_LINK_TTL_SECONDS,
} from '@printloom/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/Db.js';
import { type StoreMailSettings, sendStoreMail } from '../mail/storeMail.js';
import { type SenderRow, stampSenderLink } from '../sql/emailSenders.js';

type LinkSettings = StoreMailSettings & { publicUrl: string };

/** The sender's mail address: its username at the store's host (null without a store address). */
export function senderAddressOf(row: Pick<SenderRow, 'username' | 'base_url'>): string | null {
  try {
    const host = row.base_url ? new URL(row.base_url).hostname : null;
    return host ? `${row.username}@${host.replace(/^www\./, '')}` : null;
  } catch {
    return null;
  }
}

type Signed = Pick<SenderRow, 'id' | 'username' | 'store_domain_id' | 'verify_token'>;

function mac(secret: string, sender: Signed, expires: number): string {
  return createHmac('sha256', `email-sender-link/v1:${secret}`)
    .update(
      `${sender.id}:${sender.store_domain_id}:${sender.username}:${sender.verify_token}:${expires}`,
    )
    .digest('base64url')
    .slice(0, 32);
}

export function senderLinkToken(secret: string, sender: Signed, nowMs: number): string {
  const expires = Math.floor(nowMs / 1000) + EMAIL_SENDER_LINK_TTL_SECONDS;
  return `${sender.id}.${expires}.${mac(secret, sender, expires)}`;
}

/** The sender id a token names, whatever its state; null when malformed. */
export function senderIdOfToken(token: string): number | null {
  const match = /^(\d{1,15})\.\d{1,12}\.[A-Za-z0-9_-]{32}$/.exec(token);
  return match ? Number(match[1]) : null;
}

/** Whether the token was signed for this sender as it is now, and has not expired. */
export function isSenderLinkValid(
  secret: string,
  sender: Signed,
  token: string,
  nowMs: number,
): boolean {
  const [id, expires, given] = token.split('.');
  if (Number(id) !== Number(sender.id) || !expires || !given) return false;
  if (Number(expires) * 1000 < nowMs) return false;
  const expected = Buffer.from(mac(secret, sender, Number(expires)));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export type SenderLinkOutcome = 'sent' | 'too_soon' | 'no_address';

/**
 * Mails the sender address its verification link through the store's gateway (else SMTP_URL),
 * at most once a minute.
 */
export async function mailSenderLink(
  db: Queryable,
  log: FastifyBaseLogger,
  settings: LinkSettings,
  sender: SenderRow & { seller_id: number },
  nowMs: number,
): Promise<SenderLinkOutcome> {
  const address = senderAddressOf(sender);
  if (!address) return 'no_address';
  if (!(await stampSenderLink(db, Number(sender.id), EMAIL_SENDER_LINK_INTERVAL_SECONDS))) {
    return 'too_soon';
  }
  const token = senderLinkToken(settings.secret, sender, nowMs);
  const link = `${settings.publicUrl.replace(/\/+$/, '')}${API.emailTracking.verifySender.path.replace(':token', token)}`;
  await sendStoreMail(
    db,
    log,
    settings,
    { sellerId: Number(sender.seller_id), storeId: Number(sender.store_domain_id) },
    {
      to: address,
      subject: `Confirm ${address} as a sender of ${sender.store_name}`,
      body: [
        `Hello,`,
        '',
        `${sender.name} <${address}> was added as a sender of email campaigns for ${sender.store_name}.`,
        'Open this link to confirm that this address may send them:',
        '',
        link,
        '',
        `The link works for ${EMAIL_SENDER_LINK_TTL_SECONDS / 86400} days. If you did not expect this mail, ignore it: nothing is sent from this address until it is confirmed.`,
      ].join('\n'),
    },
  );
  return 'sent';
}
