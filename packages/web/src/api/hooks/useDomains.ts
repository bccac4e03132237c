import type { DomainBody } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** The custom domains of the seller's stores, with the DNS records each needs. */
export function useDomains() {
  return useQuery({ queryKey: queryKeys.domains.all, queryFn: () => api.domains.list() });
}

function useDomainMutation<A>(run: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.domains.all }),
        client.invalidateQueries({ queryKey: queryKeys.stores.all }),
      ]),
  });
}

export const useAddDomain = () =>
  useDomainMutation((body: DomainBody) => api.domains.create({ body }));
export const useVerifyDomain = () =>
  useDomainMutation((id: number) => api.domains.verify({ params: { id } }));
export const useMakePrimaryDomain = () =>
  useDomainMutation((id: number) => api.domains.makePrimary({ params: { id } }));
export const useRemoveDomain = () =>
  useDomainMutation((id: number) => api.domains.remove({ params: { id } }));
