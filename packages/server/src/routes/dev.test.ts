import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, botChecked, createTestApp, createUser, type TestApp } from '../../test/helpers.js';

describe('mailed links and the demo outbox', () => {
  let demo: TestApp;
  let plain: TestApp;

  beforeAll(async () => {
    demo = await createTestApp('pglite', { demo: true, publicUrl: 'http://localhost:4123/' });
    plain = await createTestApp('pglite', { publicUrl: 'https://dash.example.test' });
  });
  afterAll(async () => {
    await demo?.close();
    await plain?.close();
  });

  it('mails absolute links on the public URL, never on the Host header', async () => {
    const registered = await plain.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { ...(await botChecked(plain.app)), host: 'evil.example' },
      payload: { name: 'Lin', email: 'lin@example.test', password: 'a-long-passphrase' },
    });
    expect(registered.statusCode).toBe(200);
    await plain.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: { ...(await botChecked(plain.app)), host: 'evil.example' },
      payload: { email: 'lin@example.test' },
    });
    const mails = await plain.app.db.query<{ subject: string; body: string }>(
      "SELECT subject, body FROM outbox WHERE to_address = 'lin@example.test' ORDER BY id",
    );
    expect(mails.map((m) => m.subject)).toEqual(['Verify your email', 'Reset your password']);
    expect(mails[0]?.body).toMatch(
      /^Open https:\/\/dash\.example\.test\/auth\/verify-email\?token=[A-Za-z0-9_-]+ to verify your email\.$/,
    );
    expect(mails[1]?.body).toMatch(
      /^Open https:\/\/dash\.example\.test\/auth\/reset-password\?token=[A-Za-z0-9_-]+ to choose a new password\.$/,
    );
  });

  it('lists the outbox of a demo server, newest first, with links that work', async () => {
    await createUser(demo.app, { email: 'demo-user@example.test' });
    await demo.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: await botChecked(demo.app),
      payload: { email: 'demo-user@example.test' },
    });
    const answer = await demo.app.inject({ method: 'GET', url: '/dev/mails' });
    expect(answer.statusCode).toBe(200);
    const [mail] =
      body<Array<{ to: string; subject: string; body: string; sent: boolean }>>(answer).data;
    expect(mail).toMatchObject({
      to: 'demo-user@example.test',
      subject: 'Reset your password',
      sent: false,
    });
    const link = /(http:\/\/localhost:4123\/auth\/reset-password\?token=\S+)/.exec(
      mail?.body ?? '',
    )?.[1];
    expect(link).toBeDefined();
    const token = new URL(link ?? '').searchParams.get('token');
    const reset = await demo.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token, password: 'another-long-passphrase' },
    });
    expect(reset.statusCode).toBe(200);
  });

  it('refuses the outbox with 404 on a server not in demo mode', async () => {
    const answer = await plain.app.inject({ method: 'GET', url: '/dev/mails' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('lin@example.test');
  });
});
