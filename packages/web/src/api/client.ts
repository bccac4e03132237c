import { API_GROUP_LOADERS, createLazyApiClient } from '@printloom/core';
import { clearToken } from '../env/session.js';
import { queryClient } from './queryClient.js';
import { queryKeys } from './queryKeys.js';

/**
 * A session the server no longer accepts (expired, revoked, logged out elsewhere) ends here too:
 * the user becomes null, so the layout sends the user to login.
 */
function sessionRefused(): void {
  clearToken();
  queryClient.setQueryData(queryKeys.me.all, null);
}

/**
 * The one API client of the dashboard. The API lives on the page's own origin (the server
 * serves the built app; `vite dev` proxies to it), so the base is ''. `fetch` is wrapped because
 * a browser's fetch must be called unbound from `window`. Each group of routes (its schemas) is
 * loaded on its first call, so the sign-in page and the shell carry only what they call; a
 * download link is built with core's `exportLinks` (`ordersExportLink('', query)`, …).
 */
export const api = createLazyApiClient(
  {
    baseUrl: '',
    // The HttpOnly session cookie goes along; the client adds the CSRF header to every call.
    fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin' }),
    getToken: () => null,
    onUnauthorized: sessionRefused,
  },
  API_GROUP_LOADERS,
);

export type Api = typeof api;
