import { z } from 'zod';
import { CheckoutIdParams } from '../../checkout/schemas.js';
import { route } from './RouteContract.js';

const tags = ['storefront'] as const;

/**
 * The buyer's PayPal step (issue 12) for a store charging through a seller's PayPal account:
 * the checkout becomes a PayPal order (Orders v2, intent CAPTURE) the buyer approves at PayPal;
 * PayPal sends the buyer back to the return page, which captures it and makes the one order, and
 * its webhook (`PAYMENT.CAPTURE.COMPLETED`) makes the order when the buyer never comes back.
 */
export const paypalCheckout = {
  start: route({
    method: 'POST',
    path: '/public/checkouts/:id/paypal',
    summary: 'Pay a checkout with PayPal: the PayPal page where the buyer approves it',
    description:
      "Creates the PayPal order once per checkout (the checkout id is PayPal's `PayPal-Request-Id`). A checkout already paid answers its confirmation page.",
    tags,
    auth: 'none',
    params: CheckoutIdParams,
    response: z.object({ redirect_url: z.string() }),
    errors: [402, 404, 409, 422, 502],
  }),
  return: route({
    method: 'GET',
    path: '/s/:slug/paypal/return/:checkout_id',
    summary: 'Where PayPal sends the buyer back: captures the payment, then the confirmation',
    description:
      'Captures the approved PayPal order under the checkout lock (one capture, one order, even when the webhook or a reload comes first) and redirects to the thank-you page; a declined capture goes back to the checkout with a message.',
    tags,
    auth: 'none',
    params: z.object({ slug: z.string().min(1).max(200), checkout_id: z.uuid() }),
    query: z.object({
      token: z.string().max(60).optional(),
      PayerID: z.string().max(60).optional(),
    }),
    answer: { kind: 'text', contentType: 'text/html; charset=utf-8' },
  }),
  webhook: route({
    method: 'POST',
    path: '/public/payments/paypal/:id/webhook',
    summary: "A PayPal webhook event for a seller's PayPal account",
    description:
      "Checked with PayPal's `POST /v1/notifications/verify-webhook-signature` and the account's webhook id. `PAYMENT.CAPTURE.COMPLETED` for a checkout (`custom_id`) makes its order unless it has one: a replayed event never makes a second order.",
    tags,
    auth: 'none',
    params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    bodyKind: 'raw',
    response: z.object({ received: z.boolean() }),
    errors: [400, 404, 502],
  }),
} as const;
