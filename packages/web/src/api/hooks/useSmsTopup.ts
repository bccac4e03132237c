import type { SmsTopupBody } from '@printloom/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** Buying SMS credits spends the balance: the balance (and credits) and the ledger change. */
export function useSmsTopup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SmsTopupBody) => api.money.smsTopup({ body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.balance.all }),
        client.invalidateQueries({ queryKey: queryKeys.transactions.all }),
      ]),
  });
}
