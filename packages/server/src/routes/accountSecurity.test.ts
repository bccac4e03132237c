import { PassThrough } from 'node:stream';
import * as OTPAuth from 'otpauth';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  botChecked,
  createTestApp,
  createUser,
  login,
  PASSWORD,
  type TestApp,
} from '../../test/helpers.js';

const STEP_MS = 30_000;

/** A six-digit code that is none of the codes valid around now. */
function wrongCode(totp: OTPAuth.TOTP): string {
  const valid = new Set(
    [-1, 0, 1].map((step) => totp.generate({ timestamp: Date.now() + step * STEP_MS })),
  );
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

describe.each(BACKENDS)('two-factor safety on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Signs in, turns two-factor on and confirms it with the current code. */
  async function withTfa(email: string) {
    await createUser(t.app, { email });
    const token = await login(t.app, email);
    const { secret } = body<{ secret: string }>(
      await t.app.inject({ method: 'POST', url: '/seller/tfa/enable', headers: bearer(token) }),
    ).data;
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    const confirmCode = totp.generate();
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/seller/tfa/confirm',
      headers: bearer(token),
      payload: { code: confirmCode },
    });
    expect(confirmed.statusCode).toBe(200);
    return { token, totp, confirmCode };
  }

  async function challenge(email: string): Promise<string> {
    const answer = body<{ tfa_token: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/auth/seller/login',
        payload: { email, password: PASSWORD },
      }),
    ).data;
    expect(answer.tfa_token).toBeTruthy();
    return answer.tfa_token;
  }

  const verify = (tfaToken: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/tfa/verify',
      payload: { tfa_token: tfaToken, code },
    });

  it('refuses to start two-factor setup again while it is confirmed, so it stays on', async () => {
    const { token } = await withTfa('tfa-on@example.test');
    const again = await t.app.inject({
      method: 'POST',
      url: '/seller/tfa/enable',
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe(
      'Two-factor authentication is already on. Turn it off with a current code before setting it up again.',
    );
    const me = body<{ tfa_enable: boolean; tfa_confirm: boolean }>(
      await t.app.inject({ method: 'GET', url: '/me', headers: bearer(token) }),
    ).data;
    expect(me).toMatchObject({ tfa_enable: true, tfa_confirm: true });
    // The next login still asks for a code.
    expect(await challenge('tfa-on@example.test')).toBeTruthy();
  });

  it('accepts each code once: the code used to confirm cannot sign in', async () => {
    const { totp, confirmCode } = await withTfa('tfa-replay@example.test');
    const tfaToken = await challenge('tfa-replay@example.test');
    const replay = await verify(tfaToken, confirmCode);
    expect(replay.statusCode).toBe(401);
    expect(body(replay).message).toBe(
      'This code has already been used. Wait for the next code in your authenticator app.',
    );
    // The next time-step's code is a new code and signs in once.
    const next = totp.generate({ timestamp: Date.now() + STEP_MS });
    const verified = await verify(tfaToken, next);
    expect(verified.statusCode).toBe(200);
    const second = await verify(await challenge('tfa-replay@example.test'), next);
    expect(second.statusCode).toBe(401);
  });

  it('ends a login challenge at the fifth wrong code; the password is asked again', async () => {
    const { totp } = await withTfa('tfa-guess@example.test');
    const tfaToken = await challenge('tfa-guess@example.test');
    const wrong = wrongCode(totp);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await verify(tfaToken, wrong)).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 401]);
    const right = await verify(tfaToken, totp.generate({ timestamp: Date.now() + STEP_MS }));
    expect(right.statusCode).toBe(401);
    expect(body(right).message).toBe('The two-factor session has expired, please log in again.');
    // Wrong codes count against the account like wrong passwords: the fifth makes the next
    // attempt wait (let the wait pass, as the clock would).
    await t.app.db.query(
      "UPDATE account_login_failures SET last_failed_at = now() - interval '1 minute' WHERE account = $1",
      ['tfa-guess@example.test'],
    );
    // A new login (the password again) starts a new challenge that the right code passes.
    const fresh = await challenge('tfa-guess@example.test');
    expect(
      (await verify(fresh, totp.generate({ timestamp: Date.now() + STEP_MS }))).statusCode,
    ).toBe(200);
  });
});

