/**
 * Cancel requests and invalid addresses (issue 13). A buyer asks to cancel from the order
 * lookup (order number and email, as the lookup itself); the seller approves, which runs the
 * order machine's `cancel` (409 with its reason once the order is in production), or refuses.
 * Both decisions and the request go on the order's timeline. An order held for its address is
 * released when the seller saves an address that passes the checkout's own check.
 */
import {
  API,
  CANCEL_REQUEST_MESSAGES,
  type CancelRequestRow,
  canApply,
  cappedPageInfo,
  checkAddress,
  INVALID_ADDRESS_MESSAGES,
  type InvalidAddressRow,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/Db.js';
import type { AuthContext } from '../http/authContext.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { changeOrder, orderStateOf } from '../orders/changeOrder.js';
import { actorOf, ORDER_EVENT_KINDS, recordOrderEvent } from '../orders/recordOrderEvent.js';
import {
  type CancelRequestDbRow,
  decideCancelRequest,
  getCancelRequest,
  type InvalidAddressDbRow,
  insertCancelRequest,
  listCancelRequests,
  listInvalidAddresses,
} from '../sql/orderCare.js';
import { buyerOrder } from '../sql/orders.js';
import { getOrderForPlatform, getSellerOrder, writeOrderAddress } from '../sql/sellerOrders.js';

const requestView = (row: CancelRequestDbRow): CancelRequestRow => ({
  id: Number(row.id),
  order_id: Number(row.order_id),
  order_number: row.order_number,
  email: row.email,
  customer_name: row.customer_name,
  order_status: row.order_status,
  payment_status: row.payment_status,
  total: Number(row.total),
  currency: row.currency,
  reason: row.reason,
  status: row.status,
  created_at: row.created_at.toISOString(),
  decided_at: row.decided_at ? row.decided_at.toISOString() : null,
});

const addressView = (row: InvalidAddressDbRow): InvalidAddressRow => ({
  id: Number(row.id),
  order_number: row.order_number,
  order_type: row.order_type,
  email: row.email,
  status: row.status,
  total: Number(row.total),
  currency: row.currency,
  shipping_address: row.shipping_address,
  problems: checkAddress(row.shipping_address).problems,
  created_at: row.created_at.toISOString(),
});

const scopeOf = (auth: AuthContext) => ({ sellerId: auth.sellerId, storeIds: auth.storeIds });

export async function registerOrderCareRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  const pendingRequest = async (tx: Queryable, auth: AuthContext, id: number) => {
    const request = await getCancelRequest(tx, scopeOf(auth), id, true);
    if (!request) throw notFound();
    if (request.status !== 'pending') throw conflict(CANCEL_REQUEST_MESSAGES.notPending);
    return request;
  };

  registerGroup(app, API.orderCare, {
    requestCancel: async ({ body }) => {
      const found = await buyerOrder(db, { number: body.number, email: body.email });
      if (!found) throw notFound(CANCEL_REQUEST_MESSAGES.noOrder);
      await db.transaction(async (tx) => {
        const order = await getOrderForPlatform(tx, { id: found.id }, true);
        if (!order) throw notFound(CANCEL_REQUEST_MESSAGES.noOrder);
        if (!canApply(await orderStateOf(tx, order), { type: 'cancel' })) {
          throw conflict(CANCEL_REQUEST_MESSAGES.notCancellable);
        }
        const created = await insertCancelRequest(tx, {
          orderId: Number(order.id),
          sellerId: Number(order.seller_id),
          reason: body.reason || null,
        });
        if (!created) throw conflict(CANCEL_REQUEST_MESSAGES.alreadyWaiting);
        await recordOrderEvent(tx, app.jobs, {
          orderId: Number(order.id),
          sellerId: Number(order.seller_id),
          kind: 'cancel_requested',
          detail: body.reason ? { reason: body.reason } : {},
          actor: { kind: 'buyer', id: null },
        });
      });
      return { data: { status: 'pending' as const }, message: CANCEL_REQUEST_MESSAGES.sent };
    },
    cancelRequests: async ({ auth, query }) => {
      const { rows, counted } = await listCancelRequests(db, scopeOf(auth), query, query);
      return {
        data: {
          data: rows.map(requestView),
          ...cappedPageInfo(counted, query.page, query.per_page),
        },
      };
    },
    approveCancel: async ({ auth, params }) => {
      const data = await db.transaction(async (tx) => {
        const request = await pendingRequest(tx, auth, params.id);
        const order = await getSellerOrder(tx, scopeOf(auth), Number(request.order_id), true);
        if (!order) throw notFound();
        await changeOrder(tx, app.jobs, order, { type: 'cancel' }, actorOf(auth), {
          cancel_request_id: Number(request.id),
        });
        await decideCancelRequest(tx, Number(request.id), 'approved', auth.actorId);
        const after = await getCancelRequest(tx, scopeOf(auth), params.id);
        if (!after) throw notFound();
        return requestView(after);
      });
      return { data, message: CANCEL_REQUEST_MESSAGES.approved };
    },
    refuseCancel: async ({ auth, params, body }) => {
      const data = await db.transaction(async (tx) => {
        const request = await pendingRequest(tx, auth, params.id);
        await decideCancelRequest(tx, Number(request.id), 'refused', auth.actorId);
        await recordOrderEvent(tx, app.jobs, {
          orderId: Number(request.order_id),
          sellerId: auth.sellerId,
          kind: 'cancel_refused',
          detail: {
            cancel_request_id: Number(request.id),
            ...(body.note ? { note: body.note } : {}),
          },
          actor: actorOf(auth),
        });
        const after = await getCancelRequest(tx, scopeOf(auth), params.id);
        if (!after) throw notFound();
        return requestView(after);
      });
      return { data, message: CANCEL_REQUEST_MESSAGES.refused };
    },
    invalidAddresses: async ({ auth, query }) => {
      const { rows, counted } = await listInvalidAddresses(db, scopeOf(auth), query, query);
      return {
        data: {
          data: rows.map(addressView),
          ...cappedPageInfo(counted, query.page, query.per_page),
        },
      };
    },
    fixAddress: async ({ auth, params, body }) => {
      // The checkout's own check: an address it would flag cannot release the order.
      const { address, problems } = checkAddress(body);
      if (problems.length > 0) {
        const errors = Object.fromEntries(problems.map((p) => [p.field, [p.message]]));
        throw unprocessable(problems[0]?.message ?? INVALID_ADDRESS_MESSAGES.notHeld, errors);
      }
      const data = await db.transaction(async (tx) => {
        const order = await getSellerOrder(tx, scopeOf(auth), params.id, true);
        if (!order) throw notFound();
        if (!order.address_invalid) throw conflict(INVALID_ADDRESS_MESSAGES.notHeld);
        await writeOrderAddress(tx, Number(order.id), address, false);
        await recordOrderEvent(tx, app.jobs, {
          orderId: Number(order.id),
          sellerId: auth.sellerId,
          kind: ORDER_EVENT_KINDS.addressChanged,
          detail: { from: order.shipping_address, to: address, released: true },
          actor: actorOf(auth),
        });
        return addressView({
          id: Number(order.id),
          order_number: order.order_number,
          order_type: order.order_type,
          email: order.email,
          status: order.status,
          total: Number(order.total),
          currency: order.currency,
          shipping_address: address,
          created_at: order.created_at,
        });
      });
      return { data, message: INVALID_ADDRESS_MESSAGES.released };
    },
  });
}
