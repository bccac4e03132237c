/**
 * The buyer's PayPal step (issue 12) for a store charging through its seller's PayPal account:
 * `start` makes the checkout a PayPal order and answers PayPal's approve page; PayPal sends the
 * buyer back to `return`, which captures it and shows the confirmation; PayPal's
 * `PAYMENT.CAPTURE.COMPLETED` webhook makes the order when the buyer never comes back. Each of
 * them holds the checkout row lock and makes the order only when the checkout has none, so a
 * reload, a double click, the webhook and its replays make one order and one capture.
 */
import { API, type PayPalCheckoutNotice } from '@printloom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/Db.js';
import { httpError, notFound } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import {
  PAYPAL_API_BASES,
  PayPalGateway,
  type PayPalRefundResource,
  type PayPalWebhookHeaders,
  paypalMinor,
  paypalRefundNews,
} from '../payments/paypalGateway.js';
import { applyRefundUpdate } from '../payments/refundUpdate.js';
import { insertPayment, lockCheckout, setCheckoutStatus } from '../sql/orders.js';
import {
  declinedPayPalCaptures,
  type GatewayAccountRow,
  gatewayAccountForWebhook,
  paypalOrderOfCheckout,
  sellerStoreSlug,
  storeGatewayAccount,
} from '../sql/paymentGateways.js';
import { storeBySlug } from '../sql/storefront.js';
import { storeSlugOfHost } from '../storefront/hosts.js';
import { noStorePage } from '../storefront/pages.js';
import { gatewayBox, openPayPalCredentials } from './paymentGateways.js';

export const PAYPAL_UNREACHABLE = 'PayPal cannot be reached. Please try again in a moment.';
export const NOT_PAYPAL = 'This store does not take PayPal';

const CHECKOUT_ID = /^[0-9a-f-]{36}$/i;

interface CaptureResource {
  id?: string;
  status?: string;
  custom_id?: string;
  amount?: { currency_code?: string; value?: string };
}