describe.each(BACKENDS)('password reset links on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function resetLink(email: string): Promise<string> {
    await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: await botChecked(t.app),
      payload: { email },
    });
    const [mail] = await t.app.db.query<{ body: string }>(
      'SELECT body FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
    if (!token) throw new Error('no reset link mailed');
    return token;
  }

  it('ends every older reset link when the password is reset', async () => {
    await createUser(t.app, { email: 'two-links@example.test' });
    const older = await resetLink('two-links@example.test');
    const newer = await resetLink('two-links@example.test');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token: newer, password: 'the-new-passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token: older, password: 'an-attackers-passphrase' },
    });
    expect(stale.statusCode).toBe(422);
    expect(body(stale).message).toBe('The reset link is invalid or has expired.');
    expect(await login(t.app, 'two-links@example.test', 'the-new-passphrase')).toBeTruthy();
  });
});

describe('secrets stay out of the server log', () => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    const out = new PassThrough();
    out.on('data', (chunk) => logged.push(String(chunk)));
    t = await createTestApp('pglite', {
      logger: pino({ level: 'trace' }, out),
      // A mail server that does not answer: the mail is still queued and logged.
      smtpUrl: 'smtp://127.0.0.1:9',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const log = async () => {
    await new Promise((done) => setImmediate(done));
    return logged.join('');
  };

  it('never prints reset or verification tokens, nor mail bodies', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: await botChecked(t.app),
      payload: { name: 'Lou', email: 'lou@example.test', password: 'a-long-passphrase' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: await botChecked(t.app),
      payload: { email: 'lou@example.test' },
    });
    const mails = await t.app.db.query<{ subject: string; body: string }>(
      "SELECT subject, body FROM outbox WHERE to_address = 'lou@example.test'",
    );
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Reset your password',
      'Verify your email',
    ]);
    const text = await log();
    expect(text).toContain('mail queued');
    for (const mail of mails) {
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1] ?? 'missing';
      expect(text).not.toContain(token);
      expect(text).not.toContain(mail.body);
    }
  });

  it('redacts tokens, codes, keys and signatures from logged addresses', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/auth/callback?redirect=%2Fcampaigns&token=session-secret-1&code=123456',
    });
    await t.app.inject({
      method: 'GET',
      url: '/api3/version?key=pl_secret_key&X-Amz-Signature=abcdef0123&page=2',
    });
    const text = await log();
    for (const secret of ['session-secret-1', '123456', 'pl_secret_key', 'abcdef0123']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('/auth/callback?redirect=%2Fcampaigns&token=[REDACTED]&code=[REDACTED]');
    expect(text).toContain('/api3/version?key=[REDACTED]&X-Amz-Signature=[REDACTED]&page=2');
  });
});

/** The limits below hold whatever the bot check says: it is off here to see them alone. */
const NO_BOT_CHECK = { botCheck: { provider: 'off' as const } };

