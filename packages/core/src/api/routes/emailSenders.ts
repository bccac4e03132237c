import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { paginated } from '../pagination.js';
import {
  EmailSender,
  EmailSenderBody,
  EmailSenderListQuery,
  EmailSenderStatus,
} from '../storeSchemas.js';
import { emailMarketingGate } from './marketing.js';
import { route } from './RouteContract.js';

/**
 * Sender addresses of the seller's store domains (spec §3, §4, §7), verified by a link mailed to
 * the address (on add and on "Resend verification"), or by a DNS TXT record on the store's host.
 */
export const emailSenders = {
  list: route({
    ...emailMarketingGate,
    method: 'GET',
    path: '/seller/email-marketing/senders',
    summary: 'Email senders, 15 per page',
    query: EmailSenderListQuery,
    response: paginated(EmailSender),
  }),
  create: route({
    ...emailMarketingGate,
    method: 'POST',
    path: '/seller/email-marketing/senders',
    summary: 'Add a sender on one of the seller’s store domains',
    body: EmailSenderBody,
    response: EmailSender,
    errors: [404],
  }),
  get: route({
    ...emailMarketingGate,
    method: 'GET',
    path: '/seller/email-marketing/senders/:id',
    summary: 'One email sender',
    params: IdParams,
    response: EmailSender,
    errors: [404],
  }),
  update: route({
    ...emailMarketingGate,
    method: 'PATCH',
    path: '/seller/email-marketing/senders/:id',
    summary: 'Change a sender (a new address must be verified again)',
    params: IdParams,
    body: EmailSenderBody,
    response: EmailSender,
    errors: [404],
  }),
  remove: route({
    ...emailMarketingGate,
    method: 'DELETE',
    path: '/seller/email-marketing/senders/:id',
    summary: 'Delete a sender',
    params: IdParams,
    response: DoneAnswer,
    errors: [404],
  }),
  resendVerification: route({
    ...emailMarketingGate,
    method: 'POST',
    path: '/seller/email-marketing/senders/:id/verification',
    summary: 'Mail the sender address a new verification link',
    description: 'At most one link a minute (422); 422 when already verified or without address.',
    params: IdParams,
    response: EmailSender,
    errors: [404, 422],
  }),
  status: route({
    ...emailMarketingGate,
    method: 'GET',
    path: '/seller/email-marketing/senders/:id/status',
    summary: 'Check a sender: verified once the store domain has TXT printloom-verify=<token>',
    params: IdParams,
    response: EmailSenderStatus,
    errors: [404],
  }),
} as const;
