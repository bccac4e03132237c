import { type CheckoutFees, type ProductTemplate, toMinor } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../api/client.js';
import { campaignQuery, productTemplatesQuery } from '../../../api/queries.js';
import { queryKeys } from '../../../api/queryKeys.js';
import { type SaveCampaignInput, saveCampaign } from './saveCampaign.js';

/** The catalog's product templates, by id. */
export function useProductTemplates() {
  const query = useQuery({
    ...productTemplatesQuery,
  });
  const byId = useMemo(
    () => new Map<number, ProductTemplate>((query.data?.data ?? []).map((t) => [t.id, t])),
    [query.data],
  );
  return { ...query, byId, list: query.data?.data ?? [] };
}

export function useCampaign(id: number | null, enabled: boolean) {
  return useQuery({ ...campaignQuery(id ?? 0), enabled: id !== null && enabled });
}

/** What product links are made absolute with (spec §6 store base URL). */
export function useStoreLinkData(enabled: boolean) {
  const stores = useQuery({
    queryKey: queryKeys.stores.all,
    queryFn: () => api.stores.list({ query: {} }),
    enabled,
  });
  const siteConfig = useQuery({
    queryKey: queryKeys.siteConfig.all,
    queryFn: () => api.catalog.siteConfig(),
    enabled,
    staleTime: 10 * 60_000,
  });
  return { stores, siteConfig };
}

/**
 * Saves the campaign (create or update, then its design files and mockups: `saveCampaign`).
 * The answer becomes the campaign's cached detail, and every campaign list refetches.
 */
export function useSaveCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SaveCampaignInput, 'api'>) => saveCampaign({ api, ...input }),
    onSuccess: (campaign) => {
      client.setQueryData(queryKeys.campaigns.detail(campaign.id), campaign);
      void client.invalidateQueries({
        queryKey: queryKeys.campaigns.all,
        predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== campaign.id,
      });
      // The saved design's layers are what buyer fields may name (issue 16).
      void client.invalidateQueries({ queryKey: queryKeys.personalized.layers(campaign.id) });
    },
  });
}

/** The site's processing fee (spec §3 site settings), which a combo's bundle price must cover. */
export function useSiteFees(enabled: boolean): CheckoutFees | undefined {
  const siteConfig = useQuery({
    queryKey: queryKeys.siteConfig.all,
    queryFn: () => api.catalog.siteConfig(),
    enabled,
    staleTime: 10 * 60_000,
  });
  const settings = siteConfig.data?.settings;
  return useMemo(
    () =>
      settings
        ? {
            processing_fee: settings.processing_fee ?? 0,
            processing_fee_min: toMinor(settings.processing_fee_min ?? 0),
          }
        : undefined,
    [settings],
  );
}
