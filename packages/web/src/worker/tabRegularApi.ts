import type { RegularApi } from '@printloom/core';
import { shouldReloadTab } from './reloadRule.js';

export interface TabRegularApiOptions {
  api: RegularApi;
  /** The route wait rule: resolves once the page is not a busy one (routeWait.ts). */
  waitForQuietRoute: (signal: AbortSignal) => Promise<void>;
  signal: AbortSignal;
  lastMouseActivity: () => number;
  now: () => number;
  /** Clears the tab session id and reloads the page. */
  reload: () => void;
}

/**
 * The regular worker's API as the tab gives it: next-job waits out busy routes first, and an
 * answer asking for a reload reloads the tab when the mouse has been still for over 60 s (spec
 * §4). The state machine in core stays the CLI's; these rules are the browser's own.
 */
export function createTabRegularApi(options: TabRegularApiOptions): RegularApi {
  const { api } = options;
  return {
    bulkRegular: {
      async nextJob(input) {
        await options.waitForQuietRoute(options.signal);
        const answer = await api.bulkRegular.nextJob(input);
        const reload = shouldReloadTab({
          reload: answer.reload,
          lastMouseActivity: options.lastMouseActivity(),
          now: options.now(),
        });
        if (reload) options.reload();
        return answer;
      },
      createCampaign: (input) => api.bulkRegular.createCampaign(input),
      log: (input) => api.bulkRegular.log(input),
      saveDesigns: (input) => api.bulkRegular.saveDesigns(input),
      release: (input) => api.bulkRegular.release(input),
    },
    bulkV3: { origin: (input) => api.bulkV3.origin(input) },
  };
}
