/**
 * Referral program (issue 14; spec §2 /referral). Decisions where the spec is silent, also in
 * the core README:
 * - A seller's code is REFERRAL_CODE_LENGTH characters of REFERRAL_CODE_ALPHABET (no 0/O, 1/I/L),
 *   given once on first use and never changed; typed codes match whatever their case.
 * - Only sellers who were not referred themselves have a program (spec: Referral hidden for
 *   `is_ref`), so a chain is one level deep.
 * - The commission is a percent of what a referred seller's buyer paid for the goods (lines less
 *   the coupon discount; shipping and tip excluded), rounded half up, paid by the platform: the
 *   referred seller's profit is untouched. It is pending for the same hold period as the sale
 *   and is reversed when the order is refunded.
 */
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** The commission percent when the site does not set one (`referralCommissionPercent`). */
export const DEFAULT_REFERRAL_COMMISSION_PERCENT = 5;
/** The query parameter of the register page that carries the code. */
export const REFERRAL_QUERY_PARAM = 'ref';
export const REFERRED_SELLERS_PER_PAGE = 25;

export const REFERRAL_MESSAGES = {
  referredAccount: 'Accounts that joined through a referral have no referral program of their own.',
} as const;
