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
import { createWorkerCache, WORKER_CACHE_TTL_MS } from './workerCache.js';

const CLAIM = '/seller/campaign/bulk-v3/pending?type=regular_multi_space&take=1';

describe.each(BACKENDS)('worker calls reusing their session on %s', (backend) => {
  let t: TestApp;
  let seller: string;
  let sellerId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'cache-seller@example.test' })).id;
    seller = await login(t.app, 'cache-seller@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  const claim = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: CLAIM, headers: bearer(token) })).statusCode;

  it('refuses the next claim of a worker whose session signed out', async () => {
    const worker = await login(t.app, 'cache-seller@example.test');
    expect(await claim(worker)).toBe(200);
    expect(await claim(worker)).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: bearer(worker),
    });
    expect(out.statusCode).toBe(200);
    expect(await claim(worker)).toBe(401);
  });

  it('applies a member narrowed or removed to their worker at once', async () => {
    const member = await memberSession(t.app, sellerId, 'cache-member@example.test', [
      'update_campaign',
    ]);
    expect(await claim(member)).toBe(200);
    const team = body<Array<{ id: number }>>(
      await t.app.inject({ method: 'GET', url: '/seller/team', headers: bearer(seller) }),
    ).data;
    const row = team[0];
    if (!row) throw new Error('member missing');
    const narrowed = await t.app.inject({
      method: 'PUT',
      url: `/seller/team/${row.id}`,
      headers: bearer(seller),
      payload: { permissions: ['get_campaigns'], store_ids: null },
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(await claim(member)).toBe(403);
    await t.app.inject({
      method: 'PUT',
      url: `/seller/team/${row.id}`,
      headers: bearer(seller),
      payload: { permissions: ['update_campaign'], store_ids: null },
    });
    expect(await claim(member)).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/seller/team/${row.id}`,
      headers: bearer(seller),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await claim(member)).toBe(401);
  });

  it('hands out the template campaign as edited, not as first claimed', async () => {
    const template = await campaignOf(t.app, seller, 'Before');
    const job = async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/seller/campaign/bulk-v3/jobs',
        headers: bearer(seller),
        payload: {
          template_campaign_id: template.id,
          rows: [
            { campaign_name: 'Row', designs: [{ new_url: '/files/a.png', print_space: 'front' }] },
          ],
        },
      });
      expect(created.statusCode, created.body).toBe(200);
    };
    const claimedName = async () => {
      const rows = body<Array<{ template_campaign: { name: string } }>>(
        await t.app.inject({ method: 'GET', url: CLAIM, headers: bearer(seller) }),
      ).data;
      return rows[0]?.template_campaign.name;
    };
    await job();
    expect(await claimedName()).toBe('Before');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/seller/campaign/${template.id}`,
      headers: bearer(seller),
      payload: { name: 'After' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await job();
    expect(await claimedName()).toBe('After');
  });
});

describe('createWorkerCache', () => {
  it('reuses a value for its time, then reads again', async () => {
    let clock = 0;
    const cache = createWorkerCache<number>(() => clock);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return reads;
    };
    expect(await cache.get('k', read)).toBe(1);
    expect(await cache.get('k', read)).toBe(1);
    clock += WORKER_CACHE_TTL_MS;
    expect(await cache.get('k', read)).toBe(2);
  });

  it('does not keep a value read while a clear happened, nor a missing one', async () => {
    const cache = createWorkerCache<string>(() => 0);
    let release: (value: string) => void = () => undefined;
    const slow = cache.get('k', () => new Promise((resolve) => (release = resolve)));
    cache.clear();
    release('read before the sign-out');
    expect(await slow).toBe('read before the sign-out');
    expect(await cache.get('k', async () => 'read after')).toBe('read after');
    expect(await cache.get('gone', async () => undefined)).toBeUndefined();
    expect(await cache.get('gone', async () => 'there now')).toBe('there now');
  });
});
