/**
 * The public REST API v1 (`/api/v1`, issue 13) for integrations on API keys: orders (list,
 * get, create a fulfillment order idempotently on its external id, cancel) and campaigns
 * (list, get). The route group admits a key only within its scopes; every route is limited per
 * key (http/rateLimits.ts `apiKey`). A session limited to some stores sees only their orders.
 */
import {
  API,
  cappedPageInfo,
  DEFAULT_CURRENCY_CODE,
  type PublicOrder,
  pageInfo,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/Db.js';
import type { AuthContext } from '../http/authContext.js';
import { notFound } from '../http/errors.js';
import { listRange } from '../http/listRange.js';
import { registerGroup } from '../http/registerGroup.js';
import { canUseStore, ownStore } from '../http/storeScope.js';
import { changeOrder } from '../orders/changeOrder.js';
import { actorOf, ORDER_EVENT_KINDS, recordOrderEvent } from '../orders/recordOrderEvent.js';
import { priceFulfillmentOrder } from '../publicApi/priceFulfillmentOrder.js';
import { campaignView, getCampaignFull, listCampaigns } from '../sql/campaigns.js';
import {
  getPublicOrder,
  insertFulfillmentOrder,
  listPublicOrders,
  orderByExternalId,
  type PublicOrderRow,
  publicOrderItems,
} from '../sql/publicOrders.js';
import { getSellerOrder } from '../sql/sellerOrders.js';
import { getSellerStoreFull } from '../sql/stores.js';

export async function registerPublicApiRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  const views = async (
    q: Queryable,
    sellerId: number,
    rows: PublicOrderRow[],
  ): Promise<PublicOrder[]> => {
    const items = await publicOrderItems(
      q,
      sellerId,
      rows.map((r) => Number(r.id)),
    );
    return rows.map((row) => ({
      id: Number(row.id),
      order_number: row.order_number,
      external_id: row.external_id,
      order_type: row.order_type,
      status: row.status,
      payment_status: row.payment_status,
      fulfillment_status: row.fulfillment_status,
      store_id: row.store_id === null ? null : Number(row.store_id),
      email: row.email,
      customer_name: row.customer_name,
      shipping_address: row.shipping_address,
      currency: row.currency,
      subtotal: Number(row.subtotal),
      shipping: Number(row.shipping),
      total: Number(row.total),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      items: items
        .filter((i) => Number(i.order_id) === Number(row.id))
        .map((i) => ({
          id: Number(i.id),
          campaign_id: i.campaign_id === null ? null : Number(i.campaign_id),
          product_id: i.product_id === null ? null : Number(i.product_id),
          name: i.name,
          color: i.color,
          size: i.size,
          quantity: i.quantity,
          price: Number(i.price),
          base_cost: Number(i.base_cost),
          status: i.status,
        })),
    }));
  };

  const visible = (auth: AuthContext, row: PublicOrderRow | undefined) =>
    row !== undefined && (row.store_id === null || canUseStore(auth, Number(row.store_id)));

  const one = async (q: Queryable, auth: AuthContext, id: number): Promise<PublicOrder> => {
    const row = await getPublicOrder(q, auth.sellerId, id);
    if (!row || !visible(auth, row)) throw notFound('No such order');
    const [view] = await views(q, auth.sellerId, [row]);
    if (!view) throw notFound('No such order');
    return view;
  };

  registerGroup(app, API.publicApi, {
    orders: async ({ auth, query }) => {
      const { rows, total } = await listPublicOrders(db, auth.sellerId, {
        status: query.status,
        externalId: query.external_id,
        storeIds: auth.storeIds,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return {
        data: {
          data: await views(db, auth.sellerId, rows),
          ...pageInfo(total, query.page, query.per_page),
        },
      };
    },
    order: async ({ auth, params }) => ({ data: await one(db, auth, params.id) }),
    createOrder: async ({ auth, body }) => {
      const existing = await orderByExternalId(db, auth.sellerId, body.external_id);
      if (existing && visible(auth, existing)) {
        return { data: (await views(db, auth.sellerId, [existing]))[0] as PublicOrder };
      }
      let currency: string = DEFAULT_CURRENCY_CODE;
      if (body.store_id !== undefined) {
        await ownStore(db, auth, body.store_id);
        currency =
          (await getSellerStoreFull(db, auth.sellerId, body.store_id))?.currency ?? currency;
      }
      const priced = await priceFulfillmentOrder(db, auth.sellerId, body, currency);
      const id = await db.transaction(async (tx) => {
        const made = await insertFulfillmentOrder(tx, {
          sellerId: auth.sellerId,
          storeId: body.store_id ?? null,
          externalId: body.external_id,
          email: body.email ?? auth.seller.email,
          address: priced.address,
          addressInvalid: priced.addressInvalid,
          currency,
          subtotal: priced.subtotal,
          shipping: priced.shipping,
          total: priced.total,
          lines: priced.lines,
        });
        if (made !== null) {
          await recordOrderEvent(tx, app.jobs, {
            orderId: made,
            sellerId: auth.sellerId,
            kind: ORDER_EVENT_KINDS.created,
            detail: { source: 'api', external_id: body.external_id },
            actor: actorOf(auth),
          });
        }
        return made;
      });
      if (id === null) {
        // Another call with the same external id got there first: answer its order.
        const raced = await orderByExternalId(db, auth.sellerId, body.external_id);
        if (!raced) throw notFound('No such order');
        return { data: (await views(db, auth.sellerId, [raced]))[0] as PublicOrder };
      }
      return { data: await one(db, auth, id), message: 'Order created' };
    },
    // The order machine decides (core order/orderMachine.ts): 409 with its reason when the
    // order may no longer be cancelled; a paid order is cancelled with its refund.
    cancelOrder: async ({ auth, params }) => {
      await db.transaction(async (tx) => {
        const order = await getSellerOrder(
          tx,
          { sellerId: auth.sellerId, storeIds: auth.storeIds },
          params.id,
          true,
        );
        if (!order) throw notFound('No such order');
        await changeOrder(tx, app.jobs, order, { type: 'cancel' }, actorOf(auth));
      });
      return { data: await one(db, auth, params.id), message: 'Order cancelled' };
    },
    campaigns: async ({ auth, query }) => {
      const { rows, counted } = await listCampaigns(
        db,
        auth.sellerId,
        query,
        listRange(query, auth.seller.utc_offset),
      );
      return {
        data: {
          data: rows.map((r) => ({ ...campaignView(r), products: [], designs: [] })),
          ...cappedPageInfo(counted, query.page, query.per_page),
        },
      };
    },
    campaign: async ({ auth, params }) => {
      const campaign = await getCampaignFull(db, auth.sellerId, params.id);
      if (!campaign) throw notFound();
      return { data: campaign };
    },
  });
}