export async function registerPayPalCheckoutRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const box = gatewayBox(app.config.secret);
  const domains = [app.config.previewDomain, app.config.marketplaceDomain];

  const gatewayOf = (account: GatewayAccountRow): PayPalGateway | null => {
    const credentials = openPayPalCredentials(box, account);
    if (!credentials) return null;
    return new PayPalGateway({
      clientId: credentials.client_id,
      clientSecret: credentials.client_secret,
      webhookId: credentials.webhook_id,
      baseUrl: app.config.paypalApiUrl ?? PAYPAL_API_BASES[account.mode],
    });
  };
  const storeGateway = async (q: Queryable, storeId: number) => {
    const account = await storeGatewayAccount(q, storeId);
    return account ? gatewayOf(account) : null;
  };

  /** `/s/{slug}` unless the request came to the store's own host. */
  const prefixOf = (request: FastifyRequest, slug: string) => {
    const host = request.headers.host;
    const hostSlug = storeSlugOfHost(host, domains) ?? app.customDomains.slugOf(host);
    return hostSlug === slug ? '' : `/s/${slug}`;
  };
  /** Where the buyer's browser is: the page's origin (same host) and the store's prefix. */
  const buyerBase = (request: FastifyRequest, slug: string) => {
    const host = request.headers.host ?? '';
    let origin = `${request.protocol}://${host}`;
    const said = request.headers.origin;
    if (typeof said === 'string' && URL.canParse(said) && new URL(said).host === host) {
      origin = new URL(said).origin;
    }
    return `${origin}${prefixOf(request, slug)}`;
  };

  registerGroup(app, API.paypalCheckout, {
    start: async ({ params, request }) => {
      const outcome = await db.transaction(async (tx) => {
        const checkout = await lockCheckout(tx, params.id);
        if (!checkout) throw notFound('This checkout does not exist');
        const slug = await sellerStoreSlug(tx, checkout.seller_id, checkout.store_id);
        if (!slug) throw notFound('This checkout does not exist');
        const base = buyerBase(request, slug);
        const thankYou = `${base}/thank-you/${checkout.id}`;
        if (checkout.order_id !== null) return { url: thankYou };
        const gateway = await storeGateway(tx, checkout.store_id);
        if (!gateway) throw httpError(422, NOT_PAYPAL, { gateway: [NOT_PAYPAL] });
        await app.couponResolver.confirm?.(tx, checkout);
        const charge = await gateway
          .charge({
            idempotencyKey: checkout.id,
            amount: checkout.total,
            currency: checkout.currency,
            description: `Checkout ${checkout.id}`,
            email: checkout.email,
            returnUrl: `${base}/paypal/return/${checkout.id}`,
            cancelUrl: `${base}/checkout?paypal=cancelled`,
          })
          .catch((error: unknown) => {
            request.log.warn({ err: error, checkout: checkout.id }, 'PayPal order not created');
            throw httpError(502, PAYPAL_UNREACHABLE);
          });
        const payment = {
          checkoutId: checkout.id,
          sellerId: checkout.seller_id,
          gateway: 'paypal',
          amount: checkout.total,
          currency: checkout.currency,
        };
        if (charge.status === 'paid') {
          await app.placeCheckoutOrder(tx, checkout, 'paypal', charge.reference);
          return { url: thankYou };
        }
        if (charge.status === 'declined') {
          await insertPayment(tx, {
            ...payment,
            reference: charge.reference ?? '',
            status: 'declined',
          });
          return { url: undefined, declined: charge.message };
        }
        // The same checkout answers the same PayPal order: one row per order.
        if (
          (await paypalOrderOfCheckout(tx, checkout.id, checkout.seller_id)) !== charge.reference
        ) {
          await insertPayment(tx, {
            ...payment,
            reference: charge.reference,
            status: 'requires_action',
          });
        }
        await setCheckoutStatus(tx, checkout.id, 'requires_action');
        return { url: charge.redirectUrl ?? `${base}/checkout?paypal=pending` };
      });
      if (outcome.url === undefined) throw httpError(402, outcome.declined ?? 'Declined');
      return { data: { redirect_url: outcome.url } };
    },

    return: async ({ params, query, request, reply }) => {
      const store = await storeBySlug(db, params.slug);
      if (!store) {
        return reply.status(404).type('text/html; charset=utf-8').send(noStorePage());
      }
      const prefix = prefixOf(request, store.slug);
      const back = (notice: PayPalCheckoutNotice) =>
        reply.redirect(`${prefix}/checkout?paypal=${notice}`, 303);
      let outcome: 'paid' | PayPalCheckoutNotice;
      try {
        outcome = await db.transaction(async (tx) => {
          const checkout = await lockCheckout(tx, params.checkout_id);
          if (!checkout || checkout.store_id !== store.id) return 'failed';
          if (checkout.order_id !== null) return 'paid';
          const orderId = await paypalOrderOfCheckout(tx, checkout.id, checkout.seller_id);
          if (!orderId || (query.token !== undefined && query.token !== orderId)) return 'failed';
          const gateway = await storeGateway(tx, checkout.store_id);
          if (!gateway) return 'failed';
          const charge = await gateway.charge({
            idempotencyKey: checkout.id,
            amount: checkout.total,
            currency: checkout.currency,
            description: `Checkout ${checkout.id}`,
            email: checkout.email,
            reference: orderId,
            retry: await declinedPayPalCaptures(tx, checkout.id, checkout.seller_id),
          });
          if (charge.status === 'paid') {
            await app.placeCheckoutOrder(tx, checkout, 'paypal', charge.reference);
            return 'paid';
          }
          if (charge.status === 'requires_action') return 'pending';
          await insertPayment(tx, {
            checkoutId: checkout.id,
            sellerId: checkout.seller_id,
            gateway: 'paypal',
            amount: checkout.total,
            currency: checkout.currency,
            reference: charge.reference ?? orderId,
            status: 'declined',
          });
          return 'declined';
        });
      } catch (error) {
        request.log.warn({ err: error, checkout: params.checkout_id }, 'PayPal capture failed');
        return back('failed');
      }
      if (outcome !== 'paid') return back(outcome);
      return reply.redirect(`${prefix}/thank-you/${params.checkout_id}`, 303);
    },

    webhook: async ({ params, body, request }) => {
      const account = await gatewayAccountForWebhook(db, params.id);
      const gateway = account ? gatewayOf(account) : null;
      if (!account || !gateway) throw notFound('No such payment gateway');
      if (!gateway.hasWebhook) throw notFound('This PayPal gateway has no webhook id yet');
      const raw = Buffer.isBuffer(body) ? body.toString('utf8') : '';
      let event: { event_type?: string; resource?: CaptureResource };
      try {
        event = JSON.parse(raw) as typeof event;
      } catch {
        throw httpError(400, 'The event is not JSON');
      }
      const verified = await gateway
        .verifyWebhook(request.headers as PayPalWebhookHeaders, raw)
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'PayPal webhook not verified');
          throw httpError(502, PAYPAL_UNREACHABLE);
        });
      if (!verified) throw httpError(400, 'PayPal did not verify this webhook signature');
      if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED') {
        const news = paypalRefundNews(event.resource as PayPalRefundResource | undefined);
        if (news) {
          await db.transaction((tx) =>
            applyRefundUpdate(tx, app.jobs, {
              sellerId: account.seller_id,
              provider: 'paypal',
              ...news,
            }),
          );
        }
        return { data: { received: true } };
      }
      if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED') return { data: { received: true } };
      const capture = event.resource ?? {};
      const checkoutId = capture.custom_id ?? '';
      if (!CHECKOUT_ID.test(checkoutId) || !capture.id || capture.status !== 'COMPLETED') {
        return { data: { received: true } };
      }
      const captureId = capture.id;
      await db.transaction(async (tx) => {
        const checkout = await lockCheckout(tx, checkoutId);
        // Another seller's checkout, one already ordered (the return page came first, or a
        // replayed event) or a capture of other figures makes nothing.
        if (!checkout || checkout.seller_id !== account.seller_id || checkout.order_id !== null) {
          return;
        }
        if (
          paypalMinor(capture.amount?.value ?? '') !== checkout.total ||
          capture.amount?.currency_code?.toUpperCase() !== checkout.currency.toUpperCase()
        ) {
          request.log.warn({ checkoutId, capture: captureId }, 'PayPal capture does not match');
          return;
        }
        await app.placeCheckoutOrder(tx, checkout, 'paypal', captureId);
      });
      return { data: { received: true } };
    },
  });
}
