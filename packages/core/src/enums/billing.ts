import { z } from 'zod';

export const TRANSACTION_TYPES = [
  'sale',
  'commission',
  'fulfill',
  'fee',
  'refund',
  'payout',
  'topup',
  'ads_topup',
  'cashback',
  'admin',
  'other',
] as const;
export const TransactionType = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof TransactionType>;

/** 'on hold' is written with a space in the spec, unlike the order statuses. */
export const TRANSACTION_STATUSES = [
  'pending',
  'processing',
  'completed',
  'on hold',
  'cancelled',
] as const;
export const TransactionStatus = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

export const PAYOUT_METHODS = ['bank', 'payoneer', 'pingpong', 'lianlian', 'payoneer_vn'] as const;
export const PayoutMethod = z.enum(PAYOUT_METHODS);
export type PayoutMethod = z.infer<typeof PayoutMethod>;

export const PAYMENT_ACCOUNT_STATUSES = ['new', 'valid', 'invalid'] as const;
export const PaymentAccountStatus = z.enum(PAYMENT_ACCOUNT_STATUSES);
export type PaymentAccountStatus = z.infer<typeof PaymentAccountStatus>;

export const PRICE_MODES = ['adjust_price', 'fixed_price', 'custom_price'] as const;
export const PriceMode = z.enum(PRICE_MODES);
export type PriceMode = z.infer<typeof PriceMode>;

/** Tip choices offered at checkout: no tip at all, or a percentage of the order. */
export const TIPPING_OPTIONS = ['none', 0, 2, 5, 10] as const;
export const TippingOption = z.literal(TIPPING_OPTIONS);
export type TippingOption = z.infer<typeof TippingOption>;
