import { z } from 'zod';

/**
 * Email marketing campaigns (issue 15): a mail composed of blocks, sent to the subscribers of one
 * store (all of them, or a segment) now or at `send_at`. Unsubscribed subscribers never receive
 * one. Stats count recipient rows: `sent` mails handed to the gateway (delivered + failed),
 * `delivered` accepted by it, `failed` refused by it or interrupted (`uncertain`: cut off during
 * the SMTP call by a server that died, so perhaps delivered; never sent again), `opened`/`clicked` once per
 * recipient, `unsubscribed` through this campaign's link.
 */

export const EMAIL_CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export const EmailCampaignStatus = z.enum(EMAIL_CAMPAIGN_STATUSES);
export type EmailCampaignStatus = z.infer<typeof EmailCampaignStatus>;

export const EMAIL_CAMPAIGN_MESSAGES = {
  subjectRequired: 'Subject is required',
  nameRequired: 'Campaign name is required',
  blocksRequired: 'Add at least one block',
  httpsOnly: 'Links and images must start with https:// or http://',
  notEditable: 'This campaign is already sending or sent and can no longer be changed.',
  senderNotVerified: 'The sender is not verified yet: verify it before sending.',
  senderOtherStore: 'The sender belongs to another store.',
  noRecipients: 'No subscriber of this store matches the audience.',
  sendAtPast: 'The send time must be in the future.',
  created: 'Campaign created.',
  saved: 'Campaign saved.',
  deleted: 'Campaign deleted.',
  scheduled: 'Campaign scheduled.',
  sending: 'Campaign is sending.',
  testSent: 'Test mail sent.',
} as const;

export const EMAIL_BLOCKS_MAX = 50;
const Text = (max: number) => z.string().trim().max(max);
const WebUrl = z
  .string()
  .trim()
  .max(2000)
  .regex(/^https?:\/\/[^\s"'<>]+$/i, EMAIL_CAMPAIGN_MESSAGES.httpsOnly);
const Align = z.enum(['left', 'center']).optional();

export const EmailBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: Text(200).min(1), align: Align }),
  z.object({ type: z.literal('text'), text: Text(5000).min(1), align: Align }),
  z.object({
    type: z.literal('image'),
    src: WebUrl,
    alt: Text(200),
    href: WebUrl.optional(),
  }),
  z.object({
    type: z.literal('button'),
    label: Text(80).min(1),
    href: WebUrl,
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .optional(),
  }),
  z.object({ type: z.literal('divider') }),
]);
export type EmailBlock = z.infer<typeof EmailBlock>;
export type EmailBlockType = EmailBlock['type'];

export const EmailAudience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('recent_buyers'), days: z.number().int().min(1).max(3650) }),
  z.object({ kind: z.literal('bought_campaign'), campaign_id: z.number().int().positive() }),
  z.object({ kind: z.literal('never_bought') }),
]);
export type EmailAudience = z.infer<typeof EmailAudience>;

/** `POST /seller/email-marketing/campaigns` and `PUT …/{id}` (a PUT replaces every field). */
export const EmailCampaignBody = z.object({
  name: Text(120).min(1, EMAIL_CAMPAIGN_MESSAGES.nameRequired),
  store_id: z.number().int().positive(),
  sender_id: z.number().int().positive().nullable().optional(),
  subject: Text(200).min(1, EMAIL_CAMPAIGN_MESSAGES.subjectRequired),
  preheader: Text(200).optional(),
  blocks: z.array(EmailBlock).min(1, EMAIL_CAMPAIGN_MESSAGES.blocksRequired).max(EMAIL_BLOCKS_MAX),
  audience: EmailAudience,
});
export type EmailCampaignBody = z.infer<typeof EmailCampaignBody>;

export const EmailCampaignStats = z.object({
  recipients: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  delivered: z.number().int().nonnegative(),
  opened: z.number().int().nonnegative(),
  clicked: z.number().int().nonnegative(),
  unsubscribed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Of `failed`: cut off mid-call by a server that died; perhaps delivered, never resent. */
  uncertain: z.number().int().nonnegative(),
});
export type EmailCampaignStats = z.infer<typeof EmailCampaignStats>;

export const EmailCampaign = z.object({
  id: z.number().int().positive(),
  store_id: z.number().int().positive(),
  sender_id: z.number().int().positive().nullable(),
  name: z.string(),
  subject: z.string(),
  preheader: z.string(),
  blocks: z.array(EmailBlock),
  audience: EmailAudience,
  status: EmailCampaignStatus,
  send_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  stats: EmailCampaignStats,
});
export type EmailCampaign = z.infer<typeof EmailCampaign>;

export const EmailCampaignListQuery = z.object({
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  store_id: z.coerce.number().int().positive().optional(),
  status: EmailCampaignStatus.optional(),
});
export type EmailCampaignListQuery = z.infer<typeof EmailCampaignListQuery>;

export const EmailCampaignSendBody = z
  .object({ send_at: z.iso.datetime({ offset: true }).nullable().optional() })
  .optional();
export type EmailCampaignSendBody = z.infer<typeof EmailCampaignSendBody>;

export const EmailCampaignTestBody = z.object({ email: z.email().max(254) });
export type EmailCampaignTestBody = z.infer<typeof EmailCampaignTestBody>;

/** The most bytes of one subscriber CSV import. */
export const SUBSCRIBER_IMPORT_MAX_CHARS = 2_000_000;

/**
 * `POST /seller/email-marketing/subscribers/import`: a CSV with a header row naming `email` and
 * optionally `first_name`, `last_name`, `phone`. Rows with the same email (any case) merge, the
 * later filling in the fields the earlier left empty; an email already in the store is updated.
 */
export const SubscriberImportBody = z.object({
  store_id: z.number().int().positive(),
  csv: z.string().min(1, 'The file is empty').max(SUBSCRIBER_IMPORT_MAX_CHARS),
});
export type SubscriberImportBody = z.infer<typeof SubscriberImportBody>;

export const SubscriberImportAnswer = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  merged: z.number().int().nonnegative(),
  errors: z.array(z.object({ row: z.number().int().positive(), message: z.string() })),
});
export type SubscriberImportAnswer = z.infer<typeof SubscriberImportAnswer>;

export const SubscriberExportQuery = z.object({
  store_id: z.coerce.number().int().positive().optional(),
});

export const SubscriptionBody = z.object({ subscribed: z.boolean() });
