import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Queryable } from '../db/Db.js';
import { insertOutbox } from '../sql/sessions.js';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/**
 * Every mail lands in the outbox table; with SMTP configured it is also sent. The log names the
 * mail (outbox id, recipient, subject) but never shows its body: sign-up and reset mails carry
 * one-time tokens. A send failure is logged and the outbox row stays unsent, so the request
 * still succeeds.
 */
export async function sendMail(
  db: Queryable,
  log: FastifyBaseLogger,
  smtpUrl: string | undefined,
  mail: Mail,
): Promise<void> {
  const id = await insertOutbox(db, mail);
  log.info({ outboxId: id, to: mail.to, subject: mail.subject }, 'mail queued');
  if (!smtpUrl) return;
  try {
    await nodemailer.createTransport(smtpUrl).sendMail({
      from: 'Printloom <no-reply@printloom.test>',
      to: mail.to,
      subject: mail.subject,
      text: mail.body,
    });
    await db.query('UPDATE outbox SET sent_at = now() WHERE id = $1', [id]);
  } catch (error) {
    log.error({ err: error, outboxId: id }, 'mail send failed');
  }
}
