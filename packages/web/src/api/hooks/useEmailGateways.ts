import type { EmailGatewayBody, EmailGatewayTestBody } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** The seller's email gateways, credentials masked. */
export function useEmailGateways() {
  return useQuery({
    queryKey: queryKeys.emailGateways.all,
    queryFn: () => api.emailGateways.list(),
  });
}

export function useSaveEmailGateway() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: EmailGatewayBody }) =>
      id === null
        ? api.emailGateways.create({ body })
        : api.emailGateways.update({ params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.emailGateways.all }),
  });
}

export function useDeleteEmailGateway() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.emailGateways.remove({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.emailGateways.all }),
  });
}

export function useTestEmailGateway() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EmailGatewayTestBody }) =>
      api.emailGateways.test({ params: { id }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.emailGateways.all }),
  });
}
