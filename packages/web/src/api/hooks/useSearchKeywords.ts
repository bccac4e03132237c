import type { SearchKeywordListQuery } from '@printloom/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

export function useSearchKeywords(query: SearchKeywordListQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.searchKeywords.list(query),
    queryFn: () => api.searchKeywords.list({ query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
