import type { CampaignListQueryInput } from '@printloom/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../client.js';

/** Query keys of the campaign list (the editor's detail keys live with the editor). */
export const campaignListKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignListKeys.all, 'list'] as const,
  list: (query: CampaignListQueryInput) => [...campaignListKeys.lists(), query] as const,
};

/**
 * A page of the seller's campaigns (spec §3 list query). The previous page stays on screen
 * while the next one loads, so paging and typing do not blank the table.
 */
export function useCampaignList(query: CampaignListQueryInput, enabled = true) {
  return useQuery({
    queryKey: campaignListKeys.list(query),
    queryFn: () => api.campaigns.list({ query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
