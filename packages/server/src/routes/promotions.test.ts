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

interface PromotionAnswer {
  id: number;
  store_id: number;
  code: string;
  type: string;
  value: number;
  used: number;
  status: string;
  campaign_ids: number[];
  collection_ids: number[];
}
interface Totals {
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
}

const ADDRESS = {
  name: 'Ada Buyer',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
};
const HOUR = 3_600_000;

describe.each(BACKENDS)('promotions on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;
  let other: string;
  let storeId: number;
  let otherStoreId: number;
  let collectionId: number;
  const campaigns: Record<
    'tee' | 'mug',
    { id: number; product: number; color: string; size: string }
  > = {} as never;

  const call = (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const create = async (payload: object) => {
    const response = await call(seller, 'POST', '/seller/promotions', {
      store_id: storeId,
      ...payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return body<PromotionAnswer>(response).data;
  };
  const item = (which: 'tee' | 'mug', quantity = 1) => ({
    campaign_id: campaigns[which].id,
    product_id: campaigns[which].product,
    color: campaigns[which].color,
    size: campaigns[which].size,
    quantity,
  });
  const checkout = (items: object[], coupon?: string, email = 'buyer@example.test') =>
    t.app.inject({
      method: 'POST',
      url: '/public/stores/promo-shop/checkouts',
      payload: { items, email, shipping_address: ADDRESS, ...(coupon ? { coupon } : {}) },
    });
  const priced = async (items: object[], coupon?: string, email?: string) => {
    const response = await checkout(items, coupon, email);
    expect(response.statusCode, response.body).toBe(200);
    return body<{ checkout_id: string; totals: Totals }>(response).data;
  };
  const refusal = async (items: object[], coupon: string, email?: string) => {
    const response = await checkout(items, coupon, email);
    expect(response.statusCode, response.body).toBe(422);
    return body(response).errors?.coupon?.[0];
  };
  const pay = (checkoutId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/public/checkouts/${checkoutId}/pay`,
      payload: { gateway: 'test', card_number: '4242 4242 4242 4242' },
    });

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'promoter@example.test' })).id;
    await createUser(t.app, { email: 'rival@example.test' });
    seller = await login(t.app, 'promoter@example.test');
    other = await login(t.app, 'rival@example.test');
    const store = await call(seller, 'POST', '/seller/stores', {
      name: 'Promo Shop',
      slug: 'promo-shop',
      currency: 'USD',
    });
    storeId = body<{ id: number }>(store).data.id;
    const second = await call(seller, 'POST', '/seller/stores', {
      name: 'Second',
      slug: 'second-shop',
    });
    otherStoreId = body<{ id: number }>(second).data.id;
    for (const [which, price] of [
      ['tee', 20],
      ['mug', 10],
    ] as const) {
      const campaign = await campaignOf(t.app, seller, `Promo ${which}`);
      await t.app.db.query("UPDATE campaigns SET status = 'active' WHERE id = $1", [campaign.id]);
      await t.app.db.query('UPDATE products SET price = $2 WHERE campaign_id = $1', [
        campaign.id,
        price,
      ]);
      const [variant] = await t.app.db.query<{ id: number; color: string; size: string }>(
        `SELECT p.id, v.color_name AS color, v.size FROM products p
           JOIN template_variants v ON v.template_id = p.template_id AND v.color_name = p.options->'color'->>0
          WHERE p.campaign_id = $1 ORDER BY v.position, v.id LIMIT 1`,
        [campaign.id],
      );
      if (!variant) throw new Error('no variant');
      campaigns[which] = {
        id: campaign.id,
        product: Number(variant.id),
        color: variant.color,
        size: variant.size,
      };
    }
    const listed = await call(seller, 'PUT', `/seller/stores/${storeId}/campaigns`, {
      campaign_ids: [campaigns.tee.id, campaigns.mug.id],
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const collection = await call(seller, 'POST', '/seller/collections', {
      name: 'Mugs',
      campaign_ids: [campaigns.mug.id],
    });
    collectionId = body<{ id: number }>(collection).data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, lists, changes and deletes a promotion; the coupon picker lists it too', async () => {
    const created = await create({ code: 'Spring10', type: 'percent', value: 10 });
    expect(created).toMatchObject({ code: 'Spring10', status: 'running', used: 0 });
    const list = body<PromotionAnswer[]>(await call(seller, 'GET', '/seller/promotions')).data;
    expect(list.map((p) => p.code)).toContain('Spring10');
    const picker = body<Array<{ code: string }>>(
      await call(seller, 'GET', '/seller/coupons?q=spring'),
    );
    expect(picker.data.map((c) => c.code)).toEqual(['Spring10']);

    const changed = await call(seller, 'PUT', `/seller/promotions/${created.id}`, {
      store_id: storeId,
      code: 'Spring15',
      type: 'percent',
      value: 15,
      starts_at: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(body<PromotionAnswer>(changed).data).toMatchObject({ value: 15, status: 'scheduled' });
    expect((await call(other, 'DELETE', `/seller/promotions/${created.id}`)).statusCode).toBe(404);
    expect((await call(seller, 'DELETE', `/seller/promotions/${created.id}`)).statusCode).toBe(200);
    const after = body<PromotionAnswer[]>(await call(seller, 'GET', '/seller/promotions')).data;
    expect(after.map((p) => p.id)).not.toContain(created.id);
  });

  it('keeps a code unique in its store whatever its case, and refuses bad input clearly', async () => {
    await create({ code: 'ONCE', type: 'fixed', value: 500 });
    const again = await call(seller, 'POST', '/seller/promotions', {
      store_id: storeId,
      code: 'once',
      type: 'percent',
      value: 5,
    });
    expect(again.statusCode).toBe(409);
    expect(body(again).errors?.code).toEqual([
      'This store already has a promotion with this code.',
    ]);
    const elsewhere = await call(seller, 'POST', '/seller/promotions', {
      store_id: otherStoreId,
      code: 'once',
      type: 'percent',
      value: 5,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);

    const percent = await call(seller, 'POST', '/seller/promotions', {
      store_id: storeId,
      code: 'TOOMUCH',
      type: 'percent',
      value: 150,
    });
    expect(percent.statusCode).toBe(400);
    expect(body(percent).errors?.value).toEqual(['A percent is a whole number from 1 to 100.']);
    const foreign = await call(seller, 'POST', '/seller/promotions', {
      store_id: storeId,
      code: 'THEIRS',
      type: 'percent',
      value: 5,
      campaign_ids: [999_999],
    });
    expect(foreign.statusCode).toBe(422);
    expect(body(foreign).errors?.campaign_ids).toEqual(['Some of these campaigns are not yours.']);
    const theirStore = await call(other, 'POST', '/seller/promotions', {
      store_id: storeId,
      code: 'MINE',
      type: 'percent',
      value: 5,
    });
    expect(theirStore.statusCode).toBe(404);
  });

  it('lets a member with get_campaigns read promotions but not change them', async () => {
    const reader = await memberSession(t.app, sellerId, 'promo-reader@example.test', [
      'get_campaigns',
    ]);
    expect((await call(reader, 'GET', '/seller/promotions')).statusCode).toBe(200);
    expect((await call(reader, 'GET', '/seller/promotions/campaigns')).statusCode).toBe(200);
    const write = await call(reader, 'POST', '/seller/promotions', {
      store_id: storeId,
      code: 'NOPE',
      type: 'percent',
      value: 5,
    });
    expect(write.statusCode).toBe(403);
  });

  it('applies each coupon type at checkout and shows it on the paid order', async () => {
    await create({ code: 'TENOFF', type: 'percent', value: 10 });
    await create({ code: 'FIVE', type: 'fixed', value: 500 });
    await create({ code: 'SHIPFREE', type: 'free_shipping', value: 0 });
    await create({ code: 'B1G1', type: 'bogo', value: 100, buy_quantity: 1, get_quantity: 1 });
    const plain = await priced([item('tee', 2)]);
    expect(plain.totals).toMatchObject({ subtotal: 4000, discount: 0 });
    expect(plain.totals.shipping).toBeGreaterThan(0);

    expect((await priced([item('tee', 2)], 'tenoff')).totals).toMatchObject({ discount: 400 });
    expect((await priced([item('tee', 2)], 'FIVE')).totals).toMatchObject({ discount: 500 });
    const free = await priced([item('tee', 2)], 'SHIPFREE');
    expect(free.totals).toMatchObject({ discount: 0, shipping: 0 });
    expect(free.totals.total).toBe(plain.totals.total - plain.totals.shipping);
    // Buy one get one: of a tee and a mug the mug (the cheaper) is free.
    const bogo = await priced([item('tee'), item('mug')], 'B1G1');
    expect(bogo.totals).toMatchObject({ subtotal: 3000, discount: 1000 });

    const paid = await pay(bogo.checkout_id);
    expect(paid.statusCode, paid.body).toBe(200);
    const [order] = await t.app.db.query<{
      coupon_code: string;
      discount: number;
      promotion_id: number;
    }>('SELECT coupon_code, discount, promotion_id FROM orders WHERE checkout_id = $1', [
      bogo.checkout_id,
    ]);
    expect(order).toMatchObject({ coupon_code: 'B1G1', discount: 1000 });
    const list = body<PromotionAnswer[]>(
      await call(seller, 'GET', '/seller/promotions?q=B1G1'),
    ).data;
    expect(list[0]).toMatchObject({ used: 1, id: Number(order?.promotion_id) });
  });

  it('refuses a coupon outside its dates, under its minimum or for products it does not cover', async () => {
    await create({
      code: 'OLD',
      type: 'percent',
      value: 10,
      ends_at: new Date(Date.now() - HOUR).toISOString(),
    });
    await create({
      code: 'SOON',
      type: 'percent',
      value: 10,
      starts_at: new Date(Date.now() + HOUR).toISOString(),
    });
    await create({ code: 'BIGSPEND', type: 'fixed', value: 1000, min_subtotal: 5000 });
    await create({ code: 'MUGS', type: 'percent', value: 50, collection_ids: [collectionId] });
    await create({ code: 'TEES', type: 'fixed', value: 5000, campaign_ids: [campaigns.tee.id] });
    expect(await refusal([item('tee')], 'NOSUCH')).toBe('This coupon code is not valid');
    expect(await refusal([item('tee')], 'OLD')).toBe('This coupon has expired');
    expect(await refusal([item('tee')], 'SOON')).toBe('This coupon is not active yet');
    expect(await refusal([item('tee', 2)], 'BIGSPEND')).toBe(
      'Your order does not reach the minimum amount for this coupon',
    );
    expect((await priced([item('tee', 3)], 'BIGSPEND')).totals.discount).toBe(1000);
    expect(await refusal([item('tee')], 'MUGS')).toBe(
      'This coupon does not apply to the products in your cart',
    );
    // Half off the mug of the collection only; the fixed amount stops at what the tee costs.
    expect((await priced([item('tee'), item('mug', 2)], 'MUGS')).totals.discount).toBe(1000);
    expect((await priced([item('tee'), item('mug')], 'TEES')).totals.discount).toBe(2000);
  });

  it('counts uses from paid orders, in total and per buyer email, again at payment', async () => {
    await create({ code: 'ONLYONE', type: 'percent', value: 10, usage_limit: 1 });
    await create({ code: 'PERBUYER', type: 'percent', value: 10, per_buyer_limit: 1 });
    // Two carts priced before either is paid: the second payment finds the limit reached.
    const first = await priced([item('tee')], 'ONLYONE', 'a@example.test');
    const second = await priced([item('tee')], 'ONLYONE', 'b@example.test');
    expect((await pay(first.checkout_id)).statusCode).toBe(200);
    const late = await pay(second.checkout_id);
    expect(late.statusCode).toBe(409);
    expect(body(late).errors?.coupon).toEqual(['This coupon has reached its usage limit']);
    expect(await refusal([item('tee')], 'ONLYONE', 'c@example.test')).toBe(
      'This coupon has reached its usage limit',
    );

    const mine = await priced([item('tee')], 'PERBUYER', 'Repeat@Example.test');
    expect((await pay(mine.checkout_id)).statusCode).toBe(200);
    expect(await refusal([item('tee')], 'PERBUYER', 'repeat@example.test')).toBe(
      'You have already used this coupon',
    );
    expect((await priced([item('tee')], 'PERBUYER', 'new@example.test')).totals.discount).toBe(200);
    // A cancelled order gives its use back.
    await t.app.db.query(
      "UPDATE orders SET status = 'cancelled' WHERE lower(email) = 'repeat@example.test'",
    );
    expect((await priced([item('tee')], 'PERBUYER', 'repeat@example.test')).totals.discount).toBe(
      200,
    );
  });

  it('refuses at payment a promotion withdrawn or postponed since the cart was priced', async () => {
    const gone = await create({ code: 'WITHDRAWN', type: 'percent', value: 10 });
    const later = await create({ code: 'POSTPONED', type: 'percent', value: 10 });
    const first = await priced([item('tee')], 'WITHDRAWN');
    const second = await priced([item('tee')], 'POSTPONED');
    expect((await call(seller, 'DELETE', `/seller/promotions/${gone.id}`)).statusCode).toBe(200);
    const postponed = await call(seller, 'PUT', `/seller/promotions/${later.id}`, {
      store_id: storeId,
      code: 'POSTPONED',
      type: 'percent',
      value: 10,
      starts_at: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(postponed.statusCode, postponed.body).toBe(200);
    const withdrawn = await pay(first.checkout_id);
    expect(withdrawn.statusCode).toBe(409);
    expect(body(withdrawn).errors?.coupon).toEqual(['This coupon code is not valid']);
    const early = await pay(second.checkout_id);
    expect(early.statusCode).toBe(409);
    expect(body(early).errors?.coupon).toEqual(['This coupon is not active yet']);
  });

  it('lists the campaigns a running promotion covers', async () => {
    await create({ code: 'ONMUGS', type: 'percent', value: 20, campaign_ids: [campaigns.mug.id] });
    const rows = body<Array<{ campaign_id: number; code: string }>>(
      await call(seller, 'GET', '/seller/promotions/campaigns?q=ONMUGS'),
    ).data;
    expect(rows).toEqual([
      expect.objectContaining({ campaign_id: campaigns.mug.id, code: 'ONMUGS' }),
    ]);
    const all = body<Array<{ campaign_id: number; code: string }>>(
      await call(seller, 'GET', '/seller/promotions/campaigns'),
    ).data;
    // Store-wide TENOFF covers both listed campaigns; expired OLD and scheduled SOON cover none.
    expect(
      all
        .filter((r) => r.code === 'TENOFF')
        .map((r) => r.campaign_id)
        .sort(),
    ).toEqual([campaigns.tee.id, campaigns.mug.id].sort());
    expect(all.some((r) => r.code === 'OLD' || r.code === 'SOON')).toBe(false);
    expect((await call(other, 'GET', '/seller/promotions/campaigns')).json().data).toEqual([]);
  });
});
