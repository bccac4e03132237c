/**
 * Abandoned checkouts (`/seller/abandoned-orders`, issue 13): the list of left checkouts with the
 * recovery emails they got and whether they were recovered, and the seller's schedule. The
 * emails themselves go out from the `abandoned.recovery` job (jobs/abandonedRecoveryJob.ts).
 */
import { type AbandonedCheckoutRow, API, cappedPageInfo } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { registerGroup } from '../http/registerGroup.js';
import { ownStore } from '../http/storeScope.js';
import {
  type AbandonedDbRow,
  getAbandonedSettings,
  listAbandoned,
  saveAbandonedSettings,
} from '../sql/abandoned.js';

const view = (row: AbandonedDbRow): AbandonedCheckoutRow => ({
  id: row.id,
  email: row.email,
  store_id: Number(row.store_id),
  store_name: row.store_name,
  items_count: Number(row.items_count),
  total: Number(row.total),
  currency: row.currency,
  created_at: row.created_at.toISOString(),
  emails: row.emails.map((e) => ({
    number: Number(e.number),
    sent_at: new Date(e.sent_at).toISOString(),
  })),
  recovered: row.recovered,
  order_id: row.order_id === null ? null : Number(row.order_id),
});

export async function registerAbandonedRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  registerGroup(app, API.abandoned, {
    list: async ({ auth, query }) => {
      if (query.store_id !== undefined) await ownStore(db, auth, query.store_id);
      const settings = await getAbandonedSettings(db, auth.sellerId);
      const { rows, counted } = await listAbandoned(
        db,
        auth.sellerId,
        {
          q: query.q,
          recovered: query.recovered,
          storeId: query.store_id,
          storeIds: auth.storeIds,
          olderThanMinutes: settings.delay1_minutes,
        },
        query,
      );
      return {
        data: { data: rows.map(view), ...cappedPageInfo(counted, query.page, query.per_page) },
      };
    },
    getSettings: async ({ auth }) => ({ data: await getAbandonedSettings(db, auth.sellerId) }),
    putSettings: async ({ auth, body }) => ({
      data: await saveAbandonedSettings(db, auth.sellerId, body),
      message: body.enabled ? 'Recovery emails are on' : 'Recovery emails are off',
    }),
  });
}
