import type { z } from 'zod';
import type { TransactionExportQuery } from '../ledger/schemas.js';
import { type QueryParams, queryString, validated } from './clientTransport.js';
import { customers } from './routes/customers.js';
import { emailSubscribers } from './routes/emailCampaigns.js';
import { fulfillment } from './routes/fulfillment.js';
import { money } from './routes/money.js';
import { orders } from './routes/orders.js';

/*
 * Addresses the browser opens itself (downloads with the session cookie, image sources): built
 * synchronously from a route's path and its checked query, with `baseUrl` in front ('' on the
 * dashboard, whose API is its own origin).
 */

/** The orders CSV with a list's filters (its page and page size left out: the export is whole). */
export function ordersExportLink(
  baseUrl: string,
  query: z.input<typeof orders.exportCsv.query> = {},
): string {
  const checked = validated(orders.exportCsv.query, query) as QueryParams;
  const { page: _page, per_page: _perPage, ...filters } = checked;
  return `${baseUrl}${orders.exportCsv.path}${queryString(filters)}`;
}

/** The customers CSV with a list's filters. */
export function customersExportLink(
  baseUrl: string,
  query: z.input<typeof customers.exportCsv.query> = {},
): string {
  const checked = validated(customers.exportCsv.query, query) as QueryParams;
  const { page: _page, per_page: _perPage, ...filters } = checked;
  return `${baseUrl}${customers.exportCsv.path}${queryString(filters)}`;
}

/** The transactions CSV for the list's filters (spec §9 file name from Content-Disposition). */
export function transactionsExportLink(
  baseUrl: string,
  query: TransactionExportQuery = {},
): string {
  return `${baseUrl}${money.exportTransactions.path}${queryString(query as QueryParams)}`;
}

/** The subscribers CSV of one store, or of all the seller's stores. */
export function subscribersExportLink(baseUrl: string, query: { store_id?: number } = {}): string {
  return `${baseUrl}${emailSubscribers.exportCsv.path}${queryString(query as QueryParams)}`;
}

/** The fulfillment import template. */
export function fulfillmentTemplateLink(baseUrl: string): string {
  return `${baseUrl}${fulfillment.template.path}`;
}
