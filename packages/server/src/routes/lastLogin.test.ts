import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  botChecked,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';

describe.each(BACKENDS)('GET /me last_login_at on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await createUser(t.app, { email: 'first-time@example.test' });
  });
  afterAll(async () => t?.close());

  const me = async (token: string) =>
    body<{ last_login_at: string | null }>(
      await t.app.inject({ method: 'GET', url: '/me', headers: bearer(token) }),
    ).data;

  it('is null on the first sign-in and the earlier sign-in afterwards', async () => {
    const first = await login(t.app, 'first-time@example.test');
    expect((await me(first)).last_login_at).toBeNull();
    // Asking again in the same session changes nothing: it is about sign-ins, not requests.
    expect((await me(first)).last_login_at).toBeNull();
    const second = await login(t.app, 'first-time@example.test');
    const returning = (await me(second)).last_login_at;
    expect(returning).not.toBeNull();
    expect(Date.parse(returning ?? '')).toBeLessThanOrEqual(Date.now());
    // The first session still reads as that account's first sign-in.
    expect((await me(first)).last_login_at).toBeNull();
  });

  it('counts a registration as the first sign-in', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: await botChecked(t.app),
      payload: {
        name: 'New Seller',
        email: 'brand-new@example.test',
        password: 'a-Long-unusual-9',
      },
    });
    const token = body<{ access_token?: string }>(answer).data?.access_token;
    expect(token).toBeTruthy();
    expect((await me(token ?? '')).last_login_at).toBeNull();
    const again = await login(t.app, 'brand-new@example.test', 'a-Long-unusual-9');
    expect((await me(again)).last_login_at).not.toBeNull();
  });
});
