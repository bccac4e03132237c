import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  memberSession,
  PASSWORD,
  type TestApp,
} from '../../test/helpers.js';

describe.each(BACKENDS)('account and general settings on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;

  const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'owner@example.test' })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sets the picture to an own upload, refuses anyone else’s file, and removes it', async () => {
    const owner = await login(t.app, 'owner@example.test');
    const me = async () => body<{ avatar?: string | null }>(await call(owner, 'GET', '/me')).data;
    const own = `/files/s${sellerId}/avatars/face.png`;
    const saved = await call(owner, 'PUT', '/seller/account/avatar', { avatar: own });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body<{ message: string }>(saved).message).toBe('Your picture has been saved.');
    expect((await me()).avatar).toBe(own);

    for (const avatar of [
      `/files/s${sellerId + 1000}/avatars/face.png`,
      'https://tracker.example/pixel.png',
      `/files/s${sellerId}/docs/contract.pdf`,
      `/files/s${sellerId}/../s1/face.png`,
    ]) {
      const refused = await call(owner, 'PUT', '/seller/account/avatar', { avatar });
      expect(refused.statusCode, avatar).toBe(422);
      expect(body(refused).errors?.avatar?.[0]).toBe(
        'Choose a picture you uploaded (PNG, JPEG, WebP or GIF).',
      );
    }
    expect((await me()).avatar).toBe(own);

    const removed = await call(owner, 'PUT', '/seller/account/avatar', { avatar: null });
    expect(removed.statusCode).toBe(200);
    expect((await me()).avatar ?? null).toBeNull();
  });

  it('changes the password with the current one and ends every other session', async () => {
    const here = await login(t.app, 'owner@example.test');
    const elsewhere = await login(t.app, 'owner@example.test');
    const wrong = await call(here, 'POST', '/seller/account/password', {
      current_password: 'not-it',
      new_password: 'another-long-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(body(wrong).errors?.current_password).toBeDefined();
    const short = await call(here, 'POST', '/seller/account/password', {
      current_password: PASSWORD,
      new_password: 'short',
    });
    expect(short.statusCode).toBe(400);

    const sessions = body<Array<{ current: boolean }>>(
      await call(here, 'GET', '/seller/account/sessions'),
    ).data;
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.length).toBeGreaterThanOrEqual(2);

    const changed = await call(here, 'POST', '/seller/account/password', {
      current_password: PASSWORD,
      new_password: 'another-long-password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(elsewhere, 'GET', '/me')).statusCode).toBe(401);
    expect((await call(here, 'GET', '/me')).statusCode).toBe(200);
    await expect(login(t.app, 'owner@example.test')).rejects.toThrow();
    await login(t.app, 'owner@example.test', 'another-long-password');
    // Put it back for the other tests.
    await call(here, 'POST', '/seller/account/password', {
      current_password: 'another-long-password',
      new_password: PASSWORD,
    });
  });

  it('signs out everywhere else and saves the profile', async () => {
    const here = await login(t.app, 'owner@example.test');
    const elsewhere = await login(t.app, 'owner@example.test');
    expect(
      (await call(here, 'POST', '/seller/account/sessions/sign-out-everywhere')).statusCode,
    ).toBe(200);
    expect((await call(elsewhere, 'GET', '/me')).statusCode).toBe(401);
    const saved = await call(here, 'PUT', '/seller/account/profile', {
      name: 'Owner Name',
      phone: '+1 555 0100',
      facebook: 'https://facebook.com/owner',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const me = body<{ name: string; phone: string; facebook: string }>(
      await call(here, 'GET', '/me'),
    ).data;
    expect(me).toMatchObject({
      name: 'Owner Name',
      phone: '+1 555 0100',
      facebook: 'https://facebook.com/owner',
    });
    const bad = await call(here, 'PUT', '/seller/account/profile', { name: 'x', phone: 'call me' });
    expect(bad.statusCode).toBe(400);
  });

  it('reads and saves general settings; /me follows; a member reads but may not change', async () => {
    const owner = await login(t.app, 'owner@example.test');
    expect(body(await call(owner, 'GET', '/seller/settings/general')).data).toEqual({
      utc_offset: 0,
      currency: 'USD',
    });
    const saved = await call(owner, 'PUT', '/seller/settings/general', {
      utc_offset: 5.5,
      currency: 'EUR',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body(saved).data).toEqual({ utc_offset: 5.5, currency: 'EUR' });
    expect(body<{ utc_offset: number }>(await call(owner, 'GET', '/me')).data.utc_offset).toBe(5.5);
    for (const bad of [
      { utc_offset: 15, currency: 'EUR' },
      { utc_offset: 1.1, currency: 'EUR' },
      { utc_offset: 1, currency: 'XXX' },
    ]) {
      expect((await call(owner, 'PUT', '/seller/settings/general', bad)).statusCode).toBe(400);
    }
    const member = await memberSession(t.app, sellerId, 'member@example.test', []);
    expect(body(await call(member, 'GET', '/seller/settings/general')).data).toEqual({
      utc_offset: 5.5,
      currency: 'EUR',
    });
    const refused = await call(member, 'PUT', '/seller/settings/general', {
      utc_offset: 0,
      currency: 'USD',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('gives recovery codes once at confirmation; each signs in once', async () => {
    await createUser(t.app, { email: 'recover@example.test' });
    const token = await login(t.app, 'recover@example.test');
    const { secret } = body<{ secret: string }>(
      await call(token, 'POST', '/seller/tfa/enable'),
    ).data;
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    const confirmed = await call(token, 'POST', '/seller/tfa/confirm', { code: totp.generate() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = body<{ recovery_codes: string[] }>(confirmed).data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const challenge = async () => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/auth/seller/login',
        payload: { email: 'recover@example.test', password: PASSWORD },
      });
      return body<{ tfa_token: string }>(answer).data.tfa_token;
    };
    const verify = async (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/tfa/verify',
        payload: { tfa_token: await challenge(), code },
      });
    const first = await verify(codes[0]?.toUpperCase() ?? '');
    expect(first.statusCode, first.body).toBe(200);
    expect(body<{ access_token: string }>(first).data.access_token).toBeTruthy();
    const reused = await verify(codes[0] ?? '');
    expect(reused.statusCode).toBe(422);
    expect((await verify(codes[1] ?? '')).statusCode).toBe(200);
  });

  it('changes the email only once the link sent to the new address is opened', async () => {
    await createUser(t.app, { email: 'mover@example.test' });
    await createUser(t.app, { email: 'taken@example.test' });
    const token = await login(t.app, 'mover@example.test');
    const wrongPassword = await call(token, 'POST', '/seller/account/email', {
      email: 'moved@example.test',
      password: 'not-it',
    });
    expect(wrongPassword.statusCode).toBe(422);
    const taken = await call(token, 'POST', '/seller/account/email', {
      email: 'taken@example.test',
      password: PASSWORD,
    });
    expect(taken.statusCode).toBe(422);
    expect(body(taken).errors?.email).toBeDefined();

    const asked = await call(token, 'POST', '/seller/account/email', {
      email: 'Moved@Example.test',
      password: PASSWORD,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // Nothing changes until the link is opened.
    expect(body<{ email: string }>(await call(token, 'GET', '/me')).data.email).toBe(
      'mover@example.test',
    );
    const [mail] = await t.app.db.query<{ body: string }>(
      'SELECT body FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      ['moved@example.test'],
    );
    const link = mail?.body.match(/\/auth\/confirm-email-change\?token=(\S+)/)?.[1];
    if (!link) throw new Error(`no link in ${mail?.body}`);
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/confirm-email-change',
        payload: { token: decodeURIComponent(link) },
      });
    expect((await confirm()).statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(422);
    const me = body<{ email: string; email_verified_at: string | null }>(
      await call(token, 'GET', '/me'),
    ).data;
    expect(me.email).toBe('moved@example.test');
    expect(me.email_verified_at).not.toBeNull();
    await login(t.app, 'moved@example.test');
  });
});
