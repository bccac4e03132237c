import type { LoginAnswer, SocialProvider } from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';
import { startSession } from './useAuth.js';

/** The sign-in providers the server is configured for (none: no buttons). */
export function useSocialProviders() {
  return useQuery({
    queryKey: queryKeys.socialProviders.all,
    queryFn: () => api.social.providers(),
    staleTime: 5 * 60_000,
  });
}

/** The providers linked to the signed-in person's own account. */
export function useSocialIdentities() {
  return useQuery({
    queryKey: queryKeys.account.identities(),
    queryFn: () => api.social.identities(),
  });
}

export function useUnlinkProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: SocialProvider) => api.social.unlink({ params: { provider } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.identities() }),
  });
}

/** What a link request would link (the provider and the existing account's email). */
export function usePendingLink(token: string | null) {
  return useQuery({
    queryKey: ['social-link', token],
    queryFn: () => api.social.pendingLink({ body: { token: token ?? '' } }),
    enabled: token !== null,
    retry: false,
  });
}

async function afterLink(answer: LoginAnswer): Promise<void> {
  if ('access_token' in answer) await startSession(answer.access_token);
}

export function useConfirmLinkPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api.social.confirmLinkPassword({ body }),
    onSuccess: afterLink,
  });
}

export function useSendLinkMail() {
  return useMutation({
    mutationFn: (token: string) => api.social.sendLinkMail({ body: { token } }),
  });
}

export function useConfirmLinkMail() {
  return useMutation({
    mutationFn: (token: string) => api.social.confirmLinkMail({ body: { token } }),
    onSuccess: afterLink,
  });
}
