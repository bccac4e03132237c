/**
 * Customers (`/seller/customers`, issue 13): the seller's buyers derived from their orders
 * (sql/customers.ts), a buyer's detail with their orders, and the list as CSV, streamed in
 * keyset batches. A session limited to some stores sees those stores' orders only; orders
 * without a store (fulfillment imports) are then left out.
 */
import { Readable } from 'node:stream';
import {
  API,
  CUSTOMER_CSV_COLUMNS,
  type Customer,
  type CustomerDetail,
  cappedPageInfo,
  csvLine,
  customerCsvRow,
  isSpent,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../http/authContext.js';
import { notFound } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { ownStore } from '../http/storeScope.js';
import {
  type CustomerRow,
  customerOrders,
  customersForExport,
  listCustomers,
} from '../sql/customers.js';

const view = (row: CustomerRow): Customer => ({
  email: row.email,
  name: row.name,
  country: row.country,
  orders_count: Number(row.orders_count),
  total_spent: Number(row.total_spent),
  currency: row.currency,
  first_order_at: row.first_order_at.toISOString(),
  last_order_at: row.last_order_at.toISOString(),
});

export async function registerCustomerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  const filterOf = async (
    auth: AuthContext,
    query: { q?: string | undefined; store_id?: number | undefined },
  ) => {
    if (query.store_id !== undefined) await ownStore(db, auth, query.store_id);
    return { q: query.q, storeId: query.store_id, storeIds: auth.storeIds };
  };

  registerGroup(app, API.customers, {
    list: async ({ auth, query }) => {
      const filter = await filterOf(auth, query);
      const { rows, counted } = await listCustomers(db, auth.sellerId, filter, query);
      return {
        data: { data: rows.map(view), ...cappedPageInfo(counted, query.page, query.per_page) },
      };
    },
    exportCsv: async ({ auth, query, reply }) => {
      const filter = await filterOf(auth, query);
      async function* lines() {
        yield csvLine(CUSTOMER_CSV_COLUMNS);
        for await (const row of customersForExport(db, auth.sellerId, filter)) {
          yield csvLine(customerCsvRow(view(row)));
        }
      }
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="customers.csv"')
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines()));
    },
    get: async ({ auth, params }) => {
      const orders = await customerOrders(db, auth.sellerId, params.email, auth.storeIds);
      const latest = orders[0];
      const first = orders.at(-1);
      if (!latest || !first) throw notFound();
      const spent = new Map<string, number>();
      for (const order of orders) {
        if (!isSpent(order.payment_status)) continue;
        spent.set(order.currency, (spent.get(order.currency) ?? 0) + Number(order.total));
      }
      const address = latest.shipping_address;
      const data: CustomerDetail = {
        email: params.email.toLowerCase(),
        name: latest.customer_name,
        country: typeof address?.country === 'string' ? address.country : null,
        shipping_address: address,
        orders_count: orders.length,
        spent: [...spent].map(([currency, total]) => ({ currency, total })),
        first_order_at: first.created_at.toISOString(),
        last_order_at: latest.created_at.toISOString(),
        orders: orders.map((order) => ({
          id: Number(order.id),
          order_number: order.order_number,
          order_type: order.order_type,
          status: order.status,
          payment_status: order.payment_status,
          fulfillment_status: order.fulfillment_status,
          total: Number(order.total),
          currency: order.currency,
          store_id: order.store_id === null ? null : Number(order.store_id),
          created_at: order.created_at.toISOString(),
        })),
      };
      return { data };
    },
  });
}
