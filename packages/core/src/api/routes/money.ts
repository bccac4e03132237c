import { z } from 'zod';
import {
  PaymentAccount,
  PaymentAccountBody,
  PaymentAccountStatusBody,
  Payout,
  PayoutBody,
  PayoutList,
  PayoutListQuery,
  PayoutRejectBody,
  SmsTopupAnswer,
  SmsTopupBody,
  TransactionExportQuery,
  TransactionList,
  TransactionListQuery,
} from '../../ledger/schemas.js';
import { IdParams } from '../catalogSchemas.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['money'] as const;

/**
 * Billing & Payouts (issue 14; spec §2 /payouts, /settings/payment-account, /sms/topup): the
 * seller's ledger, payout accounts, payout requests and SMS top-ups. Reading needs get_payments,
 * changing update_payments (spec §6). Amounts are integer minor units (USD).
 */
export const money = {
  transactions: route({
    method: 'GET',
    path: '/seller/transactions',
    summary: "The seller's ledger entries, newest first",
    description:
      'Filters: type, status (as read now: a sale past its hold period reads completed), a date ' +
      "preset in the seller's utc_offset, and q (an order number or words of the description).",
    tags,
    permission: 'get_payments',
    query: TransactionListQuery,
    response: TransactionList,
  }),
  exportTransactions: route({
    method: 'GET',
    path: '/seller/transactions/export.csv',
    summary: 'The filtered ledger as CSV, named export_billing_history_{YYYY-MM-DD}.csv',
    tags,
    permission: 'get_payments',
    query: TransactionExportQuery,
    answer: { kind: 'text', contentType: 'text/csv; charset=utf-8' },
  }),
  paymentAccounts: route({
    method: 'GET',
    path: '/seller/payment-accounts',
    summary: "The seller's payout accounts, details masked",
    tags,
    permission: 'get_payments',
    response: z.array(PaymentAccount),
  }),
  addPaymentAccount: route({
    method: 'POST',
    path: '/seller/payment-accounts',
    summary: 'Add a payout account (needs the current password or a two-factor code)',
    tags,
    permission: 'update_payments',
    sessionOnly: true,
    body: PaymentAccountBody,
    response: PaymentAccount,
    errors: [422],
  }),
  updatePaymentAccount: route({
    method: 'PUT',
    path: '/seller/payment-accounts/:id',
    summary: 'Change a payout account; it is checked again (status new)',
    tags,
    permission: 'update_payments',
    sessionOnly: true,
    params: IdParams,
    body: PaymentAccountBody,
    response: PaymentAccount,
    errors: [404, 422],
  }),
  payouts: route({
    method: 'GET',
    path: '/seller/payouts',
    summary: "The seller's payout requests, newest first",
    tags,
    permission: 'get_payments',
    query: PayoutListQuery,
    response: PayoutList,
  }),
  requestPayout: route({
    method: 'POST',
    path: '/seller/payouts',
    summary: 'Ask for a payout from the available balance (one open request at a time)',
    tags,
    permission: 'update_payments',
    body: PayoutBody,
    response: Payout,
    errors: [404, 409, 422],
  }),
  smsTopup: route({
    method: 'POST',
    path: '/seller/sms/topup',
    summary: 'Buy SMS credits from the available balance',
    tags,
    permission: 'update_payments',
    body: SmsTopupBody,
    response: SmsTopupAnswer,
    errors: [422],
  }),
} as const;

/**
 * The platform operator's side of payouts and payout accounts. Any signed-in member may reach
 * the routes, the handlers answer 403 to anyone but an operator signed in as themselves.
 */
export const moneyAdmin = {
  approvePayout: route({
    method: 'POST',
    path: '/admin/payouts/:id/approve',
    summary: 'Mark a payout request paid',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    params: IdParams,
    response: Payout,
    errors: [403, 404, 409],
  }),
  rejectPayout: route({
    method: 'POST',
    path: '/admin/payouts/:id/reject',
    summary: 'Reject a payout request with a reason; the amount goes back to the balance',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    params: IdParams,
    body: PayoutRejectBody,
    response: Payout,
    errors: [403, 404, 409],
  }),
  setPaymentAccountStatus: route({
    method: 'POST',
    path: '/admin/payment-accounts/:id/status',
    summary: 'Mark a payout account valid or invalid',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    params: IdParams,
    body: PaymentAccountStatusBody,
    response: PaymentAccount,
    errors: [403, 404],
  }),
} as const;
