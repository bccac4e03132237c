import type { OverviewQuery } from '@printloom/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** The overview of a date range; the previous answer stays on screen while the next loads. */
export function useOverview(query: OverviewQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.overview.get(query),
    queryFn: () => api.overview.get({ query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
