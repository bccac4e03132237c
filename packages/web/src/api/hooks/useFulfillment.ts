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

/**
 * Pays fulfillment orders from the available balance (all or nothing); the list, the balance
 * and the transactions refresh after.
 */
export function usePayFulfillmentOrders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderIds: number[]) =>
      api.fulfillment.payOrders({ body: { order_ids: orderIds } }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.fulfillmentOrders.all }),
        client.invalidateQueries({ queryKey: queryKeys.balance.all }),
        client.invalidateQueries({ queryKey: queryKeys.transactions.all }),
      ]);
    },
  });
}
