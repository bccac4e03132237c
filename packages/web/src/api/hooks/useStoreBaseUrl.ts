import { storeBaseUrl, type User } from '@printloom/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/**
 * The address campaign links are made absolute with (spec §6 store base URL): the current
 * store's base_url (the seller's first store), else the preview or marketplace domain by the
 * seller's standing. Undefined while loading or when it cannot be known.
 */
export function useStoreBaseUrl(user: User | null): {
  baseUrl: string | undefined;
  error: unknown;
} {
  const stores = useQuery({
    queryKey: queryKeys.stores.all,
    queryFn: () => api.stores.list({ query: {} }),
    staleTime: 5 * 60_000,
    enabled: user !== null,
  });
  const siteConfig = useQuery({
    queryKey: queryKeys.siteConfig.all,
    queryFn: () => api.catalog.siteConfig(),
    staleTime: 60 * 60_000,
  });
  const error = stores.error ?? siteConfig.error;
  if (!user || !stores.data || !siteConfig.data) return { baseUrl: undefined, error };
  try {
    return { baseUrl: storeBaseUrl(user, stores.data[0], siteConfig.data), error };
  } catch (problem) {
    return { baseUrl: undefined, error: problem };
  }
}
