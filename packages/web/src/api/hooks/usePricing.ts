import type {
  BulkPriceBody,
  PriceChangeListQuery,
  PricingAnalyticsQuery,
  StockBaseCostQuery,
} from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

export function usePriceChanges(query: PriceChangeListQuery) {
  return useQuery({
    queryKey: queryKeys.pricing.changes(query),
    queryFn: () => api.pricing.changes({ query }),
    placeholderData: keepPreviousData,
  });
}

export function usePricingAnalytics(query: PricingAnalyticsQuery) {
  return useQuery({
    queryKey: queryKeys.pricing.analytics(query),
    queryFn: () => api.pricing.analytics({ query }),
    placeholderData: keepPreviousData,
  });
}

export function useStockBaseCosts(query: StockBaseCostQuery) {
  return useQuery({
    queryKey: queryKeys.pricing.stockBaseCosts(query),
    queryFn: () => api.pricing.stockBaseCosts({ query }),
    placeholderData: keepPreviousData,
  });
}

/** The before and after prices of a change; nothing is saved. */
export function usePricePreview() {
  return useMutation({
    mutationFn: (body: BulkPriceBody) =>
      api.pricing.bulkUpdate({ body: { ...body, preview: true } }),
  });
}

/** Applies a change: campaign prices and the change history move. */
export function useBulkPriceUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkPriceBody) =>
      api.pricing.bulkUpdate({ body: { ...body, preview: false } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.pricing.all }),
        client.invalidateQueries({ queryKey: queryKeys.campaigns.all }),
      ]),
  });
}
