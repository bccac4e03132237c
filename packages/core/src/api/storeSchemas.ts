import { z } from 'zod';
import { ID_TOO_LARGE_MESSAGE, MAX_ID } from './catalogSchemas.js';
import { EMAIL_SENDER_PER_PAGE } from './constants.js';

/** Klaviyo connection of a store (spec §3 Store-level state). The key is never sent back whole. */
export const KlaviyoSettings = z.object({
  store_id: z.number().int().positive(),
  private_key: z.object({ key: z.string() }).nullable(),
  list_id: z.string().nullable(),
  /** When profiles last reached Klaviyo. */
  last_synced_at: z.string().nullable().optional(),
  /** What the last sync said, success or Klaviyo's refusal (spec §8: Klaviyo errors are stored as messages). */
  last_sync_message: z.string().nullable().optional(),
});
export type KlaviyoSettings = z.infer<typeof KlaviyoSettings>;

/**
 * A store's email marketing settings (issue 15): the sender its campaigns use when they name
 * none, and the footer every marketing mail carries (the sender's postal address, which
 * anti-spam laws ask for, and the words of the unsubscribe link).
 */
export const EmailMarketingSettingsBody = z.object({
  default_sender_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
  footer_address: z.string().trim().max(300, 'The address may have at most 300 characters'),
  unsubscribe_text: z
    .string()
    .trim()
    .max(120, 'The unsubscribe text may have at most 120 characters'),
});
export type EmailMarketingSettingsBody = z.infer<typeof EmailMarketingSettingsBody>;

export const EmailMarketingSettings = EmailMarketingSettingsBody.extend({
  store_id: z.number().int().positive(),
});
export type EmailMarketingSettings = z.infer<typeof EmailMarketingSettings>;

export const KlaviyoSettingsBody = z.object({
  private_key: z.string().trim().min(1, 'Private key is required').max(255),
  list_id: z.string().trim().min(1, 'List id is required').max(64),
});
export type KlaviyoSettingsBody = z.infer<typeof KlaviyoSettingsBody>;

/**
 * `POST …/klaviyo/sync-profiles`: the store's queued subscribers sent to its Klaviyo list as one
 * bulk import job; `remaining` are still queued (more than one job holds).
 */
export const KlaviyoSyncAnswer = z.object({
  store_id: z.number().int().positive(),
  sent: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  job_id: z.string().nullable(),
  message: z.string(),
});
export type KlaviyoSyncAnswer = z.infer<typeof KlaviyoSyncAnswer>;

/** An email-marketing subscriber of a store, queued for Klaviyo until synced. */
export const Subscriber = z.object({
  id: z.number().int().positive(),
  store_id: z.number().int().positive(),
  email: z.string().min(1),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
  /** When it last reached Klaviyo; null while queued. */
  klaviyo_synced_at: z.string().nullable(),
  /** When it unsubscribed (a campaign's link or the dashboard); null while subscribed. */
  unsubscribed_at: z.string().nullable().optional(),
});
export type Subscriber = z.infer<typeof Subscriber>;

const optionalName = z.string().trim().max(100).optional();
/** Adds a subscriber, or updates the one with that email in the store (queued again). */
export const SubscriberBody = z.object({
  store_id: z.number().int().positive(),
  email: z.string().trim().toLowerCase().email('Please enter a valid email address').max(254),
  first_name: optionalName,
  last_name: optionalName,
  phone: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, 'Phone must be in international format, e.g. +14155550123')
    .optional(),
});
export type SubscriberBody = z.infer<typeof SubscriberBody>;

export const SubscriberListQuery = z.object({
  store_id: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(255).optional(),
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().positive().max(100).default(EMAIL_SENDER_PER_PAGE),
});
export type SubscriberListQuery = z.infer<typeof SubscriberListQuery>;

/** A store's coupon as the coupon picker lists it. */
export const Coupon = z.object({
  id: z.number().int().positive(),
  code: z.string().min(1),
  name: z.string().nullable().optional(),
  store_id: z.number().int().positive().nullable().optional(),
});
export type Coupon = z.infer<typeof Coupon>;

export const CouponListQuery = z.object({ q: z.string().trim().max(255).optional() });
export type CouponListQuery = z.infer<typeof CouponListQuery>;

/** Which coupon a store offers (none when null). */
export const CouponConfigBody = z.object({ coupon_id: z.number().int().positive().nullable() });
export type CouponConfigBody = z.infer<typeof CouponConfigBody>;

/** Products to price: each with the print spaces that carry a design. */
export const CalcExtraPrintCostBody = z.object({
  products: z
    .array(
      z.object({
        id: z.number().int().positive(),
        template_id: z.number().int().positive(),
        print_spaces: z.array(z.string().min(1)),
      }),
    )
    .min(1),
});
export type CalcExtraPrintCostBody = z.infer<typeof CalcExtraPrintCostBody>;

/** The extra cost of printing more than the main print space (spec §7: id, extra_print_cost). */
export const ExtraPrintCost = z.object({
  id: z.number().int().positive(),
  extra_print_cost: z.number().nonnegative(),
});
export type ExtraPrintCost = z.infer<typeof ExtraPrintCost>;

/** An email-marketing sender address of a store domain (spec §3 email sender). */
export const EmailSender = z.object({
  id: z.number().int().positive(),
  store_domain_id: z.number().int().positive(),
  username: z.string().min(1),
  name: z.string().min(1),
  status: z.string().optional(),
  /** The sender's address (username at the store's host); null while the store has no address. */
  address: z.string().nullable().optional(),
  /** Until verified: the DNS TXT record the store's host must publish. */
  verify_record: z.object({ host: z.string(), value: z.string() }).nullable().optional(),
  /** When the last verification link was mailed to the address (null: never). */
  link_sent_at: z.string().nullable().optional(),
  /** How it was verified: `link` (the mailed link) or `dns` (the TXT record); null until then. */
  verified_by: z.enum(['link', 'dns']).nullable().optional(),
});
export type EmailSender = z.infer<typeof EmailSender>;

export const EmailSenderBody = z.object({
  store_domain_id: z.number().int().positive(),
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._%+-]+$/, 'Username is the part before @')
    .max(64),
  name: z.string().trim().min(1, 'Sender name is required').max(255),
});
export type EmailSenderBody = z.infer<typeof EmailSenderBody>;

export const EmailSenderListQuery = z.object({
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().positive().max(100).default(EMAIL_SENDER_PER_PAGE),
});
export type EmailSenderListQuery = z.infer<typeof EmailSenderListQuery>;

/** A sender's verification state as the check answers it. */
export const EmailSenderStatus = z.object({
  id: z.number().int().positive(),
  status: z.string().min(1),
});
export type EmailSenderStatus = z.infer<typeof EmailSenderStatus>;

/** A store of the seller in a path, e.g. `/seller/stores/:storeId/klaviyo`. */
export const StoreParams = z.object({
  storeId: z.coerce.number().int().positive().max(MAX_ID, ID_TOO_LARGE_MESSAGE),
});
export type StoreParams = z.infer<typeof StoreParams>;
