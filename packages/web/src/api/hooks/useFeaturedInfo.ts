import { FEATURED_CACHE_SECONDS } from '@printloom/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

export function useFeaturedInfo(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.featuredInfo.all,
    queryFn: () => api.shell.featuredInfo(),
    staleTime: FEATURED_CACHE_SECONDS * 1000,
    enabled,
  });
}
