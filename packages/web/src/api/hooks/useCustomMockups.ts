import type { CustomMockupBody } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** The seller's own mockup photos with their print areas. */
export function useCustomMockups() {
  return useQuery({
    queryKey: queryKeys.customMockups.list(),
    queryFn: () => api.customMockups.list({ query: {} }),
  });
}

/** Saves a new mockup (id null) or replaces one; the list refreshes. */
export function useSaveCustomMockup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CustomMockupBody }) =>
      id === null
        ? api.customMockups.create({ body })
        : api.customMockups.update({ params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.customMockups.all }),
  });
}

export function useDeleteCustomMockup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.customMockups.remove({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.customMockups.all }),
  });
}
