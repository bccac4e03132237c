import type { ProductTemplate } from '@printloom/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../api/client.js';

/** Most product templates one catalog page answers (core ProductTemplateListQuery). */
const TEMPLATE_PAGE_SIZE = 100;

/**
 * Query keys of what the campaign editor reads. Campaign keys start with 'campaigns', so saving
 * invalidates every campaign list and detail with one prefix.
 */
export const campaignEditKeys = {
  campaigns: ['campaigns'] as const,
  campaign: (id: number) => ['campaigns', 'detail', id] as const,
  templates: ['product-templates', 'list', { per_page: TEMPLATE_PAGE_SIZE }] as const,
  stores: ['stores'] as const,
  siteConfig: ['site-config'] as const,
};

/** The catalog's product templates, by id (GET /seller/product-templates). */
export function useProductTemplates() {
  const query = useQuery({
    queryKey: campaignEditKeys.templates,
    queryFn: () => api.catalog.productTemplates({ query: { per_page: TEMPLATE_PAGE_SIZE } }),
    staleTime: 5 * 60_000,
  });
  const byId = useMemo(
    () => new Map<number, ProductTemplate>((query.data?.data ?? []).map((t) => [t.id, t])),
    [query.data],
  );
  return { ...query, byId, list: query.data?.data ?? [] };
}

export function useCampaign(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: campaignEditKeys.campaign(id ?? 0),
    queryFn: () => api.campaigns.get({ params: { id: id ?? 0 } }),
    enabled: id !== null && enabled,
    staleTime: 0,
  });
}

/** What product links are made absolute with (spec §6 store base URL). */
export function useStoreLinkData(enabled: boolean) {
  const stores = useQuery({
    queryKey: campaignEditKeys.stores,
    queryFn: () => api.campaigns.stores(),
    enabled,
  });
  const siteConfig = useQuery({
    queryKey: campaignEditKeys.siteConfig,
    queryFn: () => api.catalog.siteConfig(),
    enabled,
    staleTime: 10 * 60_000,
  });
  return { stores, siteConfig };
}
