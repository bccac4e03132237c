import type { CampaignBulkActionBody } from '@printloom/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** One campaign's own actions (list row and editor header). */
export type CampaignRowAction = 'launch' | 'deactivate' | 'duplicate' | 'delete';

/**
 * Launch, deactivate, duplicate or delete one campaign. Every campaign query (lists and the
 * editor's detail share the `campaigns` root key) is refreshed after it.
 */
export function useCampaignAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, id }: { action: CampaignRowAction; id: number }) => {
      const params = { id };
      switch (action) {
        case 'launch':
          return { action, campaign: await api.campaigns.launch({ params }) };
        case 'deactivate':
          return { action, campaign: await api.campaigns.deactivate({ params }) };
        case 'duplicate':
          return { action, campaign: await api.campaigns.duplicate({ params }) };
        case 'delete':
          await api.campaigns.remove({ params });
          return { action, campaign: undefined };
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.campaigns.all }),
  });
}

/** One action on several campaigns; answers one result per id. */
export function useCampaignBulkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignBulkActionBody) => api.campaigns.bulkAction({ body }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.campaigns.all }),
  });
}
