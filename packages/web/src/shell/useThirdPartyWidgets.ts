import type { User, WidgetsAnswer } from '@printloom/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../api/client.js';
import { queryKeys } from '../api/queryKeys.js';
import { startChangelog, startSupportChat } from './thirdPartyWidgets.js';

const NONE: WidgetsAnswer = { support_chat: null, changelog: null };

/**
 * Starts the third-party widgets this deployment configured, after the shell is drawn. Whether
 * the changelog widget is ready decides what the Changelog button does; until it is (or when its
 * provider cannot be reached) the button opens the notifications.
 */
export function useThirdPartyWidgets(
  user: Pick<User, 'email' | 'name' | 'crisp_token_id' | 'crisp_signature' | 'roles'>,
): { changelogReady: boolean } {
  const widgets = useQuery({
    queryKey: queryKeys.widgets.all,
    queryFn: async () => {
      try {
        return await api.shell.widgets();
      } catch {
        return NONE;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [changelogReady, setChangelogReady] = useState(false);
  const config = widgets.data;

  useEffect(() => {
    if (!config) return;
    void startSupportChat(config.support_chat, user);
  }, [config, user]);

  useEffect(() => {
    if (!config?.changelog) return;
    let live = true;
    void startChangelog(config.changelog).then((ready) => {
      if (live) setChangelogReady(ready);
    });
    return () => {
      live = false;
    };
  }, [config]);

  return { changelogReady };
}
