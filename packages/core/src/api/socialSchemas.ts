import { z } from 'zod';

/**
 * Social sign-in (spec §6 "Social login configured"): Google as an OpenID Connect provider with
 * the scopes `openid profile email`, Facebook as an OAuth 2.0 provider with `public_profile,email`.
 */
export const SocialProvider = z.enum(['google', 'facebook']);
export type SocialProvider = z.infer<typeof SocialProvider>;

/** What each provider is called on buttons and in messages. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
};

/** The scopes asked of each provider (spec §6). */
export const SOCIAL_SCOPES: Record<SocialProvider, readonly string[]> = {
  google: ['openid', 'profile', 'email'],
  facebook: ['public_profile', 'email'],
};

/** `login` signs in or signs up; `link` adds the provider to the signed-in account. */
export const SocialIntent = z.enum(['login', 'link']);
export type SocialIntent = z.infer<typeof SocialIntent>;

export const SocialProviderParams = z.object({ provider: SocialProvider });

export const SocialStartQuery = z.object({ intent: SocialIntent.default('login') });

/** What the provider sends back to the callback address (RFC 6749 §4.1.2, §4.1.2.1). */
export const SocialCallbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

/** The providers this server is configured for, in button order. */
export const SocialProvidersAnswer = z.object({ providers: z.array(SocialProvider) });
export type SocialProvidersAnswer = z.infer<typeof SocialProvidersAnswer>;

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

export const SOCIAL_MESSAGES = {
  linkInvalid:
    'This link request is invalid or has expired. Please sign in with the provider again.',
  linkMailSent: 'We have sent a link to your email address. Open it to link your account.',
  linked: 'The provider has been linked to your account.',
  unlinked: 'The provider has been unlinked from your account.',
  notLinked: 'This provider is not linked to your account.',
  lastSignIn:
    'This is your only way to sign in. Set a password (Forgot password) or link another provider first.',
} as const;

/** A sign-in with a provider whose email belongs to an account that must confirm the link. */
export const SocialLinkTokenBody = z.object({
  token: z.string().min(1, 'The link request is invalid.').max(512),
});
export type SocialLinkTokenBody = z.infer<typeof SocialLinkTokenBody>;

/** What is about to be linked: shown before the password is asked. */
export const SocialPendingLinkAnswer = z.object({
  provider: SocialProvider,
  email: z.string(),
  /** False for an account created through a provider: it confirms by mail only. */
  has_password: z.boolean(),
});
export type SocialPendingLinkAnswer = z.infer<typeof SocialPendingLinkAnswer>;

export const SocialLinkPasswordBody = SocialLinkTokenBody.extend({
  password: z.string().min(1, 'Password is required').max(256),
});
export type SocialLinkPasswordBody = z.infer<typeof SocialLinkPasswordBody>;

/** A provider linked to the signed-in person's account. */
export const SocialIdentity = z.object({
  provider: SocialProvider,
  email: z.string().nullable(),
  created_at: z.string(),
});
export type SocialIdentity = z.infer<typeof SocialIdentity>;

export const SocialIdentitiesAnswer = z.object({
  identities: z.array(SocialIdentity),
  /** Whether the account has a password of its own (sign-ups through a provider have none). */
  has_password: z.boolean(),
});
export type SocialIdentitiesAnswer = z.infer<typeof SocialIdentitiesAnswer>;
