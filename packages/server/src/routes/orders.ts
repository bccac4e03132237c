/**
 * Orders (issue 13): the seller's list, detail, status changes through core's order machine,
 * address corrections until production, notes, bulk hold/resume/cancel and the streamed CSV
 * export; and the operators' shipping of printed lines with carrier and tracking number.
 * Every change is recorded on the order's timeline by `recordOrderEvent`.
 */
import { Readable } from 'node:stream';
import {
  type AdminOrderView,
  API,
  canEditAddress,
  cappedPageInfo,
  checkAddress,
  eventForStatus,
  LARGE_LIST_COUNT_CAP,
  ORDER_EXPORT_BATCH,
  ORDER_MESSAGES,
  type OrderActionResult,
  type OrderDetail,
  type OrderEvent,
  type OrderListQuery,
  type OrderSummary,
  sellerActionsOf,
  toMajor,
  trackingUrl,
  userDateTime,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/Db.js';
import type { AuthContext } from '../http/authContext.js';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.js';
import { listRange } from '../http/listRange.js';
import { registerGroup } from '../http/registerGroup.js';
import { ownStore } from '../http/storeScope.js';
import { changeOrder, orderStateOf } from '../orders/changeOrder.js';
import { sendToProduction, shipOrderLines } from '../orders/operatorVerbs.js';
import {
  actorOf,
  ORDER_EVENT_KINDS,
  type OrderActor,
  recordOrderEvent,
} from '../orders/recordOrderEvent.js';
import { refundOfOrder } from '../sql/refunds.js';
import {
  exportSellerOrdersBatch,
  getOrderForPlatform,
  getSellerOrder,
  listSellerOrders,
  type OrderFullRow,
  type OrderListRow,
  type OrderScope,
  orderItems,
  orderShipments,
  orderTimeline,
  writeOrderAddress,
} from '../sql/sellerOrders.js';

export const ADMIN_ONLY_MESSAGE = 'Only platform operators can do this.';

const scopeOf = (auth: AuthContext): OrderScope => ({
  sellerId: auth.sellerId,
  storeIds: auth.storeIds,
});

function summaryOf(row: OrderListRow): OrderSummary {
  return {
    id: Number(row.id),
    order_number: row.order_number,
    store_id: row.store_id === null ? null : Number(row.store_id),
    store_name: row.store_name,
    type: row.order_type as OrderSummary['type'],
    status: row.status,
    payment_status: row.payment_status,
    fulfillment_status: row.fulfillment_status,
    email: row.email,
    customer_name: row.customer_name,
    currency: row.currency,
    total: Number(row.total),
    items_count: Number(row.items_count),
    tracking_numbers: row.tracking_numbers ?? [],
    created_at: row.created_at.toISOString(),
  };
}

async function detailOf(q: Queryable, order: OrderFullRow): Promise<OrderDetail> {
  const id = Number(order.id);
  const [items, timeline, shipments, state, refund] = [
    await orderItems(q, id),
    await orderTimeline(q, id),
    await orderShipments(q, id),
    await orderStateOf(q, order),
    await refundOfOrder(q, Number(order.seller_id), id),
  ];
  return {
    ...summaryOf(order),
    shipping_address: order.shipping_address,
    address_invalid: order.address_invalid,
    address_editable: canEditAddress(state),
    subtotal: Number(order.subtotal),
    shipping: Number(order.shipping),
    discount: Number(order.discount),
    tip: Number(order.tip),
    processing_fee: Number(order.processing_fee),
    coupon_code: order.coupon_code,
    payment_gateway: order.payment_gateway,
    paid_at: order.paid_at ? order.paid_at.toISOString() : null,
    items: items.map((i) => ({
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
      mockup_url: i.mockup_url,
      print_files: i.print_files ?? [],
      personalization: i.personalization ?? [],
      bundle_id: i.bundle_id,
    })),
    timeline: timeline.map((e) => ({
      id: Number(e.id),
      kind: e.kind,
      detail: e.detail,
      actor: {
        kind: e.actor_kind as OrderDetail['timeline'][number]['actor']['kind'],
        id: e.actor_id === null ? null : Number(e.actor_id),
        name: e.actor_name,
      },
      created_at: e.created_at.toISOString(),
    })),
    shipments: shipments.map((s) => ({
      id: Number(s.id),
      carrier: s.carrier,
      tracking_number: s.tracking_number,
      tracking_url: trackingUrl(s.carrier, s.tracking_number),
      item_ids: s.item_ids.map(Number),
      shipped_at: s.shipped_at.toISOString(),
    })),
    allowed_actions: sellerActionsOf(state),
    refund: refund
      ? {
          provider: refund.provider,
          status: refund.status,
          amount: Number(refund.amount),
          currency: refund.currency,
          attempts: refund.attempts,
          message: refund.last_error,
          updated_at: refund.updated_at.toISOString(),
        }
      : null,
  };
}

async function adminViewOf(q: Queryable, order: OrderFullRow): Promise<AdminOrderView> {
  const items = await orderItems(q, Number(order.id));
  return {
    id: Number(order.id),
    order_number: order.order_number,
    seller_id: Number(order.seller_id),
    status: order.status,
    fulfillment_status: order.fulfillment_status,
    items: items.map((i) => ({
      id: Number(i.id),
      name: i.name,
      quantity: i.quantity,
      status: i.status,
    })),
  };
}

const CSV_COLUMNS = [
  'order_number',
  'created_at',
  'status',
  'payment_status',
  'fulfillment_status',
  'type',
  'store',
  'email',
  'customer_name',
  'currency',
  'total',
  'items',
  'tracking_numbers',
] as const;

/**
 * One CSV field: quoted when it holds a separator, a quote or a line break; a leading `=`, `+`,
 * `-` or `@` is prefixed with `'` so a spreadsheet never runs a buyer's text as a formula.
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(row: OrderListRow, utcOffset: number): string {
  const fields = [
    row.order_number,
    userDateTime(row.created_at, utcOffset),
    row.status,
    row.payment_status,
    row.fulfillment_status,
    row.order_type,
    row.store_name,
    row.email,
    row.customer_name,
    row.currency,
    toMajor(Number(row.total)).toFixed(2),
    Number(row.items_count),
    (row.tracking_numbers ?? []).join(' '),
  ];
  return `${fields.map(csvField).join(',')}\r\n`;
}

export async function registerOrderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  const own = async (q: Queryable, auth: AuthContext, id: number, lock = false) => {
    const order = await getSellerOrder(q, scopeOf(auth), id, lock);
    if (!order) throw notFound();
    return order;
  };

  /** One machine event on one of the seller's orders, in its own transaction. */
  const act = (
    auth: AuthContext,
    id: number,
    event: (o: OrderFullRow, tx: Queryable) => Promise<OrderEvent>,
  ) =>
    db.transaction(async (tx) => {
      const order = await own(tx, auth, id, true);
      await changeOrder(tx, app.jobs, order, await event(order, tx), actorOf(auth));
      return detailOf(tx, await own(tx, auth, id));
    });

  const filters = async (auth: AuthContext, query: OrderListQuery) => {
    if (query.store_id !== undefined) await ownStore(db, auth, query.store_id);
    return listRange(query, auth.seller.utc_offset);
  };

  registerGroup(app, API.orders, {
    list: async ({ auth, query }) => {
      const range = await filters(auth, query);
      const { rows, counted } = await listSellerOrders(db, scopeOf(auth), query, range);
      return {
        data: {
          data: rows.map(summaryOf),
          ...cappedPageInfo(counted, query.page, query.per_page, LARGE_LIST_COUNT_CAP),
        },
      };
    },
    exportCsv: async ({ auth, query, reply }) => {
      const range = await filters(auth, query);
      const scope = scopeOf(auth);
      const offset = auth.seller.utc_offset;
      // Batches by id, each read when the client takes the previous one: memory stays flat.
      async function* lines() {
        yield `${CSV_COLUMNS.join(',')}\r\n`;
        let after = 0;
        for (;;) {
          const batch = await exportSellerOrdersBatch(
            db,
            scope,
            query,
            range,
            after,
            ORDER_EXPORT_BATCH,
          );
          if (batch.length === 0) return;
          yield batch.map((row) => csvLine(row, offset)).join('');
          after = Number(batch[batch.length - 1]?.id);
          if (batch.length < ORDER_EXPORT_BATCH) return;
        }
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders_${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
    get: async ({ auth, params }) => ({ data: await detailOf(db, await own(db, auth, params.id)) }),
    setStatus: async ({ auth, params, body }) => {
      const data = await act(auth, params.id, async (order, tx) => {
        const wanted = eventForStatus(await orderStateOf(tx, order), body.status);
        if (!wanted.ok) throw conflict(wanted.reason);
        return wanted.event;
      });
      return { data, message: ORDER_MESSAGES.statusChanged };
    },
    reprint: async ({ auth, params, body }) => {
      const data = await act(auth, params.id, async () => ({
        type: 'request_reprint',
        item_ids: body.item_ids,
      }));
      return { data, message: ORDER_MESSAGES.statusChanged };
    },
    setAddress: async ({ auth, params, body }) => {
      const { address, problems } = checkAddress(body);
      if (problems.length > 0) {
        const errors = Object.fromEntries(problems.map((p) => [p.field, [p.message]]));
        throw unprocessable(problems[0]?.message ?? ORDER_MESSAGES.addressLocked, errors);
      }
      const data = await db.transaction(async (tx) => {
        const order = await own(tx, auth, params.id, true);
        if (!canEditAddress(await orderStateOf(tx, order))) {
          throw conflict(ORDER_MESSAGES.addressLocked);
        }
        await writeOrderAddress(tx, Number(order.id), address, false);
        await recordOrderEvent(tx, app.jobs, {
          orderId: Number(order.id),
          sellerId: auth.sellerId,
          kind: ORDER_EVENT_KINDS.addressChanged,
          detail: { from: order.shipping_address, to: address },
          actor: actorOf(auth),
        });
        return detailOf(tx, await own(tx, auth, params.id));
      });
      return { data, message: ORDER_MESSAGES.addressSaved };
    },
    addNote: async ({ auth, params, body }) => {
      const data = await db.transaction(async (tx) => {
        const order = await own(tx, auth, params.id, true);
        await recordOrderEvent(tx, app.jobs, {
          orderId: Number(order.id),
          sellerId: auth.sellerId,
          kind: ORDER_EVENT_KINDS.note,
          detail: { note: body.note },
          actor: actorOf(auth),
        });
        return detailOf(tx, order);
      });
      return { data, message: ORDER_MESSAGES.noteAdded };
    },
    bulkAction: async ({ auth, body }) => {
      const results: OrderActionResult[] = [];
      for (const id of body.ids) {
        try {
          const detail = await act(auth, id, async () => ({ type: body.action }));
          results.push({ id, ok: true, status: detail.status });
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status !== 404 && status !== 409) throw error;
          results.push({ id, ok: false, message: (error as Error).message });
        }
      }
      return { data: { results } };
    },
  });

  const platform: OrderActor['kind'] = 'platform';
  registerGroup(app, API.adminOrders, {
    byNumber: async ({ auth, params }) => {
      if (!auth.isAdmin) throw forbidden(ADMIN_ONLY_MESSAGE);
      const order = await getOrderForPlatform(db, { number: params.number });
      if (!order) throw notFound('No order has this number.');
      return { data: await adminViewOf(db, order) };
    },
    ship: async ({ auth, params, body }) => {
      if (!auth.isAdmin) throw forbidden(ADMIN_ONLY_MESSAGE);
      const data = await db.transaction(async (tx) => {
        const order = await getOrderForPlatform(tx, { id: params.id }, true);
        if (!order) throw notFound();
        await shipOrderLines(tx, app.jobs, order, body, { kind: platform, id: auth.actorId });
        const fresh = await getOrderForPlatform(tx, { id: params.id });
        if (!fresh) throw notFound();
        return adminViewOf(tx, fresh);
      });
      return { data, message: ORDER_MESSAGES.shipped };
    },
    production: async ({ auth, params }) => {
      if (!auth.isAdmin) throw forbidden(ADMIN_ONLY_MESSAGE);
      const { data, message } = await db.transaction(async (tx) => {
        const order = await getOrderForPlatform(tx, { id: params.id }, true);
        if (!order) throw notFound();
        const actor: OrderActor = { kind: platform, id: auth.actorId };
        const designing = (await sendToProduction(tx, app.jobs, order, actor)) === 'designing';
        const fresh = await getOrderForPlatform(tx, { id: params.id });
        if (!fresh) throw notFound();
        return {
          data: await adminViewOf(tx, fresh),
          message: designing ? ORDER_MESSAGES.sentToDesigning : ORDER_MESSAGES.inProductionNow,
        };
      });
      return { data, message };
    },
  });
}
