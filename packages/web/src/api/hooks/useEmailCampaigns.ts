import type { EmailCampaignBody, EmailCampaignListQuery } from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** How often a sending campaign's stats are read again. */
export const SENDING_REFRESH_MS = 3000;

export function useEmailCampaignList(query: EmailCampaignListQuery) {
  return useQuery({
    queryKey: queryKeys.emailCampaigns.list(query),
    queryFn: () => api.emailCampaigns.list({ query }),
    placeholderData: keepPreviousData,
  });
}

/** One campaign; read again every few seconds while it is sending. */
export function useEmailCampaign(id: number) {
  return useQuery({
    queryKey: queryKeys.emailCampaigns.one(id),
    queryFn: () => api.emailCampaigns.get({ params: { id } }),
    refetchInterval: (q) => (q.state.data?.status === 'sending' ? SENDING_REFRESH_MS : false),
  });
}

export function useSaveEmailCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: EmailCampaignBody }) =>
      id === null
        ? api.emailCampaigns.create({ body })
        : api.emailCampaigns.update({ params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.emailCampaigns.all }),
  });
}

export function useDeleteEmailCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.emailCampaigns.remove({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.emailCampaigns.all }),
  });
}

export function useSendEmailCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sendAt }: { id: number; sendAt: string | null }) =>
      api.emailCampaigns.send({ params: { id }, body: sendAt ? { send_at: sendAt } : {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.emailCampaigns.all }),
  });
}

export function useTestEmailCampaign() {
  return useMutation({
    mutationFn: ({ id, email }: { id: number; email: string }) =>
      api.emailCampaigns.testSend({ params: { id }, body: { email } }),
  });
}

/** The seller's senders (first 100), for the campaign's From. */
export function useEmailSenderOptions() {
  return useQuery({
    queryKey: queryKeys.emailSenders.all,
    queryFn: () => api.emailSenders.list({ query: { page: 1, per_page: 100 } }),
  });
}
