/**
 * Payment gateway accounts (`/seller/payment-gateways`, issue 12, spec §2
 * /settings/payment-gateways): a seller with custom_payment adds their own Stripe or PayPal
 * account; its secrets (Stripe's secret key and webhook signing secret, PayPal's client id,
 * secret and webhook id) are sealed with AES-256-GCM (`createSecretBox`, purpose
 * `payment-gateways/v1`, bound to the row's seller) and only masked hints are answered. A store
 * charges through the account set on it; without one it keeps the built-in test gateway. Only
 * the account owner manages them (a team member is 403), as for email gateways.
 */
import { API, GATEWAY_MESSAGES, type GatewayAccountView, maskSecret } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { createSecretBox, type SecretBox } from '../auth/createSecretBox.js';
import type { AuthContext } from '../http/authContext.js';
import { forbidden, httpError, notFound } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { ownStore } from '../http/storeScope.js';
import {
  deleteGatewayAccount,
  type GatewayAccountRow,
  getGatewayAccount,
  insertGatewayAccount,
  listGatewayAccounts,
  setStoreGateway,
  updateGatewayCredentials,
} from '../sql/paymentGateways.js';

export const PAYMENT_GATEWAY_KEY_PURPOSE = 'payment-gateways/v1';

export interface StripeCredentials {
  secret_key: string;
  webhook_secret: string;
}

export interface PayPalCredentials {
  client_id: string;
  client_secret: string;
  webhook_id: string;
}

export const gatewayBox = (secret: string): SecretBox =>
  createSecretBox(secret, PAYMENT_GATEWAY_KEY_PURPOSE);
export const gatewayContext = (sellerId: number) => `payment-gateway:${sellerId}`;

/** The sealed credentials of an account, opened; null when they do not open. */
export function openCredentials(box: SecretBox, row: GatewayAccountRow): StripeCredentials | null {
  if (row.provider !== 'stripe') return null;
  const text = box.open(row.credentials, gatewayContext(row.seller_id));
  return text ? (JSON.parse(text) as StripeCredentials) : null;
}

/** The sealed PayPal app of an account, opened; null when it is not PayPal or does not open. */
export function openPayPalCredentials(
  box: SecretBox,
  row: GatewayAccountRow,
): PayPalCredentials | null {
  if (row.provider !== 'paypal') return null;
  const text = box.open(row.credentials, gatewayContext(row.seller_id));
  return text ? (JSON.parse(text) as PayPalCredentials) : null;
}

export const stripeWebhookPath = (id: number) => `/public/payments/stripe/${id}/webhook`;
export const paypalWebhookPath = (id: number) => `/public/payments/paypal/${id}/webhook`;

const view = (row: GatewayAccountRow): GatewayAccountView => ({
  id: row.id,
  provider: row.provider,
  name: row.name,
  mode: row.mode,
  shown: row.public_hint,
  store_ids: row.store_ids.map(Number),
  webhook_path: row.provider === 'paypal' ? paypalWebhookPath(row.id) : stripeWebhookPath(row.id),
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
      const seal = (credentials: StripeCredentials | PayPalCredentials) =>
        box.seal(JSON.stringify(credentials), gatewayContext(auth.sellerId));
      const id =
        body.provider === 'paypal'
          ? await insertGatewayAccount(db, {
              sellerId: auth.sellerId,
              provider: 'paypal',
              name: body.name,
              mode: body.mode === 'live' ? 'live' : 'test',
              credentials: seal({
                client_id: body.client_id,
                client_secret: body.client_secret,
                webhook_id: body.webhook_id,
              }),
              hint: {
                client_id: maskSecret(body.client_id),
                client_secret: maskSecret(body.client_secret),
                webhook_id: maskSecret(body.webhook_id),
              },
            })
          : await insertGatewayAccount(db, {
              sellerId: auth.sellerId,
              provider: 'stripe',
              name: body.name,
              mode: body.secret_key.includes('_live_') ? 'live' : 'test',
              credentials: seal({
                secret_key: body.secret_key,
                webhook_secret: body.webhook_secret,
              }),
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
    setWebhookId: async ({ auth, params, body }) => {
      admit(auth);
      const row = await getGatewayAccount(db, auth.sellerId, params.id);
      if (!row) throw notFound();
      if (row.provider !== 'paypal') throw httpError(422, GATEWAY_MESSAGES.notPayPal);
      const credentials = openPayPalCredentials(box, row);
      if (!credentials) throw httpError(422, GATEWAY_MESSAGES.unreadable);
      await updateGatewayCredentials(
        db,
        auth.sellerId,
        row.id,
        box.seal(
          JSON.stringify({ ...credentials, webhook_id: body.webhook_id }),
          gatewayContext(auth.sellerId),
        ),
        { ...row.public_hint, webhook_id: maskSecret(body.webhook_id) },
      );
      const updated = await getGatewayAccount(db, auth.sellerId, row.id);
      if (!updated) throw notFound();
      return { data: view(updated), message: GATEWAY_MESSAGES.webhookSet };
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
