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

interface StoreAnswer {
  id: number;
  name: string;
  slug: string;
  base_url: string;
  title: string | null;
  primary_color: string | null;
  social_links: Record<string, string>;
  currency: string;
  locale: string;
  menus: {
    header: Array<{ label: string; kind: string }>;
    footer: unknown[];
    side_column: unknown[];
  };
  campaign_count: number;
  campaign_ids?: number[];
  archived_at: string | null;
}

describe.each(BACKENDS)('stores on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;
  let verified: string;
  let other: string;

  const call = (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const create = async (as: string, payload: object) => {
    const response = await call(as, 'POST', '/seller/stores', payload);
    expect(response.statusCode, response.body).toBe(200);
    return body<StoreAnswer>(response).data;
  };
  const list = async (as: string, query = '') =>
    body<StoreAnswer[]>(await call(as, 'GET', `/seller/stores${query}`)).data;

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'shops@example.test' })).id;
    await createUser(t.app, { email: 'vetted@example.test', status: 'verified' });
    await createUser(t.app, { email: 'rival@example.test' });
    seller = await login(t.app, 'shops@example.test');
    verified = await login(t.app, 'vetted@example.test');
    other = await login(t.app, 'rival@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a store whose address is its slug on the preview or marketplace domain', async () => {
    const store = await create(seller, { name: 'Cosmic Cats', slug: 'cosmic-cats' });
    expect(store).toMatchObject({
      name: 'Cosmic Cats',
      slug: 'cosmic-cats',
      base_url: 'https://cosmic-cats.preview.printloom.test',
      currency: 'USD',
      locale: 'en-US',
      campaign_ids: [],
      archived_at: null,
    });
    // A verified seller's stores are on the marketplace domain (spec §6).
    const vetted = await create(verified, { name: 'Vetted Goods', slug: 'vetted-goods' });
    expect(vetted.base_url).toBe('https://vetted-goods.printloom.test');
    // Without a slug, one is made from the name.
    const named = await create(seller, { name: 'Café Crème Shop!' });
    expect(named.slug).toBe('cafe-creme-shop');
    const again = await create(seller, { name: 'Café Crème Shop!' });
    expect(again.slug).toBe('cafe-creme-shop-2');
    expect((await list(seller)).map((s) => s.name)).toEqual([
      'Cosmic Cats',
      'Café Crème Shop!',
      'Café Crème Shop!',
    ]);
  });

  it('refuses a slug taken anywhere on the platform, reserved or badly written', async () => {
    const taken = await call(other, 'POST', '/seller/stores', { name: 'X', slug: 'cosmic-cats' });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message).toBe('This slug is already taken by another store.');
    const reserved = await call(other, 'POST', '/seller/stores', { name: 'X', slug: 'www' });
    expect(reserved.statusCode).toBe(400);
    expect(body(reserved).message).toBe('This slug is reserved. Please choose another.');
    for (const slug of ['ab', 'no_underscores', '-edge', 'x'.repeat(41), 'spa ce']) {
      const bad = await call(other, 'POST', '/seller/stores', { name: 'X', slug });
      expect(bad.statusCode, slug).toBe(400);
    }
    // Upper case is written in lower case.
    expect((await create(other, { name: 'Rival', slug: 'Rival-Shop' })).slug).toBe('rival-shop');
  });

  it('saves branding, contact, social links, currency, locale and menus', async () => {
    const [store] = await list(seller);
    const response = await call(seller, 'PUT', `/seller/stores/${store?.id}`, {
      title: 'Cats in space',
      logo_bright: 'https://cdn.example.test/logo.png',
      logo_alt: 'Cosmic Cats logo',
      primary_color: '#FF8800',
      background_color: '#ffffff',
      contact_email: 'hello@cosmic.example.test',
      social_links: { instagram: 'https://instagram.com/cosmic', facebook: '' },
      currency: 'EUR',
      locale: 'fr-FR',
      menus: {
        header: [
          { label: 'Shop all', kind: 'url', url: '/search' },
          { label: 'Space', kind: 'collection', target_id: 4 },
        ],
        footer: [{ label: 'About', kind: 'page', target_id: 1 }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = body<StoreAnswer>(await call(seller, 'GET', `/seller/stores/${store?.id}`)).data;
    expect(saved).toMatchObject({
      name: 'Cosmic Cats',
      title: 'Cats in space',
      primary_color: '#ff8800',
      social_links: { instagram: 'https://instagram.com/cosmic' },
      currency: 'EUR',
      locale: 'fr-FR',
    });
    expect(saved.menus.header.map((item) => item.label)).toEqual(['Shop all', 'Space']);
    expect(saved.menus.side_column).toEqual([]);

    const badColour = await call(seller, 'PUT', `/seller/stores/${store?.id}`, {
      primary_color: 'orange',
    });
    expect(badColour.statusCode).toBe(400);
    expect(body(badColour).message).toBe('Colours are written as #rrggbb.');
    const badItem = await call(seller, 'PUT', `/seller/stores/${store?.id}`, {
      menus: { header: [{ label: 'Nowhere', kind: 'page' }] },
    });
    expect(badItem.statusCode).toBe(400);
  });

  it('moves the store address with its slug, and keeps a custom domain', async () => {
    const store = await create(seller, { name: 'Mover', slug: 'mover-one' });
    const moved = body<StoreAnswer>(
      await call(seller, 'PUT', `/seller/stores/${store.id}`, { slug: 'mover-two' }),
    ).data;
    expect(moved.base_url).toBe('https://mover-two.preview.printloom.test');
    // The old slug is free again.
    expect((await create(other, { name: 'Taker', slug: 'mover-one' })).slug).toBe('mover-one');
    await t.app.db.query(
      "UPDATE stores SET base_url = 'https://shop.mover.example' WHERE id = $1",
      [store.id],
    );
    const custom = body<StoreAnswer>(
      await call(seller, 'PUT', `/seller/stores/${store.id}`, { slug: 'mover-three' }),
    ).data;
    expect(custom.base_url).toBe('https://shop.mover.example');
    const clash = await call(seller, 'PUT', `/seller/stores/${store.id}`, { slug: 'vetted-goods' });
    expect(clash.statusCode).toBe(409);
  });

  it('archives a store: gone from the list and /me, still readable, slug still taken', async () => {
    const store = await create(seller, { name: 'Old shop', slug: 'old-shop' });
    const archived = await call(seller, 'DELETE', `/seller/stores/${store.id}`);
    expect(archived.statusCode).toBe(200);
    expect(body(archived).message).toBe('Store archived.');
    expect((await list(seller)).map((s) => s.id)).not.toContain(store.id);
    expect((await list(seller, '?archived=1')).map((s) => s.slug)).toEqual(['old-shop']);
    const me = body<{ store_ids?: number[] }>(await call(seller, 'GET', '/me')).data;
    expect(me.store_ids ?? []).not.toContain(store.id);
    expect(
      body<StoreAnswer>(await call(seller, 'GET', `/seller/stores/${store.id}`)).data.archived_at,
    ).not.toBeNull();
    expect(
      (await call(other, 'POST', '/seller/stores', { name: 'O', slug: 'old-shop' })).statusCode,
    ).toBe(409);
  });

  it('lists a seller’s campaigns in their stores, from the store and from the campaign', async () => {
    const [store, second] = await list(seller);
    const a = await campaignOf(t.app, seller, 'Astro tee');
    const b = await campaignOf(t.app, seller, 'Nebula mug');
    const saved = await call(seller, 'PUT', `/seller/stores/${store?.id}/campaigns`, {
      campaign_ids: [b.id, a.id, a.id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body<StoreAnswer>(saved).data.campaign_ids).toEqual([a.id, b.id]);
    expect((await list(seller)).find((s) => s.id === store?.id)?.campaign_count).toBe(2);

    // The campaign editor's checkboxes: listed in the second store too, then only there.
    expect(
      body<{ store_ids: number[] }>(await call(seller, 'GET', `/seller/campaign/${a.id}/stores`))
        .data.store_ids,
    ).toEqual([store?.id]);
    const both = await call(seller, 'PUT', `/seller/campaign/${a.id}/stores`, {
      store_ids: [store?.id, second?.id],
    });
    expect(body<{ store_ids: number[] }>(both).data.store_ids).toEqual([store?.id, second?.id]);
    const onlySecond = await call(seller, 'PUT', `/seller/campaign/${a.id}/stores`, {
      store_ids: [second?.id],
    });
    expect(body<{ store_ids: number[] }>(onlySecond).data.store_ids).toEqual([second?.id]);
    const first = body<StoreAnswer>(await call(seller, 'GET', `/seller/stores/${store?.id}`)).data;
    expect(first.campaign_ids).toEqual([b.id]);

    // Another seller's campaign cannot be listed.
    const foreign = await campaignOf(t.app, other, 'Not yours');
    const refused = await call(seller, 'PUT', `/seller/stores/${store?.id}/campaigns`, {
      campaign_ids: [a.id, foreign.id],
    });
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe('Some of these campaigns are not yours.');
    expect((await call(seller, 'GET', `/seller/campaign/${foreign.id}/stores`)).statusCode).toBe(
      404,
    );
  });

  it("answers 404 for another seller's store on every store route", async () => {
    const [mine] = await list(seller);
    const id = mine?.id;
    expect((await call(other, 'GET', `/seller/stores/${id}`)).statusCode).toBe(404);
    expect(
      (await call(other, 'PUT', `/seller/stores/${id}`, { name: 'Mine now' })).statusCode,
    ).toBe(404);
    expect((await call(other, 'DELETE', `/seller/stores/${id}`)).statusCode).toBe(404);
    expect(
      (await call(other, 'PUT', `/seller/stores/${id}/campaigns`, { campaign_ids: [] })).statusCode,
    ).toBe(404);
    const rivalCampaign = await campaignOf(t.app, other, 'Rival tee');
    expect(
      (await call(other, 'PUT', `/seller/campaign/${rivalCampaign.id}/stores`, { store_ids: [id] }))
        .statusCode,
    ).toBe(404);
    expect((await list(other)).map((s) => s.name)).not.toContain('Cosmic Cats');
    expect(body<StoreAnswer>(await call(seller, 'GET', `/seller/stores/${id}`)).data.name).toBe(
      'Cosmic Cats',
    );
  });

  it('lets a team member without campaign rights read the stores but not change them', async () => {
    const member = await memberSession(t.app, sellerId, 'shop-staff@example.test', []);
    const [store] = await list(member);
    expect(store?.name).toBe('Cosmic Cats');
    expect((await call(member, 'GET', `/seller/stores/${store?.id}`)).statusCode).toBe(200);
    expect(
      (await call(member, 'PUT', `/seller/stores/${store?.id}`, { title: 'Staff title' }))
        .statusCode,
    ).toBe(403);
    const editor = await memberSession(t.app, sellerId, 'shop-editor@example.test', [
      'update_campaign',
    ]);
    expect(
      (await call(editor, 'PUT', `/seller/stores/${store?.id}`, { title: 'Staff title' }))
        .statusCode,
    ).toBe(200);
  });

  it('limits a session signed in for some stores to those stores (spec §6)', async () => {
    await createUser(t.app, { email: 'stores-admin@example.test', isAdmin: true });
    const admin = await login(t.app, 'stores-admin@example.test');
    const [first, second] = await list(seller);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/auth/login-as-seller',
      headers: bearer(admin),
      payload: { seller_id: sellerId, store_ids: [first?.id] },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const scoped = body<{ access_token: string }>(signedIn).data.access_token;
    expect((await list(scoped)).map((s) => s.id)).toEqual([first?.id]);
    const other = await call(scoped, 'PUT', `/seller/stores/${second?.id}`, { title: 'No' });
    expect(other.statusCode).toBe(403);
    expect(body(other).message).toBe('You can only act on the stores you were signed in for.');
    expect((await call(scoped, 'POST', '/seller/stores', { name: 'More' })).statusCode).toBe(403);
    expect(
      (await call(scoped, 'PUT', `/seller/stores/${first?.id}`, { title: 'Yes' })).statusCode,
    ).toBe(200);
  });
});
