import { z } from 'zod';
import { MAX_ID } from '../api/catalogSchemas.js';

export const GATEWAY_ACCOUNT_PROVIDERS = ['stripe'] as const;
export type GatewayAccountProvider = (typeof GATEWAY_ACCOUNT_PROVIDERS)[number];

export const GATEWAY_MESSAGES = {
  customPaymentOnly: 'Payment gateways are for sellers with custom payment',
  ownerOnly: 'Only the account owner manages payment gateways',
  created: 'Payment gateway saved.',
  removed: 'Payment gateway removed.',
  storeSet: "The store's payment gateway is saved.",
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

/** The accounts a seller can add (PayPal joins once its adapter is built). */
export const GatewayAccountBody = StripeGatewayBody;
export type GatewayAccountBody = z.infer<typeof GatewayAccountBody>;

/** A gateway account as answered: secrets masked to their last four characters. */
export const GatewayAccountView = z.object({
  id: z.number().int().positive(),
  provider: z.enum(GATEWAY_ACCOUNT_PROVIDERS),
  name: z.string(),
  /** `test` keys (sk_test_) or `live` ones. */
  mode: z.enum(['test', 'live']),
  /** What may be shown: the publishable key or client id, and masked secrets (`••••abcd`). */
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
