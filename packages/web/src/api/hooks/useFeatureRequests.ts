import type {
  FeatureRequest,
  FeatureRequestBody,
  FeatureRequestDetail,
  FeatureRequestListQuery,
} from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

export function useFeatureRequests(query: FeatureRequestListQuery) {
  return useQuery({
    queryKey: queryKeys.featureRequests.list(query),
    queryFn: () => api.featureRequests.list({ query }),
    placeholderData: keepPreviousData,
  });
}

export function useFeatureRequest(id: number | null) {
  return useQuery({
    queryKey: queryKeys.featureRequests.detail(id ?? 0),
    queryFn: () => api.featureRequests.get({ params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

export function useCreateFeatureRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FeatureRequestBody) => api.featureRequests.create({ body }),
    onSuccess: (created) => {
      client.setQueryData(queryKeys.featureRequests.detail(created.id), created);
      return client.invalidateQueries({ queryKey: queryKeys.featureRequests.all });
    },
  });
}

/** Votes or takes the vote back; the request's counts come back with the answer. */
export function useVoteFeatureRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, vote }: { id: number; vote: boolean }) =>
      vote
        ? api.featureRequests.vote({ params: { id } })
        : api.featureRequests.unvote({ params: { id } }),
    onSuccess: (request: FeatureRequest) => {
      client.setQueryData<FeatureRequestDetail>(
        queryKeys.featureRequests.detail(request.id),
        (old) => (old ? { ...old, ...request } : old),
      );
      return client.invalidateQueries({ queryKey: queryKeys.featureRequests.all });
    },
  });
}

export function useCommentFeatureRequest(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.featureRequests.comment({ params: { id }, body: { body } }),
    onSuccess: (request) => {
      client.setQueryData(queryKeys.featureRequests.detail(id), request);
      return client.invalidateQueries({ queryKey: queryKeys.featureRequests.all });
    },
  });
}
