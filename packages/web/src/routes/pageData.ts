import type { PageId } from '@printloom/core';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import {
  apiKeysQuery,
  campaignQuery,
  notificationListQuery,
  notificationQuery,
  productTemplatesQuery,
} from '../api/queries.js';
import { NOTIFICATIONS_PER_PAGE } from '../constants.js';

/** The reads a page makes on open, started by its route loader. */
export type PageData = (params: Params, client: QueryClient) => Array<Promise<unknown>>;

/** A positive whole id from the address, or null (`/campaigns/edit` creates a new one). */
function idParam(params: Params): number | null {
  const id = Number(params.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

const campaignEdit: PageData = (params, client) => {
  const id = idParam(params);
  return [
    client.ensureQueryData(productTemplatesQuery),
    ...(id === null ? [] : [client.fetchQuery(campaignQuery(id))]),
  ];
};

/**
 * The pages that load data on open, by page id. Their route loader fills the query cache
 * (`ensureQueryData`, or `fetchQuery` where the page wants a fresh copy, with the options the
 * page's own hooks use) once the guards let the user
 * in, so the page opens with its data rather than a spinner. A read that fails is left to the
 * page, which shows its own error state for it.
 */
export const PAGE_DATA: Partial<Record<PageId, PageData>> = {
  campaign_edit: campaignEdit,
  campaign_ai_edit: campaignEdit,
  campaign_aop_edit: campaignEdit,
  campaign_combo_edit: campaignEdit,
  campaign_custom_edit: campaignEdit,
  api_keys: (_params, client) => [client.ensureQueryData(apiKeysQuery)],
  // The channels' hooks (and their schemas) come with the settings page, not the first screen.
  notifications: (_params, client) => [
    import('../api/hooks/useNotificationChannels.js').then(({ notificationChannelsQuery }) =>
      client.ensureQueryData(notificationChannelsQuery),
    ),
  ],
  notification_list: (_params, client) => [
    client.ensureQueryData(notificationListQuery({ page: 1, per_page: NOTIFICATIONS_PER_PAGE })),
  ],
  notification: (params, client) => {
    const id = idParam(params);
    return id === null ? [] : [client.ensureQueryData(notificationQuery(id))];
  },
};

/** Starts a page's reads and waits until each has settled. */
export async function loadPageData(
  pageId: PageId,
  params: Params,
  client: QueryClient,
): Promise<void> {
  const data = PAGE_DATA[pageId];
  if (data) await Promise.allSettled(data(params, client));
}
