import type { SubscriberImportBody, SubscriberListQuery } from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';

const ROOT = ['subscribers'] as const;

export function useSubscriberList(query: SubscriberListQuery) {
  return useQuery({
    queryKey: [...ROOT, 'list', query],
    queryFn: () => api.marketing.subscribers({ query }),
    placeholderData: keepPreviousData,
  });
}

export function useImportSubscribers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriberImportBody) => api.emailSubscribers.importCsv({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}

export function useSetSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subscribed }: { id: number; subscribed: boolean }) =>
      api.emailSubscribers.setSubscription({ params: { id }, body: { subscribed } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ROOT }),
  });
}
