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

/** What each provider is called on buttons and in messages. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
};

/**
 * Why a social sign-in or link ended: the callback sends the browser back with
 * `?social_error=<code>` and the page shows the message.
 */
export const SOCIAL_ERRORS = {
  denied: 'The sign-in was cancelled at the provider.',
  state: 'The sign-in link has expired or was started in another browser. Please try again.',
  failed: 'We could not confirm your identity with the provider. Please try again.',
  no_email:
    'Your provider account did not share a verified email address. Sign up with email and password, then link the provider from your account page.',
  taken: 'This provider account is already linked to another Printloom account.',
  already: 'Your account is already linked to another account of this provider. Unlink it first.',
  not_configured: 'Sign-in with this provider is not available.',
  signed_out: 'Please log in first, then link the provider from your account page.',
  not_own_account: 'Go back to your own account to link a sign-in provider.',
} as const;
export type SocialErrorCode = keyof typeof SOCIAL_ERRORS;

/** The message of a `social_error` code, or null for none or an unknown one. */
export function socialErrorMessage(code: string | null | undefined): string | null {
  if (!code || !Object.hasOwn(SOCIAL_ERRORS, code)) return null;
  return SOCIAL_ERRORS[code as SocialErrorCode];
}
