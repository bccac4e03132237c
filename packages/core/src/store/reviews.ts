import { z } from 'zod';
import { PageParam, PerPageParam } from '../api/pagination.js';
import { stripControlChars } from '../text/controlChars.js';

/**
 * Product reviews (issue 12; spec §2 /settings/product-reviews): a buyer reviews a campaign they
 * bought, proven by the order number and the order's email; the seller publishes, hides or
 * replies. A store may publish reviews of at least N stars on arrival.
 */

export const REVIEW_STATUSES = ['pending', 'published', 'hidden'] as const;
export const ReviewStatus = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof ReviewStatus>;

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MAX = 4000;
export const REVIEW_REPLY_MAX = 2000;

export const REVIEW_MESSAGES = {
  rating: 'Give a rating of 1 to 5 stars.',
  title: `Give the review a title (at most ${REVIEW_TITLE_MAX} characters).`,
  text: `Write a few words (at most ${REVIEW_TEXT_MAX} characters).`,
  notBought: 'No order with this number and email holds this product.',
  already: 'This order already has a review of this product.',
  received: 'Thank you! Your review was received and will appear once the shop approves it.',
  published: 'Thank you! Your review is published.',
  saved: 'Review saved.',
  settingsSaved: 'Review settings saved.',
  empty: 'Nothing to change: send a status or a reply.',
} as const;

/** Text a buyer typed: control characters dropped, spaces squeezed at the ends. */
const buyerText = (max: number, message: string) =>
  z
    .string({ error: message })
    .overwrite((value) => stripControlChars(value))
    .trim()
    .min(1, message)
    .max(max, message);

export const ReviewBody = z.object({
  campaign_id: z.number().int().positive(),
  order_number: z.string().trim().min(1).max(40),
  email: z.email().max(254),
  rating: z.number({ error: REVIEW_MESSAGES.rating }).int().min(1).max(5),
  title: buyerText(REVIEW_TITLE_MAX, REVIEW_MESSAGES.title),
  text: buyerText(REVIEW_TEXT_MAX, REVIEW_MESSAGES.text),
});
export type ReviewBody = z.input<typeof ReviewBody>;

export const ReviewCreated = z.object({ id: z.number().int(), status: ReviewStatus });

export const ProductReview = z.object({
  id: z.number().int(),
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  order_number: z.string(),
  author_name: z.string(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  status: ReviewStatus,
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
});
export type ProductReview = z.infer<typeof ProductReview>;

export const ReviewListQuery = z.object({
  store_id: z.coerce.number().int().positive().optional(),
  campaign_id: z.coerce.number().int().positive().optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  status: ReviewStatus.optional(),
  page: PageParam.default(1),
  per_page: PerPageParam.default(20),
});
export type ReviewListQuery = z.input<typeof ReviewListQuery>;

export const ReviewUpdateBody = z
  .object({
    status: ReviewStatus.optional(),
    /** The seller's public answer; '' or null removes it. */
    reply: z
      .string()
      .trim()
      .max(REVIEW_REPLY_MAX)
      .nullable()
      .optional()
      .overwrite((value) => (value === '' ? null : value)),
  })
  .refine((body) => body.status !== undefined || body.reply !== undefined, {
    error: REVIEW_MESSAGES.empty,
  });
export type ReviewUpdateBody = z.input<typeof ReviewUpdateBody>;

/** Per store: reviews of at least `auto_publish_min_rating` stars publish on arrival (null: never). */
export const StoreReviewSetting = z.object({
  store_id: z.number().int().positive(),
  store_name: z.string(),
  auto_publish_min_rating: z.number().int().min(1).max(5).nullable(),
});
export type StoreReviewSetting = z.infer<typeof StoreReviewSetting>;

export const ReviewSettingsBody = z.object({
  stores: z
    .array(
      z.object({
        store_id: z.number().int().positive(),
        auto_publish_min_rating: z.number().int().min(1).max(5).nullable(),
      }),
    )
    .min(1)
    .max(500),
});
export type ReviewSettingsBody = z.input<typeof ReviewSettingsBody>;

/** The status a new review gets under a store's auto-publish threshold. */
export function initialReviewStatus(rating: number, autoPublishMin: number | null): ReviewStatus {
  return autoPublishMin !== null && rating >= autoPublishMin ? 'published' : 'pending';
}

/** Average of ratings to one decimal (0 for none), as the product page shows it. */
export function averageRating(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((a, b) => a + b, 0);
  return Math.round((sum / ratings.length) * 10) / 10;
}

/** How a buyer's name is shown on a review: first name and the initial of the last. */
export function reviewAuthorName(fullName: string | null | undefined): string {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'Verified buyer';
  const [first, ...rest] = parts;
  const last = rest.at(-1);
  return last ? `${first} ${last[0]?.toUpperCase()}.` : (first ?? 'Verified buyer');
}
