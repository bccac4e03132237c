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
import { storeWithCampaign } from '../../test/storefrontOrder.js';
import { featuredCollectionCards, storeBySlug, storeCampaignCards } from '../sql/storefront.js';

type Sale = Awaited<ReturnType<typeof storeWithCampaign>>;
interface Entry {
  type: string;
  status: string;
  amount: number;
}
interface CrossSaleRow {
  order_number: string;
  store_name: string;
  campaign_name: string;
  partner_name: string;
  items: number;
  revenue: number;
  commission_percent: number;
  commission: number;
  owner_amount: number;
  refunded: boolean;
}
interface SalesPage {
  data: CrossSaleRow[];
  total: number;
  totals: {
    orders: number;
    items: number;
    revenue: number;
    commission: number;
    owner_amount: number;
  };
}

const ADDRESS = {
  name: 'Bea Buyer',
  line1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  postcode: '73301',
  country: 'US',
};

describe.each(BACKENDS)('cross-selling on %s', (backend) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let carol: string;
  let aliceId: number;
  let bobId: number;
  let aliceSale: Sale;
  let bobSale: Sale;
  let bobStore: number;
  let carolStore: number;

  const call = (as: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const offer = (as: string, campaignId: number, enabled: boolean, percent = 15) =>
    call(as, 'PUT', `/seller/campaigns/${campaignId}/cross-selling`, {
      enabled,
      commission_percent: percent,
    });
  const addTo = (as: string, storeId: number, campaignId: number) =>
    call(as, 'PUT', `/seller/stores/${storeId}/cross-selling/${campaignId}`);
  const entries = async (as: string, type: string) =>
    body<{ data: Entry[] }>(await call(as, 'GET', `/seller/transactions?type=${type}`)).data.data;
  const sales = async (as: string, query: string) => {
    const answer = await call(as, 'GET', `/seller/cross-selling/sales?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return body<SalesPage>(answer).data;
  };
  const line = (sale: Sale, quantity: number) => ({
    campaign_id: sale.campaignId,
    product_id: sale.product.id,
    color: sale.product.color,
    size: sale.product.size,
    quantity,
  });
  const checkout = (slug: string, items: object[]) =>
    t.app.inject({
      method: 'POST',
      url: `/public/stores/${slug}/checkouts`,
      payload: { items, email: 'buyer@example.test', shipping_address: ADDRESS },
    });
  const buy = async (slug: string, items: object[]) => {
    const created = await checkout(slug, items);
    expect(created.statusCode, created.body).toBe(200);
    const id = body<{ checkout_id: string }>(created).data.checkout_id;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/public/checkouts/${id}/pay`,
      payload: { gateway: 'test', card_number: '4242424242424242' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return body<{ order_id: number; order_number: string }>(paid).data;
  };
  const baseCostOf = async (sale: Sale) => {
    const [row] = await t.app.db.query<{ base_cost: number }>(
      `SELECT v.base_cost FROM products p JOIN template_variants v ON v.template_id = p.template_id
        WHERE p.id = $1 AND v.color_name = $2 AND v.size = $3`,
      [sale.product.id, sale.product.color, sale.product.size],
    );
    return Number(row?.base_cost);
  };
  /** The product page of a campaign in a store (its slug, or campaign-{id} without one). */
  const productPage = async (storeSlug: string, sale: Sale) => {
    const [row] = await t.app.db.query<{ slug: string | null }>(
      'SELECT slug FROM campaigns WHERE id = $1',
      [sale.campaignId],
    );
    const name = row?.slug ? row.slug : `campaign-${sale.campaignId}`;
    return t.app.inject({ method: 'GET', url: `/s/${storeSlug}/products/${name}` });
  };
  const storeIdOf = async (slug: string) => {
    const [row] = await t.app.db.query<{ id: number }>('SELECT id FROM stores WHERE slug = $1', [
      slug,
    ]);
    return Number(row?.id);
  };

  beforeAll(async () => {
    // 4% processing fee, at least 0.50: the figures below are exact to the cent.
    t = await createTestApp(backend, { processingFee: 4, processingFeeMin: 0.5 });
    aliceId = (await createUser(t.app, { email: 'alice@example.test', name: 'Alice' })).id;
    bobId = (await createUser(t.app, { email: 'bob@example.test', name: 'Bob' })).id;
    await createUser(t.app, { email: 'carol@example.test', name: 'Carol' });
    alice = await login(t.app, 'alice@example.test');
    bob = await login(t.app, 'bob@example.test');
    carol = await login(t.app, 'carol@example.test');
    aliceSale = await storeWithCampaign(t.app, alice, 'alice-shop', 30);
    bobSale = await storeWithCampaign(t.app, bob, 'bob-shop', 20);
    await storeWithCampaign(t.app, carol, 'carol-shop', 10);
    bobStore = await storeIdOf('bob-shop');
    carolStore = await storeIdOf('carol-shop');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists another seller’s campaign only after its owner opened it, in the lister’s own stores', async () => {
    const before = await addTo(bob, bobStore, aliceSale.campaignId);
    expect(before.statusCode).toBe(404);
    expect(body(before).message).toBe('This campaign is not open for cross-selling.');
    const state = body<{ enabled: boolean; commission_percent: number | null }>(
      await call(alice, 'GET', `/seller/campaigns/${aliceSale.campaignId}/cross-selling`),
    ).data;
    expect(state).toMatchObject({ enabled: false, commission_percent: null });
    // Only the owner opens a campaign.
    expect((await offer(bob, aliceSale.campaignId, true)).statusCode).toBe(404);
    const bad = await offer(alice, aliceSale.campaignId, true, 0);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).errors?.commission_percent).toEqual(['At least 1%']);

    const opened = await offer(alice, aliceSale.campaignId, true, 15);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(body(opened).data).toMatchObject({ enabled: true, commission_percent: 15, stores: 0 });

    // Another seller's store cannot be used; the seller's own campaign is listed the usual way.
    expect((await addTo(bob, carolStore, aliceSale.campaignId)).statusCode).toBe(404);
    const own = await addTo(bob, bobStore, bobSale.campaignId);
    expect(own.statusCode).toBe(422);
    const added = await addTo(bob, bobStore, aliceSale.campaignId);
    expect(added.statusCode, added.body).toBe(200);
    expect(body(added).data).toEqual({
      store_id: bobStore,
      campaign_id: aliceSale.campaignId,
      commission_percent: 15,
    });
    const market = body<{ data: Array<{ id: number; owner_name: string; store_ids: number[] }> }>(
      await call(bob, 'GET', '/seller/cross-selling/campaigns?q=alice'),
    ).data.data;
    expect(market).toEqual([
      expect.objectContaining({
        id: aliceSale.campaignId,
        owner_name: 'Alice',
        commission_percent: 15,
        price: 3000,
        store_ids: [bobStore],
      }),
    ]);
    // The owner does not see its own campaign in the marketplace.
    const mine = body<{ data: unknown[] }>(
      await call(alice, 'GET', '/seller/cross-selling/campaigns'),
    ).data.data;
    expect(mine).toEqual([]);
    expect(
      body(await call(alice, 'GET', `/seller/campaigns/${aliceSale.campaignId}/cross-selling`))
        .data,
    ).toMatchObject({ enabled: true, stores: 1 });
  });

  it('keeps cross-sold campaigns when the store’s own campaign list is saved', async () => {
    const saved = await call(bob, 'PUT', `/seller/stores/${bobStore}/campaigns`, {
      campaign_ids: [bobSale.campaignId],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/s/bob-shop/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('alice-shop tee');
    expect(page.body).toContain('bob-shop tee');
  });

  it('shows a featured collection on the home as its own page orders it', async () => {
    const second = (await campaignOf(t.app, bob, 'bob-shop mug')).id;
    await t.app.db.query("UPDATE campaigns SET status = 'active' WHERE id = $1", [second]);
    const listed = await call(bob, 'PUT', `/seller/stores/${bobStore}/campaigns`, {
      campaign_ids: [bobSale.campaignId, second],
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const made = await t.app.inject({
      method: 'POST',
      url: '/seller/collections',
      headers: bearer(bob),
      payload: {
        name: 'Bob picks',
        store_id: bobStore,
        featured: true,
        campaign_ids: [bobSale.campaignId, second],
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const collectionId = body<{ id: number }>(made).data.id;
    const featured = await call(
      bob,
      'PUT',
      `/seller/collections/${collectionId}/featured-campaigns`,
      {
        campaign_ids: [second],
      },
    );
    expect(featured.statusCode, featured.body).toBe(200);
    const store = await storeBySlug(t.app.db, 'bob-shop');
    if (!store) throw new Error('no store');
    const onHome = await featuredCollectionCards(t.app.db, store, [collectionId], 8);
    const onPage = await storeCampaignCards(t.app.db, store, {
      sort: 'featured',
      collectionId,
      limit: 8,
      offset: 0,
      total: false,
    });
    expect(onHome.get(collectionId)).toEqual(onPage.rows);
    // The featured one first, then the rest in the collection's order.
    expect(onPage.rows.map((card) => card.id)).toEqual([second, bobSale.campaignId]);
    const home = await t.app.inject({ method: 'GET', url: '/s/bob-shop/' });
    expect(home.body).toContain('Bob picks');
  });

  it('sells it in the other store: the order is the store’s, each ledger books its part', async () => {
    const page = await productPage('bob-shop', aliceSale);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('alice-shop tee');
    const order = await buy('bob-shop', [line(aliceSale, 2), line(bobSale, 1)]);
    const [row] = await t.app.db.query<{ seller_id: number }>(
      'SELECT seller_id FROM orders WHERE id = $1',
      [order.order_id],
    );
    expect(Number(row?.seller_id)).toBe(bobId);
    const items = await t.app.db.query<{ campaign_id: number; seller_id: number }>(
      'SELECT campaign_id, seller_id FROM order_items WHERE order_id = $1 ORDER BY id',
      [order.order_id],
    );
    expect(items.map((i) => [Number(i.campaign_id), Number(i.seller_id)])).toEqual([
      [aliceSale.campaignId, aliceId],
      [bobSale.campaignId, bobId],
    ]);

    // Bob's order page shows both lines; Alice has no such order of her own.
    const detail = await call(bob, 'GET', `/seller/orders/${order.order_id}`);
    expect(
      body<{ items: Array<{ campaign_id: number }> }>(detail).data.items.map((i) => i.campaign_id),
    ).toEqual([aliceSale.campaignId, bobSale.campaignId]);
    expect((await call(alice, 'GET', `/seller/orders/${order.order_id}`)).statusCode).toBe(404);

    const aliceBase = await baseCostOf(aliceSale);
    const bobBase = await baseCostOf(bobSale);
    // Alice: 2 × 30.00 = 60.00, less base cost, the 4% fee (2.40) and Bob's 15% (9.00).
    const aliceAmount = 6000 - 2 * aliceBase - 240 - 900;
    expect(await entries(alice, 'sale')).toEqual([
      expect.objectContaining({ type: 'sale', status: 'pending', amount: aliceAmount }),
      // Alice's own store has sold nothing.
    ]);
    // Bob: his own 20.00 less base cost and the fee's 0.80, and the 9.00 commission.
    expect(await entries(bob, 'sale')).toEqual([
      expect.objectContaining({ type: 'sale', status: 'pending', amount: 2000 - bobBase - 80 }),
    ]);
    expect(await entries(bob, 'commission')).toEqual([
      expect.objectContaining({ type: 'commission', status: 'pending', amount: 900 }),
    ]);

    const bobSide = await sales(bob, 'side=store');
    expect(bobSide.data).toEqual([
      expect.objectContaining({
        order_number: order.order_number,
        store_name: 'bob-shop',
        campaign_name: 'alice-shop tee',
        partner_name: 'Alice',
        items: 2,
        revenue: 6000,
        commission_percent: 15,
        commission: 900,
        owner_amount: aliceAmount,
        refunded: false,
      }),
    ]);
    expect(bobSide.totals).toEqual({
      orders: 1,
      items: 2,
      revenue: 6000,
      commission: 900,
      owner_amount: aliceAmount,
    });
    const aliceSide = await sales(alice, 'side=owner');
    expect(aliceSide.data).toEqual([
      expect.objectContaining({ partner_name: 'Bob', commission: 900, owner_amount: aliceAmount }),
    ]);
    // Neither sees the other side's list as theirs, nor does a third seller.
    expect((await sales(alice, 'side=store')).total).toBe(0);
    expect((await sales(bob, 'side=owner')).total).toBe(0);
    expect((await sales(carol, 'side=store')).total).toBe(0);
    expect((await sales(carol, 'side=owner')).total).toBe(0);
    // A period before the sale holds none of it.
    expect((await sales(bob, 'time=custom&from=2020-01-01&to=2020-01-31')).total).toBe(0);
    expect((await sales(bob, 'time=today')).total).toBe(1);
  });

  it('reverses both sides when the order is cancelled with its refund', async () => {
    const order = await buy('bob-shop', [line(aliceSale, 1)]);
    const aliceBefore = await entries(alice, 'sale');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/seller/orders/${order.order_id}/status`,
      headers: bearer(bob),
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const aliceBase = await baseCostOf(aliceSale);
    // 30.00 less base cost, 1.20 fee and 4.50 commission; then taken back.
    const amount = 3000 - aliceBase - 120 - 450;
    expect(aliceBefore.map((e) => e.amount)).toContain(amount);
    const refunds = await entries(alice, 'refund');
    expect(refunds).toEqual([expect.objectContaining({ amount: -amount, status: 'pending' })]);
    const commissions = (await entries(bob, 'commission'))
      .map((e) => e.amount)
      .sort((a, b) => a - b);
    expect(commissions).toEqual([-450, 450, 900]);
    // Bob's ledger has no sale of his own for that order, so no refund of his own.
    expect(await entries(bob, 'refund')).toEqual([]);
    const list = await sales(bob, 'side=store');
    expect(list.data[0]).toMatchObject({ order_number: order.order_number, refunded: true });
    expect(list.totals).toMatchObject({ orders: 1, commission: 900 });
  });

  it('stops new sales when the owner opts out; earlier orders keep their figures', async () => {
    const closed = await offer(alice, aliceSale.campaignId, false);
    expect(body(closed).data).toMatchObject({ enabled: false, commission_percent: 15 });
    const page = await productPage('bob-shop', aliceSale);
    expect(page.statusCode).toBe(404);
    const refused = await checkout('bob-shop', [line(aliceSale, 1)]);
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe('This product is not sold in this store');
    expect((await addTo(bob, bobStore, aliceSale.campaignId)).statusCode).toBe(404);
    expect((await sales(bob, 'side=store')).totals.commission).toBe(900);
    // The owner's own store still sells it.
    expect((await productPage('alice-shop', aliceSale)).statusCode).toBe(200);
  });

  it('asks the store to accept a new percent before selling under it', async () => {
    await offer(alice, aliceSale.campaignId, true, 20);
    const hidden = await productPage('bob-shop', aliceSale);
    expect(hidden.statusCode).toBe(404);
    const again = await addTo(bob, bobStore, aliceSale.campaignId);
    expect(body(again).data).toMatchObject({ commission_percent: 20 });
    const shown = await productPage('bob-shop', aliceSale);
    expect(shown.statusCode).toBe(200);
    const removed = await call(
      bob,
      'DELETE',
      `/seller/stores/${bobStore}/cross-selling/${aliceSale.campaignId}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await productPage('bob-shop', aliceSale)).statusCode).toBe(404);
    const twice = await call(
      bob,
      'DELETE',
      `/seller/stores/${bobStore}/cross-selling/${aliceSale.campaignId}`,
    );
    expect(twice.statusCode).toBe(404);
  });

  it('keeps a session signed in for some stores to those stores', async () => {
    const second = await t.app.inject({
      method: 'POST',
      url: '/seller/stores',
      headers: bearer(bob),
      payload: { name: 'bob-two', slug: 'bob-two' },
    });
    const secondId = body<{ id: number }>(second).data.id;
    await createUser(t.app, { email: 'ops@example.test', isAdmin: true });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/auth/login-as-seller',
      headers: bearer(await login(t.app, 'ops@example.test')),
      payload: { seller_id: bobId, store_ids: [secondId] },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const scoped = body<{ access_token: string }>(signedIn).data.access_token;
    await offer(alice, aliceSale.campaignId, true, 20);
    expect((await addTo(scoped, bobStore, aliceSale.campaignId)).statusCode).toBe(403);
    expect((await addTo(scoped, secondId, aliceSale.campaignId)).statusCode).toBe(200);
    // The sales were made in the other store: this session sees none of them.
    expect((await sales(scoped, 'side=store')).total).toBe(0);
    expect((await sales(bob, 'side=store')).total).toBe(2);
  });

  it('checks permissions on the server', async () => {
    const reader = await memberSession(t.app, bobId, 'reader@example.test', ['get_orders']);
    expect((await sales(reader, 'side=store')).total).toBe(2);
    expect((await addTo(reader, bobStore, aliceSale.campaignId)).statusCode).toBe(403);
    const nobody = await memberSession(t.app, bobId, 'nobody@example.test', []);
    expect((await call(nobody, 'GET', '/seller/cross-selling/sales')).statusCode).toBe(403);
  });
});
