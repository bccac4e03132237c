import { z } from 'zod';
import { cappedPaginated } from '../api/pagination.js';
import { ABANDONED_CHECKOUT_EMAILS, type AbandonedCheckoutEmail } from '../enums/settings.js';

/** Shortest and longest wait before a recovery email, in minutes (15 minutes to 30 days). */
export const RECOVERY_DELAY_MIN_MINUTES = 15;
export const RECOVERY_DELAY_MAX_MINUTES = 30 * 24 * 60;
/** The schedule of a seller who never set one: 1 hour, 1 day, 3 days. */
export const DEFAULT_RECOVERY_DELAYS = [60, 24 * 60, 3 * 24 * 60] as const;
/**
 * A checkout older than its last email's delay plus this is never emailed: turning recovery on
 * does not write to buyers who left months ago.
 */
export const RECOVERY_GRACE_MINUTES = 24 * 60;

const delay = z
  .number()
  .int()
  .min(RECOVERY_DELAY_MIN_MINUTES, `Wait at least ${RECOVERY_DELAY_MIN_MINUTES} minutes`)
  .max(RECOVERY_DELAY_MAX_MINUTES, 'Wait at most 30 days');

/**
 * The seller's recovery schedule (issue 13, spec §3 abandoned checkout emails 1 to 3): minutes
 * after the checkout was left for each email, in increasing order.
 */
export const AbandonedSettings = z
  .object({
    enabled: z.boolean(),
    delay1_minutes: delay,
    delay2_minutes: delay,
    delay3_minutes: delay,
  })
  .superRefine((value, ctx) => {
    if (value.delay2_minutes <= value.delay1_minutes) {
      ctx.addIssue({
        code: 'custom',
        path: ['delay2_minutes'],
        message: 'Email 2 must wait longer than email 1',
      });
    }
    if (value.delay3_minutes <= value.delay2_minutes) {
      ctx.addIssue({
        code: 'custom',
        path: ['delay3_minutes'],
        message: 'Email 3 must wait longer than email 2',
      });
    }
  });
export type AbandonedSettings = z.infer<typeof AbandonedSettings>;

export const DEFAULT_ABANDONED_SETTINGS: AbandonedSettings = {
  enabled: false,
  delay1_minutes: DEFAULT_RECOVERY_DELAYS[0],
  delay2_minutes: DEFAULT_RECOVERY_DELAYS[1],
  delay3_minutes: DEFAULT_RECOVERY_DELAYS[2],
};

const delays = (s: AbandonedSettings) => [s.delay1_minutes, s.delay2_minutes, s.delay3_minutes];

/**
 * The recovery email a checkout is due, `minutes` after it was left, given the emails it got:
 * the latest one whose delay has passed, when no later one went out. Earlier ones left unsent
 * (recovery turned on late, a server down) are skipped rather than sent in a burst. Null when
 * nothing is due, recovery is off, or the checkout is too old.
 */
export function dueRecoveryEmail(
  settings: AbandonedSettings,
  minutes: number,
  sent: readonly number[],
): AbandonedCheckoutEmail | null {
  if (!settings.enabled) return null;
  const waits = delays(settings);
  if (minutes > (waits[2] ?? 0) + RECOVERY_GRACE_MINUTES) return null;
  const highestSent = Math.max(0, ...sent);
  let due: AbandonedCheckoutEmail | null = null;
  for (const number of ABANDONED_CHECKOUT_EMAILS) {
    if (minutes >= (waits[number - 1] ?? Infinity) && number > highestSent) due = number;
  }
  return due;
}

/** A recovery email's words: subject and plain-text body with the link that restores the cart. */
export function recoveryEmail(
  number: AbandonedCheckoutEmail,
  input: { storeName: string; link: string; items: readonly { name: string; quantity: number }[] },
): { subject: string; body: string } {
  const subjects: Record<AbandonedCheckoutEmail, string> = {
    1: `You left something in your cart at ${input.storeName}`,
    2: `Your cart at ${input.storeName} is still waiting`,
    3: `Last reminder: your cart at ${input.storeName}`,
  };
  const lines = input.items.map((item) => `- ${item.quantity} × ${item.name}`).join('\n');
  return {
    subject: subjects[number],
    body: `Hello,\n\nYou were about to order:\n${lines}\n\nYour cart is saved. Pick up where you left off:\n${input.link}\n\n${input.storeName}`,
  };
}

export const AbandonedCheckoutRow = z.object({
  id: z.string(),
  email: z.string(),
  store_id: z.number().int(),
  store_name: z.string(),
  items_count: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  created_at: z.string(),
  /** Recovery emails sent, by number, with when. */
  emails: z.array(z.object({ number: z.number().int(), sent_at: z.string() })),
  /** Paid after a recovery email went out. */
  recovered: z.boolean(),
  order_id: z.number().int().nullable(),
});
export type AbandonedCheckoutRow = z.infer<typeof AbandonedCheckoutRow>;

export const AbandonedCheckoutList = cappedPaginated(AbandonedCheckoutRow);

/** `GET /seller/abandoned-orders`: `q` matches the email; `recovered` keeps one side. */
export const AbandonedListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  recovered: z.enum(['yes', 'no']).optional(),
  store_id: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().positive().max(100).default(20),
});
export type AbandonedListQuery = z.infer<typeof AbandonedListQuery>;
export type AbandonedListQueryInput = z.input<typeof AbandonedListQuery>;

/** `GET /s/{slug}/cart?restore=<checkout id>`: the recovery link's cart (a bad id shows the cart as it is). */
export const CartRestoreQuery = z.object({ restore: z.string().max(64).optional() });
