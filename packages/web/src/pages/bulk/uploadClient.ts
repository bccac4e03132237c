import { createApiClient } from '@printloom/core';
import { readToken } from '../../env/session.js';

/**
 * The client artwork uploads go through. The session token goes as a bearer header and cookies
 * stay home: the signed upload PUT carries no CSRF header, so the server refuses it as a
 * cookie-authenticated change when the session cookie rides along (the dashboard's shared
 * client sends cookies).
 */
export const uploadClient = createApiClient({
  baseUrl: '',
  fetch: (input, init) => fetch(input, { ...init, credentials: 'omit' }),
  getToken: readToken,
});
