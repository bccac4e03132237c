/**
 * Email gateways (`/seller/email-gateways`, issue 15): a seller's own SMTP, Mailgun or SES
 * account. The credentials are sealed at rest with AES-256-GCM (`createSecretBox`, purpose
 * `email-gateways/v1`, bound to the seller and the gateway id) and only a masked copy is ever
 * answered. Settings pages are the account owner's: a team member acting for the seller is 403.
 * The test send goes through the gateway itself; a refusal is 422 with the provider's message.
 */
import {
  API,
  EMAIL_GATEWAY_MESSAGES,
  type EmailGateway,
  type EmailGatewayBody,
  maskedCredentials,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../http/authContext.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { ownStore } from '../http/storeScope.js';
import { type GatewayConfig, GatewayError, sendThroughGateway } from '../mail/gatewaySenders.js';
import { emailGatewayBox, emailGatewayContext } from '../mail/storeMail.js';
import {
  deleteEmailGateway,
  type EmailGatewayRow,
  getEmailGateway,
  insertEmailGateway,
  listEmailGateways,
  recordEmailGatewayTest,
  updateEmailGateway,
} from '../sql/emailGateways.js';

const OWNER_ONLY = 'Only the account owner manages email gateways';

const view = (row: EmailGatewayRow): EmailGateway => ({
  id: Number(row.id),
  name: row.name,
  driver: row.driver,
  store_id: row.store_id === null ? null : Number(row.store_id),
  credentials: row.credentials_masked,
  from: row.from_address,
  last_test_at: row.last_test_at ? row.last_test_at.toISOString() : null,
  last_test_ok: row.last_test_ok,
  last_test_message: row.last_test_message,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export async function registerEmailGatewayRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const box = emailGatewayBox(config.secret);

  const ownerOnly = (auth: AuthContext) => {
    if (auth.grant || auth.accessUser !== null) throw forbidden(OWNER_ONLY);
  };
  const own = async (auth: AuthContext, id: number) => {
    ownerOnly(auth);
    const row = await getEmailGateway(db, auth.sellerId, id);
    if (!row) throw notFound();
    return row;
  };
  const fields = (body: EmailGatewayBody) => ({
    store_id: body.store_id,
    name: body.name,
    driver: body.driver,
    from_address: body.credentials.from,
    credentials_masked: maskedCredentials(body.driver, body.credentials),
  });
  const write = async (auth: AuthContext, id: number | null, body: EmailGatewayBody) => {
    if (body.store_id !== null) await ownStore(db, auth, body.store_id);
    const gatewayId = await db.transaction(async (tx) => {
      const target = id ?? (await insertEmailGateway(tx, auth.sellerId, fields(body)));
      const sealed = box.seal(
        JSON.stringify({ driver: body.driver, credentials: body.credentials }),
        emailGatewayContext(auth.sellerId, target),
      );
      if (
        !(await updateEmailGateway(tx, auth.sellerId, target, {
          ...fields(body),
          credentials_sealed: sealed,
        }))
      ) {
        throw notFound();
      }
      return target;
    });
    const row = await getEmailGateway(db, auth.sellerId, gatewayId);
    if (!row) throw notFound();
    return view(row);
  };

  registerGroup(app, API.emailGateways, {
    list: async ({ auth }) => {
      ownerOnly(auth);
      return { data: (await listEmailGateways(db, auth.sellerId)).map(view) };
    },
    create: async ({ auth, body }) => {
      ownerOnly(auth);
      return { data: await write(auth, null, body) };
    },
    update: async ({ auth, params, body }) => {
      await own(auth, params.id);
      return { data: await write(auth, params.id, body) };
    },
    remove: async ({ auth, params }) => {
      await own(auth, params.id);
      if (!(await deleteEmailGateway(db, auth.sellerId, params.id))) throw notFound();
      return { data: null, message: 'Email gateway deleted' };
    },
    test: async ({ auth, params, body }) => {
      const row = await own(auth, params.id);
      const plain = box.open(row.credentials_sealed, emailGatewayContext(auth.sellerId, row.id));
      if (!plain) throw unprocessable(EMAIL_GATEWAY_MESSAGES.unreadable);
      const gateway = JSON.parse(plain) as GatewayConfig;
      try {
        const messageId = await sendThroughGateway(
          gateway,
          {
            to: body.to,
            subject: `Test mail from ${row.name}`,
            text: `This is a test mail sent through your ${row.driver} gateway "${row.name}".`,
          },
          config,
        );
        await recordEmailGatewayTest(db, auth.sellerId, row.id, true, 'Sent');
        return { data: { ok: true as const, message_id: messageId } };
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        await recordEmailGatewayTest(db, auth.sellerId, row.id, false, error.message);
        throw unprocessable(`${EMAIL_GATEWAY_MESSAGES.testFailed}: ${error.message}`);
      }
    },
  });
}
