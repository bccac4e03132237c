import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  solveBotCheck,
  type TestApp,
} from '../../test/helpers.js';

const REQUIRED = 'Please confirm you are not a robot.';
const FAILED = 'The robot check failed, please try again.';

describe.each(BACKENDS)('the ALTCHA bot check (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, {
      botCheck: { altchaCost: 1, altchaMaxCounter: 20, loginFailuresBeforeCheck: 3 },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const register = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers,
      payload: { name: 'Bot?', email, password: 'a-long-passphrase' },
    });

  it('hands out an ALTCHA challenge', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/auth/bot-check/challenge' });
    expect(answer.statusCode).toBe(200);
    // The widget solves in workers made from blob: URLs; no outside script is allowed.
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).not.toContain('google');
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = body<{ provider: string; challenge: { parameters: { algorithm: string } } }>(
      answer,
    ).data;
    expect(data.provider).toBe('altcha');
    expect(data.challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
  });

  it('refuses a registration without a solved check, and takes one with it', async () => {
    const refused = await register('script@example.test');
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ message: REQUIRED, errors: { bot_check: [REQUIRED] } });
    const [row] = await t.app.db.query("SELECT id FROM users WHERE email = 'script@example.test'");
    expect(row).toBeUndefined();
    expect((await register('person@example.test', await botChecked(t.app))).statusCode).toBe(200);
  });

  it('takes each solution once', async () => {
    const solution = await solveBotCheck(t.app);
    expect((await register('once@example.test', { 'x-bot-check': solution })).statusCode).toBe(200);
    const replay = await register('twice@example.test', { 'x-bot-check': solution });
    expect(replay.statusCode).toBe(403);
    expect(body(replay).message).toBe(FAILED);
  });

  it('refuses a forged or garbled solution', async () => {
    const solution = await solveBotCheck(t.app);
    const payload = JSON.parse(Buffer.from(solution, 'base64').toString('utf8'));
    payload.solution.derivedKey = '00'.repeat(32);
    const forged = Buffer.from(JSON.stringify(payload)).toString('base64');
    expect((await register('forged@example.test', { 'x-bot-check': forged })).statusCode).toBe(403);
    expect((await register('junk@example.test', { 'x-bot-check': 'not-base64!' })).statusCode).toBe(
      403,
    );
    // The widget's test mode payload proves nothing.
    const testMode = Buffer.from(
      JSON.stringify({ challenge: null, solution: null, test: true }),
    ).toString('base64');
    expect((await register('test@example.test', { 'x-bot-check': testMode })).statusCode).toBe(403);
  });

  it('guards forgot-password and anonymous upload addresses, not signed-in ones', async () => {
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: 'person@example.test' },
    });
    expect(forgot.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/public/pre-signed-url',
      payload: { fileName: 'a.png', contentType: 'image/png' },
    });
    expect(anonymous.statusCode).toBe(403);
    expect(body(anonymous).errors?.bot_check).toEqual([REQUIRED]);
    const solved = await t.app.inject({
      method: 'POST',
      url: '/public/pre-signed-url',
      headers: await botChecked(t.app),
      payload: { fileName: 'a.png', contentType: 'image/png' },
    });
    expect(solved.statusCode).toBe(200);
    await createUser(t.app, { email: 'uploader@example.test' });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/public/pre-signed-url',
      headers: bearer(await login(t.app, 'uploader@example.test')),
      payload: { fileName: 'a.png', contentType: 'image/png' },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  const attempt = (email: string, password: string, address: string, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/seller/login',
      remoteAddress: address,
      headers,
      payload: { email, password },
    });

  it('asks for a check after failed logins for an account, from any address', async () => {
    await createUser(t.app, { email: 'target@example.test' });
    const first = await attempt('target@example.test', 'wrong-1', '192.0.2.1');
    expect(first.statusCode).toBe(401);
    expect(body(first).errors).toBeUndefined();
    await attempt('target@example.test', 'wrong-2', '192.0.2.2');
    const third = await attempt('target@example.test', 'wrong-3', '192.0.2.3');
    expect(third.statusCode).toBe(401);
    // The answer tells the form to show the check before the next attempt.
    expect(body(third).errors?.bot_check).toEqual([REQUIRED]);
    const unchecked = await attempt('target@example.test', PASSWORD, '192.0.2.4');
    expect(unchecked.statusCode).toBe(403);
    expect(body(unchecked).errors?.bot_check).toEqual([REQUIRED]);
    const checked = await attempt('target@example.test', PASSWORD, '192.0.2.4', {
      ...(await botChecked(t.app)),
    });
    expect(checked.statusCode).toBe(200);
    // The owner's success ends the account's count.
    expect((await attempt('target@example.test', PASSWORD, '192.0.2.5')).statusCode).toBe(200);
  });

  it('asks for a check after failed logins from one address, for any account', async () => {
    await createUser(t.app, { email: 'other@example.test' });
    const address = '198.51.100.20';
    for (const email of ['a@example.test', 'b@example.test', 'c@example.test']) {
      expect((await attempt(email, 'guess', address)).statusCode).toBe(401);
    }
    expect((await attempt('other@example.test', PASSWORD, address)).statusCode).toBe(403);
    expect((await attempt('other@example.test', PASSWORD, '198.51.100.21')).statusCode).toBe(200);
  });
});

