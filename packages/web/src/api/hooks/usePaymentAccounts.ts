import type { PaymentAccountBodyInput } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

export function usePaymentAccounts(enabled = true) {
  return useQuery({
    queryKey: queryKeys.paymentAccounts.all,
    queryFn: () => api.money.paymentAccounts(),
    enabled,
  });
}

export function useAddPaymentAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentAccountBodyInput) => api.money.addPaymentAccount({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.paymentAccounts.all }),
  });
}

export function useUpdatePaymentAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PaymentAccountBodyInput }) =>
      api.money.updatePaymentAccount({ params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.paymentAccounts.all }),
  });
}
