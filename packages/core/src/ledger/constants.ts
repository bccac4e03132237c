/** Spec §3 transaction types, statuses and payout methods live in `enums/billing.ts`. */

/**
 * Entry types that may never take the available balance below zero: the seller's own spending
 * (payouts, SMS and ads top-ups), booked only within the available balance, which the database
 * checks too; and an operator's adjustment (`admin`), which may take back only money that is
 * there (an opening balance from before the ledger is the one older `admin` entry that may be
 * negative: migration 059 checks new rows only). Every other type is booked by the platform on
 * its own (a sale whose discount ate the margin, fulfilment charges, fees, refunds of money
 * already paid out) and may leave the seller owing.
 */
export const NEVER_NEGATIVE_TYPES = ['payout', 'topup', 'ads_topup', 'admin'] as const;

/** The seller's balances by account type (spec §3 account_balance; 'balance_2' is "Balance 2"). */
export const LEDGER_ACCOUNTS = ['default', 'balance_2'] as const;

/** Days a sale's profit stays pending before it can be paid out (refunds and disputes). */
export const HOLD_PERIOD_DAYS = 14;

/** The smallest payout a seller may request, in minor units ($10). */
export const PAYOUT_MIN_AMOUNT = 1_000;
/** The largest single payout request, in minor units ($1,000,000). */
export const PAYOUT_MAX_AMOUNT = 100_000_000;

/** SMS top-ups: smallest and largest purchase, in minor units ($1 and $10,000). */
export const SMS_TOPUP_MIN_AMOUNT = 100;
export const SMS_TOPUP_MAX_AMOUNT = 1_000_000;

/** The currency balances are kept in (spec §9 default base currency). */
export const LEDGER_CURRENCY = 'USD';

/** Payout request states: open while processing, then paid or rejected. */
export const PAYOUT_STATUSES = ['processing', 'completed', 'cancelled'] as const;

/** Transactions per page of the Billing & Payouts list (spec §9 default page size 10). */
export const TRANSACTIONS_PER_PAGE = 10;

/** The largest operator adjustment either way, in minor units ($1,000,000). */
export const ADJUSTMENT_MAX_AMOUNT = 100_000_000;

/**
 * The status changes an entry may go through; anything else (and any change of amount, type,
 * account, key or dates) is refused by the database (migration 059's trigger, which a test
 * checks against this table). Amounts never change: an undo is a new entry.
 *
 * - pending → completed (paid), cancelled (its order reversed), on hold (held by the operator)
 * - processing → completed (a payout paid), cancelled (a payout rejected)
 * - completed → on hold (matured money held by the operator)
 * - on hold → pending | completed (released to what it was), cancelled (its order reversed)
 * - cancelled is final.
 */
export const LEDGER_STATUS_TRANSITIONS = {
  pending: ['completed', 'cancelled', 'on hold'],
  processing: ['completed', 'cancelled'],
  completed: ['on hold'],
  'on hold': ['pending', 'completed', 'cancelled'],
  cancelled: [],
} as const;

export const LEDGER_MESSAGES = {
  noExchangeRate: (currency: string) =>
    `This store cannot take orders in ${currency} yet: the platform has no exchange rate for it.`,
  overAvailable: 'The amount is more than your available balance.',
  belowMinimum: `The smallest payout is ${PAYOUT_MIN_AMOUNT / 100} USD.`,
  openPayout: 'You already have a payout request in progress. Wait until it is paid or rejected.',
  accountInvalid: 'This payment account was marked invalid. Choose or add another one.',
  accountMissing: 'This payment account does not exist.',
  payoutNotOpen: 'This payout request is no longer in progress.',
  reauthNeeded: 'Enter your current password or a two-factor code to change payment accounts.',
  wrongPassword: 'The current password is not correct.',
  adminOnly: 'Only a platform operator may do this.',
  sellerMissing: 'This seller does not exist.',
  entryMissing: 'This ledger entry does not exist for this seller.',
  adjustmentKeyReused:
    'This idempotency key was already used for a different adjustment. Use a new key.',
  nothingToHold: 'Nothing here can be put on hold: only money coming in, pending or completed.',
  nothingToRelease: 'Nothing here is on hold.',
  holdOneTarget: 'Name either an entry_id or an order_id.',
} as const;
