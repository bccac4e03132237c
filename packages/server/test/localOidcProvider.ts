/**
 * A local OpenID Connect provider (panva's oidc-provider) standing in for Google in tests:
 * discovery, authorization with PKCE required, the token endpoint and signed ID tokens. Its
 * login and consent step is answered at once for the account the test chose (`signInAs`), and
 * `authorize` walks a browser's redirects through it with a cookie jar, up to the address the
 * provider sends the browser back to.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next login at the provider signs in as. */
  signInAs(account: OidcAccount): void;
  /** Follows the authorization address as a browser would; answers the callback address. */
  authorize(authorizationUrl: string): Promise<URL>;
  /** Authorization requests seen, with their query. */
  requests: URLSearchParams[];
  close(): Promise<void>;
}

/**
 * `redirectUri` may be given later (a function read at the first request), for a client whose
 * address is known only once the provider's own is (end-to-end tests).
 */
export async function startLocalOidcProvider(
  redirectUri: string | (() => string),
): Promise<LocalOidcProvider> {
  const accounts = new Map<string, OidcAccount>();
  let next: OidcAccount | undefined;
  const requests: URLSearchParams[] = [];
  const clientId = 'printloom-test';
  const clientSecret = 'printloom-test-secret-that-is-long-enough';
  let provider: Provider | undefined;
  let issuer = '';

  const server: Server = createServer((req, res) => {
    void (async () => {
      provider ??= makeProvider();
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/auth') requests.push(url.searchParams);
      if (url.pathname.startsWith('/interaction/')) {
        const details = await provider.interactionDetails(req, res);
        const account = next;
        if (!account) throw new Error('signInAs was not called');
        accounts.set(account.sub, account);
        const grant = new provider.Grant({
          accountId: account.sub,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      provider.callback()(req, res);
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const makeProvider = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [typeof redirectUri === 'string' ? redirectUri : redirectUri()],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      pkce: { required: () => true },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name'],
      },
      // The scopes' claims go into the ID token, as Google's do.
      conformIdTokenClaims: false,
      findAccount: async (_ctx, sub) => {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return { accountId: sub, claims: async () => ({ ...account }) };
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      features: { devInteractions: { enabled: false } },
      cookies: { keys: ['local-oidc-provider-cookie-key'] },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
    });

  async function authorize(authorizationUrl: string): Promise<URL> {
    const jar = new Map<string, string>();
    let address = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop += 1) {
      if (!address.href.startsWith(issuer)) return address;
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(address, {
        redirect: 'manual',
        headers: cookie ? { cookie } : {},
      });
      for (const set of response.headers.getSetCookie()) {
        const [pair] = set.split(';');
        const at = pair?.indexOf('=') ?? -1;
        if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = response.headers.get('location');
      if (!location) {
        throw new Error(`provider answered ${response.status}: ${await response.text()}`);
      }
      address = new URL(location, address);
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (account) => {
      next = account;
    },
    authorize,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
