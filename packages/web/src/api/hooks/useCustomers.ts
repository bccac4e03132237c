import type { CustomerListQueryInput } from '@printloom/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** A page of the seller's buyers; the previous page stays shown while the next one loads. */
export function useCustomerList(query: CustomerListQueryInput) {
  return useQuery({
    queryKey: queryKeys.customers.list(query),
    queryFn: () => api.customers.list({ query }),
    placeholderData: keepPreviousData,
  });
}

/** One buyer with their orders; idle until an email is chosen. */
export function useCustomer(email: string | null) {
  return useQuery({
    queryKey: queryKeys.customers.detail(email ?? ''),
    queryFn: () => api.customers.get({ params: { email: email ?? '' } }),
    enabled: email !== null,
  });
}
