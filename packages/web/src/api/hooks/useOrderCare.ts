import type {
  CancelRequestListQueryInput,
  InvalidAddressListQueryInput,
  ShippingAddress,
} from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

export function useCancelRequests(query: CancelRequestListQueryInput) {
  return useQuery({
    queryKey: queryKeys.cancelRequests.list(query),
    queryFn: () => api.orderCare.cancelRequests({ query }),
    placeholderData: keepPreviousData,
  });
}

/** Approves or refuses a request; requests and orders refresh (an approval cancels one). */
export function useDecideCancelRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'approve' | 'refuse' }) =>
      decision === 'approve'
        ? api.orderCare.approveCancel({ params: { id } })
        : api.orderCare.refuseCancel({ params: { id }, body: {} }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.cancelRequests.all });
      await client.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}

export function useInvalidAddresses(query: InvalidAddressListQueryInput) {
  return useQuery({
    queryKey: queryKeys.invalidAddresses.list(query),
    queryFn: () => api.orderCare.invalidAddresses({ query }),
    placeholderData: keepPreviousData,
  });
}

export function useFixAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, address }: { id: number; address: ShippingAddress }) =>
      api.orderCare.fixAddress({ params: { id }, body: address }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.invalidAddresses.all });
      await client.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
