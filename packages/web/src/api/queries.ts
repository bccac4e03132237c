import { queryOptions } from '@tanstack/react-query';
import { api } from './client.js';
import { queryKeys, TEMPLATE_PAGE_SIZE } from './queryKeys.js';

/**
 * What the pages read on open, as query options shared by each page's hook and its route
 * loader (`routes/pageData.ts`), so the loader fills the very cache entry the page reads.
 */

/** The catalog's product templates (GET /seller/product-templates). */
export const productTemplatesQuery = queryOptions({
  queryKey: queryKeys.productTemplates.list(),
  queryFn: () => api.catalog.productTemplates({ query: { per_page: TEMPLATE_PAGE_SIZE } }),
  staleTime: 5 * 60_000,
});

/**
 * One campaign with its products, designs and mockups (GET /seller/campaign/{id}). The editor
 * opens on a fresh copy: what its loader read a moment ago, else a new read.
 */
export const campaignQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.campaigns.detail(id),
    queryFn: () => api.campaigns.get({ params: { id } }),
    staleTime: 5_000,
  });

/** A page of the seller's notifications. */
export const notificationListQuery = (query: { page: number; per_page: number }) =>
  queryOptions({
    queryKey: queryKeys.notifications.list(query),
    queryFn: () => api.shell.notifications({ query }),
  });

/** One notification (opening it marks it read on the server). */
export const notificationQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.notifications.detail(id),
    queryFn: () => api.shell.notification({ params: { id } }),
  });

/** The seller's live API keys, newest first (never the keys themselves). */
export const apiKeysQuery = queryOptions({
  queryKey: queryKeys.apiKeys.lists(),
  queryFn: () => api.apiKeys.list(),
});
