import type { PaymentGatewayName } from '@printloom/core';

/** One charge a checkout asks a gateway for; amounts in minor units. */
export interface ChargeRequest {
  /** Unique per checkout: a gateway that sees it twice answers the first charge again. */
  idempotencyKey: string;
  amount: number;
  currency: string;
  description: string;
  email: string;
  /** The card number (test gateway) or the gateway's payment method token. */
  cardNumber?: string | undefined;
  /** A payment that needed a second step, now completed by the buyer. */
  reference?: string | undefined;
  /**
   * Earlier second steps of this checkout the gateway declined: a new attempt after a decline
   * gets its own idempotency key (PayPal's capture after the buyer chose another card).
   */
  retry?: number | undefined;
  /** Where a gateway that sends the buyer away (PayPal) brings them back once approved. */
  returnUrl?: string | undefined;
  /** Where it brings them back when they cancel. */
  cancelUrl?: string | undefined;
}

export type ChargeResult =
  | { status: 'paid'; reference: string }
  | { status: 'declined'; message: string; reference?: string }
  | {
      status: 'requires_action';
      reference: string;
      message: string;
      /** The provider's page the buyer approves the payment on (PayPal). */
      redirectUrl?: string;
    };

/** Money sent back for a charge; amounts in minor units. */
export interface RefundRequest {
  /** The charge to refund: Stripe's PaymentIntent, PayPal's capture, the test gateway's one. */
  reference: string;
  amount: number;
  currency: string;
  /** One per refund and sent with every attempt: the provider makes one refund for it. */
  idempotencyKey: string;
  /** Why, in words the buyer may see (PayPal's note to the payer). */
  reason: string;
}

/**
 * The provider's answer: done, accepted but not finished (its webhook tells the end), or
 * refused with its message. A gateway that could not be reached or answered a server error
 * throws instead: the attempt is tried again later with the same idempotency key.
 */
export type RefundResult =
  | { status: 'completed'; reference: string }
  | { status: 'processing'; reference: string; message?: string }
  | { status: 'failed'; message: string; reference?: string };

/**
 * A payment provider behind the checkout: the built-in test gateway, Stripe (PaymentIntents)
 * and PayPal (Orders v2) answer the same way.
 */
export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
}
