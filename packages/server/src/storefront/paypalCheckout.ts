import { PAYPAL_CHECKOUT_MESSAGES, type PayPalCheckoutNotice } from '@printloom/core';
import type { Queryable } from '../db/Db.js';
import { storeGatewayAccount } from '../sql/paymentGateways.js';

export const PAY_WITH_PAYPAL = 'This store takes payment through PayPal: use “Pay with PayPal”';

/** How the checkout page of a store takes payment, and what a trip to PayPal left to say. */
export interface CheckoutPayment {
  method: 'card' | 'paypal';
  /** The message of `?paypal=` after PayPal sent the buyer back without an order. */
  notice?: string;
}

const isNotice = (value: unknown): value is PayPalCheckoutNotice =>
  typeof value === 'string' && Object.hasOwn(PAYPAL_CHECKOUT_MESSAGES, value);

/** The checkout page's payment part: PayPal for a store charging through a PayPal account. */
export async function checkoutPayment(
  db: Queryable,
  storeId: number,
  query: unknown,
): Promise<CheckoutPayment> {
  const account = await storeGatewayAccount(db, storeId);
  const method = account?.provider === 'paypal' ? 'paypal' : 'card';
  const asked = (query as { paypal?: unknown } | undefined)?.paypal;
  return isNotice(asked) ? { method, notice: PAYPAL_CHECKOUT_MESSAGES[asked] } : { method };
}
