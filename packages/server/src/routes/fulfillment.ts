/**
 * Fulfill Orders (`/seller/fulfillment`, issue 13): the seller's orders from other channels.
 * An import reads the whole CSV, looks its SKUs up among the seller's campaign products, plans
 * the orders with core's `planFulfillmentImport` (an order with a bad row is not created) and
 * creates them in one transaction; the unique key on seller, marketplace and external id makes
 * a second import of the same file create nothing.
 */
import {
  API,
  cappedPageInfo,
  csvLine,
  FULFILLMENT_IMPORT_MAX_BYTES,
  FULFILLMENT_MESSAGES,
  type FulfillmentOrderRow,
  formatSku,
  fulfillmentTemplateCsv,
  planFulfillmentImport,
} from '@printloom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { ledgerNow } from '../money/ledgerClock.js';
import { fulfillmentCatalog, skuProductIds } from '../orders/fulfillmentCatalog.js';
import { payFulfillmentOrders } from '../orders/payFulfillmentOrders.js';
import { actorOf } from '../orders/recordOrderEvent.js';
import {
  type FulfillmentOrderDbRow,
  insertFulfillmentOrders,
  latestSellerProduct,
  listFulfillmentOrders,
} from '../sql/fulfillment.js';
import { campaignProducts } from '../sql/storefront.js';
import { sellableOptions } from '../storefront/options.js';

const view = (row: FulfillmentOrderDbRow): FulfillmentOrderRow => ({
  id: Number(row.id),
  order_number: row.order_number,
  marketplace: row.marketplace,
  external_order_id: row.external_order_id,
  email: row.email,
  customer_name: row.customer_name,
  country: row.country,
  status: row.status,
  payment_status: row.payment_status,
  fulfillment_status: row.fulfillment_status,
  address_invalid: row.address_invalid,
  items_count: Number(row.items_count),
  total: Number(row.total),
  currency: row.currency,
  created_at: row.created_at.toISOString(),
});

/** The text of the request's `file` part. */
async function csvOf(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) {
    throw unprocessable(FULFILLMENT_MESSAGES.fileRequired, {
      file: [FULFILLMENT_MESSAGES.fileRequired],
    });
  }
  let text: string | null = null;
  for await (const part of request.parts({ limits: { fileSize: FULFILLMENT_IMPORT_MAX_BYTES } })) {
    if (part.type !== 'file') continue;
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw httpError(413, 'The file is too large');
    if (part.fieldname === 'file') text = bytes.toString('utf8');
  }
  if (text === null) {
    throw unprocessable(FULFILLMENT_MESSAGES.fileRequired, {
      file: [FULFILLMENT_MESSAGES.fileRequired],
    });
  }
  return text;
}

export async function registerFulfillmentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  registerGroup(app, API.fulfillment, {
    payOrders: async ({ auth, body }) => {
      const answer = await db.transaction((tx) =>
        payFulfillmentOrders(
          tx,
          app.jobs,
          { sellerId: auth.sellerId, storeIds: auth.storeIds },
          actorOf(auth),
          body.order_ids,
          ledgerNow(app.config),
        ),
      );
      return { data: answer, message: FULFILLMENT_MESSAGES.paid(answer.paid) };
    },
    importOrders: async ({ auth, request }) => {
      const csv = await csvOf(request);
      const plan = planFulfillmentImport(
        csv,
        await fulfillmentCatalog(db, auth.sellerId, skuProductIds(csv)),
      );
      const created = await db.transaction((tx) =>
        insertFulfillmentOrders(tx, auth.sellerId, plan.orders),
      );
      return {
        data: { created, skipped: plan.orders.length - created, errors: plan.errors },
        message: FULFILLMENT_MESSAGES.imported(created),
      };
    },
    template: async ({ auth, reply }) => {
      const product = await latestSellerProduct(db, auth.sellerId);
      let sku = formatSku(123, 'Black', 'M');
      if (product) {
        const [full] = await campaignProducts(db, auth.sellerId, [product.campaign_id]);
        const options = full ? sellableOptions(full) : null;
        const color = options?.colors[0];
        const size = options?.sizes[0];
        if (full && color && size) sku = formatSku(full.id, color, size);
      }
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="fulfillment-orders-template.csv"');
      return reply.send(
        fulfillmentTemplateCsv({ sku })
          .map((row) => csvLine(row))
          .join(''),
      );
    },
    list: async ({ auth, query }) => {
      // Fulfillment orders belong to no store: a session limited to stores sees none.
      if (auth.storeIds !== null) {
        return { data: { data: [], ...cappedPageInfo(0, query.page, query.per_page) } };
      }
      const { rows, counted } = await listFulfillmentOrders(db, auth.sellerId, query, query);
      return {
        data: { data: rows.map(view), ...cappedPageInfo(counted, query.page, query.per_page) },
      };
    },
  });
}
