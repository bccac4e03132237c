import type { ApiKeyCreateBody } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  lists: () => [...apiKeyKeys.all, 'list'] as const,
};

/** The seller's live API keys, newest first (never the keys themselves). */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.lists(), queryFn: () => api.apiKeys.list() });
}

/** Creates a key; the answer carries the key, the only time it is ever sent. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreateBody) => api.apiKeys.create({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.apiKeys.revoke({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
