import type { SocialIntent, SocialProvider } from './socialSchemas.js';

/**
 * Where the browser goes to sign in with a provider (`login`) or link it to the signed-in account
 * (`link`): `GET /auth/social/:provider/start` (route `social.start`), opened as a full page since
 * the provider's own pages follow. Built without the route table, so the login page does not
 * load it.
 */
export function socialStartLink(
  baseUrl: string,
  provider: SocialProvider,
  intent: SocialIntent = 'login',
): string {
  return `${baseUrl}/auth/social/${encodeURIComponent(provider)}/start?intent=${intent}`;
}
