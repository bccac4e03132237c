/**
 * Store-level settings (spec §3 Store-level state, §7): Klaviyo connection, the coupon a store
 * offers, email-marketing senders, and the extra print cost of products printed on more than
 * their main print space. Every store is checked to belong to the calling seller (404 if not).
 */
import { randomBytes } from 'node:crypto';
import { resolveTxt } from 'node:dns/promises';
import {
  API_PATHS,
  CalcExtraPrintCostBody,
  Coupon,
  CouponConfigBody,
  CouponListQuery,
  DoneAnswer,
  EMAIL_SENDER_MESSAGES,
  EmailSender,
  EmailSenderBody,
  EmailSenderListQuery,
  EmailSenderStatus,
  ExtraPrintCost,
  IdParams,
  KlaviyoSettings,
  KlaviyoSettingsBody,
  pageInfo,
  paginated,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, unprocessable } from '../http/errors.js';
import { defineRoute } from '../http/route.js';

/** Price of each print space beyond a product's main one, in the base currency (USD). */
export const EXTRA_PRINT_SPACE_COST = 5;
/** Visible characters of a stored Klaviyo key; the rest is masked in every answer. */
const KEY_VISIBLE_CHARS = 4;

const StoreParams = z.object({ storeId: z.coerce.number().int().positive() });

interface SenderRow {
  id: number;
  store_domain_id: number;
  username: string;
  name: string;
  status: string;
  verify_token: string;
  base_url: string | null;
}

const senderView = (row: SenderRow) => ({
  id: row.id,
  store_domain_id: row.store_domain_id,
  username: row.username,
  name: row.name,
  status: row.status,
});

function maskKey(key: string): string {
  return `${'*'.repeat(Math.max(0, key.length - KEY_VISIBLE_CHARS))}${key.slice(-KEY_VISIBLE_CHARS)}`;
}

