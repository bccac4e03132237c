import type { CampaignListQueryInput } from '@printloom/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/**
 * A page of the seller's campaigns (spec §3 list query). The previous page stays on screen
 * while the next one loads, so paging and typing do not blank the table.
 */
export function useCampaignList(query: CampaignListQueryInput, enabled = true) {
  return useQuery({
    queryKey: queryKeys.campaigns.list(query),
    queryFn: () => api.campaigns.list({ query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
