import {
  type AvatarBody,
  BLOB_FILE_PREFIX,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type GeneralSettings,
  type ProfileBody,
} from '@printloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** The seller's time zone and currency. */
export function useGeneralSettings() {
  return useQuery({
    queryKey: queryKeys.account.general(),
    queryFn: () => api.account.generalSettings(),
  });
}

/** Saves them; `/me` is read again, since every date of the dashboard uses its utc_offset. */
export function useSaveGeneralSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GeneralSettings) => api.account.updateGeneralSettings({ body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.account.general() });
      await client.invalidateQueries({ queryKey: queryKeys.me.all });
    },
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.account.changePassword({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.sessions() }),
  });
}

export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => api.account.updateProfile({ body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.me.all }),
  });
}

/**
 * The person's picture: a chosen file is uploaded under their own `avatars` folder, then set as
 * the avatar (null removes it). The top bar shows it once `me` is read again.
 */
export function useSaveAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File | null) => {
      let avatar: AvatarBody['avatar'] = null;
      if (file) {
        const uploaded = await api.uploads.uploadFile({
          file,
          fileName: file.name,
          filePath: 'avatars',
        });
        avatar = `${BLOB_FILE_PREFIX}${uploaded.filePath}`;
      }
      await api.account.updateAvatar({ body: { avatar } });
      return avatar;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.me.all }),
  });
}

export function useAccountSessions() {
  return useQuery({
    queryKey: queryKeys.account.sessions(),
    queryFn: () => api.account.sessions(),
  });
}

export function useSignOutEverywhere() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.account.signOutEverywhere(),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.sessions() }),
  });
}

/** A new two-factor secret for the own account (not confirmed until a code is checked). */
export function useEnableTfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.auth.tfaEnable(),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.me.all }),
  });
}

/** Turns two-factor off with a current code (its recovery codes end with it). */
export function useDisableTfa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.auth.tfaDisable({ body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.me.all }),
  });
}

/** Asks to change the email: a link goes to the new address. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => api.account.changeEmail({ body }),
  });
}

/** Opens the link sent to the new address; `/me` then shows the new email. */
export function useConfirmEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.account.confirmEmailChange({ body: { token } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.me.all }),
  });
}
