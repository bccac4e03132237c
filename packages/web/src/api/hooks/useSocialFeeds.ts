import type { SocialFeedBody } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

export function useSocialFeeds() {
  return useQuery({
    queryKey: queryKeys.socialFeeds.list(),
    queryFn: () => api.socialFeeds.list(),
  });
}

export function useSocialFeed(id: number) {
  return useQuery({
    queryKey: queryKeys.socialFeeds.detail(id),
    queryFn: () => api.socialFeeds.get({ params: { id } }),
    enabled: id > 0,
  });
}

export function useSaveSocialFeed(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SocialFeedBody) =>
      id === null
        ? api.socialFeeds.create({ body })
        : api.socialFeeds.update({ params: { id }, body }),
    onSuccess: (feed) => {
      client.setQueryData(queryKeys.socialFeeds.detail(feed.id), feed);
      return client.invalidateQueries({ queryKey: queryKeys.socialFeeds.list() });
    },
  });
}

export function useDeleteSocialFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.socialFeeds.remove({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.socialFeeds.all }),
  });
}
