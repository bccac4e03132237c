import { z } from 'zod';
import { cappedPaginated, paginated } from '../api/pagination.js';
import { checkTimeFilter, timeFilterFields } from '../campaign/timeFilter.js';
import {
  PaymentAccountStatus,
  PayoutMethod,
  TransactionStatus,
  TransactionType,
} from '../enums/billing.js';
import {
  ADJUSTMENT_MAX_AMOUNT,
  LEDGER_ACCOUNTS,
  LEDGER_MESSAGES,
  PAYOUT_MAX_AMOUNT,
  PAYOUT_STATUSES,
  SMS_TOPUP_MAX_AMOUNT,
  SMS_TOPUP_MIN_AMOUNT,
  TRANSACTIONS_PER_PAGE,
} from './constants.js';

const LedgerEntryType = TransactionType;
const LedgerStatus = TransactionStatus;
export const LedgerAccountType = z.enum(LEDGER_ACCOUNTS);
export const PayoutStatus = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof PayoutStatus>;

const minor = z.number().int();

/** One row of the Billing & Payouts transactions list (spec §3 transaction). */
export const Transaction = z.object({
  id: z.number().int(),
  type: LedgerEntryType,
  /** As read now: a pending sale past its hold period reads 'completed'. */
  status: LedgerStatus,
  account: LedgerAccountType,
  /** Signed minor units: money in is positive. */
  amount: minor,
  currency: z.string(),
  description: z.string(),
  order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  payout_id: z.number().int().nullable(),
  /** Why the operator holds the entry, while it is on hold. */
  hold_reason: z.string().nullable().optional(),
  available_at: z.string(),
  created_at: z.string(),
  /** What an entry booked from another currency was converted from (null: booked in USD). */
  original: z
    .object({ amount: minor, currency: z.string(), rate: z.number().positive() })
    .nullable()
    .optional(),
});
export type Transaction = z.infer<typeof Transaction>;

/** `GET /seller/transactions` query: type, status, a date preset in the user's offset, order number. */
export const TransactionListQuery = z
  .object({
    type: LedgerEntryType.optional(),
    status: LedgerStatus.optional(),
    account: LedgerAccountType.optional(),
    /** An order number (or part of it), or words of the description. */
    q: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().positive().default(1),
    per_page: z.coerce.number().int().positive().max(100).default(TRANSACTIONS_PER_PAGE),
    ...timeFilterFields,
  })
  .superRefine(checkTimeFilter);
export type TransactionListQuery = z.infer<typeof TransactionListQuery>;
export type TransactionListQueryInput = z.input<typeof TransactionListQuery>;

/** The export takes the list's filters without its paging. */
export const TransactionExportQuery = z
  .object({
    type: LedgerEntryType.optional(),
    status: LedgerStatus.optional(),
    account: LedgerAccountType.optional(),
    q: z.string().trim().max(100).optional(),
    ...timeFilterFields,
  })
  .superRefine(checkTimeFilter);
export type TransactionExportQuery = z.infer<typeof TransactionExportQuery>;

/** A page of the ledger; its total is counted up to the list cap (`total_is_capped`). */
export const TransactionList = cappedPaginated(Transaction);
export type TransactionList = z.infer<typeof TransactionList>;

/** One account's balances in minor units. */
export const AccountBalances = z.object({
  type: LedgerAccountType,
  available: minor,
  pending: minor,
  on_hold: minor,
});
export type AccountBalances = z.infer<typeof AccountBalances>;

/** A field a payout method asks for. */
export interface PaymentField {
  name: string;
  label: string;
  required: boolean;
  /** Shown in full in the dashboard (a bank's name); every other field is masked. */
  shown?: boolean;
  kind?: 'email' | 'text';
}

/** The fields each payout method needs (spec §3 payout methods). */
export const PAYMENT_METHOD_FIELDS: Record<PayoutMethod, readonly PaymentField[]> = {
  bank: [
    { name: 'account_holder', label: 'Account holder', required: true, shown: true },
    { name: 'bank_name', label: 'Bank name', required: true, shown: true },
    { name: 'account_number', label: 'Account number or IBAN', required: true },
    { name: 'swift_code', label: 'SWIFT / BIC', required: false, shown: true },
    { name: 'country', label: 'Bank country', required: true, shown: true },
  ],
  payoneer: [{ name: 'email', label: 'Payoneer email', required: true, kind: 'email' }],
  pingpong: [{ name: 'email', label: 'PingPong email', required: true, kind: 'email' }],
  lianlian: [{ name: 'email', label: 'LianLian email', required: true, kind: 'email' }],
  payoneer_vn: [
    { name: 'email', label: 'Payoneer email', required: true, kind: 'email' },
    { name: 'account_holder', label: 'Full name', required: true, shown: true },
  ],
};

export const PAYMENT_METHOD_LABELS: Record<PayoutMethod, string> = {
  bank: 'Bank transfer',
  payoneer: 'Payoneer',
  pingpong: 'PingPong',
  lianlian: 'LianLian',
  payoneer_vn: 'Payoneer (Vietnam)',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Proof of the person changing a payout account: the password or a second-factor code. */
const reauthFields = {
  current_password: z.string().max(200).optional(),
  tfa_code: z
    .string()
    .regex(/^\d{6}$/, 'A two-factor code has 6 digits')
    .optional(),
};

/** The details a method needs, each field checked; unknown fields are refused. */
function detailsOf(method: PayoutMethod) {
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const field of PAYMENT_METHOD_FIELDS[method]) {
    let text = z.string().trim().max(200);
    if (field.kind === 'email') text = text.regex(EMAIL, 'Enter a valid email address');
    shape[field.name] = field.required
      ? text.min(1, `Enter the ${field.label.toLowerCase()}`)
      : text.optional();
  }
  return z.object(shape).strict();
}

