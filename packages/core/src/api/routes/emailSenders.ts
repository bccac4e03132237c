import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { paginated } from '../pagination.js';
import {
  EmailSender,
  EmailSenderBody,
  EmailSenderListQuery,
  EmailSenderStatus,
} from '../storeSchemas.js';
import { route } from './RouteContract.js';

/** Like the Email Marketing menu (spec §6): the `email marketing` tag plus update_campaign. */
const gate = {
  tags: ['email-marketing'],
  permission: 'update_campaign',
  tag: ['email marketing'],
} as const;

/** Sender addresses of the seller's store domains (spec §3, §7), verified by a DNS TXT record. */
export const emailSenders = {
  list: route({
    ...gate,
    method: 'GET',
    path: '/seller/email-marketing/senders',
    summary: 'Email senders, 15 per page',
    query: EmailSenderListQuery,
    response: paginated(EmailSender),
  }),
  create: route({
    ...gate,
    method: 'POST',
    path: '/seller/email-marketing/senders',
    summary: 'Add a sender on one of the seller’s store domains',
    body: EmailSenderBody,
    response: EmailSender,
    errors: [404],
  }),
  get: route({
    ...gate,
    method: 'GET',
    path: '/seller/email-marketing/senders/:id',
    summary: 'One email sender',
    params: IdParams,
    response: EmailSender,
    errors: [404],
  }),
  update: route({
    ...gate,
    method: 'PATCH',
    path: '/seller/email-marketing/senders/:id',
    summary: 'Change a sender (a new address must be verified again)',
    params: IdParams,
    body: EmailSenderBody,
    response: EmailSender,
    errors: [404],
  }),
  remove: route({
    ...gate,
    method: 'DELETE',
    path: '/seller/email-marketing/senders/:id',
    summary: 'Delete a sender',
    params: IdParams,
    response: DoneAnswer,
    errors: [404],
  }),
  status: route({
    ...gate,
    method: 'GET',
    path: '/seller/email-marketing/senders/:id/status',
    summary: 'Check a sender: verified once the store domain has TXT printloom-verify=<token>',
    params: IdParams,
    response: EmailSenderStatus,
    errors: [404],
  }),
} as const;
