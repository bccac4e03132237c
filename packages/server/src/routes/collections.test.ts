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

interface CollectionAnswer {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  store_id: number | null;
  featured: boolean;
  campaign_count: number;
  featured_count: number;
  campaigns: Array<{ id: number; name: string; position: number; featured: boolean }>;
}

describe.each(BACKENDS)('collections on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;
  let other: string;
  const ids: Record<string, number> = {};

  const call = (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const order = (answer: CollectionAnswer) =>
    answer.campaigns.map((c) => `${c.name}${c.featured ? '*' : ''}`);

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'curator@example.test' })).id;
    await createUser(t.app, { email: 'copycat@example.test' });
    seller = await login(t.app, 'curator@example.test');
    other = await login(t.app, 'copycat@example.test');
    for (const name of ['Astro tee', 'Nebula mug', 'Comet hoodie', 'Orbit poster']) {
      ids[name] = (await campaignOf(t.app, seller, name)).id;
    }
    ids.foreign = (await campaignOf(t.app, other, 'Not yours')).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a collection with campaigns, and a slug from its name', async () => {
    const response = await call(seller, 'POST', '/seller/collections', {
      name: 'Space Gear',
      description: 'Everything for the stars',
      campaign_ids: [ids['Astro tee'], ids['Nebula mug'], ids['Comet hoodie']],
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = body<CollectionAnswer>(response).data;
    expect(created).toMatchObject({
      name: 'Space Gear',
      slug: 'space-gear',
      store_id: null,
      featured: false,
      campaign_count: 3,
      featured_count: 0,
    });
    expect(order(created)).toEqual(['Astro tee', 'Nebula mug', 'Comet hoodie']);
    const twin = body<CollectionAnswer>(
      await call(seller, 'POST', '/seller/collections', { name: 'Space Gear' }),
    ).data;
    expect(twin.slug).toBe('space-gear-2');
    const clash = await call(seller, 'POST', '/seller/collections', {
      name: 'Again',
      slug: 'space-gear',
    });
    expect(clash.statusCode).toBe(409);
    // Slugs are per seller: another seller may use the same one.
    expect(
      (await call(other, 'POST', '/seller/collections', { name: 'X', slug: 'space-gear' }))
        .statusCode,
    ).toBe(200);
    const list = body<CollectionAnswer[]>(await call(seller, 'GET', '/seller/collections')).data;
    expect(list.map((c) => c.slug)).toEqual(['space-gear-2', 'space-gear']);
    const found = body<CollectionAnswer[]>(
      await call(seller, 'GET', '/seller/collections?q=gear'),
    ).data;
    expect(found).toHaveLength(2);
  });

  it('orders the featured campaigns as given, first, and adds ones not yet in it', async () => {
    const [space] = body<CollectionAnswer[]>(
      await call(seller, 'GET', '/seller/collections?q=Space'),
    ).data.filter((c) => c.slug === 'space-gear');
    const url = `/seller/collections/${space?.id}/featured-campaigns`;
    const first = await call(seller, 'PUT', url, {
      campaign_ids: [ids['Orbit poster'], ids['Comet hoodie']],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(order(body<CollectionAnswer>(first).data)).toEqual([
      'Orbit poster*',
      'Comet hoodie*',
      'Astro tee',
      'Nebula mug',
    ]);
    const reordered = await call(seller, 'PUT', url, {
      campaign_ids: [ids['Comet hoodie'], ids['Astro tee'], ids['Orbit poster']],
    });
    const answer = body<CollectionAnswer>(reordered).data;
    expect(order(answer)).toEqual(['Comet hoodie*', 'Astro tee*', 'Orbit poster*', 'Nebula mug']);
    expect(answer.campaigns.map((c) => c.position)).toEqual([0, 1, 2, 3]);
    expect(answer.featured_count).toBe(3);

    // Changing the membership keeps the featured order; a removed campaign leaves.
    const members = await call(seller, 'PUT', `/seller/collections/${space?.id}`, {
      campaign_ids: [ids['Nebula mug'], ids['Orbit poster'], ids['Comet hoodie']],
    });
    expect(order(body<CollectionAnswer>(members).data)).toEqual([
      'Comet hoodie*',
      'Orbit poster*',
      'Nebula mug',
    ]);
    // Nothing featured: the order stays, the stars go.
    const none = await call(seller, 'PUT', url, { campaign_ids: [] });
    expect(order(body<CollectionAnswer>(none).data)).toEqual([
      'Comet hoodie',
      'Orbit poster',
      'Nebula mug',
    ]);

    const refused = await call(seller, 'PUT', url, { campaign_ids: [ids.foreign] });
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe('Some of these campaigns are not yours.');
  });

  it('ties a collection to one of the seller’s stores, or to none', async () => {
    const store = body<{ id: number }>(
      await call(seller, 'POST', '/seller/stores', { name: 'Curated', slug: 'curated-shop' }),
    ).data;
    const foreignStore = body<{ id: number }>(
      await call(other, 'POST', '/seller/stores', { name: 'Copy', slug: 'copycat-shop' }),
    ).data;
    const tied = await call(seller, 'POST', '/seller/collections', {
      name: 'Store only',
      store_id: store.id,
      featured: true,
    });
    expect(body<CollectionAnswer>(tied).data).toMatchObject({ store_id: store.id, featured: true });
    const inStore = body<CollectionAnswer[]>(
      await call(seller, 'GET', `/seller/collections?store_id=${store.id}`),
    ).data;
    // The store's own collections and the seller's every-store ones.
    expect(inStore.map((c) => c.name)).toEqual(['Store only', 'Space Gear', 'Space Gear']);
    expect(
      (
        await call(seller, 'POST', '/seller/collections', {
          name: 'Elsewhere',
          store_id: foreignStore.id,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("answers 404 for another seller's collection on every route", async () => {
    const [mine] = body<CollectionAnswer[]>(await call(seller, 'GET', '/seller/collections')).data;
    const url = `/seller/collections/${mine?.id}`;
    expect((await call(other, 'GET', url)).statusCode).toBe(404);
    expect((await call(other, 'PUT', url, { name: 'Taken' })).statusCode).toBe(404);
    expect((await call(other, 'DELETE', url)).statusCode).toBe(404);
    expect(
      (await call(other, 'PUT', `${url}/featured-campaigns`, { campaign_ids: [] })).statusCode,
    ).toBe(404);
    const theirs = body<CollectionAnswer[]>(await call(other, 'GET', '/seller/collections')).data;
    expect(theirs.map((c) => c.name)).toEqual(['X']);
    expect(body<CollectionAnswer>(await call(seller, 'GET', url)).data.name).toBe(mine?.name);
  });

  it('deletes a collection, leaving its campaigns', async () => {
    const gone = body<CollectionAnswer>(
      await call(seller, 'POST', '/seller/collections', {
        name: 'Short lived',
        campaign_ids: [ids['Astro tee']],
      }),
    ).data;
    const removed = await call(seller, 'DELETE', `/seller/collections/${gone.id}`);
    expect(removed.statusCode).toBe(200);
    expect(body(removed).message).toBe('Collection deleted.');
    expect((await call(seller, 'GET', `/seller/collections/${gone.id}`)).statusCode).toBe(404);
    expect((await call(seller, 'GET', `/seller/campaign/${ids['Astro tee']}`)).statusCode).toBe(
      200,
    );
  });

  it('lets a member with get_campaigns read collections but not change them', async () => {
    const reader = await memberSession(t.app, sellerId, 'reader@example.test', ['get_campaigns']);
    const list = await call(reader, 'GET', '/seller/collections');
    expect(list.statusCode).toBe(200);
    expect((await call(reader, 'POST', '/seller/collections', { name: 'Nope' })).statusCode).toBe(
      403,
    );
  });
});
