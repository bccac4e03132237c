import { z } from 'zod';
import {
  GatewayAccountBody,
  GatewayAccountView,
  PayPalWebhookBody,
  StoreGatewayBody,
} from '../../checkout/gatewayAccounts.js';
import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['paymentGateways'] as const;

/**
 * The seller's own payment gateway accounts (spec §2 /settings/payment-gateways, issue 12): for
 * sellers with custom_payment, managed by the account owner (a team member is 403, as for email
 * gateways). Secrets are sealed at rest and never answered.
 */
export const paymentGateways = {
  list: route({
    method: 'GET',
    path: '/seller/payment-gateways',
    summary: "The seller's payment gateway accounts, secrets masked",
    tags,
    permission: ANY_MEMBER,
    response: z.array(GatewayAccountView),
    errors: [403],
  }),
  create: route({
    method: 'POST',
    path: '/seller/payment-gateways',
    summary:
      'Add a Stripe account (publishable key, secret key, webhook signing secret) or a PayPal app (client id, secret, webhook id)',
    tags,
    permission: ANY_MEMBER,
    body: GatewayAccountBody,
    response: GatewayAccountView,
    errors: [403, 422],
  }),
  setWebhookId: route({
    method: 'PUT',
    path: '/seller/payment-gateways/:id/webhook-id',
    summary: "Set the id PayPal gave the gateway's webhook (sealed like the secret)",
    tags,
    permission: ANY_MEMBER,
    params: IdParams,
    body: PayPalWebhookBody,
    response: GatewayAccountView,
    errors: [403, 404, 422],
  }),
  remove: route({
    method: 'DELETE',
    path: '/seller/payment-gateways/:id',
    summary: 'Remove an account; its stores go back to the test gateway',
    tags,
    permission: ANY_MEMBER,
    params: IdParams,
    response: DoneAnswer,
    errors: [403, 404],
  }),
  setStore: route({
    method: 'PUT',
    path: '/seller/stores/:id/payment-gateway',
    summary: 'The gateway account a store charges through (null: the test gateway)',
    tags,
    permission: ANY_MEMBER,
    params: IdParams,
    body: StoreGatewayBody,
    response: DoneAnswer,
    errors: [403, 404],
  }),
} as const;
