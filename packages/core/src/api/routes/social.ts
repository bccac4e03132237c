import { DoneAnswer, LoginAnswer } from '../authSchemas.js';
import {
  FacebookDeletionParams,
  SocialCallbackQuery,
  SocialIdentitiesAnswer,
  SocialLinkPasswordBody,
  SocialLinkTokenBody,
  SocialPendingLinkAnswer,
  SocialProviderParams,
  SocialProvidersAnswer,
  SocialStartQuery,
} from '../socialSchemas.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['auth'] as const;

/**
 * Sign-in with Google or Facebook (issue 15, spec §6). The browser is sent to `start`, which
 * redirects to the provider; the provider sends it back to `callback`, which signs in the linked
 * account, signs up a new one, or, when the email already has an account, asks that account to
 * confirm the link (its password, or a mailed link) before anything is linked.
 */
export const social = {
  providers: route({
    method: 'GET',
    path: '/auth/social/providers',
    summary: 'The sign-in providers this server is configured for',
    tags,
    auth: 'none',
    response: SocialProvidersAnswer,
  }),
  start: route({
    method: 'GET',
    path: '/auth/social/:provider/start',
    summary: 'Redirects the browser to the provider (state, nonce and PKCE)',
    description:
      'intent=login signs in or up; intent=link needs a session and links the provider to it. A provider that is not configured redirects back with social_error=not_configured.',
    tags,
    auth: 'optional',
    params: SocialProviderParams,
    query: SocialStartQuery,
    answer: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
    rateLimit: 'login',
  }),
  callback: route({
    method: 'GET',
    path: '/auth/social/:provider/callback',
    summary: 'Where the provider returns: signs in, signs up or links, then redirects',
    description:
      'Needs the state cookie set by start; the code is exchanged with the PKCE verifier and, for OpenID Connect, the ID token is verified with the nonce. Failures redirect with social_error.',
    tags,
    auth: 'optional',
    params: SocialProviderParams,
    query: SocialCallbackQuery,
    answer: { kind: 'text', contentType: 'text/plain; charset=utf-8' },
    rateLimit: 'login',
  }),
  pendingLink: route({
    method: 'POST',
    path: '/auth/social/link/pending',
    summary: 'What a link request would link: the provider and the existing account',
    tags,
    auth: 'none',
    body: SocialLinkTokenBody,
    response: SocialPendingLinkAnswer,
    rateLimit: 'login',
    errors: [422],
  }),
  confirmLinkPassword: route({
    method: 'POST',
    path: '/auth/social/link/password',
    summary: "Link the provider after the existing account's password, then sign in",
    description:
      'A two-factor account answers tfa_required and continues with POST /auth/tfa/verify.',
    tags,
    auth: 'none',
    body: SocialLinkPasswordBody,
    response: LoginAnswer,
    rateLimit: 'login',
    errors: [401, 422],
  }),
  sendLinkMail: route({
    method: 'POST',
    path: '/auth/social/link/mail',
    summary: "Mail the existing account's address a link that confirms the provider link",
    tags,
    auth: 'none',
    body: SocialLinkTokenBody,
    response: DoneAnswer,
    rateLimit: 'auth',
    errors: [422],
  }),
  confirmLinkMail: route({
    method: 'POST',
    path: '/auth/social/link/verify',
    summary: 'Link the provider with the mailed token, then sign in',
    description:
      'A two-factor account answers tfa_required and continues with POST /auth/tfa/verify.',
    tags,
    auth: 'none',
    body: SocialLinkTokenBody,
    response: LoginAnswer,
    rateLimit: 'login',
    errors: [422],
  }),
  facebookDeletion: route({
    method: 'POST',
    path: '/auth/facebook/data-deletion',
    summary: "Facebook's Data Deletion Request Callback: unlinks and erases the Facebook account",
    description:
      'Facebook posts signed_request (application/x-www-form-urlencoded), signed with HMAC-SHA256 and the app secret. The answer is JSON without the envelope, as Facebook documents: { url, confirmation_code }, url being the status page. A missing or wrongly signed request is 400; a server without Facebook configured answers 404.',
    tags,
    auth: 'none',
    bodyKind: 'raw',
    answer: { kind: 'text', contentType: 'application/json; charset=utf-8' },
    rateLimit: 'auth',
    errors: [400, 404],
  }),
  facebookDeletionStatus: route({
    method: 'GET',
    path: '/auth/facebook/data-deletion/:code',
    summary: 'The status page of a Facebook data deletion request, by its confirmation code',
    tags,
    auth: 'none',
    params: FacebookDeletionParams,
    answer: { kind: 'text', contentType: 'text/html; charset=utf-8' },
    rateLimit: 'auth',
    errors: [404],
  }),
  identities: route({
    method: 'GET',
    path: '/seller/account/identities',
    summary: "The sign-in providers linked to the signed-in person's own account",
    tags: ['account'],
    permission: ANY_MEMBER,
    sessionOnly: true,
    response: SocialIdentitiesAnswer,
    errors: [403],
  }),
  unlink: route({
    method: 'DELETE',
    path: '/seller/account/identities/:provider',
    summary: 'Unlink a provider (refused when it is the only way left to sign in)',
    tags: ['account'],
    permission: ANY_MEMBER,
    sessionOnly: true,
    params: SocialProviderParams,
    response: DoneAnswer,
    errors: [403, 404, 422],
  }),
} as const;
