/**
 * Email marketing and the personalisation design tool (spec §3 Store-level state, §7):
 *
 * - Klaviyo per store: `GET/PUT /seller/stores/:storeId/klaviyo` keep the store's private key
 *   (sealed at rest, answered masked) and list; `POST …/klaviyo/sync-profiles` sends the store's
 *   queued subscribers to that list as one Klaviyo bulk import job and records the outcome as
 *   the settings' message (spec §8).
 * - Subscribers: `GET/POST /seller/email-marketing/subscribers`, `DELETE …/:id`; a new or changed
 *   subscriber is queued for Klaviyo.
 * - `GET /seller/get-pb-token`: a one-hour signed token for the configured design tool.
 *
 * Every store is the calling seller's (404) and one the session may use (403, storeScope.ts).
 */
import { API, PERSONALIZED_OFF_MESSAGE, pageInfo } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { createSecretBox, isSealed, type SecretBox } from '../auth/createSecretBox.js';
import type { Db } from '../db/Db.js';
import { forbidden, httpError, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { canUseStore, ownStore, STORE_SCOPE_MESSAGE, storesInScope } from '../http/storeScope.js';
import {
  importKlaviyoProfiles,
  KLAVIYO_MAX_PROFILES,
  KlaviyoError,
} from '../marketing/importKlaviyoProfiles.js';
import { signDesignToolToken } from '../marketing/signDesignToolToken.js';
import { getMarketingSettings, putMarketingSettings } from '../sql/emailCampaigns.js';
import { getSender } from '../sql/emailSenders.js';
import { containsPattern } from '../sql/listQuery.js';
import {
  deleteSubscriber,
  getKlaviyoSettings,
  getSubscriber,
  type KlaviyoRow,
  listSubscribers,
  markSubscribersSynced,
  plainKlaviyoKeys,
  putKlaviyoSettings,
  queuedSubscribers,
  recordKlaviyoSync,
  replaceKlaviyoKey,
  type SubscriberRow,
  upsertSubscriber,
} from '../sql/marketing.js';

export const MARKETING_MESSAGES = {
  senderNotOfStore: 'Choose one of this store’s senders as its default sender.',
  klaviyoNotConnected:
    'Klaviyo is not connected for this store: save its private key and list first.',
  klaviyoKeyUnreadable: 'The saved Klaviyo key can no longer be read; save it again.',
  nothingQueued: 'Every subscriber of this store is already in Klaviyo.',
  designToolOff: PERSONALIZED_OFF_MESSAGE,
  designToolMissing: 'The personalisation design tool is not set up on this server.',
} as const;

/** Visible characters of a stored Klaviyo key; the rest is masked in every answer. */
const KEY_VISIBLE_CHARS = 4;

const klaviyoContext = (storeId: number) => `klaviyo:${storeId}`;

function maskKey(key: string): string {
  return `${'*'.repeat(Math.max(0, key.length - KEY_VISIBLE_CHARS))}${key.slice(-KEY_VISIBLE_CHARS)}`;
}

/** Seals Klaviyo keys stored in plain text before migration 007; run at every start. */
export async function sealPlainKlaviyoKeys(db: Db, box: SecretBox): Promise<number> {
  const rows = await plainKlaviyoKeys(db);
  for (const row of rows) {
    const storeId = Number(row.store_id);
    await replaceKlaviyoKey(
      db,
      storeId,
      row.private_key,
      box.seal(row.private_key, klaviyoContext(storeId)),
    );
  }
  return rows.length;
}

export const subscriberView = (row: SubscriberRow) => ({
  id: Number(row.id),
  store_id: Number(row.store_id),
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  phone: row.phone,
  created_at: row.created_at.toISOString(),
  klaviyo_synced_at: row.klaviyo_synced_at?.toISOString() ?? null,
  unsubscribed_at: row.unsubscribed_at?.toISOString() ?? null,
});

export async function registerMarketingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const box = createSecretBox(app.config.secret);
  const { klaviyoApiUrl } = app.config;
  const sealed = await sealPlainKlaviyoKeys(db, box);
  if (sealed > 0) app.log.info({ count: sealed }, 'sealed plain Klaviyo keys');

  function openKey(row: KlaviyoRow): string | null {
    return box.open(row.private_key, klaviyoContext(Number(row.store_id)));
  }

  function settingsView(storeId: number, row: KlaviyoRow | undefined) {
    if (!row) return { store_id: storeId, private_key: null, list_id: null };
    const key = isSealed(row.private_key) ? openKey(row) : null;
    return {
      store_id: storeId,
      private_key: key ? { key: maskKey(key) } : null,
      list_id: row.list_id,
      last_synced_at: row.last_synced_at?.toISOString() ?? null,
      last_sync_message: key ? row.last_sync_message : MARKETING_MESSAGES.klaviyoKeyUnreadable,
    };
  }

  registerGroup(app, API.marketing, {
    klaviyoSettings: async ({ auth, params }) => {
      await ownStore(db, auth, params.storeId);
      return {
        data: settingsView(params.storeId, await getKlaviyoSettings(db, params.storeId)),
      };
    },
    updateKlaviyoSettings: async ({ auth, params, body }) => {
      await ownStore(db, auth, params.storeId);
      await putKlaviyoSettings(db, {
        storeId: params.storeId,
        sealedKey: box.seal(body.private_key, klaviyoContext(params.storeId)),
        listId: body.list_id,
      });
      return {
        data: settingsView(params.storeId, await getKlaviyoSettings(db, params.storeId)),
      };
    },
    emailSettings: async ({ auth, params }) => {
      await ownStore(db, auth, params.storeId);
      const row = await getMarketingSettings(db, params.storeId);
      return {
        data: {
          store_id: params.storeId,
          default_sender_id: row?.default_sender_id ? Number(row.default_sender_id) : null,
          footer_address: row?.footer_address ?? '',
          unsubscribe_text: row?.unsubscribe_text ?? '',
        },
      };
    },
    updateEmailSettings: async ({ auth, params, body }) => {
      await ownStore(db, auth, params.storeId);
      if (body.default_sender_id !== null) {
        const sender = await getSender(db, auth.sellerId, body.default_sender_id);
        if (!sender || Number(sender.store_domain_id) !== params.storeId) {
          throw unprocessable(MARKETING_MESSAGES.senderNotOfStore, {
            default_sender_id: [MARKETING_MESSAGES.senderNotOfStore],
          });
        }
      }
      const settings = { store_id: params.storeId, ...body };
      await putMarketingSettings(db, settings);
      return { data: settings, message: 'Email settings saved.' };
    },
    syncKlaviyoProfiles: async ({ auth, params, request }) => {
      const storeId = params.storeId;
      await ownStore(db, auth, storeId);
      const settings = await getKlaviyoSettings(db, storeId);
      if (!settings) throw unprocessable(MARKETING_MESSAGES.klaviyoNotConnected);
      const privateKey = openKey(settings);
      if (!privateKey) throw unprocessable(MARKETING_MESSAGES.klaviyoKeyUnreadable);
      const queued = await queuedSubscribers(db, storeId, KLAVIYO_MAX_PROFILES);
      if (queued.rows.length === 0) {
        return {
          data: {
            store_id: storeId,
            sent: 0,
            remaining: 0,
            job_id: null,
            message: MARKETING_MESSAGES.nothingQueued,
          },
        };
      }
      let jobId: string | null;
      try {
        ({ jobId } = await importKlaviyoProfiles({
          apiUrl: klaviyoApiUrl,
          privateKey,
          listId: settings.list_id,
          profiles: queued.rows,
        }));
      } catch (error) {
        if (!(error instanceof KlaviyoError)) throw error;
        request.log.warn({ storeId, kind: error.kind, err: error }, 'Klaviyo sync refused');
        await recordKlaviyoSync(db, { storeId, message: error.message, synced: false });
        const status = error.kind === 'rate' ? 429 : error.kind === 'unavailable' ? 502 : 422;
        throw httpError(status, error.message);
      }
      await markSubscribersSynced(
        db,
        queued.rows.map((r) => Number(r.id)),
        queued.asOf,
      );
      const sent = queued.rows.length;
      const remaining = queued.total - sent;
      const message =
        `Sent ${sent} ${sent === 1 ? 'subscriber' : 'subscribers'} to Klaviyo` +
        (remaining > 0 ? `; ${remaining} still queued, sync again to send them.` : '.');
      await recordKlaviyoSync(db, { storeId, message, jobId, synced: true });
      return { data: { store_id: storeId, sent, remaining, job_id: jobId, message } };
    },
    subscribers: async ({ auth, query }) => {
      const stores = storesInScope(auth, query.store_id ? [query.store_id] : undefined);
      const q = query.q ? containsPattern(query.q) : null;
      const { rows, total } = await listSubscribers(db, auth.sellerId, {
        stores,
        q,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return {
        data: {
          data: rows.map(subscriberView),
          ...pageInfo(total, query.page, query.per_page),
        },
      };
    },
    addSubscriber: async ({ auth, body }) => {
      await ownStore(db, auth, body.store_id);
      return { data: subscriberView(await upsertSubscriber(db, auth.sellerId, body)) };
    },
    removeSubscriber: async ({ auth, params }) => {
      const row = await getSubscriber(db, auth.sellerId, params.id);
      if (!row) throw notFound();
      if (!canUseStore(auth, Number(row.store_id))) throw forbidden(STORE_SCOPE_MESSAGE);
      await deleteSubscriber(db, params.id);
      return { data: null };
    },
  });

  registerGroup(app, API.personalized, {
    pbToken: async ({ auth }) => {
      const tool = app.config.designTool;
      if (!tool) throw httpError(503, MARKETING_MESSAGES.designToolMissing);
      const token = await signDesignToolToken(
        tool,
        { sellerId: auth.sellerId, actorId: auth.actorId, storeIds: auth.storeIds },
        Math.floor(Date.now() / 1000),
      );
      return {
        data: {
          access_token: { token },
          domain_api: tool.apiUrl,
          domain_iframe: tool.iframeUrl,
        },
      };
    },
  });
}
