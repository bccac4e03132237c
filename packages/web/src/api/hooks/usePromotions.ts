import type { OnPromotionQuery, PromotionBody, PromotionListQuery } from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

export function usePromotions(query: PromotionListQuery) {
  return useQuery({
    queryKey: queryKeys.promotions.list(query),
    queryFn: () => api.promotions.list({ query }),
    placeholderData: keepPreviousData,
  });
}

export function useCampaignsOnPromotion(query: OnPromotionQuery) {
  return useQuery({
    queryKey: queryKeys.promotions.onPromotion(query),
    queryFn: () => api.promotions.onPromotion({ query }),
    placeholderData: keepPreviousData,
  });
}

export function useCreatePromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PromotionBody) => api.promotions.create({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.promotions.all }),
  });
}

export function useUpdatePromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PromotionBody }) =>
      api.promotions.update({ params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.promotions.all }),
  });
}

export function useDeletePromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.promotions.remove({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.promotions.all }),
  });
}
