import { z } from 'zod';

/**
 * Social sign-in (spec §6 "Social login configured"): Google as an OpenID Connect provider with
 * the scopes `openid profile email`, Facebook as an OAuth 2.0 provider with `public_profile,email`.
 */
export const SocialProvider = z.enum(['google', 'facebook']);
export type SocialProvider = z.infer<typeof SocialProvider>;

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

/**
 * Facebook's Data Deletion Request Callback: Facebook posts `signed_request` (a form field) when
 * a person removes the app and asks for their data to be deleted; the answer names the status
 * page the person can open and the confirmation code shown there.
 */
export const FACEBOOK_DELETION_CODE_PATTERN = /^[a-f0-9]{24}$/;
export const FacebookDeletionAnswer = z.object({
  url: z.url(),
  confirmation_code: z.string().regex(FACEBOOK_DELETION_CODE_PATTERN),
});
export type FacebookDeletionAnswer = z.infer<typeof FacebookDeletionAnswer>;
export const FacebookDeletionParams = z.object({
  code: z.string().regex(FACEBOOK_DELETION_CODE_PATTERN, 'Unknown confirmation code'),
});

export const FACEBOOK_DELETION_MESSAGES = {
  badRequest: 'The signed request is missing, malformed or not signed with this app’s secret.',
  notConfigured: 'Facebook sign-in is not configured on this server.',
} as const;
