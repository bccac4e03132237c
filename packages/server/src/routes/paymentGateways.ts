/**
 * Payment gateway accounts (`/seller/payment-gateways`, issue 12, spec §2
 * /settings/payment-gateways): a seller with custom_payment adds their own Stripe account; its
 * secret key and webhook signing secret are sealed with AES-256-GCM (`createSecretBox`, purpose
 * `payment-gateways/v1`, bound to the row's seller) and only masked hints are answered. A store
 * charges through the account set on it; without one it keeps the built-in test gateway. Only
 * the account owner manages them (a team member is 403), as for email gateways.
 */
import { API, GATEWAY_MESSAGES, type GatewayAccountView, maskSecret } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { createSecretBox, type SecretBox } from '../auth/createSecretBox.js';
import type { AuthContext } from '../http/authContext.js';
import { forbidden, notFound } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { ownStore } from '../http/storeScope.js';
import {
  deleteGatewayAccount,
  type GatewayAccountRow,
  getGatewayAccount,
  insertGatewayAccount,
  listGatewayAccounts,
  setStoreGateway,
} from '../sql/paymentGateways.js';

export const PAYMENT_GATEWAY_KEY_PURPOSE = 'payment-gateways/v1';

export interface StripeCredentials {
  secret_key: string;
  webhook_secret: string;
}

export const gatewayBox = (secret: string): SecretBox =>
  createSecretBox(secret, PAYMENT_GATEWAY_KEY_PURPOSE);
export const gatewayContext = (sellerId: number) => `payment-gateway:${sellerId}`;

/** The sealed credentials of an account, opened; null when they do not open. */
export function openCredentials(box: SecretBox, row: GatewayAccountRow): StripeCredentials | null {
  const text = box.open(row.credentials, gatewayContext(row.seller_id));
  return text ? (JSON.parse(text) as StripeCredentials) : null;
}

export const stripeWebhookPath = (id: number) => `/public/payments/stripe/${id}/webhook`;

const view = (row: GatewayAccountRow): GatewayAccountView => ({
  id: row.id,
  provider: row.provider,
  name: row.name,
  mode: row.mode,
  shown: row.public_hint,
  store_ids: row.store_ids.map(Number),
  webhook_path: stripeWebhookPath(row.id),
  created_at: row.created_at.toISOString(),
});

export async function registerPaymentGatewayRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const box = gatewayBox(app.config.secret);

  /** The account owner of a seller with custom payment (spec §6 gate of the page). */
  const admit = (auth: AuthContext) => {
    if (!auth.seller.custom_payment) throw forbidden(GATEWAY_MESSAGES.customPaymentOnly);
    if (auth.grant || auth.accessUser !== null) throw forbidden(GATEWAY_MESSAGES.ownerOnly);
  };

  registerGroup(app, API.paymentGateways, {
    list: async ({ auth }) => {
      admit(auth);
      return { data: (await listGatewayAccounts(db, auth.sellerId)).map(view) };
    },
    create: async ({ auth, body }) => {
      admit(auth);
      const credentials: StripeCredentials = {
        secret_key: body.secret_key,
        webhook_secret: body.webhook_secret,
      };
      const id = await insertGatewayAccount(db, {
        sellerId: auth.sellerId,
        name: body.name,
        mode: body.secret_key.includes('_live_') ? 'live' : 'test',
        credentials: box.seal(JSON.stringify(credentials), gatewayContext(auth.sellerId)),
        hint: {
          publishable_key: body.publishable_key,
          secret_key: maskSecret(body.secret_key),
          webhook_secret: maskSecret(body.webhook_secret),
        },
      });
      const row = await getGatewayAccount(db, auth.sellerId, id);
      if (!row) throw notFound();
      return { data: view(row), message: GATEWAY_MESSAGES.created };
    },
    remove: async ({ auth, params }) => {
      admit(auth);
      if (!(await deleteGatewayAccount(db, auth.sellerId, params.id))) throw notFound();
      return { data: null, message: GATEWAY_MESSAGES.removed };
    },
    setStore: async ({ auth, params, body }) => {
      admit(auth);
      await ownStore(db, auth, params.id);
      if (
        body.gateway_id !== null &&
        !(await getGatewayAccount(db, auth.sellerId, body.gateway_id))
      ) {
        throw notFound('This payment gateway does not exist');
      }
      await setStoreGateway(db, auth.sellerId, params.id, body.gateway_id);
      return { data: null, message: GATEWAY_MESSAGES.storeSet };
    },
  });
}
