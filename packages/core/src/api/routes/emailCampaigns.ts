import { z } from 'zod';
import {
  EmailCampaign,
  EmailCampaignBody,
  EmailCampaignListQuery,
  EmailCampaignSendBody,
  EmailCampaignTestBody,
  SubscriberExportQuery,
  SubscriberImportAnswer,
  SubscriberImportBody,
  SubscriptionBody,
} from '../../emailMarketing/emailCampaigns.js';
import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { paginated } from '../pagination.js';
import { Subscriber } from '../storeSchemas.js';
import { emailMarketingGate } from './marketing.js';
import { route } from './RouteContract.js';

/**
 * Email campaigns (issue 15): composed, previewed, tested, then sent now or at `send_at` by the
 * background send job. Another seller's campaign is 404; a campaign of a store outside the
 * session's stores is 403.
 */
export const emailCampaigns = {
  list: route({
    ...emailMarketingGate,
    method: 'GET',
    path: '/seller/email-marketing/campaigns',
    summary: 'Email campaigns, newest first, with their stats',
    query: EmailCampaignListQuery,
    response: paginated(EmailCampaign),
  }),
  create: route({
    ...emailMarketingGate,
    method: 'POST',
    path: '/seller/email-marketing/campaigns',
    summary: 'Create a draft email campaign',
    body: EmailCampaignBody,
    response: EmailCampaign,
    errors: [403, 404, 422],
  }),
  get: route({
    ...emailMarketingGate,
    method: 'GET',
    path: '/seller/email-marketing/campaigns/:id',
    summary: 'One email campaign with its stats',
    params: IdParams,
    response: EmailCampaign,
    errors: [403, 404],
  }),
  update: route({
    ...emailMarketingGate,
    method: 'PUT',
    path: '/seller/email-marketing/campaigns/:id',
    summary: 'Replace a draft or scheduled campaign',
    params: IdParams,
    body: EmailCampaignBody,
    response: EmailCampaign,
    errors: [403, 404, 409, 422],
  }),
  remove: route({
    ...emailMarketingGate,
    method: 'DELETE',
    path: '/seller/email-marketing/campaigns/:id',
    summary: 'Delete a campaign that is not sending',
    params: IdParams,
    response: DoneAnswer,
    errors: [403, 404, 409],
  }),
  send: route({
    ...emailMarketingGate,
    method: 'POST',
    path: '/seller/email-marketing/campaigns/:id/send',
    summary: 'Send now, or at send_at',
    params: IdParams,
    body: EmailCampaignSendBody,
    response: EmailCampaign,
    errors: [403, 404, 409, 422],
  }),
  preview: route({
    ...emailMarketingGate,
    method: 'GET',
    path: '/seller/email-marketing/campaigns/:id/preview',
    summary: 'The campaign mail as HTML, with the store footer',
    params: IdParams,
    response: z.object({ html: z.string(), text: z.string() }),
    errors: [403, 404],
  }),
  testSend: route({
    ...emailMarketingGate,
    method: 'POST',
    path: '/seller/email-marketing/campaigns/:id/test',
    summary: 'Send the campaign once to one address',
    params: IdParams,
    body: EmailCampaignTestBody,
    response: DoneAnswer,
    errors: [403, 404, 422, 502],
  }),
} as const;

const TokenParams = z.object({ token: z.string().min(10).max(200) });

/**
 * What a campaign mail links to, for its reader (no session): the unsubscribe page (GET shows
 * it done, POST is RFC 8058's one-click), the open pixel and the click redirect. Every address
 * carries a token signed by the server; an unsigned or changed one is 404.
 */
export const emailTracking = {
  unsubscribe: route({
    auth: 'none',
    method: 'GET',
    path: '/email/u/:token',
    summary: 'Unsubscribe from the store (a page saying so)',
    tags: ['email-marketing'],
    params: TokenParams,
    answer: { kind: 'text', contentType: 'text/html; charset=utf-8' },
    rateLimit: 'tracking',
    errors: [404],
  }),
  unsubscribeOneClick: route({
    auth: 'none',
    method: 'POST',
    path: '/email/u/:token',
    summary: 'One-click unsubscribe (RFC 8058 List-Unsubscribe-Post)',
    tags: ['email-marketing'],
    params: TokenParams,
    bodyKind: 'raw',
    answer: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
    rateLimit: 'tracking',
    errors: [404],
  }),
  verifySender: route({
    auth: 'none',
    method: 'GET',
    path: '/email/senders/verify/:token',
    summary: 'The verification link mailed to a sender: verifies it (a page saying so)',
    tags: ['email-marketing'],
    params: TokenParams,
    answer: { kind: 'text', contentType: 'text/html; charset=utf-8' },
    rateLimit: 'tracking',
    errors: [404],
  }),
  open: route({
    auth: 'none',
    method: 'GET',
    path: '/email/o/:token',
    summary: 'The open pixel: a 1×1 GIF; the first load counts the open',
    tags: ['email-marketing'],
    params: TokenParams,
    answer: { kind: 'binary', contentType: 'image/gif' },
    rateLimit: 'tracking',
  }),
  click: route({
    auth: 'none',
    method: 'GET',
    path: '/email/c/:token',
    summary: 'A link of the mail: counts the click and redirects to the signed address',
    tags: ['email-marketing'],
    params: TokenParams,
    query: z.object({ u: z.string().min(1).max(2000) }),
    answer: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
    rateLimit: 'tracking',
    errors: [404],
  }),
} as const;

/** Subscribers in bulk (issue 15): CSV import and export, and a subscriber's subscription. */
export const emailSubscribers = {
  importCsv: route({
    ...emailMarketingGate,
    method: 'POST',
    path: '/seller/email-marketing/subscribers/import',
    summary:
      'Import subscribers of a store from CSV; rows in error are reported, duplicates merged',
    body: SubscriberImportBody,
    response: SubscriberImportAnswer,
    errors: [403, 404, 422],
  }),
  exportCsv: route({
    ...emailMarketingGate,
    method: 'GET',
    path: '/seller/email-marketing/subscribers/export',
    summary: 'Every subscriber (of a store) as CSV, with the unsubscribe state',
    query: SubscriberExportQuery,
    answer: { kind: 'text', contentType: 'text/csv; charset=utf-8' },
    errors: [403],
  }),
  setSubscription: route({
    ...emailMarketingGate,
    method: 'PUT',
    path: '/seller/email-marketing/subscribers/:id/subscription',
    summary: 'Unsubscribe a subscriber, or subscribe them again',
    params: IdParams,
    body: SubscriptionBody,
    response: Subscriber,
    errors: [403, 404],
  }),
} as const;
