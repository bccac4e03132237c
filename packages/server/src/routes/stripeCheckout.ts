/**
 * The buyer's Stripe step (issue 12) for a store charging through its seller's Stripe account:
 * `start` makes the checkout's PaymentIntent (one per checkout) for Stripe's Payment Element on
 * the checkout page; Stripe.js confirms it and Stripe sends the buyer to `return`, which reads
 * the intent back and makes the one order under the checkout lock. The Stripe webhook
 * (`payment_intent.succeeded`, storefront routes) makes it when the buyer never comes back.
 */
import { API, type StripeCheckoutNotice } from '@printloom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/Db.js';
import { httpError, notFound } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { StripeGateway, stripeEndpoint } from '../payments/stripeGateway.js';
import { insertPayment, lockCheckout, setCheckoutStatus } from '../sql/orders.js';
import { pendingPaymentOf, sellerStoreSlug, storeGatewayAccount } from '../sql/paymentGateways.js';
import { storeBySlug } from '../sql/storefront.js';
import { storeSlugOfHost } from '../storefront/hosts.js';
import { noStorePage } from '../storefront/pages.js';
import { gatewayBox, openCredentials } from './paymentGateways.js';

export const NOT_STRIPE = 'This store does not take Stripe payments';
export const STRIPE_UNREACHABLE = 'Stripe cannot be reached. Please try again in a moment.';

export async function registerStripeCheckoutRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const box = gatewayBox(app.config.secret);
  const endpoint = stripeEndpoint(app.config.stripeApiUrl);
  const domains = [app.config.previewDomain, app.config.marketplaceDomain];

  /** The store's Stripe account: its gateway and publishable key. */
  const storeStripe = async (q: Queryable, storeId: number) => {
    const account = await storeGatewayAccount(q, storeId);
    const credentials = account ? openCredentials(box, account) : null;
    if (!account || !credentials) return null;
    return {
      gateway: new StripeGateway(credentials.secret_key, endpoint),
      publishableKey: account.public_hint.publishable_key ?? '',
    };
  };
  const prefixOf = (request: FastifyRequest, slug: string) => {
    const host = request.headers.host;
    const hostSlug = storeSlugOfHost(host, domains) ?? app.customDomains.slugOf(host);
    return hostSlug === slug ? '' : `/s/${slug}`;
  };
  const buyerBase = (request: FastifyRequest, slug: string) => {
    const host = request.headers.host ?? '';
    let origin = `${request.protocol}://${host}`;
    const said = request.headers.origin;
    if (typeof said === 'string' && URL.canParse(said) && new URL(said).host === host) {
      origin = new URL(said).origin;
    }
    return `${origin}${prefixOf(request, slug)}`;
  };

  registerGroup(app, API.stripeCheckout, {
    start: async ({ params, request }) =>
      db.transaction(async (tx) => {
        const checkout = await lockCheckout(tx, params.id);
        if (!checkout) throw notFound('This checkout does not exist');
        const slug = await sellerStoreSlug(tx, checkout.seller_id, checkout.store_id);
        if (!slug) throw notFound('This checkout does not exist');
        const stripe = await storeStripe(tx, checkout.store_id);
        if (!stripe) throw httpError(422, NOT_STRIPE, { gateway: [NOT_STRIPE] });
        const returnUrl = `${buyerBase(request, slug)}/stripe/return/${checkout.id}`;
        const answer = { publishable_key: stripe.publishableKey, return_url: returnUrl };
        if (checkout.order_id !== null) return { data: { ...answer, client_secret: null } };
        await app.couponResolver.confirm?.(tx, checkout);
        const intent = await stripe.gateway
          .elementIntent({
            idempotencyKey: checkout.id,
            amount: checkout.total,
            currency: checkout.currency,
            description: `Checkout ${checkout.id}`,
            email: checkout.email,
          })
          .catch((error: unknown) => {
            request.log.warn({ err: error, checkout: checkout.id }, 'Stripe intent not created');
            throw httpError(502, STRIPE_UNREACHABLE);
          });
        if ((await pendingPaymentOf(tx, checkout.id, checkout.seller_id, 'stripe')) !== intent.id) {
          await insertPayment(tx, {
            checkoutId: checkout.id,
            sellerId: checkout.seller_id,
            gateway: 'stripe',
            amount: checkout.total,
            currency: checkout.currency,
            reference: intent.id,
            status: 'requires_action',
          });
        }
        await setCheckoutStatus(tx, checkout.id, 'requires_action');
        return { data: { ...answer, client_secret: intent.client_secret } };
      }),

    return: async ({ params, query, request, reply }) => {
      const store = await storeBySlug(db, params.slug);
      if (!store) return reply.status(404).type('text/html; charset=utf-8').send(noStorePage());
      const prefix = prefixOf(request, store.slug);
      let outcome: 'paid' | StripeCheckoutNotice;
      try {
        outcome = await db.transaction(async (tx) => {
          const checkout = await lockCheckout(tx, params.checkout_id);
          if (!checkout || checkout.store_id !== store.id) return 'failed';
          if (checkout.order_id !== null) return 'paid';
          const intentId = await pendingPaymentOf(tx, checkout.id, checkout.seller_id, 'stripe');
          if (!intentId || query.payment_intent !== intentId) return 'failed';
          const stripe = await storeStripe(tx, checkout.store_id);
          if (!stripe) return 'failed';
          // Read back from Stripe: the query's redirect_status is only the browser's word.
          const charge = await stripe.gateway.charge({
            idempotencyKey: checkout.id,
            amount: checkout.total,
            currency: checkout.currency,
            description: `Checkout ${checkout.id}`,
            email: checkout.email,
            reference: intentId,
          });
          if (charge.status === 'paid') {
            await app.placeCheckoutOrder(tx, checkout, 'stripe', charge.reference);
            return 'paid';
          }
          return charge.status === 'requires_action' ? 'pending' : 'declined';
        });
      } catch (error) {
        request.log.warn({ err: error, checkout: params.checkout_id }, 'Stripe return failed');
        outcome = 'failed';
      }
      return outcome === 'paid'
        ? reply.redirect(`${prefix}/thank-you/${params.checkout_id}`, 303)
        : reply.redirect(`${prefix}/checkout?stripe=${outcome}`, 303);
    },
  });
}
