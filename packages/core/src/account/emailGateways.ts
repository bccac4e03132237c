import { z } from 'zod';

/**
 * Email gateways (spec mail drivers smtp, mailgun, ses): the seller's own mail service for the
 * mail of their stores. Credentials are write-only: the API answers with a masked copy. A gateway
 * with `store_id` serves that store; one with `store_id` null serves every store without its own.
 */
export const EMAIL_GATEWAY_DRIVERS = ['smtp', 'mailgun', 'ses'] as const;
export const EmailGatewayDriver = z.enum(EMAIL_GATEWAY_DRIVERS);
export type EmailGatewayDriver = z.infer<typeof EmailGatewayDriver>;

export const EMAIL_GATEWAY_LABELS: Record<EmailGatewayDriver, string> = {
  smtp: 'SMTP',
  mailgun: 'Mailgun',
  ses: 'Amazon SES',
};

/** The credential fields of a driver that are secret (masked in answers, sealed at rest). */
export const EMAIL_GATEWAY_SECRETS: Record<EmailGatewayDriver, readonly string[]> = {
  smtp: ['password'],
  mailgun: ['api_key'],
  ses: ['secret_access_key', 'access_key_id'],
};

const From = z.email('from must be an email address').max(254);
const Host = z
  .string()
  .trim()
  .min(1, 'host is required')
  .max(253)
  .regex(/^[A-Za-z0-9.-]+$/, 'host must be a host name');

export const SmtpCredentials = z.object({
  host: Host,
  port: z.number().int().min(1).max(65535),
  secure: z.boolean().default(false),
  username: z.string().max(254).default(''),
  password: z.string().max(500).default(''),
  from: From,
});
export type SmtpCredentials = z.infer<typeof SmtpCredentials>;

export const MailgunCredentials = z.object({
  domain: Host,
  api_key: z.string().trim().min(1, 'api_key is required').max(200),
  region: z.enum(['us', 'eu']).default('us'),
  from: From,
});
export type MailgunCredentials = z.infer<typeof MailgunCredentials>;

export const SesCredentials = z.object({
  region: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'region must be an AWS region such as us-east-1'),
  access_key_id: z.string().trim().min(16, 'access_key_id is too short').max(128),
  secret_access_key: z.string().trim().min(16, 'secret_access_key is too short').max(256),
  from: From,
});
export type SesCredentials = z.infer<typeof SesCredentials>;

const common = {
  name: z.string().trim().min(1, 'name is required').max(120),
  store_id: z.number().int().positive().nullable().default(null),
};

export const EmailGatewayBody = z.discriminatedUnion('driver', [
  z.object({ ...common, driver: z.literal('smtp'), credentials: SmtpCredentials }),
  z.object({ ...common, driver: z.literal('mailgun'), credentials: MailgunCredentials }),
  z.object({ ...common, driver: z.literal('ses'), credentials: SesCredentials }),
]);
export type EmailGatewayBody = z.infer<typeof EmailGatewayBody>;
export type EmailGatewayCredentials = EmailGatewayBody['credentials'];

export const EmailGateway = z.object({
  id: z.number().int(),
  name: z.string(),
  driver: EmailGatewayDriver,
  store_id: z.number().int().nullable(),
  /** The credentials with every secret field masked (`•••• 1234`). */
  credentials: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  from: z.string(),
  last_test_at: z.iso.datetime().nullable(),
  last_test_ok: z.boolean().nullable(),
  last_test_message: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type EmailGateway = z.infer<typeof EmailGateway>;

export const EmailGatewayTestBody = z.object({ to: z.email('to must be an email address') });
export type EmailGatewayTestBody = z.infer<typeof EmailGatewayTestBody>;

export const EmailGatewayTestAnswer = z.object({
  ok: z.literal(true),
  /** The provider's message id, when it gives one. */
  message_id: z.string().nullable(),
});
export type EmailGatewayTestAnswer = z.infer<typeof EmailGatewayTestAnswer>;

export const EMAIL_GATEWAY_MESSAGES = {
  foreignStore: 'The store is not one of yours',
  testFailed: 'The gateway did not accept the test mail',
  unreadable: 'The gateway credentials can no longer be read; enter them again',
} as const;

/** `•••• 6789` for a secret longer than 4 characters, `••••` otherwise. */
export function maskSecret(value: string): string {
  if (!value) return '';
  return value.length > 8 ? `•••• ${value.slice(-4)}` : '••••';
}

/** The credentials as the dashboard may see them: secret fields masked. */
export function maskedCredentials(
  driver: EmailGatewayDriver,
  credentials: Readonly<Record<string, string | number | boolean>>,
): Record<string, string | number | boolean> {
  const secrets = EMAIL_GATEWAY_SECRETS[driver];
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(credentials)) {
    out[key] = secrets.includes(key) && typeof value === 'string' ? maskSecret(value) : value;
  }
  return out;
}
