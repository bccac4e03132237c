import { createApiClient } from '@printloom/core';

/**
 * The client artwork uploads go through: the HttpOnly session cookie with the CSRF header the
 * client adds; the signed upload PUT is authorised by its signature (the server does not ask
 * it for the header).
 */
export const uploadClient = createApiClient({
  baseUrl: '',
  fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin' }),
  getToken: () => null,
});
