import { createHash } from 'node:crypto';
import { SOCIAL_MESSAGES } from '@printloom/core';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFacebook, startFakeFacebook } from '../../test/fakeFacebook.js';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  PASSWORD,
  type TestApp,
} from '../../test/helpers.js';
import { type LocalOidcProvider, startLocalOidcProvider } from '../../test/localOidcProvider.js';
import { SESSION_COOKIE } from '../http/authContext.js';
import { SOCIAL_STATE_COOKIE } from './social.js';

const PUBLIC_URL = 'http://localhost:3000';
const GOOGLE_CALLBACK = `${PUBLIC_URL}/auth/social/google/callback`;
const FACEBOOK_CALLBACK = `${PUBLIC_URL}/auth/social/facebook/callback`;

interface Started {
  location: URL;
  state: string;
}

describe.each(BACKENDS)('social sign-in on %s', (backend) => {
  let t: TestApp;
  let google: LocalOidcProvider;
  let facebook: FakeFacebook;

  beforeAll(async () => {
    google = await startLocalOidcProvider(GOOGLE_CALLBACK);
    facebook = await startFakeFacebook();
    t = await createTestApp(backend, {
      publicUrl: PUBLIC_URL,
      socialLogin: {
        google: {
          clientId: google.clientId,
          clientSecret: google.clientSecret,
          issuer: google.issuer,
        },
        facebook: {
          appId: facebook.appId,
          appSecret: facebook.appSecret,
          authorizeUrl: facebook.authorizeUrl,
          graphUrl: facebook.graphUrl,
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
    await facebook?.close();
  });

  async function start(
    provider: 'google' | 'facebook',
    intent: 'login' | 'link' = 'login',
    token?: string,
  ): Promise<Started> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/auth/social/${provider}/start?intent=${intent}`,
      headers: token ? bearer(token) : {},
    });
    expect(response.statusCode).toBe(302);
    const cookie = response.cookies.find((c) => c.name === SOCIAL_STATE_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    return { location: new URL(String(response.headers.location)), state: cookie?.value ?? '' };
  }

  async function callback(address: URL, state: string, token?: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `${address.pathname}${address.search}`,
      cookies: { [SOCIAL_STATE_COOKIE]: state },
      headers: token ? bearer(token) : {},
    });
    expect(response.statusCode).toBe(302);
    const session = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
    return { location: String(response.headers.location), session, response };
  }

  async function googleAs(
    account: { sub: string; email: string; email_verified?: boolean; name?: string },
    intent: 'login' | 'link' = 'login',
    token?: string,
  ) {
    google.signInAs({ email_verified: true, name: 'Google Person', ...account });
    const started = await start('google', intent, token);
    const back = await google.authorize(started.location.href);
    return callback(back, started.state, token);
  }

  async function me(session: string) {
    const response = await t.app.inject({ method: 'GET', url: '/me', headers: bearer(session) });
    return body<{ email: string; email_verified_at: string | null; name: string }>(response).data;
  }

  it('lists only the configured providers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/social/providers' });
    expect(body(response).data).toEqual({ providers: ['google', 'facebook'] });
    const bare = await createTestApp(backend);
    try {
      const none = await bare.app.inject({ method: 'GET', url: '/auth/social/providers' });
      expect(body(none).data).toEqual({ providers: [] });
      const refused = await bare.app.inject({ method: 'GET', url: '/auth/social/google/start' });
      expect(refused.headers.location).toBe('/auth/login?social_error=not_configured');
    } finally {
      await bare.close();
    }
  });

  it('sends Google the scopes, state, nonce and an S256 PKCE challenge of the kept verifier', async () => {
    const started = await start('google');
    const query = started.location.searchParams;
    expect(started.location.href.startsWith(google.issuer)).toBe(true);
    expect(query.get('scope')).toBe('openid profile email');
    expect(query.get('state')).toBe(started.state);
    expect(query.get('nonce')).toBeTruthy();
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('redirect_uri')).toBe(GOOGLE_CALLBACK);
    const [kept] = await t.app.db.query<{ code_verifier: string; nonce: string }>(
      'SELECT code_verifier, nonce FROM social_auth_states WHERE state_hash = $1',
      [createHash('sha256').update(started.state).digest('hex')],
    );
    expect(
      createHash('sha256')
        .update(kept?.code_verifier ?? '')
        .digest('base64url'),
    ).toBe(query.get('code_challenge'));
    expect(kept?.nonce).toBe(query.get('nonce'));
  });

  it('signs up a new seller with a verified Google email, then signs the same account in', async () => {
    const first = await googleAs({ sub: 'g-new-1', email: 'New.Person@Example.test', name: 'Nia' });
    expect(first.location).toBe('/?ref=login');
    expect(first.session).toBeTruthy();
    expect(await me(first.session ?? '')).toMatchObject({
      email: 'new.person@example.test',
      name: 'Nia',
    });
    expect((await me(first.session ?? '')).email_verified_at).not.toBeNull();
    const again = await googleAs({ sub: 'g-new-1', email: 'new.person@example.test' });
    expect(again.location).toBe('/?ref=login');
    expect((await me(again.session ?? '')).email).toBe('new.person@example.test');
    const [count] = await t.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE email = 'new.person@example.test'",
    );
    expect(count?.n).toBe(1);
  });

  it('refuses a Google account whose email is not verified', async () => {
    const result = await googleAs({
      sub: 'g-unverified',
      email: 'unverified@example.test',
      email_verified: false,
    });
    expect(result.location).toBe('/auth/login?social_error=no_email');
    expect(result.session).toBeUndefined();
  });

  it('does not sign in to an existing account by email: links only after its password', async () => {
    await createUser(t.app, { email: 'owner@example.test' });
    const result = await googleAs({ sub: 'g-owner', email: 'owner@example.test' });
    expect(result.session).toBeUndefined();
    expect(result.location).toMatch(/^\/auth\/social\/confirm#token=/);
    const token = decodeURIComponent(result.location.split('#token=')[1] ?? '');

    const pending = await t.app.inject({
      method: 'POST',
      url: '/auth/social/link/pending',
      payload: { token },
    });
    expect(body(pending).data).toEqual({
      provider: 'google',
      email: 'owner@example.test',
      has_password: true,
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/auth/social/link/password',
      payload: { token, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    const identities = await t.app.db.query(
      "SELECT 1 FROM user_identities WHERE subject = 'g-owner'",
    );
    expect(identities).toHaveLength(0);

    const right = await t.app.inject({
      method: 'POST',
      url: '/auth/social/link/password',
      payload: { token, password: PASSWORD },
    });
    expect(right.statusCode).toBe(200);
    const session = body<{ access_token: string }>(right).data.access_token;
    expect((await me(session)).email).toBe('owner@example.test');
    // The request is used up; the next Google sign-in goes straight in.
    const reused = await t.app.inject({
      method: 'POST',
      url: '/auth/social/link/password',
      payload: { token, password: PASSWORD },
    });
    expect(reused.statusCode).toBe(422);
    const next = await googleAs({ sub: 'g-owner', email: 'owner@example.test' });
    expect(next.location).toBe('/?ref=login');
  });

  it('links an existing account through the mailed link instead of the password', async () => {
    await createUser(t.app, { email: 'mailer@example.test' });
    const result = await googleAs({ sub: 'g-mailer', email: 'mailer@example.test' });
    const token = decodeURIComponent(result.location.split('#token=')[1] ?? '');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/auth/social/link/mail',
      payload: { token },
    });
    expect(body(sent).message).toBe(SOCIAL_MESSAGES.linkMailSent);
    const [mail] = await t.app.db.query<{ body: string }>(
      "SELECT body FROM outbox WHERE to_address = 'mailer@example.test' ORDER BY id DESC LIMIT 1",
    );
    const mailToken = /mail_token=([A-Za-z0-9_%-]+)/.exec(mail?.body ?? '')?.[1];
    expect(mailToken).toBeTruthy();
    // The browser's token is not the mailed one.
    const guessed = await t.app.inject({
      method: 'POST',
      url: '/auth/social/link/verify',
      payload: { token },
    });
    expect(guessed.statusCode).toBe(422);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/auth/social/link/verify',
      payload: { token: decodeURIComponent(mailToken ?? '') },
    });
    expect(verified.statusCode).toBe(200);
    const session = body<{ access_token: string }>(verified).data.access_token;
    expect((await me(session)).email_verified_at).not.toBeNull();
  });

  it('asks a two-factor account for its code after a social sign-in', async () => {
    const user = await createUser(t.app, { email: 'tfa-social@example.test' });
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await t.app.db.query(
      'UPDATE users SET tfa_secret = $2, tfa_enable = true, tfa_confirm = true WHERE id = $1',
      [user.id, secret],
    );
    await t.app.db.query(
      "INSERT INTO user_identities (user_id, provider, subject) VALUES ($1, 'google', 'g-tfa')",
      [user.id],
    );
    const result = await googleAs({ sub: 'g-tfa', email: 'tfa-social@example.test' });
    expect(result.session).toBeUndefined();
    expect(result.location).toMatch(/^\/auth\/tfa#tfa_token=/);
    const tfaToken = decodeURIComponent(result.location.split('#tfa_token=')[1] ?? '');
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
    const verified = await t.app.inject({
      method: 'POST',
      url: '/auth/tfa/verify',
      payload: { tfa_token: tfaToken, code },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('refuses a callback whose state is not the one this browser started, or used twice', async () => {
    google.signInAs({ sub: 'g-csrf', email: 'csrf@example.test', email_verified: true, name: 'C' });
    const victim = await start('google');
    const attacker = await start('google');
    const back = await google.authorize(attacker.location.href);
    // The attacker's callback address opened in the victim's browser (other state cookie).
    const forged = await callback(back, victim.state);
    expect(forged.location).toBe('/auth/login?social_error=state');
    expect(forged.session).toBeUndefined();
    const noCookie = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(noCookie.headers.location).toBe('/auth/login?social_error=state');
    const own = await callback(back, attacker.state);
    expect(own.location).toBe('/?ref=login');
    const replayed = await callback(back, attacker.state);
    expect(replayed.location).toBe('/auth/login?social_error=state');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    google.signInAs({
      sub: 'g-nonce',
      email: 'nonce@example.test',
      email_verified: true,
      name: 'N',
    });
    const started = await start('google');
    const back = await google.authorize(started.location.href);
    await t.app.db.query(
      "UPDATE social_auth_states SET nonce = 'another-nonce' WHERE state_hash = $1",
      [createHash('sha256').update(started.state).digest('hex')],
    );
    const result = await callback(back, started.state);
    expect(result.location).toBe('/auth/login?social_error=failed');
    expect(result.session).toBeUndefined();
    const users = await t.app.db.query("SELECT 1 FROM users WHERE email = 'nonce@example.test'");
    expect(users).toHaveLength(0);
  });

  it('reports a sign-in cancelled at the provider', async () => {
    const started = await start('google');
    const address = new URL(GOOGLE_CALLBACK);
    address.searchParams.set('error', 'access_denied');
    address.searchParams.set('state', started.state);
    const result = await callback(address, started.state);
    expect(result.location).toBe('/auth/login?social_error=denied');
  });

  async function facebookAs(
    person: { id: string; name: string; email?: string },
    intent: 'login' | 'link' = 'login',
    token?: string,
  ) {
    const started = await start('facebook', intent, token);
    const query = started.location.searchParams;
    expect(query.get('scope')).toBe('public_profile,email');
    expect(query.get('code_challenge_method')).toBe('S256');
    const code = facebook.issueCode(
      person,
      query.get('code_challenge') ?? '',
      query.get('redirect_uri') ?? '',
    );
    const address = new URL(FACEBOOK_CALLBACK);
    address.searchParams.set('code', code);
    address.searchParams.set('state', query.get('state') ?? '');
    return callback(address, started.state, token);
  }

  it('signs up with Facebook (email to verify by mail) and signs in again with the PKCE verifier', async () => {
    const first = await facebookAs({ id: 'fb-1', name: 'Fay', email: 'fay@example.test' });
    expect(first.location).toBe('/?ref=login');
    const user = await me(first.session ?? '');
    expect(user).toMatchObject({ email: 'fay@example.test', name: 'Fay' });
    // The Graph API does not say the address was confirmed: a verification mail goes out.
    expect(user.email_verified_at).toBeNull();
    const mails = await t.app.db.query(
      "SELECT 1 FROM outbox WHERE to_address = 'fay@example.test' AND subject = 'Verify your email'",
    );
    expect(mails).toHaveLength(1);
    const tokenRequest = facebook.tokenRequests.at(-1);
    expect(tokenRequest?.get('code_verifier')).toBeTruthy();
    expect(tokenRequest?.get('redirect_uri')).toBe(FACEBOOK_CALLBACK);
    const again = await facebookAs({ id: 'fb-1', name: 'Fay', email: 'fay@example.test' });
    expect(again.location).toBe('/?ref=login');
  });

  it('refuses a Facebook sign-up that shares no email', async () => {
    const result = await facebookAs({ id: 'fb-no-email', name: 'Private' });
    expect(result.location).toBe('/auth/login?social_error=no_email');
  });

  it('links and unlinks providers from the account, never the last way to sign in', async () => {
    await createUser(t.app, { email: 'linker@example.test' });
    const session = await login(t.app, 'linker@example.test');
    const linked = await googleAs(
      { sub: 'g-linker', email: 'someone-else@example.test' },
      'link',
      session,
    );
    expect(linked.location).toBe('/settings/account?social_linked=google');
    const list = await t.app.inject({
      method: 'GET',
      url: '/seller/account/identities',
      headers: bearer(session),
    });
    expect(body(list).data).toMatchObject({
      identities: [{ provider: 'google', email: 'someone-else@example.test' }],
      has_password: true,
    });
    // The same Google account cannot be linked to a second Printloom account.
    await createUser(t.app, { email: 'second@example.test' });
    const second = await login(t.app, 'second@example.test');
    const taken = await googleAs({ sub: 'g-linker', email: 'x@example.test' }, 'link', second);
    expect(taken.location).toBe('/settings/account?social_error=taken');
    // Linking without a session is refused.
    const signedOut = await t.app.inject({
      method: 'GET',
      url: '/auth/social/google/start?intent=link',
    });
    expect(signedOut.headers.location).toBe('/auth/login?social_error=signed_out');

    const unlinked = await t.app.inject({
      method: 'DELETE',
      url: '/seller/account/identities/google',
      headers: bearer(session),
    });
    expect(unlinked.statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/seller/account/identities/google',
      headers: bearer(session),
    });
    expect(gone.statusCode).toBe(404);

    // An account made through Google has no password: its only provider stays.
    const made = await googleAs({ sub: 'g-only', email: 'only@example.test' });
    const onlySession = made.session ?? '';
    const last = await t.app.inject({
      method: 'DELETE',
      url: '/seller/account/identities/google',
      headers: bearer(onlySession),
    });
    expect(last.statusCode).toBe(422);
    expect(body(last).message).toBe(SOCIAL_MESSAGES.lastSignIn);
    const fb = await facebookAs({ id: 'fb-only', name: 'Only' }, 'link', onlySession);
    expect(fb.location).toBe('/settings/account?social_linked=facebook');
    const nowAllowed = await t.app.inject({
      method: 'DELETE',
      url: '/seller/account/identities/google',
      headers: bearer(onlySession),
    });
    expect(nowAllowed.statusCode).toBe(200);
  });
});
