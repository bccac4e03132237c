import { z } from 'zod';
import {
  EmailGateway,
  EmailGatewayBody,
  EmailGatewayTestAnswer,
  EmailGatewayTestBody,
} from '../../account/emailGateways.js';
import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['email gateways'] as const;

/**
 * The seller's email gateways (issue 15; page `email_gateways`, an account-owner settings page,
 * so any member of the owner's own account, never a team member acting for it). Another seller's
 * gateway is 404. Credentials go in and never come back: answers carry a masked copy.
 */
export const emailGateways = {
  list: route({
    method: 'GET',
    path: '/seller/email-gateways',
    summary: "The seller's email gateways, credentials masked",
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    response: z.array(EmailGateway),
    errors: [403],
  }),
  create: route({
    method: 'POST',
    path: '/seller/email-gateways',
    summary: 'Add an SMTP, Mailgun or SES gateway; the credentials are sealed at rest',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    body: EmailGatewayBody,
    response: EmailGateway,
    errors: [403, 422],
  }),
  update: route({
    method: 'PUT',
    path: '/seller/email-gateways/:id',
    summary: 'Replace a gateway (name, store, driver and all its credentials)',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    params: IdParams,
    body: EmailGatewayBody,
    response: EmailGateway,
    errors: [403, 404, 422],
  }),
  remove: route({
    method: 'DELETE',
    path: '/seller/email-gateways/:id',
    summary: 'Delete a gateway; its store falls back to the every-store gateway or the platform',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    params: IdParams,
    response: DoneAnswer,
    errors: [403, 404],
  }),
  test: route({
    method: 'POST',
    path: '/seller/email-gateways/:id/test',
    summary: "Send a test mail through the gateway; 422 with the provider's message on failure",
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    params: IdParams,
    body: EmailGatewayTestBody,
    response: EmailGatewayTestAnswer,
    errors: [403, 404, 422],
  }),
} as const;
