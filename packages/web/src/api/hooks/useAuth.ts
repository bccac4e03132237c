import { ApiError, type LoginAnswer, type LoginCredentialsInput, type User } from '@printloom/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clearToken, readSessionMarker, readToken, writeToken } from '../../env/session.js';
import { api } from '../client.js';
import { queryClient as sharedClient } from '../queryClient.js';
import { queryKeys } from '../queryKeys.js';

/**
 * The signed-in user (`GET /me` with the session cookie); null when there is no session. The
 * server sets a readable marker beside every session cookie, so a browser without one (signed
 * out, or never signed in) is known to have no session without asking: a signed-out page loads
 * with no 401 in the console.
 */
export const meQuery = queryOptions<User | null>({
  queryKey: queryKeys.me.all,
  queryFn: async () => {
    if (readSessionMarker() === null && readToken() === null) return null;
    try {
      return await api.auth.me();
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

export function useMe(): User | null {
  return useQuery(meQuery).data ?? null;
}

/** Keeps the new token and reloads the profile (login, two-factor, switch account, callback). */
export async function startSession(token: string): Promise<User> {
  writeToken(token);
  sharedClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'version' });
  return sharedClient.fetchQuery(meQuery) as Promise<User>;
}

/** Forgets the local session: the token in memory and every cached answer. */
export function endLocalSession(): void {
  clearToken();
  sharedClient.clear();
}

export function useLogin(designer: boolean) {
  return useMutation({
    mutationFn: async ({
      credentials,
      botCheck,
    }: {
      credentials: LoginCredentialsInput;
      /** Needed after failed attempts: the login's error then carries `errors.bot_check`. */
      botCheck?: string | undefined;
    }): Promise<LoginAnswer> =>
      designer
        ? api.auth.adminLogin({ body: credentials, botCheck })
        : api.auth.sellerLogin({ body: credentials, botCheck }),
    onSuccess: async (answer) => {
      if ('access_token' in answer) await startSession(answer.access_token);
    },
  });
}

export function useVerifyTfa() {
  return useMutation({
    mutationFn: (body: { tfa_token: string; code: string }) => api.auth.tfaVerify({ body }),
    onSuccess: async (answer) => {
      await startSession(answer.access_token);
    },
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      try {
        await api.auth.logout();
      } catch (error) {
        // The local session ends anyway; a server that cannot revoke is only logged.
        console.error('Logout call failed', error);
      }
      endLocalSession();
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: ({
      body,
      botCheck,
    }: {
      body: { name: string; email: string; password: string };
      botCheck?: string | undefined;
    }) => api.auth.register({ body, botCheck }),
    onSuccess: async (answer) => {
      await startSession(answer.access_token);
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: ({ email, botCheck }: { email: string; botCheck?: string | undefined }) =>
      api.auth.forgotPassword({ body: { email }, botCheck }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api.auth.resetPassword({ body }),
  });
}

export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.auth.verifyEmail({ body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.me.all }),
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: () => api.auth.resendVerification() });
}

export function useLoginAsSeller() {
  return useMutation({
    mutationFn: (sellerId: number) => api.auth.loginAsSeller({ body: { seller_id: sellerId } }),
    onSuccess: async (answer) => {
      await startSession(answer.access_token);
    },
  });
}

/** Confirms two-factor set-up for a signed-in user whose `tfa_confirm` is still false. */
export function useConfirmTfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.auth.tfaConfirm({ body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.me.all }),
  });
}
