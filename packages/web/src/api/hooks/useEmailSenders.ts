import type { EmailSenderBody } from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

export function useEmailSenders(page: number) {
  return useQuery({
    queryKey: [...queryKeys.emailSenders.all, 'page', page],
    queryFn: () => api.emailSenders.list({ query: { page, per_page: 15 } }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveEmailSender() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: EmailSenderBody }) =>
      id === null
        ? api.emailSenders.create({ body })
        : api.emailSenders.update({ params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.emailSenders.all }),
  });
}

export function useDeleteEmailSender() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.emailSenders.remove({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.emailSenders.all }),
  });
}

/** Checks the sender's DNS record now; the list shows the new status. */
export function useCheckEmailSender() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.emailSenders.status({ params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.emailSenders.all }),
  });
}

/** Mails the sender address a new verification link (at most one a minute, says the server). */
export function useResendSenderVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.emailSenders.resendVerification({ params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.emailSenders.all }),
  });
}