/** A local server answering as Google's siteverify documents. */
async function startSiteverify(): Promise<{
  url: string;
  server: Server;
  seen: URLSearchParams[];
}> {
  const seen: URLSearchParams[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(text);
      seen.push(form);
      const token = form.get('response');
      const answer =
        form.get('secret') !== 'server-secret'
          ? { success: false, 'error-codes': ['invalid-input-secret'] }
          : token === 'person'
            ? { success: true, score: 0.9, action: 'register', hostname: 'localhost' }
            : token === 'likely-bot'
              ? { success: true, score: 0.1, action: 'register', hostname: 'localhost' }
              : { success: false, 'error-codes': ['invalid-input-response'] };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`, server, seen };
}

describe('the reCAPTCHA bot check', () => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startSiteverify>>;

  beforeAll(async () => {
    google = await startSiteverify();
    t = await createTestApp('pglite', {
      botCheck: {
        provider: 'recaptcha',
        recaptchaSiteKey: 'site-key',
        recaptchaSecret: 'server-secret',
        recaptchaVersion: 'v3',
        recaptchaVerifyUrl: google.url,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    google?.server.close();
  });

  const register = (email: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/register',
      remoteAddress: '203.0.113.9',
      headers: token ? { 'x-bot-check': token } : {},
      payload: { name: 'Rae', email, password: 'a-long-passphrase' },
    });

  it("gives the browser the site key and version, and lets Google's script load", async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/auth/bot-check/challenge' });
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://www.google.com/recaptcha/");
    expect(csp).toContain("frame-src 'self' https://www.google.com/recaptcha/");
    expect(body(answer).data).toEqual({
      provider: 'recaptcha',
      site_key: 'site-key',
      version: 'v3',
    });
  });

  it('verifies tokens with siteverify, with the secret and the client address', async () => {
    expect((await register('no-token@example.test')).statusCode).toBe(403);
    expect((await register('bad@example.test', 'forged')).statusCode).toBe(403);
    expect((await register('low@example.test', 'likely-bot')).statusCode).toBe(403);
    expect((await register('rae@example.test', 'person')).statusCode).toBe(200);
    const last = google.seen.at(-1);
    expect(last?.get('secret')).toBe('server-secret');
    expect(last?.get('response')).toBe('person');
    expect(last?.get('remoteip')).toBe('203.0.113.9');
    // Google refuses a reused token too; the server does not even ask again.
    const asked = google.seen.length;
    expect((await register('again@example.test', 'person')).statusCode).toBe(403);
    expect(google.seen.length).toBe(asked + 1);
  });
});

describe('the bot check turned off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { botCheck: { provider: 'off' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers provider off and asks for nothing', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/auth/bot-check/challenge' });
    expect(body(answer).data).toEqual({ provider: 'off' });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Off', email: 'off@example.test', password: 'a-long-passphrase' },
    });
    expect(registered.statusCode).toBe(200);
  });

  it('gives a reCAPTCHA widget null key and version when none are set', async () => {
    const bare = await createTestApp('pglite', { botCheck: { provider: 'recaptcha' } });
    try {
      const answer = await bare.app.inject({ method: 'GET', url: '/auth/bot-check/challenge' });
      expect(body(answer).data).toEqual({ provider: 'recaptcha', site_key: null, version: null });
    } finally {
      await bare.close();
    }
  });
});
