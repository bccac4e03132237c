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

/**
 * A payment provider behind the checkout: the built-in test gateway, Stripe (PaymentIntents)
 * and PayPal (Orders v2) answer the same way.
 */
export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}
