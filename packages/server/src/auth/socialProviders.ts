/**
 * Sign-in providers (issue 15, spec §6) through openid-client: Google as an OpenID Connect
 * provider found by discovery (authorization code + PKCE + state + nonce, ID token verified
 * against the provider's keys), Facebook as an OAuth 2.0 provider (authorization code + PKCE +
 * state, then the Graph API `/me?fields=id,name,email` with the access token and its
 * `appsecret_proof`). Endpoints are settings so tests answer from local servers.
 */
import { createHmac } from 'node:crypto';
import { SOCIAL_SCOPES, type SocialProvider } from '@printloom/core';
import * as oidc from 'openid-client';
import type { SocialLoginSettings } from '../config.js';

/** Who signed in at the provider. */
export interface SocialProfile {
  /** The provider's stable id of the account (`sub`, or Facebook's app-scoped `id`). */
  subject: string;
  /** The address to sign up or match with; null when the provider gave none worth using. */
  email: string | null;
  /** Whether the provider vouches that the address belongs to the person. */
  emailVerified: boolean;
  name: string | null;
}

/** What a sign-in sends to the provider and checks on the way back. */
export interface SocialChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface SocialClient {
  authorizationUrl(redirectUri: string, checks: SocialChecks): Promise<URL>;
  /** Exchanges the code of `callbackUrl` (the redirect address with the provider's query). */
  finish(callbackUrl: URL, checks: SocialChecks): Promise<SocialProfile>;
}

/** The provider answered something other than a sign-in. */
export class SocialProviderError extends Error {
  override readonly name = 'SocialProviderError';
}

const PROVIDER_TIMEOUT_MS = 10_000;

/** Plain http is accepted only for a provider on this machine (a test or local stand-in). */
function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function insecureAllowed(url: URL): boolean {
  return url.protocol === 'http:' && isLoopback(url);
}

function googleClient(settings: NonNullable<SocialLoginSettings['google']>): SocialClient {
  const issuer = new URL(settings.issuer);
  let discovered: Promise<oidc.Configuration> | undefined;
  // Discovery is done once; a failed one is tried again on the next sign-in.
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        issuer,
        settings.clientId,
        undefined,
        oidc.ClientSecretPost(settings.clientSecret),
        insecureAllowed(issuer)
          ? { execute: [oidc.allowInsecureRequests], timeout: PROVIDER_TIMEOUT_MS / 1000 }
          : { timeout: PROVIDER_TIMEOUT_MS / 1000 },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
  return {
    async authorizationUrl(redirectUri, checks) {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: SOCIAL_SCOPES.google.join(' '),
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async finish(callbackUrl, checks) {
      const tokens = await oidc.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new SocialProviderError('Google answered without an ID token');
      // An address Google has not verified is not used at all: it could be anyone's.
      const verified = claims.email_verified === true;
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      return {
        subject: claims.sub,
        email: verified && email ? email : null,
        emailVerified: verified,
        name: typeof claims.name === 'string' ? claims.name : null,
      };
    },
  };
}

/** Graph API `/me` as documented: `id`, and `name` and `email` when the person shares them. */
interface GraphMe {
  id?: unknown;
  name?: unknown;
  email?: unknown;
}

function facebookClient(settings: NonNullable<SocialLoginSettings['facebook']>): SocialClient {
  const graph = settings.graphUrl.replace(/\/+$/, '');
  const tokenEndpoint = new URL(`${graph}/oauth/access_token`);
  const configuration = new oidc.Configuration(
    {
      issuer: 'https://www.facebook.com',
      authorization_endpoint: settings.authorizeUrl,
      token_endpoint: tokenEndpoint.href,
    },
    settings.appId,
    undefined,
    oidc.ClientSecretPost(settings.appSecret),
  );
  configuration.timeout = PROVIDER_TIMEOUT_MS / 1000;
  if (insecureAllowed(tokenEndpoint)) oidc.allowInsecureRequests(configuration);
  return {
    async authorizationUrl(redirectUri, checks) {
      return oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SOCIAL_SCOPES.facebook.join(','),
        state: checks.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async finish(callbackUrl, checks) {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
      });
      const me = new URL(`${graph}/me`);
      me.searchParams.set('fields', 'id,name,email');
      me.searchParams.set('access_token', tokens.access_token);
      // Graph API calls made with an app secret carry its proof (HMAC-SHA256 of the token).
      me.searchParams.set(
        'appsecret_proof',
        createHmac('sha256', settings.appSecret).update(tokens.access_token).digest('hex'),
      );
      const response = await fetch(me, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
      if (!response.ok) throw new SocialProviderError(`Graph API /me answered ${response.status}`);
      const body = (await response.json()) as GraphMe;
      if (typeof body.id !== 'string' || body.id === '') {
        throw new SocialProviderError('Graph API /me answered without an id');
      }
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      return {
        subject: body.id,
        email: email || null,
        // The Graph API does not say whether the address was confirmed: the account still
        // verifies it by mail (see README, Social sign-in).
        emailVerified: false,
        name: typeof body.name === 'string' ? body.name : null,
      };
    },
  };
}

/** The configured providers' clients, in button order. */
export function socialClients(
  settings: SocialLoginSettings,
): Partial<Record<SocialProvider, SocialClient>> {
  return {
    ...(settings.google ? { google: googleClient(settings.google) } : {}),
    ...(settings.facebook ? { facebook: facebookClient(settings.facebook) } : {}),
  };
}
