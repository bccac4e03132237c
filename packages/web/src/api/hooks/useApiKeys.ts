import type { ApiKeyCreateBody } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { apiKeysQuery } from '../queries.js';
import { queryKeys } from '../queryKeys.js';

/** The seller's live API keys, newest first (never the keys themselves). */
export function useApiKeys() {
  return useQuery(apiKeysQuery);
}

/** Creates a key; the answer carries the key, the only time it is ever sent. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreateBody) => api.apiKeys.create({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.apiKeys.all }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.apiKeys.revoke({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.apiKeys.all }),
  });
}
