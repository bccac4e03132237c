import {
  AdminOrderView,
  OrderAddressBody,
  OrderBulkActionAnswer,
  OrderBulkActionBody,
  OrderDetail,
  OrderExportQuery,
  OrderListQuery,
  OrderNoteBody,
  OrderNumberParams,
  OrderReprintBody,
  OrderStatusBody,
  OrderSummary,
  ShipOrderBody,
} from '../../order/OrderSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import { cappedPaginated } from '../pagination.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['orders'] as const;

/**
 * A seller's orders (issue 13; spec §2 /orders, /orders/detail/{id}, /orders/invoice/{id}):
 * everything needs get_orders. A session limited to some stores sees only their orders; another
 * seller's order is 404. Status changes follow core's order machine: a refused one is 409 with
 * the reason.
 */
export const orders = {
  list: route({
    method: 'GET',
    path: '/seller/orders',
    summary: "The seller's orders: search, filters, sorts, capped count",
    tags,
    permission: 'get_orders',
    query: OrderListQuery,
    response: cappedPaginated(OrderSummary),
    errors: [403, 404],
  }),
  exportCsv: route({
    method: 'GET',
    path: '/seller/orders/export.csv',
    summary: 'The filtered orders as CSV, one line per order, streamed',
    tags,
    permission: 'get_orders',
    query: OrderExportQuery,
    answer: { kind: 'text', contentType: 'text/csv; charset=utf-8' },
    errors: [403, 404],
  }),
  get: route({
    method: 'GET',
    path: '/seller/orders/:id',
    summary: 'One order: items, buyer, address, statuses, shipments, timeline, allowed actions',
    tags,
    permission: 'get_orders',
    params: IdParams,
    response: OrderDetail,
    errors: [404],
  }),
  setStatus: route({
    method: 'POST',
    path: '/seller/orders/:id/status',
    summary: 'Hold, resume or cancel (with refund) an order by the status wanted',
    description: 'Refused with 409 and the reason when the order machine does not allow it.',
    tags,
    permission: 'get_orders',
    params: IdParams,
    body: OrderStatusBody,
    response: OrderDetail,
    errors: [404, 409],
  }),
  reprint: route({
    method: 'POST',
    path: '/seller/orders/:id/reprint',
    summary: 'Ask for shipped items to be printed and shipped again',
    tags,
    permission: 'get_orders',
    params: IdParams,
    body: OrderReprintBody,
    response: OrderDetail,
    errors: [404, 409],
  }),
  setAddress: route({
    method: 'PUT',
    path: '/seller/orders/:id/address',
    summary: 'Correct the shipping address, until production starts',
    description: 'Re-validated as at checkout; 409 once a line is in production or shipped.',
    tags,
    permission: 'get_orders',
    params: IdParams,
    body: OrderAddressBody,
    response: OrderDetail,
    errors: [404, 409],
  }),
  addNote: route({
    method: 'POST',
    path: '/seller/orders/:id/notes',
    summary: "Add a note to the order's timeline",
    tags,
    permission: 'get_orders',
    params: IdParams,
    body: OrderNoteBody,
    response: OrderDetail,
    errors: [404],
  }),
  bulkAction: route({
    method: 'POST',
    path: '/seller/orders/bulk-action',
    summary: 'Hold, resume or cancel several orders; one result per id',
    tags,
    permission: 'get_orders',
    body: OrderBulkActionBody,
    response: OrderBulkActionAnswer,
  }),
} as const;

/** The platform's side of orders: operators (admin accounts) ship what was printed. */
export const adminOrders = {
  byNumber: route({
    method: 'GET',
    path: '/admin/orders/by-number/:number',
    summary: 'An order found by its number (operators)',
    description: 'Admins only: anyone else is refused by the handler with 403.',
    tags,
    permission: ANY_MEMBER,
    params: OrderNumberParams,
    response: AdminOrderView,
    errors: [403, 404],
  }),
  ship: route({
    method: 'POST',
    path: '/admin/orders/:id/ship',
    summary: 'Mark lines shipped with carrier and tracking number (operators)',
    description:
      'Admins only. Without items every unshipped line is shipped. 409 when the order cannot ship.',
    tags,
    permission: ANY_MEMBER,
    params: IdParams,
    body: ShipOrderBody,
    response: AdminOrderView,
    errors: [403, 404, 409],
  }),
} as const;