describe.each(BACKENDS)('login limits per account on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, NO_BOT_CHECK);
  });
  afterAll(async () => {
    await t?.close();
  });

  const attempt = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/auth/seller/login', payload: { email, password } });
  /** Lets the account's wait pass, as the clock would. */
  const waitPasses = (email: string, seconds: number) =>
    t.app.db.query(
      'UPDATE account_login_failures SET last_failed_at = last_failed_at - make_interval(secs => $2) WHERE account = $1',
      [email, seconds],
    );

  it('makes each attempt after 5 failures wait, doubling; the owner gets in once it passes', async () => {
    await createUser(t.app, { email: 'slow@example.test' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await attempt('slow@example.test', 'wrong-guess')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // Seconds left of the wait (the clock runs on while the test does).
    const retryAfter = (response: { headers: Record<string, unknown> }) =>
      Number(response.headers['retry-after']);
    const waiting = await attempt('slow@example.test', PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(retryAfter(waiting)).toBeGreaterThan(5);
    expect(retryAfter(waiting)).toBeLessThanOrEqual(10);
    expect(body(waiting).message).toBe(
      `Too many failed logins for this account. Please try again in ${retryAfter(waiting)} seconds.`,
    );
    await waitPasses('slow@example.test', 10);
    expect((await attempt('slow@example.test', 'wrong-again')).statusCode).toBe(401);
    // The sixth failure doubles the wait.
    const longer = await attempt('slow@example.test', PASSWORD);
    expect(longer.statusCode).toBe(429);
    expect(retryAfter(longer)).toBeGreaterThan(15);
    expect(retryAfter(longer)).toBeLessThanOrEqual(20);
    await waitPasses('slow@example.test', 20);
    expect((await attempt('slow@example.test', PASSWORD)).statusCode).toBe(200);
    // A success starts the count afresh.
    expect((await attempt('slow@example.test', 'wrong-guess')).statusCode).toBe(401);
    expect((await attempt('slow@example.test', PASSWORD)).statusCode).toBe(200);
  });

  it('locks the account at 100 failures until its password is reset', async () => {
    await createUser(t.app, { email: 'locked@example.test' });
    expect((await attempt('locked@example.test', 'wrong-guess')).statusCode).toBe(401);
    await t.app.db.query(
      "UPDATE account_login_failures SET failures = 99, last_failed_at = now() - interval '1 hour' WHERE account = $1",
      ['locked@example.test'],
    );
    expect((await attempt('locked@example.test', 'wrong-guess')).statusCode).toBe(401);
    await waitPasses('locked@example.test', 86_400);
    const locked = await attempt('locked@example.test', PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(body(locked).message).toBe(
      'This account is locked after too many failed logins. Reset your password to unlock it.',
    );
    await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      // The bot check is off in this block (NO_BOT_CHECK).
      payload: { email: 'locked@example.test' },
    });
    const [mail] = await t.app.db.query<{ body: string }>(
      "SELECT body FROM outbox WHERE to_address = 'locked@example.test' ORDER BY id DESC LIMIT 1",
    );
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, password: 'unlocked-passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await attempt('locked@example.test', 'unlocked-passphrase')).statusCode).toBe(200);
  });
});

