import type { EmailMarketingSettingsBody, KlaviyoSettingsBody } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** A store's default sender and marketing mail footer. */
export function useEmailSettings(storeId: number | null) {
  return useQuery({
    queryKey: queryKeys.emailSettings.store(storeId ?? 0),
    queryFn: () => api.marketing.emailSettings({ params: { storeId: storeId ?? 0 } }),
    enabled: storeId !== null,
  });
}

export function useSaveEmailSettings(storeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailMarketingSettingsBody) =>
      api.marketing.updateEmailSettings({ params: { storeId }, body }),
    onSuccess: (saved) => client.setQueryData(queryKeys.emailSettings.store(storeId), saved),
  });
}

/** The senders that may send for a store (the seller has few; one page of 100 holds them). */
export function useStoreSenders(storeId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.emailSenders.all, 'store', storeId],
    queryFn: async () => {
      const page = await api.emailSenders.list({ query: { page: 1, per_page: 100 } });
      return page.data.filter((sender) => sender.store_domain_id === storeId);
    },
    enabled: storeId !== null,
  });
}

export function useKlaviyoSettings(storeId: number | null) {
  return useQuery({
    queryKey: queryKeys.emailSettings.klaviyo(storeId ?? 0),
    queryFn: () => api.marketing.klaviyoSettings({ params: { storeId: storeId ?? 0 } }),
    enabled: storeId !== null,
  });
}

export function useSaveKlaviyo(storeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: KlaviyoSettingsBody) =>
      api.marketing.updateKlaviyoSettings({ params: { storeId }, body }),
    onSuccess: (saved) => client.setQueryData(queryKeys.emailSettings.klaviyo(storeId), saved),
  });
}

export function useSyncKlaviyo(storeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.marketing.syncKlaviyoProfiles({ params: { storeId } }),
    onSettled: () =>
      client.invalidateQueries({ queryKey: queryKeys.emailSettings.klaviyo(storeId) }),
  });
}