const accountOf = (method: PayoutMethod) =>
  z.object({ method: z.literal(method), details: detailsOf(method), ...reauthFields });

/** `POST /seller/payment-accounts`: a method, its fields, and proof of who asks. */
export const PaymentAccountBody = z
  .discriminatedUnion(
    'method',
    PayoutMethod.options.map(accountOf) as [
      ReturnType<typeof accountOf>,
      ...ReturnType<typeof accountOf>[],
    ],
  )
  .superRefine((value, ctx) => {
    if (!value.current_password && !value.tfa_code) {
      ctx.addIssue({
        code: 'custom',
        path: ['current_password'],
        message: 'Enter your current password or a two-factor code',
      });
    }
  });
export type PaymentAccountBody = z.infer<typeof PaymentAccountBody>;
export type PaymentAccountBodyInput = z.input<typeof PaymentAccountBody>;

/** A payout account as the dashboard sees it: details masked (spec: encrypted at rest). */
export const PaymentAccount = z.object({
  id: z.number().int(),
  method: PayoutMethod,
  status: PaymentAccountStatus,
  /** Each field, masked unless the method shows it in full. */
  details: z.record(z.string(), z.string()),
  /** One line naming the account, masked ("Payoneer · j***@example.com"). */
  label: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentAccount = z.infer<typeof PaymentAccount>;

/** `POST /admin/payment-accounts/:id/status`: the operator's verdict on an account. */
export const PaymentAccountStatusBody = z.object({ status: PaymentAccountStatus });

/** `POST /seller/payouts`. */
export const PayoutBody = z.object({
  amount: z.number().int().positive().max(PAYOUT_MAX_AMOUNT),
  payment_account_id: z.number().int().positive(),
});
export type PayoutBody = z.infer<typeof PayoutBody>;
export type PayoutBodyInput = z.input<typeof PayoutBody>;

export const Payout = z.object({
  id: z.number().int(),
  /** The seller asking; in the operator's list. */
  seller_id: z.number().int().optional(),
  amount: minor,
  currency: z.string(),
  status: PayoutStatus,
  payment_account_id: z.number().int(),
  account_label: z.string(),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Payout = z.infer<typeof Payout>;

export const PayoutListQuery = z.object({
  status: PayoutStatus.optional(),
  page: z.coerce.number().int().positive().default(1),
  per_page: z.coerce.number().int().positive().max(100).default(TRANSACTIONS_PER_PAGE),
});
export type PayoutListQuery = z.infer<typeof PayoutListQuery>;
export const PayoutList = paginated(Payout);
export type PayoutList = z.infer<typeof PayoutList>;

/** `POST /admin/payouts/:id/reject`. */
export const PayoutRejectBody = z.object({ reason: z.string().trim().min(1).max(500) });

/** `POST /seller/sms/topup`: minor units taken from the available balance. */
export const SmsTopupBody = z.object({
  amount: z.number().int().min(SMS_TOPUP_MIN_AMOUNT).max(SMS_TOPUP_MAX_AMOUNT),
});
export type SmsTopupBody = z.infer<typeof SmsTopupBody>;
export type SmsTopupBodyInput = z.input<typeof SmsTopupBody>;
export const SmsTopupAnswer = z.object({
  sms_credit: z.number(),
  available: minor,
});
export type SmsTopupAnswer = z.infer<typeof SmsTopupAnswer>;

/** The operator's routes on one seller's ledger: `/admin/sellers/:sellerId/...`. */
export const SellerParams = z.object({ sellerId: z.coerce.number().int().positive() });

const reason = z.string().trim().min(1, 'Give a reason').max(500);

/** `POST /admin/sellers/:sellerId/ledger-adjustments`: an `admin` entry, booked once per key. */
export const LedgerAdjustmentBody = z.object({
  /** Signed minor units: a credit is positive, a debit negative. */
  amount: z
    .number()
    .int()
    .min(-ADJUSTMENT_MAX_AMOUNT)
    .max(ADJUSTMENT_MAX_AMOUNT)
    .refine((value) => value !== 0, 'An adjustment is not zero'),
  account: LedgerAccountType.default('default'),
  reason,
  idempotency_key: z.string().trim().min(1).max(100),
});
export type LedgerAdjustmentBody = z.infer<typeof LedgerAdjustmentBody>;
export type LedgerAdjustmentBodyInput = z.input<typeof LedgerAdjustmentBody>;

/** `POST .../ledger-holds` and `.../ledger-releases`: one entry, or every entry of an order. */
export const LedgerHoldBody = z
  .object({
    entry_id: z.number().int().positive().optional(),
    order_id: z.number().int().positive().optional(),
    reason,
  })
  .refine((value) => (value.entry_id === undefined) !== (value.order_id === undefined), {
    message: LEDGER_MESSAGES.holdOneTarget,
    path: ['entry_id'],
  });
export type LedgerHoldBody = z.infer<typeof LedgerHoldBody>;

/** What an operation booked or changed, and the seller's balances after it. */
export const LedgerOperationAnswer = z.object({
  entries: z.array(Transaction),
  balances: z.array(AccountBalances),
});
export type LedgerOperationAnswer = z.infer<typeof LedgerOperationAnswer>;
