import type { CampaignImportBody, SaveAsTemplateBody, UseTemplateBody } from '@printloom/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** Copies a campaign into a new template; every campaign list refetches after it. */
export function useSaveAsTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SaveAsTemplateBody }) =>
      api.campaignTemplates.saveAsTemplate({ params: { id }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.campaigns.all }),
  });
}

/** Starts a draft campaign from a template; every campaign list refetches after it. */
export function useStartFromTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UseTemplateBody }) =>
      api.campaignTemplates.startFromTemplate({ params: { id }, body }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.campaigns.all }),
  });
}

/** Imports a campaign export; every campaign list refetches after it. */
export function useImportCampaigns() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignImportBody) => api.campaignImport.import({ body }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.campaigns.all }),
  });
}