describe('login limits per address', () => {
  const wrong = { email: 'nobody@example.test', password: 'wrong-guess' };

  it('shares one allowance across seller, admin and two-factor login', async () => {
    const t = await createTestApp('pglite', { ...NO_BOT_CHECK, authRateLimit: 3 });
    try {
      const statuses = [
        (await t.app.inject({ method: 'POST', url: '/auth/seller/login', payload: wrong }))
          .statusCode,
        (await t.app.inject({ method: 'POST', url: '/auth/admin/login', payload: wrong }))
          .statusCode,
        (
          await t.app.inject({
            method: 'POST',
            url: '/auth/tfa/verify',
            payload: { tfa_token: 'not-a-challenge', code: '123456' },
          })
        ).statusCode,
      ];
      expect(statuses).toEqual([401, 401, 401]);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/auth/admin/login',
        payload: wrong,
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(body(refused).message).toMatch(
        /^Too many login attempts from this address\. Please try again in (\d+ seconds?|1 minute)\.$/,
      );
    } finally {
      await t.close();
    }
  });

  /**
   * Four wrong logins, each claiming a new forwarded address and naming a new account (so only
   * the address allowance can refuse); the statuses answered.
   */
  async function rotatingForwardedFor(t: TestApp, remoteAddress: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/seller/login',
        remoteAddress,
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { ...wrong, email: `user${i}@${remoteAddress}.example.test` },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('believes X-Forwarded-For only from the configured proxies', async () => {
    const t = await createTestApp('pglite', {
      ...NO_BOT_CHECK,
      authRateLimit: 3,
      trustProxy: ['10.0.0.1', '192.168.0.0/16'],
    });
    try {
      // Through a configured proxy each forwarded client has its own allowance...
      expect(await rotatingForwardedFor(t, '192.168.4.2')).toEqual([401, 401, 401, 401]);
      // ...but a client sending the header itself is counted by its own address.
      expect(await rotatingForwardedFor(t, '203.0.113.7')).toEqual([401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });

  it('treats TRUST_PROXY=true as loopback proxies only', async () => {
    const t = await createTestApp('pglite', {
      ...NO_BOT_CHECK,
      authRateLimit: 3,
      trustProxy: true,
    });
    try {
      expect(await rotatingForwardedFor(t, '127.0.0.1')).toEqual([401, 401, 401, 401]);
      expect(await rotatingForwardedFor(t, '203.0.113.8')).toEqual([401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('worker claims from a cross-site link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs the CSRF header or a bearer token on the GET claim routes', async () => {
    await createUser(t.app, { email: 'claims@example.test' });
    const token = await login(t.app, 'claims@example.test');
    const cookies = { auth_token: token };
    const claims = [
      '/seller/campaign/bulk-v3/pending?type=regular_multi_space&take=1',
      '/seller/campaign/bulk/next-job?sessionId=tab-1',
    ];
    for (const url of claims) {
      // A link on another site sends the cookie (SameSite=Lax allows top-level GETs) but no header.
      const forged = await t.app.inject({ method: 'GET', url, cookies });
      expect(forged.statusCode).toBe(403);
      expect(body(forged).message).toBe(
        'Missing X-Requested-With header on a cookie-authenticated request.',
      );
      const dashboard = await t.app.inject({
        method: 'GET',
        url,
        cookies,
        headers: { 'x-requested-with': 'printloom' },
      });
      expect(dashboard.statusCode).toBe(200);
      const cli = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(cli.statusCode).toBe(200);
    }
    // Reading GETs keep working from the cookie alone.
    expect((await t.app.inject({ method: 'GET', url: '/me', cookies })).statusCode).toBe(200);
  });
});

describe('the session cookie', () => {
  it('is set by the server as auth_token, HttpOnly, with a readable marker that is not the token', async () => {
    const t = await createTestApp('pglite');
    try {
      await createUser(t.app, { email: 'cookie-jar@example.test' });
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/seller/login',
        headers: await botChecked(t.app),
        payload: { email: 'cookie-jar@example.test', password: PASSWORD },
      });
      const token = body<{ access_token: string }>(response).data.access_token;
      const session = response.cookies.find((c) => c.name === 'auth_token');
      expect(session).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });
      const marker = response.cookies.find((c) => c.name === 'auth_session');
      expect(marker?.httpOnly).toBeFalsy();
      expect(marker?.value).toBeTruthy();
      expect(token).not.toContain(marker?.value ?? '');
      const cookies = { auth_token: token };
      expect((await t.app.inject({ method: 'GET', url: '/me', cookies })).statusCode).toBe(200);
      // The CLI's bearer token keeps working.
      expect(
        (await t.app.inject({ method: 'GET', url: '/me', headers: bearer(token) })).statusCode,
      ).toBe(200);
      const out = await t.app.inject({
        method: 'POST',
        url: '/auth/logout',
        cookies,
        headers: { 'x-requested-with': 'printloom' },
      });
      expect(out.cookies.find((c) => c.name === 'auth_token')?.value).toBe('');
      expect((await t.app.inject({ method: 'GET', url: '/me', cookies })).statusCode).toBe(401);
      // A session token is no sign-in link: arrival from another domain takes a hand-over
      // token (test/callbackHandover.test.ts).
      const fresh = await login(t.app, 'cookie-jar@example.test');
      const raw = await t.app.inject({
        method: 'POST',
        url: '/auth/callback',
        payload: { token: fresh },
      });
      expect(raw.statusCode).toBe(401);
      expect(raw.cookies.find((c) => c.name === 'auth_token')).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
