import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeFacebook,
  facebookSignedRequest,
  startFakeFacebook,
} from '../../test/fakeFacebook.js';
import { BACKENDS, body, createTestApp, createUser, type TestApp } from '../../test/helpers.js';
import { hashToken } from '../http/authContext.js';
import {
  insertIdentity,
  insertLinkRequest,
  markNoPassword,
  userIdentities,
} from '../sql/socialIdentities.js';

const PUBLIC_URL = 'https://app.printloom.test';
const CALLBACK = '/auth/facebook/data-deletion';

describe.each(BACKENDS)('Facebook data deletion callback on %s', (backend) => {
  let t: TestApp;
  let facebook: FakeFacebook;

  /** Posts the form Facebook posts: `signed_request=…`, url-encoded. */
  const post = (app: TestApp, signedRequest: string | null) =>
    app.app.inject({
      method: 'POST',
      url: CALLBACK,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        signedRequest === null
          ? ''
          : new URLSearchParams({ signed_request: signedRequest }).toString(),
    });
  const signed = (userId: string, secret = facebook.appSecret) =>
    facebookSignedRequest(
      {
        algorithm: 'HMAC-SHA256',
        expires: 1_800_000_000,
        issued_at: 1_790_000_000,
        user_id: userId,
      },
      secret,
    );
  const statusPage = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  beforeAll(async () => {
    facebook = await startFakeFacebook();
    t = await createTestApp(backend, {
      publicUrl: PUBLIC_URL,
      socialLogin: {
        facebook: {
          appId: facebook.appId,
          appSecret: facebook.appSecret,
          authorizeUrl: facebook.authorizeUrl,
          graphUrl: facebook.graphUrl,
        },
      },
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await facebook?.close();
  });

  it('refuses a request that is missing, badly signed or altered, and deletes nothing', async () => {
    const user = await createUser(t.app, { email: 'fb-kept@example.test' });
    await insertIdentity(t.app.db, {
      userId: user.id,
      provider: 'facebook',
      subject: '1000001',
      email: 'fb-kept@example.test',
    });
    const good = signed('1000001');
    const [signature, payload] = good.split('.');
    const altered = `${signature}.${Buffer.from(
      JSON.stringify({ algorithm: 'HMAC-SHA256', issued_at: 1, user_id: '1000002' }),
    ).toString('base64url')}`;
    for (const bad of [
      null,
      'not-a-signed-request',
      signed('1000001', 'another-secret'),
      altered,
      `${signature}.${payload}x`,
    ]) {
      const answer = await post(t, bad);
      expect(answer.statusCode, String(bad)).toBe(400);
      expect(body(answer).message).toMatch(/not signed with this app/);
    }
    expect(await userIdentities(t.app.db, user.id)).toHaveLength(1);
  });

  it('unlinks the Facebook account, answers the status page and code, and keeps the account', async () => {
    // An account made through Facebook: no password, Facebook its only sign-in.
    const user = await createUser(t.app, { email: 'fb-only@example.test', name: 'Fay Book' });
    await markNoPassword(t.app.db, user.id);
    await insertIdentity(t.app.db, {
      userId: user.id,
      provider: 'facebook',
      subject: '2000002',
      email: 'fb-only@example.test',
    });
    // And another account this Facebook person asked to be linked to, not confirmed yet.
    const other = await createUser(t.app, { email: 'fb-pending@example.test' });
    await insertLinkRequest(t.app.db, {
      tokenHash: hashToken('pending-token'),
      userId: other.id,
      provider: 'facebook',
      subject: '2000002',
      email: 'fb-pending@example.test',
      ttlSeconds: 3600,
    });
    const pendingLink = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/social/link/pending',
        payload: { token: 'pending-token' },
      });
    expect((await pendingLink()).statusCode).toBe(200);

    const answer = await post(t, signed('2000002'));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    // Facebook's documented answer: no envelope.
    const result = JSON.parse(answer.body) as { url: string; confirmation_code: string };
    expect(Object.keys(result).sort()).toEqual(['confirmation_code', 'url']);
    expect(result.url).toBe(
      `${PUBLIC_URL}/auth/facebook/data-deletion/${result.confirmation_code}`,
    );

    expect(await userIdentities(t.app.db, user.id)).toEqual([]);
    // The link request waiting on the other account is gone with it.
    expect((await pendingLink()).statusCode).toBe(422);
    // The account stays.
    const [kept] = await t.app.db.query<{ email: string }>(
      'SELECT email FROM users WHERE id = $1',
      [user.id],
    );
    expect(kept?.email).toBe('fb-only@example.test');
    // Nothing of the Facebook id is kept in clear.
    const [record] = await t.app.db.query<{ row: string }>(
      'SELECT row_to_json(r)::text AS row FROM social_deletion_requests r WHERE confirmation_code = $1',
      [result.confirmation_code],
    );
    expect(record?.row).toBeDefined();
    expect(record?.row).not.toContain('2000002');

    const page = await statusPage(result.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(result.confirmation_code);
    expect(page.body).toContain('Completed');
    expect(page.body).toContain('You can no longer sign in with Facebook');
    expect(page.body).toContain('Forgot password');

    // A second request for the same person: nothing left, its own code and status.
    const again = JSON.parse((await post(t, signed('2000002'))).body) as typeof result;
    expect(again.confirmation_code).not.toBe(result.confirmation_code);
    const second = await statusPage(again.url);
    expect(second.body).toContain('We held no data received from this Facebook account');
  });

  it('answers 404 for an unknown confirmation code', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/auth/facebook/data-deletion/${'0'.repeat(24)}`,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: `${CALLBACK}/..%2Fetc` });
    expect([400, 404]).toContain(malformed.statusCode);
  });

  it('answers 404 on a server without Facebook sign-in', async () => {
    const plain = await createTestApp(backend);
    try {
      const answer = await post(plain, signed('3000003'));
      expect(answer.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  }, 180_000);
});
