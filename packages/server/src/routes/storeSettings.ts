/**
 * Store-level settings (spec §3 Store-level state, §7): the coupon a store offers,
 * email-marketing senders, and the extra print cost of products printed on more than their
 * main print space. Every store is checked to belong to the calling seller (404 if not) and to
 * be one the session may use (403, http/storeScope.ts). Klaviyo lives in routes/marketing.ts.
 */
import { randomBytes } from 'node:crypto';
import { resolveTxt } from 'node:dns/promises';
import { API, EMAIL_SENDER_MESSAGES, pageInfo } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { canUseStore, ownStore, STORE_SCOPE_MESSAGE, storesInScope } from '../http/storeScope.js';
import { mailSenderLink, senderAddressOf } from '../marketing/senderVerification.js';
import { getSellerCoupon, listCoupons } from '../sql/coupons.js';
import {
  deleteSender,
  getSender,
  insertSender,
  listSenders,
  markSenderVerified,
  type SenderRow,
  updateSender,
} from '../sql/emailSenders.js';
import { containsPattern } from '../sql/listQuery.js';
import { setStoreCoupon } from '../sql/stores.js';
import { templatePrintSpaces } from '../sql/templates.js';

export const COUPON_OF_ANOTHER_STORE = 'This coupon belongs to another store.';

/** Price of each print space beyond a product's main one, in the base currency (USD). */
export const EXTRA_PRINT_SPACE_COST = 5;

function senderHost(row: SenderRow): string | null {
  try {
    return row.base_url ? new URL(row.base_url).hostname : null;
  } catch {
    return null;
  }
}

const senderView = (row: SenderRow) => {
  const host = senderHost(row);
  return {
    id: row.id,
    store_domain_id: row.store_domain_id,
    username: row.username,
    name: row.name,
    status: row.status,
    address: senderAddressOf(row),
    verify_record:
      row.status !== 'verified' && host
        ? { host, value: `printloom-verify=${row.verify_token}` }
        : null,
    link_sent_at: row.link_sent_at ? new Date(row.link_sent_at).toISOString() : null,
    verified_by: row.verified_by ?? null,
  };
};

export async function registerStoreSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  registerGroup(app, API.storeSettings, {
    coupons: async ({ auth, query }) => {
      const q = query.q ? containsPattern(query.q) : null;
      // Seller-wide coupons (no store) stay visible to a session limited to some stores.
      const stores = storesInScope(auth);
      return { data: await listCoupons(db, auth.sellerId, q, stores) };
    },
    couponConfig: async ({ auth, params, body }) => {
      await ownStore(db, auth, params.storeId);
      if (body.coupon_id !== null) {
        const coupon = await getSellerCoupon(db, auth.sellerId, body.coupon_id);
        if (!coupon) throw notFound();
        // A store's own coupon serves only that store; seller-wide ones (no store) serve any.
        if (coupon.store_id !== null) {
          if (!canUseStore(auth, coupon.store_id)) throw forbidden(STORE_SCOPE_MESSAGE);
          if (coupon.store_id !== params.storeId) {
            throw unprocessable(COUPON_OF_ANOTHER_STORE, {
              coupon_id: [COUPON_OF_ANOTHER_STORE],
            });
          }
        }
      }
      await setStoreCoupon(db, params.storeId, body.coupon_id);
      return { data: null };
    },
    calcExtraPrintCost: async ({ body }) => {
      const ids = [...new Set(body.products.map((p) => p.template_id))];
      const byId = await templatePrintSpaces(db, ids);
      return {
        data: body.products.map((product) => {
          const spaces = byId.get(product.template_id);
          if (!spaces)
            throw unprocessable(`Product template ${product.template_id} does not exist`);
          const main = spaces.find((s) => s.isMain)?.name ?? spaces[0]?.name;
          const extra = new Set(
            product.print_spaces.filter(
              (name) => name !== main && spaces.some((s) => s.name === name),
            ),
          );
          return { id: product.id, extra_print_cost: extra.size * EXTRA_PRINT_SPACE_COST };
        }),
      };
    },
  });

  async function senderOf(
    auth: { sellerId: number; storeIds: number[] | null },
    id: number,
  ): Promise<SenderRow> {
    const row = await getSender(db, auth.sellerId, id);
    if (!row) throw notFound(EMAIL_SENDER_MESSAGES.notFound);
    if (!canUseStore(auth, Number(row.store_domain_id))) throw forbidden(STORE_SCOPE_MESSAGE);
    return row;
  }
  registerGroup(app, API.emailSenders, {
    list: async ({ auth, query }) => {
      const stores = storesInScope(auth);
      const { rows, total } = await listSenders(db, auth.sellerId, stores, query);
      return {
        data: {
          data: rows.map(senderView),
          ...pageInfo(total, query.page, query.per_page),
        },
      };
    },
    create: async ({ auth, body, request }) => {
      await ownStore(db, auth, body.store_domain_id);
      const id = await insertSender(db, auth.sellerId, body, randomBytes(12).toString('hex'));
      const sender = await senderOf(auth, id);
      // A new sender gets its verification link at once (a store without address gets none).
      const mailed = await mailSenderLink(db, request.log, app.config, sender, Date.now());
      return {
        data: senderView(await senderOf(auth, id)),
        ...(mailed === 'sent' ? { message: EMAIL_SENDER_MESSAGES.linkSent } : {}),
      };
    },
    resendVerification: async ({ auth, params, request }) => {
      const sender = await senderOf(auth, params.id);
      if (sender.status === 'verified') {
        throw unprocessable(EMAIL_SENDER_MESSAGES.alreadyVerified);
      }
      const mailed = await mailSenderLink(db, request.log, app.config, sender, Date.now());
      if (mailed === 'no_address') throw unprocessable(EMAIL_SENDER_MESSAGES.noAddress);
      if (mailed === 'too_soon') throw unprocessable(EMAIL_SENDER_MESSAGES.linkTooSoon);
      return {
        data: senderView(await senderOf(auth, params.id)),
        message: EMAIL_SENDER_MESSAGES.linkSent,
      };
    },
    get: async ({ auth, params }) => ({
      data: senderView(await senderOf(auth, params.id)),
    }),
    update: async ({ auth, params, body }) => {
      const current = await senderOf(auth, params.id);
      await ownStore(db, auth, body.store_domain_id);
      const addressChanged =
        current.username !== body.username || current.store_domain_id !== body.store_domain_id;
      await updateSender(db, params.id, body, addressChanged);
      return { data: senderView(await senderOf(auth, params.id)) };
    },
    remove: async ({ auth, params }) => {
      await senderOf(auth, params.id);
      await deleteSender(db, params.id);
      return { data: null };
    },
    status: async ({ auth, params, request }) => {
      const sender = await senderOf(auth, params.id);
      if (sender.status !== 'verified' && sender.base_url) {
        const host = new URL(sender.base_url).hostname;
        const record = `printloom-verify=${sender.verify_token}`;
        const records = await resolveTxt(host).catch((error: unknown) => {
          request.log.info({ err: error, host }, 'sender domain TXT lookup failed');
          return [] as string[][];
        });
        if (records.some((parts) => parts.join('') === record)) {
          await markSenderVerified(db, sender.id, 'dns');
          return { data: { id: sender.id, status: 'verified' } };
        }
        // The answer tells the seller what to publish; the sender schema has no field for it.
        return {
          data: { id: sender.id, status: sender.status },
          message: `Add a TXT record "${record}" to ${host}, then check again.`,
        };
      }
      return { data: { id: sender.id, status: sender.status } };
    },
  });
}
