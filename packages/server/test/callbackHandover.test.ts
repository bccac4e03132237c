import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from './helpers.js';

const PUBLIC_URL = 'https://dash.example.test';
const NONCE_COOKIE = 'auth_handover_nonce';
const OTHER_BROWSER =
  'This sign-in link was not started in this browser, so it cannot sign you in. Please log in.';
const INVALID = 'The sign-in link is invalid or has expired. Please log in.';

const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((c) => c.name === name);

describe.each(BACKENDS)('seller-center sign-in hand-over on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The receiving dashboard starts a hand-over: its browser's nonce and the address to go. */
  async function startHandover(redirect = '/orders') {
    const started = await t.app.inject({
      method: 'POST',
      url: '/auth/callback/nonce',
      payload: { redirect },
    });
    expect(started.statusCode).toBe(200);
    const nonce = cookieOf(started, NONCE_COOKIE);
    expect(nonce).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const url = new URL(body<{ handover_url: string }>(started).data.handover_url);
    return { nonce: nonce?.value ?? '', url };
  }

  /** The sending dashboard, signed in with `session`, mints a token for the nonce hash. */
  async function mint(session: string, nonceHash: string) {
    const minted = await t.app.inject({
      method: 'POST',
      url: '/auth/callback/handover',
      cookies: { auth_token: session },
      headers: { 'x-requested-with': 'printloom' },
      payload: { nonce_hash: nonceHash },
    });
    expect(minted.statusCode).toBe(200);
    return body<{ token: string }>(minted).data.token;
  }

  function arrive(token: string, nonce?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/auth/callback',
      payload: { token },
      ...(nonce ? { cookies: { [NONCE_COOKIE]: nonce } } : {}),
    });
  }

  it('moves a session to the seller center once, in the browser that started it', async () => {
    await createUser(t.app, { email: 'center@example.test' });
    const session = await login(t.app, 'center@example.test');
    const { nonce, url } = await startHandover('/orders?status=paid');
    // The browser goes to the sending dashboard (the public URL) with only the nonce's hash.
    expect(url.origin).toBe(PUBLIC_URL);
    expect(url.pathname).toBe('/auth/callback');
    expect(url.searchParams.get('redirect')).toBe('/orders?status=paid');
    const nonceHash = url.searchParams.get('nonce_hash') ?? '';
    expect(nonceHash).toBe(createHash('sha256').update(nonce).digest('hex'));
    expect(url.toString()).not.toContain(nonce);

    const token = await mint(session, nonceHash);
    const named = await t.app.inject({
      method: 'POST',
      url: '/auth/callback/account',
      payload: { token },
      cookies: { [NONCE_COOKIE]: nonce },
    });
    expect(named.statusCode).toBe(200);
    expect(body(named).data).toEqual({ email: 'center@example.test', name: 'center' });
    expect(cookieOf(named, 'auth_token')).toBeUndefined();

    const arrived = await arrive(token, nonce);
    expect(arrived.statusCode).toBe(200);
    const fresh = body<{ access_token: string }>(arrived).data.access_token;
    expect(cookieOf(arrived, 'auth_token')).toMatchObject({ value: fresh, httpOnly: true });
    expect(cookieOf(arrived, NONCE_COOKIE)?.value).toBe('');
    const me = await t.app.inject({ method: 'GET', url: '/me', cookies: { auth_token: fresh } });
    expect(body<{ email: string }>(me).data.email).toBe('center@example.test');
    // The sending dashboard's session ended with the hand-over; the token works once.
    expect(
      (await t.app.inject({ method: 'GET', url: '/me', headers: bearer(session) })).statusCode,
    ).toBe(401);
    const again = await arrive(token, nonce);
    expect(again.statusCode).toBe(401);
    expect(body(again).message).toBe(INVALID);
  });

  it('keeps an admin signed in as a seller an admin signed in as that seller', async () => {
    const admin = await createUser(t.app, { email: 'ops-center@example.test', isAdmin: true });
    const seller = await createUser(t.app, { email: 'paid-center@example.test' });
    const asSeller = await t.app.inject({
      method: 'POST',
      url: '/auth/login-as-seller',
      headers: bearer(await login(t.app, 'ops-center@example.test')),
      payload: { seller_id: seller.id },
    });
    const session = body<{ access_token: string }>(asSeller).data.access_token;
    const { nonce, url } = await startHandover();
    const token = await mint(session, url.searchParams.get('nonce_hash') ?? '');
    const arrived = await arrive(token, nonce);
    expect(arrived.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/me',
      headers: bearer(body<{ access_token: string }>(arrived).data.access_token),
    });
    expect(body(me).data).toMatchObject({
      email: 'paid-center@example.test',
      access_user: admin.id,
    });
  });

  it('does not sign a visitor into the account of whoever made the link', async () => {
    await createUser(t.app, { email: 'mallory@example.test' });
    const attacker = await login(t.app, 'mallory@example.test');

    // A link carrying the attacker's session token, as /auth/callback?token= carried before.
    const raw = await arrive(attacker);
    expect(raw.statusCode).toBe(401);
    expect(body(raw).message).toBe(INVALID);
    expect(cookieOf(raw, 'auth_token')).toBeUndefined();

    // A real hand-over token the attacker minted for a nonce of the attacker's own browser...
    const own = await startHandover();
    const token = await mint(attacker, own.url.searchParams.get('nonce_hash') ?? '');
    // ...names no account and starts no session in a browser without that nonce...
    const victim = await startHandover();
    for (const nonce of [undefined, victim.nonce]) {
      const named = await t.app.inject({
        method: 'POST',
        url: '/auth/callback/account',
        payload: { token },
        ...(nonce ? { cookies: { [NONCE_COOKIE]: nonce } } : {}),
      });
      expect(named.statusCode).toBe(401);
      expect(body(named).message).toBe(OTHER_BROWSER);
      const arrived = await arrive(token, nonce);
      expect(arrived.statusCode).toBe(401);
      expect(body(arrived).message).toBe(OTHER_BROWSER);
      expect(cookieOf(arrived, 'auth_token')).toBeUndefined();
    }
    // ...and the attacker's session was not handed over by the attempts.
    expect(
      (await t.app.inject({ method: 'GET', url: '/me', headers: bearer(attacker) })).statusCode,
    ).toBe(200);
  });

  it('mints only for a signed-in session and a well-formed nonce hash', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/auth/callback/handover',
      payload: { nonce_hash: 'a'.repeat(64) },
    });
    expect(anonymous.statusCode).toBe(401);
    await createUser(t.app, { email: 'shape@example.test' });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/auth/callback/handover',
      headers: bearer(await login(t.app, 'shape@example.test')),
      payload: { nonce_hash: 'not-a-hash' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed).errors?.nonce_hash).toEqual([
      'The sign-in link is invalid. Please log in.',
    ]);
  });
});
