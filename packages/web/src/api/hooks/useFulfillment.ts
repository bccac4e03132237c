import type { FulfillmentOrderListQueryInput } from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

export function useFulfillmentOrders(query: FulfillmentOrderListQueryInput) {
  return useQuery({
    queryKey: queryKeys.fulfillmentOrders.list(query),
    queryFn: () => api.fulfillment.list({ query }),
    placeholderData: keepPreviousData,
  });
}

/** Imports a CSV of orders; the fulfillment list and the customers refresh after. */
export function useImportFulfillmentOrders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.fulfillment.importOrders(file, file.name),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.fulfillmentOrders.all });
      await client.invalidateQueries({ queryKey: queryKeys.customers.all });
    },
  });
}
