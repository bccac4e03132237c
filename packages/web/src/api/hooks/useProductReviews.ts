import type { ReviewListQuery, ReviewSettingsBody, ReviewUpdateBody } from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

export function useProductReviews(query: ReviewListQuery) {
  return useQuery({
    queryKey: queryKeys.productReviews.list(query),
    queryFn: () => api.productReviews.list({ query }),
    placeholderData: keepPreviousData,
  });
}

export function useReviewSettings() {
  return useQuery({
    queryKey: queryKeys.productReviews.settings(),
    queryFn: () => api.productReviews.settings(),
  });
}

export function useSaveReviewSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewSettingsBody) => api.productReviews.saveSettings({ body }),
    onSuccess: (settings) => client.setQueryData(queryKeys.productReviews.settings(), settings),
  });
}

export function useUpdateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReviewUpdateBody }) =>
      api.productReviews.update({ params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.productReviews.all }),
  });
}
