import { z } from 'zod';
import { MAX_ID } from '../api/catalogSchemas.js';

export const GATEWAY_ACCOUNT_PROVIDERS = ['stripe', 'paypal'] as const;
export type GatewayAccountProvider = (typeof GATEWAY_ACCOUNT_PROVIDERS)[number];

export const GATEWAY_MESSAGES = {
  customPaymentOnly: 'Payment gateways are for sellers with custom payment',
  ownerOnly: 'Only the account owner manages payment gateways',
  created: 'Payment gateway saved.',
  removed: 'Payment gateway removed.',
  storeSet: "The store's payment gateway is saved.",
  webhookSet: 'Webhook id saved.',
  notPayPal: 'Only a PayPal gateway has a webhook id',
  unreadable: 'The gateway credentials can no longer be read; add the gateway again',
} as const;

const name = z.string().trim().min(1, 'Give the gateway a name').max(80);

/** A Stripe account: its API keys and the signing secret of its webhook endpoint. */
export const StripeGatewayBody = z.object({
  provider: z.literal('stripe'),
  name,
  publishable_key: z
    .string()
    .trim()
    .regex(/^pk_(test|live)_\w{8,}$/, 'A publishable key starts with pk_test_ or pk_live_'),
  secret_key: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_\w{8,}$/, 'A secret key starts with sk_test_, sk_live_ or rk_'),
  webhook_secret: z
    .string()
    .trim()
    .regex(/^whsec_\w{8,}$/, 'A webhook signing secret starts with whsec_'),
});

/**
 * A PayPal REST app (Developer Dashboard → Apps & Credentials): its client id and secret, the id
 * of the webhook PayPal shows once the gateway's webhook URL is added there (it may follow with
 * `PayPalWebhookBody`: the URL is known once the gateway is saved), and whether the app is a
 * sandbox or a live one.
 */
export const PayPalGatewayBody = z.object({
  provider: z.literal('paypal'),
  name,
  mode: z.enum(['sandbox', 'live']),
  client_id: z
    .string()
    .trim()
    .regex(/^[\w-]{16,128}$/, 'A client id is 16 to 128 letters, digits, - or _'),
  client_secret: z
    .string()
    .trim()
    .regex(/^[\w-]{16,128}$/, 'A secret is 16 to 128 letters, digits, - or _'),
  /** Empty until the webhook exists in PayPal (its URL names the saved gateway). */
  webhook_id: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9]{8,40})?$/, 'A webhook id is 8 to 40 letters and digits'),
});
export type PayPalGatewayBody = z.infer<typeof PayPalGatewayBody>;

/** `PUT /seller/payment-gateways/{id}/webhook-id`: the id PayPal gave the gateway's webhook. */
export const PayPalWebhookBody = z.object({
  webhook_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{8,40}$/, 'A webhook id is 8 to 40 letters and digits'),
});
export type PayPalWebhookBody = z.infer<typeof PayPalWebhookBody>;

/** The accounts a seller can add: Stripe or PayPal. */
export const GatewayAccountBody = z.discriminatedUnion('provider', [
  StripeGatewayBody,
  PayPalGatewayBody,
]);
export type GatewayAccountBody = z.infer<typeof GatewayAccountBody>;

/** A gateway account as answered: secrets masked to their last four characters. */
export const GatewayAccountView = z.object({
  id: z.number().int().positive(),
  provider: z.enum(GATEWAY_ACCOUNT_PROVIDERS),
  name: z.string(),
  /** `test` keys (sk_test_, a PayPal sandbox app) or `live` ones. */
  mode: z.enum(['test', 'live']),
  /** What may be shown: the publishable key, and masked secrets and PayPal ids (`•••• abcd`). */
  shown: z.record(z.string(), z.string()),
  /** Ids of the stores charging through it. */
  store_ids: z.array(z.number().int().positive()),
  /** Where the provider sends its events for this account. */
  webhook_path: z.string(),
  created_at: z.string(),
});
export type GatewayAccountView = z.infer<typeof GatewayAccountView>;

export const StoreGatewayBody = z.object({
  /** The account the store charges through; null: the built-in test gateway. */
  gateway_id: z.number().int().positive().max(MAX_ID).nullable(),
});
export type StoreGatewayBody = z.infer<typeof StoreGatewayBody>;

/** What the buyer reads on the checkout page after a trip to PayPal (`?paypal=`). */
export const PAYPAL_CHECKOUT_MESSAGES = {
  cancelled:
    'You cancelled the payment at PayPal. Your cart is still here: pay again when you are ready.',
  declined:
    'PayPal declined this payment method. Pay again with PayPal and choose another card or account.',
  pending:
    'PayPal has not completed this payment yet. Your order is confirmed by email as soon as it does.',
  failed: 'PayPal could not take this payment. Please try again.',
} as const;
export type PayPalCheckoutNotice = keyof typeof PAYPAL_CHECKOUT_MESSAGES;

/** What the buyer reads on the checkout page after Stripe sent them back (`?stripe=`). */
export const STRIPE_CHECKOUT_MESSAGES = {
  declined: 'The payment was not completed. Please try another card.',
  pending:
    'Your bank has not completed this payment yet. Your order is confirmed by email as soon as it does.',
  failed: 'Stripe could not take this payment. Please try again.',
} as const;
export type StripeCheckoutNotice = keyof typeof STRIPE_CHECKOUT_MESSAGES;
