import { z } from 'zod';

/**
 * Promotions (spec §2 /promotions, /on-promotion; issue 14): coupon codes of a store. A code is
 * unique in its store whatever its case; the §7 coupon picker lists the same rows.
 *
 * `value` by type:
 * - `percent`: the percent off, 1 to 100.
 * - `fixed`: the amount off in minor units of the store currency (cents for USD).
 * - `free_shipping`: unused (0).
 * - `bogo`: the percent off the "get" units, 1 to 100 (100: free), with `buy_quantity` and
 *   `get_quantity` (buy 2 get 1: 2 and 1).
 * `min_subtotal` is in minor units. Dates are ISO 8601 with an offset, stored in UTC.
 */

export const PROMOTION_TYPES = ['percent', 'fixed', 'free_shipping', 'bogo'] as const;
export const PromotionType = z.enum(PROMOTION_TYPES);
export type PromotionType = z.infer<typeof PromotionType>;

/** What a promotion is doing now, derived from its dates and uses (never stored). */
export const PROMOTION_STATUSES = ['scheduled', 'running', 'ended', 'used_up'] as const;
export const PromotionStatus = z.enum(PROMOTION_STATUSES);
export type PromotionStatus = z.infer<typeof PromotionStatus>;

export const PROMOTION_CODE_MAX = 40;
/** The largest fixed amount or minimum subtotal: 1,000,000.00 in the store currency. */
export const PROMOTION_AMOUNT_MAX = 100_000_000;
export const PROMOTION_QUANTITY_MAX = 99;
export const PROMOTION_LIMIT_MAX = 1_000_000;
export const PROMOTION_SCOPE_MAX = 1000;

export const PROMOTION_MESSAGES = {
  codeFormat: `The code uses letters, digits, hyphens and underscores (at most ${PROMOTION_CODE_MAX}).`,
  codeTaken: 'This store already has a promotion with this code.',
  percentRange: 'A percent is a whole number from 1 to 100.',
  fixedRange: 'The amount off must be above 0.',
  bogoQuantities: 'Buy X get Y needs how many to buy and how many are discounted.',
  datesOrder: 'The end must come after the start.',
  foreignCampaign: 'Some of these campaigns are not yours.',
  foreignCollection: 'Some of these collections are not yours.',
  created: 'Promotion created.',
  updated: 'Promotion saved.',
  deleted: 'Promotion deleted.',
} as const;

/** Why a coupon code is refused at checkout (the buyer reads these). */
export const COUPON_REFUSALS = {
  unknown: 'This coupon code is not valid',
  notStarted: 'This coupon is not active yet',
  ended: 'This coupon has expired',
  usedUp: 'This coupon has reached its usage limit',
  buyerUsedUp: 'You have already used this coupon',
  minSubtotal: 'Your order does not reach the minimum amount for this coupon',
  notEligible: 'This coupon does not apply to the products in your cart',
  bogoQuantity: 'Add more eligible products to use this coupon',
} as const;
export type CouponRefusal = keyof typeof COUPON_REFUSALS;

const Ids = z
  .array(z.number().int().positive())
  .max(PROMOTION_SCOPE_MAX)
  .overwrite((ids) => [...new Set(ids)]);
const Limit = z.number().int().min(1).max(PROMOTION_LIMIT_MAX).nullable().optional();
const Moment = z.iso.datetime({ offset: true }).nullable().optional();

/** `POST /seller/promotions` and `PUT /seller/promotions/{id}` (a PUT replaces every field). */
export const PromotionBody = z
  .object({
    store_id: z.number().int().positive(),
    code: z
      .string()
      .trim()
      .min(1, PROMOTION_MESSAGES.codeFormat)
      .max(PROMOTION_CODE_MAX, PROMOTION_MESSAGES.codeFormat)
      .regex(/^[A-Za-z0-9_-]+$/, PROMOTION_MESSAGES.codeFormat),
    name: z.string().trim().max(120).nullable().optional(),
    type: PromotionType,
    value: z.number().int().min(0).max(PROMOTION_AMOUNT_MAX),
    buy_quantity: z.number().int().min(1).max(PROMOTION_QUANTITY_MAX).nullable().optional(),
    get_quantity: z.number().int().min(1).max(PROMOTION_QUANTITY_MAX).nullable().optional(),
    starts_at: Moment,
    ends_at: Moment,
    /** Uses in total, counted from paid orders (cancelled ones aside). */
    usage_limit: Limit,
    /** Uses per buyer email, counted the same way. */
    per_buyer_limit: Limit,
    min_subtotal: z.number().int().min(0).max(PROMOTION_AMOUNT_MAX).nullable().optional(),
    /** Limits the promotion to these campaigns and those of `collection_ids` (none: all). */
    campaign_ids: Ids.optional(),
    collection_ids: Ids.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.type === 'percent' || body.type === 'bogo') && (body.value < 1 || body.value > 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: PROMOTION_MESSAGES.percentRange });
    }
    if (body.type === 'fixed' && body.value < 1) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: PROMOTION_MESSAGES.fixedRange });
    }
    if (body.type === 'bogo') {
      for (const field of ['buy_quantity', 'get_quantity'] as const) {
        if (body[field] == null) {
          ctx.addIssue({
            code: 'custom',
            path: [field],
            message: PROMOTION_MESSAGES.bogoQuantities,
          });
        }
      }
    }
    if (body.starts_at && body.ends_at && Date.parse(body.ends_at) <= Date.parse(body.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: PROMOTION_MESSAGES.datesOrder });
    }
  });
export type PromotionBody = z.input<typeof PromotionBody>;

export const PromotionListQuery = z.object({
  q: z.string().trim().max(255).optional(),
  store_id: z.coerce.number().int().positive().optional(),
  status: PromotionStatus.optional(),
});
export type PromotionListQuery = z.infer<typeof PromotionListQuery>;

export const Promotion = z.object({
  id: z.number().int(),
  /** null: a coupon of every store of the seller (made before promotions had a store). */
  store_id: z.number().int().nullable(),
  code: z.string(),
  name: z.string().nullable(),
  type: PromotionType,
  value: z.number().int(),
  buy_quantity: z.number().int().nullable(),
  get_quantity: z.number().int().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  per_buyer_limit: z.number().int().nullable(),
  min_subtotal: z.number().int().nullable(),
  campaign_ids: z.array(z.number().int()),
  collection_ids: z.array(z.number().int()),
  /** Paid orders that used it, cancelled ones aside. */
  used: z.number().int(),
  status: PromotionStatus,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Promotion = z.infer<typeof Promotion>;

/** A campaign a running promotion covers (`/on-promotion`). */
export const CampaignOnPromotion = z.object({
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  campaign_slug: z.string().nullable(),
  thumb_url: z.string().nullable(),
  promotion_id: z.number().int(),
  code: z.string(),
  type: PromotionType,
  value: z.number().int(),
  buy_quantity: z.number().int().nullable(),
  get_quantity: z.number().int().nullable(),
  store_id: z.number().int().nullable(),
  ends_at: z.string().nullable(),
});
export type CampaignOnPromotion = z.infer<typeof CampaignOnPromotion>;

export const OnPromotionQuery = z.object({
  q: z.string().trim().max(255).optional(),
  store_id: z.coerce.number().int().positive().optional(),
});
export type OnPromotionQuery = z.infer<typeof OnPromotionQuery>;
