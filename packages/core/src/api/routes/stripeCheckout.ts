import { z } from 'zod';
import { CheckoutIdParams } from '../../checkout/schemas.js';
import { route } from './RouteContract.js';

const tags = ['storefront'] as const;

/**
 * The buyer's Stripe step (issue 12) for a store charging through a seller's Stripe account:
 * Stripe's Payment Element (Stripe.js from js.stripe.com, on that store's checkout page only)
 * confirms a PaymentIntent made for the checkout; Stripe sends the buyer back to `return`, which
 * reads the intent and makes the one order (the webhook makes it when the buyer never comes back).
 */
export const stripeCheckout = {
  start: route({
    method: 'POST',
    path: '/public/checkouts/:id/stripe',
    summary: "A checkout's PaymentIntent for Stripe's Payment Element",
    description:
      'One PaymentIntent per checkout (idempotency key from the checkout id). `client_secret` is null for a checkout already paid: the buyer goes to `return_url`.',
    tags,
    auth: 'none',
    params: CheckoutIdParams,
    response: z.object({
      client_secret: z.string().nullable(),
      publishable_key: z.string(),
      return_url: z.string(),
    }),
    errors: [404, 409, 422, 502],
  }),
  return: route({
    method: 'GET',
    path: '/s/:slug/stripe/return/:checkout_id',
    summary: 'Where Stripe sends the buyer back: reads the PaymentIntent, then the confirmation',
    tags,
    auth: 'none',
    params: z.object({ slug: z.string().min(1).max(200), checkout_id: z.uuid() }),
    query: z.object({
      payment_intent: z.string().max(100).optional(),
      payment_intent_client_secret: z.string().max(200).optional(),
      redirect_status: z.string().max(40).optional(),
    }),
    answer: { kind: 'text', contentType: 'text/html; charset=utf-8' },
  }),
} as const;
