import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  botChecked,
  createTestApp,
  createUser,
  grant,
  login,
  PASSWORD,
  type TestApp,
} from '../../test/helpers.js';

describe.each(BACKENDS)('auth on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers, reads /me and logs out revoking the token', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: await botChecked(t.app),
      payload: { name: 'Ann', email: 'Ann@Example.test', password: 'a-long-passphrase' },
    });
    expect(registered.statusCode).toBe(200);
    const token = body<{ access_token: string }>(registered).data.access_token;
    const me = await t.app.inject({ method: 'GET', url: '/me', headers: bearer(token) });
    expect(body<{ email: string; email_verified_at: string | null }>(me).data).toMatchObject({
      email: 'ann@example.test',
      email_verified_at: null,
    });
    const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(body(after)).toMatchObject({ success: false });
  });

  it('verifies the email with the mailed link, once', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: await botChecked(t.app),
      payload: { name: 'Vera', email: 'vera@example.test', password: 'verify-me-please' },
    });
    const token = body<{ access_token: string }>(registered).data.access_token;
    const [mail] = await t.app.db.query<{ body: string }>(
      "SELECT body FROM outbox WHERE to_address = 'vera@example.test' ORDER BY id DESC LIMIT 1",
    );
    const link = /token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
    const verified = await t.app.inject({
      method: 'POST',
      url: '/auth/verify-email',
      payload: { token: link },
    });
    expect(body(verified).message).toBe('Your email has been verified.');
    const me = body<{ email_verified_at: string | null }>(
      await t.app.inject({ method: 'GET', url: '/me', headers: bearer(token) }),
    ).data;
    expect(me.email_verified_at).not.toBeNull();
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/auth/verify-email',
      payload: { token: link },
    });
    expect(reuse.statusCode).toBe(422);
  });

  it('refuses short and common passwords with field errors', async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: await botChecked(t.app),
      payload: { name: 'Bo', email: 'bo@example.test', password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(body(short).errors?.password?.[0]).toBe('Password must be at least 8 characters');
    const common = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: await botChecked(t.app),
      payload: { name: 'Bo', email: 'bo@example.test', password: 'password123' },
    });
    expect(common.statusCode).toBe(422);
    expect(body(common).errors?.password).toBeDefined();
  });

  it('answers 401 with the envelope for a wrong password', async () => {
    await createUser(t.app, { email: 'wrong@example.test' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/seller/login',
      payload: { email: 'wrong@example.test', password: 'not-the-password' },
    });
    expect(response.statusCode).toBe(401);
    expect(body(response)).toEqual({
      success: false,
      message: 'These credentials do not match our records.',
    });
  });

  it('enables, confirms and then requires two-factor at login', async () => {
    await createUser(t.app, { email: 'tfa@example.test' });
    const token = await login(t.app, 'tfa@example.test');
    const enabled = body<{ secret: string }>(
      await t.app.inject({ method: 'POST', url: '/seller/tfa/enable', headers: bearer(token) }),
    ).data;
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enabled.secret) });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/seller/tfa/confirm',
      headers: bearer(token),
      payload: { code: '000000' === totp.generate() ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/seller/tfa/confirm',
      headers: bearer(token),
      payload: { code: totp.generate() },
    });
    expect(confirmed.statusCode).toBe(200);
    const me = body<{ tfa_enable: boolean; tfa_confirm: boolean }>(
      await t.app.inject({ method: 'GET', url: '/me', headers: bearer(token) }),
    ).data;
    expect(me).toMatchObject({ tfa_enable: true, tfa_confirm: true });

    const challenge = await t.app.inject({
      method: 'POST',
      url: '/auth/seller/login',
      payload: { email: 'tfa@example.test', password: PASSWORD },
    });
    const answer = body<{ tfa_required?: boolean; tfa_token?: string; access_token?: string }>(
      challenge,
    ).data;
    expect(answer.tfa_required).toBe(true);
    expect(answer.access_token).toBeUndefined();
    // The confirming code is spent: the login takes the next time-step's code.
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/auth/tfa/verify',
      payload: { tfa_token: answer.tfa_token, code: next },
    });
    expect(verified.statusCode).toBe(200);
    const access = body<{ access_token: string }>(verified).data.access_token;
    expect(
      (await t.app.inject({ method: 'GET', url: '/me', headers: bearer(access) })).statusCode,
    ).toBe(200);
    // The challenge token is single-use.
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/tfa/verify',
      payload: { tfa_token: answer.tfa_token, code: next },
    });
    expect(again.statusCode).toBe(401);
  });

  it('resets a password through the mailed token, once', async () => {
    await createUser(t.app, { email: 'reset@example.test' });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: await botChecked(t.app),
      payload: { email: 'reset@example.test' },
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = await t.app.db.query<{ body: string }>(
      "SELECT body FROM outbox WHERE to_address = 'reset@example.test' ORDER BY id DESC LIMIT 1",
    );
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
    expect(token).toBeTruthy();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, password: 'brand-new-secret' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await login(t.app, 'reset@example.test', 'brand-new-secret')).toBeTruthy();
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, password: 'another-new-secret' },
    });
    expect(reuse.statusCode).toBe(422);
  });

  it('lets an admin log in as a seller, shows access_user and audits the admin', async () => {
    const seller = await createUser(t.app, { email: 'imp-seller@example.test' });
    const admin = await createUser(t.app, { email: 'imp-admin@example.test', isAdmin: true });
    await createUser(t.app, { email: 'imp-other@example.test' });
    const other = await login(t.app, 'imp-other@example.test');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/auth/login-as-seller',
      headers: bearer(other),
      payload: { seller_id: seller.id },
    });
    expect(refused.statusCode).toBe(403);
    const adminToken = await login(t.app, 'imp-admin@example.test');
    const as = await t.app.inject({
      method: 'POST',
      url: '/auth/login-as-seller',
      headers: bearer(adminToken),
      payload: { seller_id: seller.id },
    });
    const token = body<{ access_token: string }>(as).data.access_token;
    const me = body<{ id: number; access_user: number }>(
      await t.app.inject({ method: 'GET', url: '/me', headers: bearer(token) }),
    ).data;
    expect(me).toMatchObject({ id: seller.id, access_user: admin.id });
    await t.app.inject({
      method: 'POST',
      url: '/seller/survey',
      headers: bearer(token),
      payload: { sale_volume: '2000+' },
    });
    const audit = await t.app.db.query<{ actor_id: number; seller_id: number; action: string }>(
      'SELECT actor_id, seller_id, action FROM audit_log WHERE seller_id = $1 ORDER BY id',
      [seller.id],
    );
    expect(audit).toContainEqual({
      actor_id: admin.id,
      seller_id: seller.id,
      action: 'login_as_seller',
    });
  });

  it('switches a team member to a seller and back, with the grant as permissions', async () => {
    const seller = await createUser(t.app, { email: 'owner@example.test', name: 'Owner' });
    const member = await createUser(t.app, { email: 'member@example.test', name: 'Member' });
    await grant(t.app, seller.id, member.id, ['get_campaigns']);
    const token = await login(t.app, 'member@example.test');
    const accounts = body<Array<{ seller_id: number; name: string }>>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/authorized-accounts',
        headers: bearer(token),
      }),
    ).data;
    expect(accounts).toEqual([
      { seller_id: seller.id, name: 'Owner', avatar: null, role: 'staff' },
    ]);
    const switched = await t.app.inject({
      method: 'POST',
      url: '/seller/switch-account',
      headers: bearer(token),
      payload: { seller_id: seller.id },
    });
    const s = body<{ access_token: string }>(switched);
    expect(s.customPayload).toEqual({ fta_diff: false });
    const me = body<{ id: number; roles: string[]; permissions: string[] }>(
      await t.app.inject({ method: 'GET', url: '/me', headers: bearer(s.data.access_token) }),
    ).data;
    expect(me).toMatchObject({ id: seller.id, roles: ['staff'], permissions: ['get_campaigns'] });
    // The old token was replaced.
    expect(
      (await t.app.inject({ method: 'GET', url: '/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
    const back = await t.app.inject({
      method: 'POST',
      url: '/seller/switch-back-account',
      headers: bearer(s.data.access_token),
    });
    const own = body<{ id: number }>(
      await t.app.inject({
        method: 'GET',
        url: '/me',
        headers: bearer(body<{ access_token: string }>(back).data.access_token),
      }),
    ).data;
    expect(own.id).toBe(member.id);
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/seller/switch-account',
      headers: bearer(await login(t.app, 'owner@example.test')),
      payload: { seller_id: member.id },
    });
    expect(stranger.statusCode).toBe(403);
    expect(body(stranger).message).toBe('Cannot switch to new account.');
  });

  it('requires X-Requested-With on cookie-authenticated changes', async () => {
    await createUser(t.app, { email: 'cookie@example.test' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/seller/login',
      payload: { email: 'cookie@example.test', password: PASSWORD },
    });
    const cookie = response.cookies.find((c) => c.name === 'auth_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const cookies = { auth_token: cookie?.value ?? '' };
    expect((await t.app.inject({ method: 'GET', url: '/me', cookies })).statusCode).toBe(200);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/seller/survey',
      cookies,
      payload: { sale_volume: '2000+' },
    });
    expect(forged.statusCode).toBe(403);
    const real = await t.app.inject({
      method: 'POST',
      url: '/seller/survey',
      cookies,
      headers: { 'x-requested-with': 'printloom' },
      payload: { sale_volume: '2000+' },
    });
    expect(real.statusCode).toBe(200);
  });
});

describe('auth rate limit', () => {
  it('answers 429 after the per-minute login budget', async () => {
    const t = await createTestApp('pglite', { authRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const r = await t.app.inject({
          method: 'POST',
          url: '/auth/seller/login',
          payload: { email: 'x@example.test', password: 'whatever-long' },
        });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });
});
