/**
 * A local server answering as Facebook's Graph API documents (Manually Build a Login Flow):
 * `/oauth/access_token` exchanges a code issued to this test for `{ access_token, token_type,
 * expires_in }`, checking the app id and secret, the redirect address and the PKCE verifier;
 * `/me?fields=id,name,email` answers the person of the token and checks `appsecret_proof`.
 * Errors are answered as Graph API errors (`{ error: { message, type, code } }`).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FacebookPerson {
  id: string;
  name: string;
  email?: string;
}

export interface FakeFacebook {
  graphUrl: string;
  authorizeUrl: string;
  appId: string;
  appSecret: string;
  /** A code the login dialog would hand back for this person and PKCE challenge. */
  issueCode(person: FacebookPerson, codeChallenge: string, redirectUri: string): string;
  /** Token requests received (form fields). */
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

function graphError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: 'OAuthException', code: 100 } }));
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeFacebook(): Promise<FakeFacebook> {
  const appId = '1234567890';
  const appSecret = 'facebook-app-secret';
  const codes = new Map<
    string,
    { person: FacebookPerson; challenge: string; redirectUri: string }
  >();
  const tokens = new Map<string, FacebookPerson>();
  const tokenRequests: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/v21.0/oauth/access_token') {
        const form = req.method === 'POST' ? await readForm(req) : url.searchParams;
        tokenRequests.push(form);
        if (form.get('client_id') !== appId || form.get('client_secret') !== appSecret) {
          return graphError(res, 400, 'Error validating client secret.');
        }
        const issued = codes.get(form.get('code') ?? '');
        if (!issued) return graphError(res, 400, 'Invalid verification code format.');
        codes.delete(form.get('code') ?? '');
        if (issued.redirectUri !== form.get('redirect_uri')) {
          return graphError(res, 400, 'Error validating verification code.');
        }
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (challenge !== issued.challenge) {
          return graphError(res, 400, 'Invalid code verifier.');
        }
        const accessToken = randomBytes(24).toString('hex');
        tokens.set(accessToken, issued.person);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ access_token: accessToken, token_type: 'bearer', expires_in: 5183944 }),
        );
        return;
      }
      if (url.pathname === '/v21.0/me') {
        const token = url.searchParams.get('access_token') ?? '';
        const person = tokens.get(token);
        if (!person) return graphError(res, 400, 'Invalid OAuth access token.');
        const proof = createHmac('sha256', appSecret).update(token).digest('hex');
        if (url.searchParams.get('appsecret_proof') !== proof) {
          return graphError(res, 400, 'Invalid appsecret_proof provided in the API argument');
        }
        const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
        const answer: Record<string, string> = {};
        for (const field of fields) {
          const value = person[field as keyof FacebookPerson];
          if (value !== undefined) answer[field] = value;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
        return;
      }
      graphError(res, 404, 'Unknown path components');
    })().catch((error: unknown) => graphError(res, 500, String(error)));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    graphUrl: `${origin}/v21.0`,
    authorizeUrl: `${origin}/v21.0/dialog/oauth`,
    appId,
    appSecret,
    issueCode: (person, codeChallenge, redirectUri) => {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { person, challenge: codeChallenge, redirectUri });
      return code;
    },
    tokenRequests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A `signed_request` built as Facebook builds the one it posts to the Data Deletion Request
 * Callback: base64url(HMAC-SHA256(app secret, encoded payload)) + '.' + base64url(JSON payload).
 */
export function facebookSignedRequest(payload: Record<string, unknown>, appSecret: string): string {
  const encodedPayload = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = createHmac('sha256', appSecret).update(encodedPayload).digest('base64url');
  return `${signature}.${encodedPayload}`;
}
