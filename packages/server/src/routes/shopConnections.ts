/**
 * Connected shops (`/seller/shop-connections`, issue 16): WooCommerce shops and TikTok Shops
 * whose orders are imported as fulfillment orders. A WooCommerce key is checked against the shop
 * before it is kept; a TikTok Shop authorisation is started with a one-time state that the
 * callback must bring back (CSRF). Credentials are sealed at rest (AES-256-GCM, bound to the
 * seller and the connection) and answered masked. "Import now" runs the import in the request
 * and answers its log entry; the schedule is `shopImportJob`.
 */
import { randomBytes } from 'node:crypto';
import {
  API,
  maskSecret,
  SHOP_MESSAGES,
  type ShopConnection,
  type ShopImportRun,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { createSecretBox } from '../auth/createSecretBox.js';
import {
  importShopOrders,
  shopConnectionBox,
  shopConnectionContext,
} from '../connections/importShopOrders.js';
import { ShopApiError } from '../connections/shopHttp.js';
import { type TtsApp, ttsAuthorize, ttsAuthorizeUrl } from '../connections/tikTokShop.js';
import { checkWooKey } from '../connections/wooCommerce.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { isPublicTarget } from '../http/safeFetch.js';
import {
  deleteShopConnection,
  getShopConnection,
  insertShopConnection,
  insertTtsState,
  listShopConnections,
  listShopImportRuns,
  type ShopConnectionRow,
  type ShopImportRunRow,
  setShopCredentials,
  shopConnectionIdByKey,
  takeTtsState,
} from '../sql/shopConnections.js';

const view = (row: ShopConnectionRow): ShopConnection => ({
  id: Number(row.id),
  kind: row.kind,
  name: row.name,
  shop_url: row.shop_url,
  credentials: row.credentials_masked,
  last_import_at: row.last_import_at ? row.last_import_at.toISOString() : null,
  last_error: row.last_error,
  created_at: row.created_at.toISOString(),
});

export const runView = (row: ShopImportRunRow): ShopImportRun => ({
  id: Number(row.id),
  trigger: row.trigger,
  started_at: row.started_at.toISOString(),
  finished_at: row.finished_at ? row.finished_at.toISOString() : null,
  imported: Number(row.imported),
  skipped: row.skipped,
  error: row.error,
});

/** A shop's address as kept: scheme, host, port and path, without a trailing slash. */
const normalised = (url: URL) => `${url.origin}${url.pathname.replace(/\/+$/, '')}`;

const ttsStateContext = (sellerId: number, state: string) => `tts-state:${sellerId}:${state}`;

export async function registerShopConnectionRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const box = shopConnectionBox(config.secret);
  const stateBox = createSecretBox(config.secret, 'tts-auth-states/v1');

  const own = async (sellerId: number, id: number) => {
    const row = await getShopConnection(db, sellerId, id);
    if (!row) throw notFound();
    return row;
  };
  const fieldError = (field: string, message: string) =>
    unprocessable(message, { [field]: [message] });

  registerGroup(app, API.shopConnections, {
    list: async ({ auth }) => ({
      data: (await listShopConnections(db, auth.sellerId)).map(view),
    }),
    connectWooCommerce: async ({ auth, body }) => {
      const url = new URL(body.shop_url);
      if (!config.shopPrivateHosts) {
        if (url.protocol !== 'https:') throw fieldError('shop_url', SHOP_MESSAGES.httpsRequired);
        if (!(await isPublicTarget(url, config.resolveHost))) {
          throw fieldError('shop_url', SHOP_MESSAGES.privateAddress);
        }
      }
      const shopUrl = normalised(url);
      const credentials = {
        consumer_key: body.consumer_key,
        consumer_secret: body.consumer_secret,
      };
      if (await shopConnectionIdByKey(db, auth.sellerId, 'woocommerce', shopUrl)) {
        throw conflict(SHOP_MESSAGES.alreadyConnected);
      }
      try {
        await checkWooKey(config, shopUrl, credentials);
      } catch (error) {
        if (error instanceof ShopApiError) throw fieldError('consumer_key', error.message);
        throw error;
      }
      const id = await db.transaction(async (tx) => {
        const created = await insertShopConnection(tx, auth.sellerId, {
          kind: 'woocommerce',
          name: url.host,
          shop_key: shopUrl,
          shop_url: shopUrl,
          credentials_masked: { consumer_key: maskSecret(body.consumer_key) },
        });
        if (created === null) throw conflict(SHOP_MESSAGES.alreadyConnected);
        await setShopCredentials(
          tx,
          auth.sellerId,
          created,
          box.seal(JSON.stringify(credentials), shopConnectionContext(auth.sellerId, created)),
        );
        return created;
      });
      return { data: view(await own(auth.sellerId, id)), message: 'Shop connected' };
    },
    authorizeTikTok: async ({ auth, body }) => {
      const state = randomBytes(24).toString('base64url');
      const app: TtsApp = { app_key: body.app_key, app_secret: body.app_secret };
      await insertTtsState(
        db,
        auth.sellerId,
        state,
        stateBox.seal(JSON.stringify(app), ttsStateContext(auth.sellerId, state)),
      );
      return { data: { authorize_url: ttsAuthorizeUrl(config, body.app_key, state) } };
    },
    tikTokCallback: async ({ auth, body }) => {
      const sealed = await takeTtsState(db, auth.sellerId, body.state);
      const plain = sealed
        ? stateBox.open(sealed, ttsStateContext(auth.sellerId, body.state))
        : null;
      if (!plain) throw fieldError('state', SHOP_MESSAGES.stateInvalid);
      const app = JSON.parse(plain) as TtsApp;
      let shops: Awaited<ReturnType<typeof ttsAuthorize>>;
      try {
        shops = await ttsAuthorize(config, app, body.code, new Date());
      } catch (error) {
        if (error instanceof ShopApiError) throw fieldError('code', error.message);
        throw error;
      }
      const ids = await db.transaction(async (tx) => {
        const out: number[] = [];
        for (const { shop, credentials } of shops) {
          const id =
            (await shopConnectionIdByKey(tx, auth.sellerId, 'tiktok', shop.id)) ??
            (await insertShopConnection(tx, auth.sellerId, {
              kind: 'tiktok',
              name: shop.name,
              shop_key: shop.id,
              shop_url: shop.region || null,
              credentials_masked: { app_key: maskSecret(app.app_key) },
            }));
          if (id === null) continue;
          await setShopCredentials(
            tx,
            auth.sellerId,
            id,
            box.seal(JSON.stringify(credentials), shopConnectionContext(auth.sellerId, id)),
          );
          out.push(id);
        }
        return out;
      });
      const [first] = ids;
      if (first === undefined) throw fieldError('code', SHOP_MESSAGES.alreadyConnected);
      return { data: view(await own(auth.sellerId, first)), message: 'TikTok Shop connected' };
    },
    remove: async ({ auth, params }) => {
      if (!(await deleteShopConnection(db, auth.sellerId, params.id))) throw notFound();
      return { data: null, message: 'Shop disconnected' };
    },
    importNow: async ({ auth, params }) => {
      const run = await importShopOrders(db, config, auth.sellerId, params.id, 'manual');
      if (!run) throw notFound();
      return {
        data: runView(run),
        ...(run.error ? {} : { message: SHOP_MESSAGES.imported(Number(run.imported)) }),
      };
    },
    runs: async ({ auth, params }) => {
      await own(auth.sellerId, params.id);
      return { data: (await listShopImportRuns(db, auth.sellerId, params.id)).map(runView) };
    },
  });
}
