/**
 * One import of a connected shop: its orders changed since the last import are read, their lines
 * matched by SKU to the seller's campaign products with the rules of the CSV import, and created
 * as fulfillment orders (idempotent by marketplace and external order id). Every run is logged
 * with what it created and each order it left, with why. A shop that cannot be read logs the
 * error and keeps its import mark, so the next run reads the same orders again.
 */
import {
  type FulfillmentRecord,
  type FulfillmentSource,
  NOT_IMPORTED_PREFIX,
  planFulfillmentRecords,
  SHOP_MESSAGES,
  type ShopImportSkip,
} from '@printloom/core';
import { createSecretBox, type SecretBox } from '../auth/createSecretBox.js';
import type { ServerSettings } from '../config.js';
import type { Db } from '../db/Db.js';
import { fulfillmentCatalog, skuProductIds } from '../orders/fulfillmentCatalog.js';
import { insertFulfillmentOrders } from '../sql/fulfillment.js';
import {
  existingExternalOrders,
  finishShopImport,
  getShopConnection,
  type ShopConnectionRow,
  type ShopImportRunRow,
  setShopCredentials,
} from '../sql/shopConnections.js';
import { ShopApiError, type ShopHttpSettings } from './shopHttp.js';
import type { FetchedOrders } from './shopSource.js';
import { fetchTtsOrders, type TtsCredentials } from './tikTokShop.js';
import { fetchWooOrders, type WooCredentials } from './wooCommerce.js';

export type ShopImportSettings = ShopHttpSettings &
  Pick<ServerSettings, 'secret' | 'ttsAuthBaseUrl' | 'ttsApiBaseUrl'>;

export const shopConnectionBox = (secret: string): SecretBox =>
  createSecretBox(secret, 'shop-connections/v1');

export const shopConnectionContext = (sellerId: number, id: number) =>
  `shop-connection:${sellerId}:${id}`;

/** Orders changed this long before the last import are read again (clocks differ). */
const OVERLAP_MS = 5 * 60 * 1000;

const MARKETPLACE: Record<ShopConnectionRow['kind'], FulfillmentSource> = {
  woocommerce: 'woocommerce',
  tiktok: 'tiktok',
};

/** Reads the shop; TikTok Shop tokens refreshed on the way are sealed again. */
async function fetchOrders(
  db: Db,
  settings: ShopImportSettings,
  row: ShopConnectionRow,
  plain: string,
  since: Date | null,
  now: Date,
): Promise<FetchedOrders> {
  const box = shopConnectionBox(settings.secret);
  const context = shopConnectionContext(Number(row.seller_id), Number(row.id));
  if (row.kind === 'woocommerce') {
    return fetchWooOrders(
      settings,
      { url: row.shop_url ?? '', key: row.shop_key },
      JSON.parse(plain) as WooCredentials,
      since,
      now,
    );
  }
  return fetchTtsOrders(settings, JSON.parse(plain) as TtsCredentials, since, now, (fresh) =>
    setShopCredentials(
      db,
      Number(row.seller_id),
      Number(row.id),
      box.seal(JSON.stringify(fresh), context),
    ),
  );
}

/** Why each order was left: its own rows' messages (the "not imported" echoes dropped). */
function reasonsByOrder(
  errors: { row: number; message: string }[],
  rowOrder: Map<number, string>,
): Map<string, string> {
  const reasons = new Map<string, string[]>();
  for (const error of errors) {
    const id = rowOrder.get(error.row);
    if (id === undefined) continue;
    const list = reasons.get(id) ?? [];
    if (!error.message.startsWith(NOT_IMPORTED_PREFIX) && !list.includes(error.message)) {
      list.push(error.message);
    }
    reasons.set(id, list);
  }
  return new Map(
    [...reasons].map(([id, list]) => [id, list.join('; ') || 'Another line of the order failed']),
  );
}

/**
 * Runs one import of the seller's connection; undefined when there is no such connection (it
 * was disconnected meanwhile).
 */
export async function importShopOrders(
  db: Db,
  settings: ShopImportSettings,
  sellerId: number,
  connectionId: number,
  trigger: 'manual' | 'schedule',
  now = new Date(),
): Promise<ShopImportRunRow | undefined> {
  const row = await getShopConnection(db, sellerId, connectionId);
  if (!row) return undefined;
  const plain = shopConnectionBox(settings.secret).open(
    row.credentials_sealed,
    shopConnectionContext(sellerId, connectionId),
  );
  const since = row.imported_until ? new Date(row.imported_until.getTime() - OVERLAP_MS) : null;
  let fetched: FetchedOrders;
  try {
    if (!plain) throw new ShopApiError(SHOP_MESSAGES.unreadable);
    fetched = await fetchOrders(db, settings, row, plain, since, now);
  } catch (error) {
    if (!(error instanceof ShopApiError)) throw error;
    return finishShopImport(db, sellerId, connectionId, {
      trigger,
      started_at: now,
      imported: 0,
      skipped: [],
      error: error.message,
      imported_until: null,
    });
  }
  const marketplace = MARKETPLACE[row.kind];
  const existing = await existingExternalOrders(
    db,
    sellerId,
    marketplace,
    fetched.orders.map((o) => o.external_order_id),
  );
  const skipped: ShopImportSkip[] = [];
  const records: { row: number; raw: FulfillmentRecord }[] = [];
  const rowOrder = new Map<number, string>();
  const seen = new Set<string>();
  for (const order of fetched.orders) {
    if (seen.has(order.external_order_id)) continue;
    seen.add(order.external_order_id);
    if (existing.has(order.external_order_id)) {
      skipped.push({
        external_order_id: order.external_order_id,
        reason: SHOP_MESSAGES.alreadyImported,
      });
      continue;
    }
    if (order.records.length === 0) {
      skipped.push({ external_order_id: order.external_order_id, reason: SHOP_MESSAGES.noLines });
      continue;
    }
    for (const raw of order.records) {
      const number = records.length + 1;
      records.push({ row: number, raw });
      rowOrder.set(number, order.external_order_id);
    }
  }
  const catalog = await fulfillmentCatalog(
    db,
    sellerId,
    skuProductIds(records.map((r) => r.raw.sku).join('\n')),
  );
  const plan = planFulfillmentRecords(records, catalog);
  const reasons = reasonsByOrder(plan.errors, rowOrder);
  for (const [external_order_id, reason] of reasons) skipped.push({ external_order_id, reason });
  return db.transaction(async (tx) => {
    const created = await insertFulfillmentOrders(tx, sellerId, plan.orders);
    return finishShopImport(tx, sellerId, connectionId, {
      trigger,
      started_at: now,
      imported: created,
      skipped,
      error: null,
      imported_until: fetched.until,
    });
  });
}
