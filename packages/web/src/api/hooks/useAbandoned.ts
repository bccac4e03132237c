import type { AbandonedListQueryInput, AbandonedSettings } from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

export function useAbandonedList(query: AbandonedListQueryInput) {
  return useQuery({
    queryKey: queryKeys.abandoned.list(query),
    queryFn: () => api.abandoned.list({ query }),
    placeholderData: keepPreviousData,
  });
}

export function useAbandonedSettings() {
  return useQuery({
    queryKey: queryKeys.abandoned.settings(),
    queryFn: () => api.abandoned.getSettings(),
  });
}

/** Saves the schedule; the list follows (its age threshold is the first delay). */
export function useSaveAbandonedSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AbandonedSettings) => api.abandoned.putSettings({ body }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.abandoned.settings(), saved);
      return client.invalidateQueries({ queryKey: queryKeys.abandoned.lists() });
    },
  });
}
