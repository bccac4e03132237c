import { SWITCH_ACCOUNT_FAILED_MESSAGE } from '@printloom/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { JUST_SWITCHED_KEY } from '../../constants.js';
import { writeStorage } from '../../env/storage.js';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';
import { startSession } from './useAuth.js';

export function useAuthorizedAccounts(enabled = true) {
  return useQuery({
    queryKey: queryKeys.accounts.all,
    queryFn: () => api.team.authorizedAccounts(),
    enabled,
  });
}

export type SwitchOutcome =
  | { ok: true; message: string | undefined }
  | { ok: false; message: string; toTfaSettings: boolean };

/**
 * Switch account (spec §4): on success the token is replaced and the profile reloaded; on failure
 * the message shows and a two-factor difference (`fta_diff`) sends the user to the 2FA settings.
 */
export function useSwitchAccount() {
  return useMutation({
    mutationFn: async (sellerId: number): Promise<SwitchOutcome> => {
      const result = await api.team.switchAccount({ seller_id: sellerId });
      if (!result.ok) {
        return {
          ok: false,
          message: result.message || SWITCH_ACCOUNT_FAILED_MESSAGE,
          toTfaSettings: result.fta_diff,
        };
      }
      writeStorage(JUST_SWITCHED_KEY, '1', 'session');
      await startSession(result.access_token);
      return { ok: true, message: result.message };
    },
  });
}

export function useSwitchBack() {
  return useMutation({
    mutationFn: async () => {
      const result = await api.team.switchBackAccount();
      if (!result.ok) return result;
      writeStorage(JUST_SWITCHED_KEY, '1', 'session');
      await startSession(result.access_token);
      return result;
    },
  });
}
