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
import { containsPattern } from '../sql/listQuery.js';

/** Price of each print space beyond a product's main one, in the base currency (USD). */
export const EXTRA_PRINT_SPACE_COST = 5;

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

export async function registerStoreSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  registerGroup(app, API.storeSettings, {
    coupons: async ({ auth, query }) => {
      const q = query.q ? containsPattern(query.q) : null;
      // Seller-wide coupons (no store) stay visible to a session limited to some stores.
      const stores = storesInScope(auth);
      const rows = await db.query<{
        id: number;
        code: string;
        name: string | null;
        store_id: number | null;
      }>(
        `SELECT id, code, name, store_id FROM coupons WHERE seller_id = $1
         AND ($2::text IS NULL OR code ILIKE $2 OR name ILIKE $2)
         AND ($3::bigint[] IS NULL OR store_id IS NULL OR store_id = ANY($3::bigint[]))
         ORDER BY id DESC LIMIT 100`,
        [auth.sellerId, q, stores],
      );
      return { data: rows };
    },
    couponConfig: async ({ auth, params, body }) => {
      await ownStore(db, auth, params.storeId);
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
    calcExtraPrintCost: async ({ body }) => {
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
  async function senderOf(
    auth: { sellerId: number; storeIds: number[] | null },
    id: number,
  ): Promise<SenderRow> {
    const [row] = await db.query<SenderRow>(
      `${SELECT_SENDER} WHERE e.id = $1 AND e.seller_id = $2`,
      [id, auth.sellerId],
    );
    if (!row) throw notFound(EMAIL_SENDER_MESSAGES.notFound);
    if (!canUseStore(auth, Number(row.store_domain_id))) throw forbidden(STORE_SCOPE_MESSAGE);
    return row;
  }
  registerGroup(app, API.emailSenders, {
    list: async ({ auth, query }) => {
      const stores = storesInScope(auth);
      const [count] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM email_senders
         WHERE seller_id = $1 AND ($2::bigint[] IS NULL OR store_domain_id = ANY($2::bigint[]))`,
        [auth.sellerId, stores],
      );
      const rows = await db.query<SenderRow>(
        `${SELECT_SENDER} WHERE e.seller_id = $1
         AND ($4::bigint[] IS NULL OR e.store_domain_id = ANY($4::bigint[]))
         ORDER BY e.id DESC LIMIT $2 OFFSET $3`,
        [auth.sellerId, query.per_page, (query.page - 1) * query.per_page, stores],
      );
      return {
        data: {
          data: rows.map(senderView),
          ...pageInfo(count?.total ?? 0, query.page, query.per_page),
        },
      };
    },
    create: async ({ auth, body }) => {
      await ownStore(db, auth, body.store_domain_id);
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
      return { data: senderView(await senderOf(auth, row?.id ?? 0)) };
    },
    get: async ({ auth, params }) => ({
      data: senderView(await senderOf(auth, params.id)),
    }),
    update: async ({ auth, params, body }) => {
      const current = await senderOf(auth, params.id);
      await ownStore(db, auth, body.store_domain_id);
      const addressChanged =
        current.username !== body.username || current.store_domain_id !== body.store_domain_id;
      await db.query(
        `UPDATE email_senders SET store_domain_id = $2, username = $3, name = $4,
           status = CASE WHEN $5 THEN 'pending' ELSE status END WHERE id = $1`,
        [params.id, body.store_domain_id, body.username, body.name, addressChanged],
      );
      return { data: senderView(await senderOf(auth, params.id)) };
    },
    remove: async ({ auth, params }) => {
      await senderOf(auth, params.id);
      await db.query('DELETE FROM email_senders WHERE id = $1', [params.id]);
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
