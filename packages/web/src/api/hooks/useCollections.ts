import type { CollectionBody, CollectionUpdateBody } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

export function useCollections(q = '', enabled = true) {
  return useQuery({
    queryKey: queryKeys.collections.list(q),
    queryFn: () => api.collections.list({ query: q ? { q } : {} }),
    enabled,
  });
}

export function useCollection(id: number) {
  return useQuery({
    queryKey: queryKeys.collections.detail(id),
    queryFn: () => api.collections.get({ params: { id } }),
    enabled: id > 0,
  });
}

export function useCreateCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionBody) => api.collections.create({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.collections.all }),
  });
}

export function useUpdateCollection(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionUpdateBody) => api.collections.update({ params: { id }, body }),
    onSuccess: (collection) => {
      client.setQueryData(queryKeys.collections.detail(id), collection);
      return client.invalidateQueries({ queryKey: queryKeys.collections.all });
    },
  });
}

export function useDeleteCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.collections.remove({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.collections.all }),
  });
}

export function useSetFeaturedCampaigns(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (campaignIds: number[]) =>
      api.collections.setFeatured({ params: { id }, body: { campaign_ids: campaignIds } }),
    onSuccess: (collection) => {
      client.setQueryData(queryKeys.collections.detail(id), collection);
      return client.invalidateQueries({ queryKey: queryKeys.collections.all });
    },
  });
}
