/**
 * Mail of a seller's store (issue 15): through the store's email gateway when the seller set one
 * (`emailGatewayForStore`: the store's own, else the every-store one), else through the platform
 * mailer (`SMTP_URL`). Either way the mail lands in the outbox first; a send failure is logged
 * and the outbox row stays unsent, as with the platform mailer.
 */
import type { FastifyBaseLogger } from 'fastify';
import { createSecretBox, type SecretBox } from '../auth/createSecretBox.js';
import { type Mail, sendMail } from '../auth/mailer.js';
import type { ServerSettings } from '../config.js';
import type { Queryable } from '../db/Db.js';
import { emailGatewayForStore, markOutboxSent } from '../sql/emailGateways.js';
import { insertOutbox } from '../sql/sessions.js';
import { type GatewayConfig, type GatewayEndpoints, sendThroughGateway } from './gatewaySenders.js';

export const EMAIL_GATEWAY_KEY_PURPOSE = 'email-gateways/v1';

export const emailGatewayBox = (secret: string): SecretBox =>
  createSecretBox(secret, EMAIL_GATEWAY_KEY_PURPOSE);

export const emailGatewayContext = (sellerId: number, id: number) =>
  `email-gateway:${sellerId}:${id}`;

export type StoreMailSettings = Pick<ServerSettings, 'smtpUrl' | 'secret'> & GatewayEndpoints;

export async function sendStoreMail(
  db: Queryable,
  log: FastifyBaseLogger,
  settings: StoreMailSettings,
  scope: { sellerId: number; storeId: number | null },
  mail: Mail,
): Promise<void> {
  const gateway = await emailGatewayForStore(db, scope.sellerId, scope.storeId);
  if (!gateway) return sendMail(db, log, settings.smtpUrl, mail);
  const id = await insertOutbox(db, mail);
  log.info(
    { outboxId: id, to: mail.to, subject: mail.subject, gateway: gateway.id },
    'mail queued',
  );
  const plain = emailGatewayBox(settings.secret).open(
    gateway.credentials_sealed,
    emailGatewayContext(scope.sellerId, Number(gateway.id)),
  );
  if (!plain) {
    log.error({ outboxId: id, gateway: gateway.id }, 'email gateway credentials do not open');
    return;
  }
  try {
    await sendThroughGateway(
      JSON.parse(plain) as GatewayConfig,
      { to: mail.to, subject: mail.subject, text: mail.body },
      settings,
    );
    await markOutboxSent(db, id);
  } catch (error) {
    log.error({ err: error, outboxId: id, gateway: gateway.id }, 'mail send failed');
  }
}