export async function registerStoreSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const tags = ['store-settings'];

  async function ownStore(
    sellerId: number,
    storeId: number,
  ): Promise<{ id: number; base_url: string | null }> {
    const [store] = await db.query<{ id: number; base_url: string | null }>(
      'SELECT id, base_url FROM stores WHERE id = $1 AND seller_id = $2',
      [storeId, sellerId],
    );
    if (!store) throw notFound();
    return store;
  }

  async function klaviyoOf(storeId: number) {
    const [row] = await db.query<{ private_key: string; list_id: string }>(
      'SELECT private_key, list_id FROM klaviyo_settings WHERE store_id = $1',
      [storeId],
    );
    return {
      store_id: storeId,
      private_key: row ? { key: maskKey(row.private_key) } : null,
      list_id: row?.list_id ?? null,
    };
  }

  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.klaviyoSettings,
    summary: "A store's Klaviyo connection (key masked)",
    tags,
    params: StoreParams,
    response: KlaviyoSettings,
    handler: async ({ auth, params }) => {
      await ownStore(auth.sellerId, params.storeId);
      return { data: await klaviyoOf(params.storeId) };
    },
  });
  defineRoute(app, {
    method: 'PUT',
    url: API_PATHS.klaviyoSettings,
    summary: "Set a store's Klaviyo key and list",
    tags,
    params: StoreParams,
    body: KlaviyoSettingsBody,
    response: KlaviyoSettings,
    handler: async ({ auth, params, body }) => {
      await ownStore(auth.sellerId, params.storeId);
      await db.query(
        `INSERT INTO klaviyo_settings (store_id, private_key, list_id) VALUES ($1, $2, $3)
         ON CONFLICT (store_id) DO UPDATE SET private_key = EXCLUDED.private_key, list_id = EXCLUDED.list_id, updated_at = now()`,
        [params.storeId, body.private_key, body.list_id],
      );
      return { data: await klaviyoOf(params.storeId) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.coupons,
    summary: "The seller's coupons, searched by code or name",
    tags,
    query: CouponListQuery,
    response: z.array(Coupon),
    handler: async ({ auth, query }) => {
      const q = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const rows = await db.query<{
        id: number;
        code: string;
        name: string | null;
        store_id: number | null;
      }>(
        `SELECT id, code, name, store_id FROM coupons WHERE seller_id = $1
         AND ($2::text IS NULL OR code ILIKE $2 OR name ILIKE $2) ORDER BY id DESC LIMIT 100`,
        [auth.sellerId, q],
      );
      return { data: rows };
    },
  });
  defineRoute(app, {
    method: 'PUT',
    url: API_PATHS.couponConfig,
    summary: 'Choose the coupon a store offers (null for none)',
    tags,
    params: StoreParams,
    body: CouponConfigBody,
    response: DoneAnswer,
    handler: async ({ auth, params, body }) => {
      await ownStore(auth.sellerId, params.storeId);
      if (body.coupon_id !== null) {
        const owned = await db.query('SELECT id FROM coupons WHERE id = $1 AND seller_id = $2', [
          body.coupon_id,
          auth.sellerId,
        ]);
        if (owned.length === 0) throw notFound();
      }
      await db.query('UPDATE stores SET coupon_id = $2 WHERE id = $1', [
        params.storeId,
        body.coupon_id,
      ]);
      return { data: null };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: API_PATHS.calcExtraPrintCost,
    summary: 'Extra cost of printing beyond the main print space, per product',
    tags,
    body: CalcExtraPrintCostBody,
    response: z.array(ExtraPrintCost),
    handler: async ({ body }) => {
      const ids = [...new Set(body.products.map((p) => p.template_id))];
      const templates = await db.query<{
        id: number;
        print_spaces: Array<{ name: string; isMain?: boolean }>;
      }>('SELECT id, print_spaces FROM product_templates WHERE id = ANY($1::bigint[])', [ids]);
      const byId = new Map(templates.map((t) => [t.id, t.print_spaces]));
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

  const SELECT_SENDER = `SELECT e.*, s.base_url FROM email_senders e JOIN stores s ON s.id = e.store_domain_id`;
  async function senderOf(sellerId: number, id: number): Promise<SenderRow> {
    const [row] = await db.query<SenderRow>(
      `${SELECT_SENDER} WHERE e.id = $1 AND e.seller_id = $2`,
      [id, sellerId],
    );
    if (!row) throw notFound(EMAIL_SENDER_MESSAGES.notFound);
    return row;
  }
  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.emailSenders,
    summary: 'Email senders, 15 per page',
    tags,
    query: EmailSenderListQuery,
    response: paginated(EmailSender),
    handler: async ({ auth, query }) => {
      const [count] = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM email_senders WHERE seller_id = $1',
        [auth.sellerId],
      );
      const rows = await db.query<SenderRow>(
        `${SELECT_SENDER} WHERE e.seller_id = $1 ORDER BY e.id DESC LIMIT $2 OFFSET $3`,
        [auth.sellerId, query.per_page, (query.page - 1) * query.per_page],
      );
      return {
        data: {
          data: rows.map(senderView),
          ...pageInfo(count?.total ?? 0, query.page, query.per_page),
        },
      };
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: API_PATHS.emailSenders,
    summary: 'Add a sender on one of the seller’s store domains',
    tags,
    body: EmailSenderBody,
    response: EmailSender,
    handler: async ({ auth, body }) => {
      await ownStore(auth.sellerId, body.store_domain_id);
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO email_senders (seller_id, store_domain_id, username, name, verify_token)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [
          auth.sellerId,
          body.store_domain_id,
          body.username,
          body.name,
          randomBytes(12).toString('hex'),
        ],
      );
      return { data: senderView(await senderOf(auth.sellerId, row?.id ?? 0)) };
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.emailSender,
    summary: 'One email sender',
    tags,
    params: IdParams,
    response: EmailSender,
    handler: async ({ auth, params }) => ({
      data: senderView(await senderOf(auth.sellerId, params.id)),
    }),
  });
  defineRoute(app, {
    method: 'PATCH',
    url: API_PATHS.emailSender,
    summary: 'Change a sender (a new address must be verified again)',
    tags,
    params: IdParams,
    body: EmailSenderBody,
    response: EmailSender,
    handler: async ({ auth, params, body }) => {
      const current = await senderOf(auth.sellerId, params.id);
      await ownStore(auth.sellerId, body.store_domain_id);
      const addressChanged =
        current.username !== body.username || current.store_domain_id !== body.store_domain_id;
      await db.query(
        `UPDATE email_senders SET store_domain_id = $2, username = $3, name = $4,
           status = CASE WHEN $5 THEN 'pending' ELSE status END WHERE id = $1`,
        [params.id, body.store_domain_id, body.username, body.name, addressChanged],
      );
      return { data: senderView(await senderOf(auth.sellerId, params.id)) };
    },
  });
  defineRoute(app, {
    method: 'DELETE',
    url: API_PATHS.emailSender,
    summary: 'Delete a sender',
    tags,
    params: IdParams,
    response: DoneAnswer,
    handler: async ({ auth, params }) => {
      await senderOf(auth.sellerId, params.id);
      await db.query('DELETE FROM email_senders WHERE id = $1', [params.id]);
      return { data: null };
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: API_PATHS.emailSenderStatus,
    summary: 'Check a sender: verified once the store domain has TXT printloom-verify=<token>',
    tags,
    params: IdParams,
    response: EmailSenderStatus,
    handler: async ({ auth, params, request }) => {
      const sender = await senderOf(auth.sellerId, params.id);
      if (sender.status !== 'verified' && sender.base_url) {
        const host = new URL(sender.base_url).hostname;
        const record = `printloom-verify=${sender.verify_token}`;
        const records = await resolveTxt(host).catch((error: unknown) => {
          request.log.info({ err: error, host }, 'sender domain TXT lookup failed');
          return [] as string[][];
        });
        if (records.some((parts) => parts.join('') === record)) {
          await db.query("UPDATE email_senders SET status = 'verified' WHERE id = $1", [sender.id]);
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
