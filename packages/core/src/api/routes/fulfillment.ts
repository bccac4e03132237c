import {
  FulfillmentImportAnswer,
  FulfillmentImportForm,
  FulfillmentOrderList,
  FulfillmentOrderListQuery,
  FulfillmentPayAnswer,
  FulfillmentPayBody,
} from '../../fulfillment/FulfillmentOrder.js';
import { route } from './RouteContract.js';

const tags = ['fulfillment'] as const;

/**
 * Fulfill Orders (issue 13, spec §2 /fulfillment): orders from the seller's other channels
 * (spec §3 marketplaces), order type `fulfillment`. Needs get_orders (spec §6).
 */
export const fulfillment = {
  importOrders: route({
    method: 'POST',
    path: '/seller/fulfillment/orders/import',
    summary: 'Import fulfillment orders from a CSV file (multipart `file`)',
    description:
      'Every row is checked first; an order with a bad row is not created and each bad row is reported with its reason. Rows sharing a marketplace and external order id are one order. Importing the same file again creates nothing twice.',
    tags,
    permission: 'get_orders',
    bodyKind: 'multipart',
    body: FulfillmentImportForm,
    response: FulfillmentImportAnswer,
    errors: [413, 422],
  }),
  template: route({
    method: 'GET',
    path: '/seller/fulfillment/template.csv',
    summary: 'The import template: its columns and an example row with one of your SKUs',
    tags,
    permission: 'get_orders',
    answer: { kind: 'text', contentType: 'text/csv; charset=utf-8' },
  }),
  payOrders: route({
    method: 'POST',
    path: '/seller/fulfillment/orders/pay',
    summary: 'Pay fulfillment orders from the available balance (base costs and shipping)',
    description:
      'All or nothing: when the available balance does not cover every chosen unpaid order, nothing is charged (422). Each order is charged its total once, as a `fulfill` ledger entry, and moves to processing; an order paid before is left as it is.',
    tags,
    permission: 'update_payments',
    body: FulfillmentPayBody,
    response: FulfillmentPayAnswer,
    errors: [404, 422],
  }),
  list: route({
    method: 'GET',
    path: '/seller/fulfillment/orders',
    summary: 'Fulfillment orders, newest first',
    tags,
    permission: 'get_orders',
    query: FulfillmentOrderListQuery,
    response: FulfillmentOrderList,
  }),
} as const;
