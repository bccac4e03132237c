import type { PayoutBody, PayoutListQuery } from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

export function usePayouts(query: Partial<PayoutListQuery> = {}) {
  return useQuery({
    queryKey: queryKeys.payouts.list(query),
    queryFn: () => api.money.payouts({ query }),
    placeholderData: keepPreviousData,
  });
}

/** A payout request moves money: the balance, the ledger and the history all change. */
export function useRequestPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutBody) => api.money.requestPayout({ body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.payouts.all }),
        client.invalidateQueries({ queryKey: queryKeys.transactions.all }),
        client.invalidateQueries({ queryKey: queryKeys.balance.all }),
      ]),
  });
}
