import { z } from 'zod';
import { PageParam, PerPageParam } from '../api/pagination.js';
import { checkTimeFilter, timeFilterFields } from '../campaign/timeFilter.js';
import {
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRED_SELLERS_PER_PAGE,
} from './constants.js';

/** A referral code from random bytes (one byte per character; the caller supplies them). */
export function referralCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < REFERRAL_CODE_LENGTH) throw new Error('not enough random bytes');
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) {
    code += REFERRAL_CODE_ALPHABET[(bytes[i] ?? 0) % REFERRAL_CODE_ALPHABET.length];
  }
  return code;
}

/** A typed code as stored (upper case, no spaces); null when it cannot be a code. */
export function normaliseReferralCode(raw: string | null | undefined): string | null {
  const code = (raw ?? '').trim().toUpperCase();
  if (code.length !== REFERRAL_CODE_LENGTH) return null;
  for (const c of code) if (!REFERRAL_CODE_ALPHABET.includes(c)) return null;
  return code;
}

/** The commission on `revenue` minor units at `percent`, rounded half up; never negative. */
export function referralCommission(revenue: number, percent: number): number {
  if (revenue <= 0 || percent <= 0) return 0;
  return Math.round((revenue * percent) / 100);
}

/** The ledger keys of a referred order's commission, in the referrer's ledger. */
export const referralKeys = {
  commission: (orderId: number) => `order:${orderId}:commission`,
  reversal: (orderId: number) => `order:${orderId}:commission:reversal`,
} as const;

/** An email shown to the referrer: the first character of the name, then the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export const ReferralProgram = z.object({
  code: z.string(),
  /** The register page with `?ref=CODE`. */
  link: z.string(),
  commission_percent: z.number(),
  referred_sellers: z.number().int(),
  /** Commission booked so far, minor units (less reversals). */
  commission_total: z.number().int(),
  currency: z.string(),
});
export type ReferralProgram = z.infer<typeof ReferralProgram>;

export const REFERRED_SELLER_SORTS = ['sold_items', 'commission', 'orders', 'joined_at'] as const;
export const ReferredSellerSort = z.enum(REFERRED_SELLER_SORTS);

export const ReferredSellerListQuery = z
  .object({
    sort_by: ReferredSellerSort.default('sold_items'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    /** The period sold items and commission are counted in (the seller's days); none: all time. */
    ...timeFilterFields,
    page: PageParam.default(1),
    per_page: PerPageParam.default(REFERRED_SELLERS_PER_PAGE),
  })
  .superRefine(checkTimeFilter);
export type ReferredSellerListQuery = z.input<typeof ReferredSellerListQuery>;

export const ReferredSeller = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  joined_at: z.string(),
  /** Paid orders of the period (none cancelled, refunded or deleted). */
  orders: z.number().int(),
  /** Units in those orders. */
  sold_items: z.number().int(),
  /** The commission booked for the period's orders, minor units, less reversals. */
  commission: z.number().int(),
});
export type ReferredSeller = z.infer<typeof ReferredSeller>;
