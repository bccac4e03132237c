import {
  PAYPAL_CHECKOUT_MESSAGES,
  type PayPalCheckoutNotice,
  STRIPE_CHECKOUT_MESSAGES,
  type StripeCheckoutNotice,
} from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { storeGatewayAccount } from '../sql/paymentGateways.js';

export const PAY_WITH_PAYPAL = 'This store takes payment through PayPal: use “Pay with PayPal”';

/** How the checkout page of a store takes payment, and what a trip to the provider left to say. */
export interface CheckoutPayment {
  /** Test cards, PayPal's redirect, or Stripe's Payment Element. */
  method: 'card' | 'paypal' | 'stripe';
  /** The message of `?paypal=` / `?stripe=` after the provider sent the buyer back. */
  notice?: string;
}

const isPayPalNotice = (value: unknown): value is PayPalCheckoutNotice =>
  typeof value === 'string' && Object.hasOwn(PAYPAL_CHECKOUT_MESSAGES, value);
const isStripeNotice = (value: unknown): value is StripeCheckoutNotice =>
  typeof value === 'string' && Object.hasOwn(STRIPE_CHECKOUT_MESSAGES, value);

/** The checkout page's payment part: the provider of the account the store charges through. */
export async function checkoutPayment(
  db: Queryable,
  storeId: number,
  query: unknown,
): Promise<CheckoutPayment> {
  const account = await storeGatewayAccount(db, storeId);
  const method = account?.provider ?? 'card';
  const asked = query as { paypal?: unknown; stripe?: unknown } | undefined;
  if (isPayPalNotice(asked?.paypal)) {
    return { method, notice: PAYPAL_CHECKOUT_MESSAGES[asked.paypal] };
  }
  if (isStripeNotice(asked?.stripe)) {
    return { method, notice: STRIPE_CHECKOUT_MESSAGES[asked.stripe] };
  }
  return { method };
}

/** What Stripe.js and its Payment Element need (Stripe's CSP guide), on that page only. */
const STRIPE_SOURCES: Record<string, string[]> = {
  'script-src': ['https://js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

/** The page's content security policy with Stripe's sources added to their directives. */
export function cspWithStripe(policy: string): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '');
  const fallback = directives.find((d) => d.startsWith('default-src '))?.slice(12) ?? "'self'";
  const out = directives.map((directive) => {
    const name = directive.split(/\s+/)[0] ?? '';
    const extra = STRIPE_SOURCES[name];
    return extra ? `${directive} ${extra.join(' ')}` : directive;
  });
  for (const [name, extra] of Object.entries(STRIPE_SOURCES)) {
    if (!directives.some((d) => d.split(/\s+/)[0] === name)) {
      out.push(`${name} ${fallback} ${extra.join(' ')}`);
    }
  }
  return out.join(';');
}
