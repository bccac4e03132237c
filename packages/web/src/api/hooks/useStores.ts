import type { StoreBody, StoreUpdateBody } from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** The seller's stores in use (or the archived ones), oldest first. */
export function useStores(archived = false) {
  return useQuery({
    queryKey: archived ? queryKeys.stores.archived() : queryKeys.stores.all,
    queryFn: () => api.stores.list({ query: archived ? { archived: '1' } : {} }),
  });
}

export function useStore(id: number) {
  return useQuery({
    queryKey: queryKeys.stores.detail(id),
    queryFn: () => api.stores.get({ params: { id } }),
    enabled: id > 0,
  });
}

export function useCreateStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreBody) => api.stores.create({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.stores.all }),
  });
}

export function useUpdateStore(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreUpdateBody) => api.stores.update({ params: { id }, body }),
    onSuccess: (store) => {
      client.setQueryData(queryKeys.stores.detail(id), store);
      return client.invalidateQueries({ queryKey: queryKeys.stores.all });
    },
  });
}

export function useArchiveStore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.stores.archive({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.stores.all }),
  });
}

export function useSetStoreCampaigns(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (campaignIds: number[]) =>
      api.stores.setCampaigns({ params: { id }, body: { campaign_ids: campaignIds } }),
    onSuccess: (store) => {
      client.setQueryData(queryKeys.stores.detail(id), store);
      return client.invalidateQueries({ queryKey: queryKeys.stores.all });
    },
  });
}

/** The stores a campaign is listed in (the campaign editor's checkboxes). */
export function useCampaignStores(campaignId: number | null) {
  return useQuery({
    queryKey: queryKeys.stores.ofCampaign(campaignId ?? 0),
    queryFn: () => api.stores.campaignStores({ params: { id: campaignId ?? 0 } }),
    enabled: campaignId !== null && campaignId > 0,
  });
}

export function useSetCampaignStores(campaignId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (storeIds: number[]) =>
      api.stores.setCampaignStores({ params: { id: campaignId }, body: { store_ids: storeIds } }),
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.stores.ofCampaign(campaignId), answer);
      return client.invalidateQueries({ queryKey: queryKeys.stores.all });
    },
  });
}

/** A store's sitemap index: the files its /sitemap.xml lists, with their URL counts. */
export function useStoreSitemap(id: number) {
  return useQuery({
    queryKey: queryKeys.stores.sitemap(id),
    queryFn: () => api.stores.sitemap({ params: { id } }),
    enabled: id > 0,
  });
}

/** One page of the URLs of a sitemap file of a store. */
export function useStoreSitemapUrls(id: number, sitemapId: string, page: number) {
  return useQuery({
    queryKey: queryKeys.stores.sitemapUrls(id, sitemapId, page),
    queryFn: () => api.stores.sitemapUrls({ params: { id, sitemapId }, query: { page } }),
    enabled: id > 0 && sitemapId !== '',
    placeholderData: keepPreviousData,
  });
}
