import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  grant,
  login,
  type TestApp,
} from '../../test/helpers.js';

const SCOPE_MESSAGE = 'You can only act on the stores you were signed in for.';

describe.each(BACKENDS)('an admin signed in as a seller for some stores (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let sellerId: number;
  let storeA: number;
  let storeB: number;
  let foreignStore: number;
  let scoped: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await createUser(t.app, { email: 'scope-admin@example.test', isAdmin: true });
    const seller = await createUser(t.app, {
      email: 'scope-seller@example.test',
      tags: ['email marketing'],
    });
    const stranger = await createUser(t.app, { email: 'scope-stranger@example.test' });
    sellerId = seller.id;
    const stores = await t.app.db.query<{ id: number }>(
      `INSERT INTO stores (seller_id, name, base_url) VALUES
         ($1, 'A', 'https://a.invalid'), ($1, 'B', 'https://b.invalid'), ($2, 'X', NULL)
       RETURNING id`,
      [seller.id, stranger.id],
    );
    [storeA, storeB, foreignStore] = stores.map((s) => Number(s.id)) as [number, number, number];
    await t.app.db.query(
      `INSERT INTO subscribers (seller_id, store_id, email) VALUES ($1, $2, 'a@example.test'), ($1, $3, 'b@example.test')`,
      [seller.id, storeA, storeB],
    );
    await t.app.db.query(
      `INSERT INTO email_senders (seller_id, store_domain_id, username, name, verify_token)
       VALUES ($1, $2, 'hello', 'A shop', 't1'), ($1, $3, 'hello', 'B shop', 't2')`,
      [seller.id, storeA, storeB],
    );
    admin = await login(t.app, 'scope-admin@example.test');
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/auth/login-as-seller',
      headers: bearer(admin),
      // The stranger's store is not the seller's: the list is intersected with the seller's own.
      payload: { seller_id: sellerId, store_ids: [storeA, foreignStore] },
    });
    expect(signedIn.statusCode).toBe(200);
    scoped = body<{ access_token: string }>(signedIn).data.access_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, token = scoped) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('shows only those stores in /me and the store list', async () => {
    const me = body<{ store_ids: number[]; access_user: number | null }>(await get('/me')).data;
    expect(me.store_ids).toEqual([storeA]);
    expect(me.access_user).toEqual(expect.any(Number));
    const stores = body<Array<{ id: number }>>(await get('/seller/stores')).data;
    expect(stores.map((s) => s.id)).toEqual([storeA]);
  });

  it('refuses the seller’s other stores with the scope message', async () => {
    expect((await get(`/seller/stores/${storeA}/klaviyo`)).statusCode).toBe(200);
    const other = await get(`/seller/stores/${storeB}/klaviyo`);
    expect(other.statusCode).toBe(403);
    expect(body(other).message).toBe(SCOPE_MESSAGE);
    const coupon = await t.app.inject({
      method: 'PUT',
      url: `/seller/stores/${storeB}/coupon-config`,
      headers: bearer(scoped),
      payload: { coupon_id: null },
    });
    expect(coupon.statusCode).toBe(403);
    const subscriber = await t.app.inject({
      method: 'POST',
      url: '/seller/email-marketing/subscribers',
      headers: bearer(scoped),
      payload: { store_id: storeB, email: 'c@example.test' },
    });
    expect(subscriber.statusCode).toBe(403);
    // Another seller's store stays a plain 404, as for the seller.
    expect((await get(`/seller/stores/${foreignStore}/klaviyo`)).statusCode).toBe(404);
  });

  it('intersects the stores a list asks for with its own', async () => {
    const all = body<{ data: Array<{ email: string }> }>(
      await get('/seller/email-marketing/subscribers'),
    ).data;
    expect(all.data.map((s) => s.email)).toEqual(['a@example.test']);
    const askedB = body<{ total: number }>(
      await get(`/seller/email-marketing/subscribers?store_id=${storeB}`),
    ).data;
    expect(askedB.total).toBe(0);
    const senders = body<{ data: Array<{ name: string; id: number }> }>(
      await get('/seller/email-marketing/senders'),
    ).data;
    expect(senders.data.map((s) => s.name)).toEqual(['A shop']);
    const [bSender] = await t.app.db.query<{ id: number }>(
      "SELECT id FROM email_senders WHERE name = 'B shop'",
    );
    expect((await get(`/seller/email-marketing/senders/${bSender?.id}`)).statusCode).toBe(403);
  });

  it('leaves the seller and an admin signed in for every store unlimited', async () => {
    const seller = await login(t.app, 'scope-seller@example.test');
    expect(body<{ store_ids: number[] }>(await get('/me', seller)).data.store_ids).toEqual([
      storeA,
      storeB,
    ]);
    const whole = body<{ access_token: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/auth/login-as-seller',
        headers: bearer(admin),
        payload: { seller_id: sellerId },
      }),
    ).data.access_token;
    expect((await get(`/seller/stores/${storeB}/klaviyo`, whole)).statusCode).toBe(200);
    expect(
      body<{ total: number }>(await get('/seller/email-marketing/subscribers', whole)).data.total,
    ).toBe(2);
  });

  it('keeps the limit through switch-account and switch-back', async () => {
    // The seller is also a team member of another seller: the admin signed in as the seller
    // may switch there and back, and must come back limited to store A, not to every store.
    const other = await createUser(t.app, { email: 'scope-other@example.test' });
    await grant(t.app, other.id, sellerId, ['get_campaigns']);
    const switched = await t.app.inject({
      method: 'POST',
      url: '/seller/switch-account',
      headers: bearer(scoped),
      payload: { seller_id: other.id },
    });
    expect(switched.statusCode).toBe(200);
    const there = body<{ access_token: string }>(switched).data.access_token;
    const back = await t.app.inject({
      method: 'POST',
      url: '/seller/switch-back-account',
      headers: bearer(there),
    });
    expect(back.statusCode).toBe(200);
    const again = body<{ access_token: string }>(back).data.access_token;
    expect(body<{ store_ids: number[] }>(await get('/me', again)).data.store_ids).toEqual([storeA]);
    const refused = await get(`/seller/stores/${storeB}/klaviyo`, again);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe(SCOPE_MESSAGE);
  });

  it('refuses attaching another store’s coupon to an allowed store', async () => {
    const coupons = await t.app.db.query<{ id: number }>(
      `INSERT INTO coupons (seller_id, store_id, code, name) VALUES
         ($1, $2, 'BONLY', 'B only'), ($1, $3, 'AONLY', 'A only'), ($1, NULL, 'ALL', 'Everywhere')
       RETURNING id`,
      [sellerId, storeB, storeA],
    );
    const [bCoupon, aCoupon, everywhere] = coupons.map((c) => Number(c.id));
    // A fresh limited session (switching ends the one the other tests share).
    const limitedToA = body<{ access_token: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/auth/login-as-seller',
        headers: bearer(admin),
        payload: { seller_id: sellerId, store_ids: [storeA] },
      }),
    ).data.access_token;
    const put = (couponId: number | undefined, token = limitedToA) =>
      t.app.inject({
        method: 'PUT',
        url: `/seller/stores/${storeA}/coupon-config`,
        headers: bearer(token),
        payload: { coupon_id: couponId },
      });
    const limited = await put(bCoupon);
    expect(limited.statusCode).toBe(403);
    expect(body(limited).message).toBe(SCOPE_MESSAGE);
    // Even the seller cannot offer store B's coupon in store A.
    const seller = await login(t.app, 'scope-seller@example.test');
    const mixed = await put(bCoupon, seller);
    expect(mixed.statusCode).toBe(422);
    expect(body(mixed).message).toBe('This coupon belongs to another store.');
    const [row] = await t.app.db.query<{ coupon_id: number | null }>(
      'SELECT coupon_id FROM stores WHERE id = $1',
      [storeA],
    );
    expect(row?.coupon_id).toBeNull();
    expect((await put(aCoupon)).statusCode).toBe(200);
    expect((await put(everywhere)).statusCode).toBe(200);
  });

  it('refuses a store list with none of the seller’s stores', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login-as-seller',
      headers: bearer(admin),
      payload: { seller_id: sellerId, store_ids: [foreignStore] },
    });
    expect(response.statusCode).toBe(422);
    expect(body(response)).toMatchObject({
      message: 'None of these stores belong to this seller.',
      errors: { store_ids: ['None of these stores belong to this seller.'] },
    });
  });
});
