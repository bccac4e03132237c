import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  campaignOf,
  createTestApp,
  createUser,
  login,
  memberSession,
  type TestApp,
} from '../../test/helpers.js';

interface KeyView {
  id: number;
  name: string;
  scopes: string[];
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  key?: string;
}

describe.each(BACKENDS)('API keys on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let token: string;
  let otherToken: string;

  const createKey = async (as: string, name: string, scopes: string[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/seller/api-keys',
      headers: bearer(as),
      payload: { name, scopes },
    });
    expect(response.statusCode, response.body).toBe(200);
    return body<{ id: number; key: string }>(response).data;
  };
  const listKeys = async (as: string) =>
    body<KeyView[]>(
      await t.app.inject({ method: 'GET', url: '/seller/api-keys', headers: bearer(as) }),
    ).data;
  const listCampaigns = (as: string) =>
    t.app.inject({ method: 'GET', url: '/seller/campaign', headers: bearer(as) });
  const rename = (as: string, id: number, name: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/seller/campaign/${id}`,
      headers: bearer(as),
      payload: { name },
    });

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'keys@example.test' })).id;
    await createUser(t.app, { email: 'other@example.test' });
    token = await login(t.app, 'keys@example.test');
    otherToken = await login(t.app, 'other@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a key once, lists it without the key, and accepts it as a bearer token', async () => {
    const { id, key } = await createKey(token, 'CI deploys', ['get_campaigns', 'update_campaign']);
    expect(key).toMatch(/^plk_[A-Za-z0-9_-]{43}$/);

    const before = (await listKeys(token)).find((k) => k.id === id);
    expect(before).toMatchObject({
      name: 'CI deploys',
      scopes: ['get_campaigns', 'update_campaign'],
      prefix: key.slice(0, 12),
      last_used_at: null,
    });
    expect(JSON.stringify(await listKeys(token))).not.toContain(key);

    const campaign = await campaignOf(t.app, token, 'Made by hand');
    const listed = await listCampaigns(key);
    expect(listed.statusCode).toBe(200);
    expect(body<{ data: Array<{ name: string }> }>(listed).data.data.map((c) => c.name)).toContain(
      'Made by hand',
    );
    expect((await rename(key, campaign.id, 'Renamed by a key')).statusCode).toBe(200);

    const after = (await listKeys(token)).find((k) => k.id === id);
    expect(after?.last_used_at).not.toBeNull();
  });

  it('answers 401 to a revoked key and to a made-up one', async () => {
    const { id, key } = await createKey(token, 'short-lived', ['get_campaigns']);
    expect((await listCampaigns(key)).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/seller/api-keys/${id}`,
      headers: bearer(token),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await listCampaigns(key)).statusCode).toBe(401);
    expect((await listKeys(token)).map((k) => k.id)).not.toContain(id);
    expect((await listCampaigns(`plk_${'x'.repeat(43)}`)).statusCode).toBe(401);
  });

  it('limits a key to its scopes: 403 on a campaign write without update_campaign', async () => {
    const campaign = await campaignOf(t.app, token, 'Read only here');
    const { key } = await createKey(token, 'reporting', ['get_campaigns']);
    expect((await listCampaigns(key)).statusCode).toBe(200);
    const write = await rename(key, campaign.id, 'Should not happen');
    expect(write.statusCode).toBe(403);
    const stillNamed = body<{ name: string }>(
      await t.app.inject({
        method: 'GET',
        url: `/seller/campaign/${campaign.id}`,
        headers: bearer(token),
      }),
    ).data.name;
    expect(stillNamed).toBe('Read only here');
  });

  it("cannot delete another seller's key (404), which keeps working", async () => {
    const theirs = await createKey(otherToken, 'theirs', ['get_campaigns']);
    const attempt = await t.app.inject({
      method: 'DELETE',
      url: `/seller/api-keys/${theirs.id}`,
      headers: bearer(token),
    });
    expect(attempt.statusCode).toBe(404);
    expect((await listCampaigns(theirs.key)).statusCode).toBe(200);
    expect((await listKeys(token)).map((k) => k.id)).not.toContain(theirs.id);
  });

  it('does not let a key manage keys or switch accounts', async () => {
    const { id, key } = await createKey(token, 'automation', ['get_campaigns', 'update_campaign']);
    const mint = await t.app.inject({
      method: 'POST',
      url: '/seller/api-keys',
      headers: bearer(key),
      payload: { name: 'more', scopes: ['get_payments'] },
    });
    expect(mint.statusCode).toBe(403);
    const revokeSelf = await t.app.inject({
      method: 'DELETE',
      url: `/seller/api-keys/${id}`,
      headers: bearer(key),
    });
    expect(revokeSelf.statusCode).toBe(403);
    const tfa = await t.app.inject({
      method: 'POST',
      url: '/seller/tfa/enable',
      headers: bearer(key),
    });
    expect(tfa.statusCode).toBe(403);
    // `me` is any member's: a key can tell whose it is.
    const me = await t.app.inject({ method: 'GET', url: '/me', headers: bearer(key) });
    expect(body<{ email: string }>(me).data.email).toBe('keys@example.test');
  });

  it('refuses a team member a scope they do not hold, and bad input with a message', async () => {
    const member = await memberSession(t.app, sellerId, 'staff@example.test', ['get_campaigns']);
    const wider = await t.app.inject({
      method: 'POST',
      url: '/seller/api-keys',
      headers: bearer(member),
      payload: { name: 'wider', scopes: ['get_campaigns', 'update_payments'] },
    });
    expect(wider.statusCode).toBe(403);
    expect(body(wider).message).toContain('update_payments');
    const held = await createKey(member, 'narrow', ['get_campaigns']);
    expect((await listKeys(token)).map((k) => k.id)).toContain(held.id);

    const noName = await t.app.inject({
      method: 'POST',
      url: '/seller/api-keys',
      headers: bearer(token),
      payload: { name: '  ', scopes: [] },
    });
    expect(noName.statusCode).toBe(400);
    expect(body(noName).message).toBe('Give the key a name.');
    const unknownScope = await t.app.inject({
      method: 'POST',
      url: '/seller/api-keys',
      headers: bearer(token),
      payload: { name: 'x', scopes: ['root'] },
    });
    expect(unknownScope.statusCode).toBe(400);
  });
});
