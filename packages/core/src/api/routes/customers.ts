import {
  CustomerDetail,
  CustomerEmailParams,
  CustomerExportQuery,
  CustomerList,
  CustomerListQuery,
} from '../../customer/Customer.js';
import { route } from './RouteContract.js';

const tags = ['customers'] as const;

/**
 * The seller's buyers (issue 13 Customers, spec §2 /customers), derived from their orders; all
 * need get_orders (spec §6). A session limited to some stores sees the buyers of those stores'
 * orders only.
 */
export const customers = {
  list: route({
    method: 'GET',
    path: '/seller/customers',
    summary: 'Buyers of the seller with orders count, total spent and last order',
    tags,
    permission: 'get_orders',
    query: CustomerListQuery,
    response: CustomerList,
    errors: [403, 404],
  }),
  exportCsv: route({
    method: 'GET',
    path: '/seller/customers/export.csv',
    summary: 'Every matching buyer as CSV, streamed',
    tags,
    permission: 'get_orders',
    query: CustomerExportQuery,
    answer: { kind: 'text', contentType: 'text/csv; charset=utf-8' },
    errors: [403, 404],
  }),
  get: route({
    method: 'GET',
    path: '/seller/customers/:email',
    summary: 'One buyer with their orders, newest first',
    tags,
    permission: 'get_orders',
    params: CustomerEmailParams,
    response: CustomerDetail,
    errors: [404],
  }),
} as const;
