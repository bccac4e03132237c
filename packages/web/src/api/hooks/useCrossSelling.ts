import type {
  CrossSaleListQuery,
  CrossSellCampaignQuery,
  CrossSellOfferBody,
} from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** A campaign's cross-selling offer (the campaign editor's control). */
export function useCrossSellOffer(campaignId: number) {
  return useQuery({
    queryKey: queryKeys.crossSelling.offer(campaignId),
    queryFn: () => api.crossSelling.offer({ params: { id: campaignId } }),
    enabled: campaignId > 0,
  });
}

export function useSetCrossSellOffer(campaignId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CrossSellOfferBody) =>
      api.crossSelling.setOffer({ params: { id: campaignId }, body }),
    onSuccess: (offer) => {
      client.setQueryData(queryKeys.crossSelling.offer(campaignId), offer);
      return client.invalidateQueries({ queryKey: queryKeys.crossSelling.all });
    },
  });
}

/** Other sellers' campaigns open for cross-selling. */
export function useCrossSellCampaigns(query: CrossSellCampaignQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.crossSelling.campaigns(query),
    queryFn: () => api.crossSelling.campaigns({ query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Lists (`on`) or unlists another seller's campaign in one of the seller's stores. */
export function useCrossListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { storeId: number; campaignId: number; on: boolean }) => {
      const params = { id: change.storeId, campaign_id: change.campaignId };
      return change.on
        ? api.crossSelling.addToStore({ params })
        : api.crossSelling.removeFromStore({ params });
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.crossSelling.all }),
        client.invalidateQueries({ queryKey: queryKeys.stores.all }),
      ]),
  });
}

/** The cross-sales of one side for a period, with their totals. */
export function useCrossSales(query: CrossSaleListQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.crossSelling.sales(query),
    queryFn: () => api.crossSelling.sales({ query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
