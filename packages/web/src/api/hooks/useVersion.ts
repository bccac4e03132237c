import { useQuery } from '@tanstack/react-query';
import { VERSION_POLL_MS } from '../../constants.js';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/**
 * The deployed version, polled every 60 s (spec §4 New version). A failed poll gives null, so a
 * server restart or a network blip never shows the notice by itself.
 */
export function useVersion() {
  return useQuery({
    queryKey: queryKeys.version.all,
    queryFn: async () => {
      try {
        return (await api.shell.version()).last_update;
      } catch (error) {
        console.warn('Version poll failed', error);
        return null;
      }
    },
    refetchInterval: VERSION_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}
