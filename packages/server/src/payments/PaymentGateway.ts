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
}

export type ChargeResult =
  | { status: 'paid'; reference: string }
  | { status: 'declined'; message: string; reference?: string }
  | { status: 'requires_action'; reference: string; message: string };

/**
 * A payment provider behind the checkout: the built-in test gateway, Stripe (PaymentIntents)
 * and PayPal (Orders v2) answer the same way.
 */
export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}
