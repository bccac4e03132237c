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
import { paidOrder as checkoutOrder, storeWithCampaign } from '../../test/storefrontOrder.js';
import { csvField } from './orders.js';

const ADDRESS = {
  name: 'Ada Buyer',
  line1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postcode: '62701',
  country: 'US',
};

interface Summary {
  id: number;
  order_number: string;
  status: string;
  payment_status: string;
  fulfillment_status: string;
  email: string;
  tracking_numbers: string[];
}
interface Detail extends Summary {
  items: { id: number; status: string; mockup_url: string | null }[];
  timeline: { kind: string; detail: Record<string, unknown>; actor: { kind: string } }[];
  shipments: { carrier: string; tracking_number: string; tracking_url: string | null }[];
  allowed_actions: string[];
  address_editable: boolean;
  shipping_address: typeof ADDRESS;
}
interface Page {
  data: Summary[];
  total: number;
  total_is_capped: boolean;
}

describe.each(BACKENDS)('seller orders on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;
  let other: string;
  let admin: string;
  let storeId: number;
  let paidOrder: { order_id: number; order_number: string };

  const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const list = async (query: string, as = seller) => {
    const response = await call(as, 'GET', `/seller/orders${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return body<Page>(response).data;
  };
  const detail = async (id: number) =>
    body<Detail>(await call(seller, 'GET', `/seller/orders/${id}`)).data;

  /** An order written as the checkout writes one, for list filters. */
  const seedOrder = async (fields: {
    email: string;
    name: string;
    status?: string;
    payment?: string;
    createdDaysAgo?: number;
    store?: number | null;
    type?: string;
  }) => {
    const [row] = await t.app.db.query<{ id: number }>(
      `INSERT INTO orders (seller_id, store_id, order_number, order_type, status, payment_status,
         email, customer_name, shipping_address, currency, subtotal, shipping, discount, tip,
         processing_fee, total, created_at)
       VALUES ($1, $2, 'PL' || nextval('order_number_seq'), $3, $4, $5, $6, $7, $8, 'USD', 2000,
         500, 0, 0, 0, 2500, now() - make_interval(days => $9)) RETURNING id`,
      [
        sellerId,
        fields.store === undefined ? storeId : fields.store,
        fields.type ?? 'regular',
        fields.status ?? 'processing',
        fields.payment ?? 'paid',
        fields.email,
        fields.name,
        JSON.stringify({ ...ADDRESS, name: fields.name }),
        fields.createdDaysAgo ?? 0,
      ],
    );
    await t.app.db.query(
      `INSERT INTO order_items (order_id, seller_id, name, color, size, quantity, price, base_cost)
       VALUES ($1, $2, 'Tee', 'Black', 'M', 1, 2000, 900)`,
      [row?.id, sellerId],
    );
    return Number(row?.id);
  };

  beforeAll(async () => {
    t = await createTestApp(backend, { previewDomain: 'shops.example.test' });
    sellerId = (await createUser(t.app, { email: 'orders-seller@example.test' })).id;
    await createUser(t.app, { email: 'orders-other@example.test' });
    await createUser(t.app, { email: 'orders-admin@example.test', isAdmin: true });
    seller = await login(t.app, 'orders-seller@example.test');
    other = await login(t.app, 'orders-other@example.test');
    admin = await login(t.app, 'orders-admin@example.test');
    const campaign = await campaignOf(t.app, seller, 'Order Tee');
    const created = await call(seller, 'POST', '/seller/stores', {
      name: 'Order Shop',
      slug: 'order-shop',
      currency: 'USD',
    });
    storeId = body<{ id: number }>(created).data.id;
    await call(seller, 'PUT', `/seller/stores/${storeId}/campaigns`, {
      campaign_ids: [campaign.id],
    });
    await t.app.db.query(
      "UPDATE campaigns SET status = 'active', slug = 'order-tee' WHERE id = $1",
      [campaign.id],
    );
    await t.app.db.query('UPDATE products SET price = 19.99 WHERE campaign_id = $1', [campaign.id]);
    const [variant] = await t.app.db.query<{ color_name: string; size: string }>(
      `SELECT v.color_name, v.size FROM template_variants v JOIN products p ON p.template_id = v.template_id
        WHERE p.campaign_id = $1 AND v.color_name = p.options->'color'->>0 ORDER BY v.position, v.id LIMIT 1`,
      [campaign.id],
    );
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/public/stores/order-shop/checkouts',
      payload: {
        items: [
          {
            campaign_id: campaign.id,
            product_id: campaign.products[0]?.id,
            color: variant?.color_name ?? 'Default',
            size: variant?.size ?? 'One size',
            quantity: 2,
          },
        ],
        email: 'ada@example.test',
        shipping_address: ADDRESS,
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const id = body<{ checkout_id: string }>(checkout).data.checkout_id;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/public/checkouts/${id}/pay`,
      payload: { gateway: 'test', card_number: '4242 4242 4242 4242' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    paidOrder = body<{ order_id: number; order_number: string }>(paid).data;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the order the storefront made, with the buyer and its timeline', async () => {
    const page = await list('');
    expect(page.data.map((o) => o.order_number)).toContain(paidOrder.order_number);
    const order = await detail(paidOrder.order_id);
    expect(order).toMatchObject({
      order_number: paidOrder.order_number,
      status: 'processing',
      payment_status: 'paid',
      fulfillment_status: 'unfulfilled',
      address_editable: true,
      allowed_actions: ['hold', 'cancel'],
    });
    expect(order.items).toHaveLength(1);
    expect(order.timeline.map((e) => `${e.kind}:${e.actor.kind}`)).toEqual([
      'created:buyer',
      'paid:buyer',
    ]);
    // Another seller neither lists nor opens it.
    expect((await list('', other)).data).toEqual([]);
    expect((await call(other, 'GET', `/seller/orders/${paidOrder.order_id}`)).statusCode).toBe(404);
  });

  it('searches by number, email, name and tracking, and filters', async () => {
    const bob = await seedOrder({
      email: 'Bob@Example.test',
      name: 'Bob Stone',
      status: 'on_hold',
    });
    const old = await seedOrder({
      email: 'carol@example.test',
      name: 'Carol 100%',
      createdDaysAgo: 40,
      payment: 'refunded',
      status: 'cancelled',
      type: 'fulfillment',
    });
    const ids = (page: Page) => page.data.map((o) => o.id).sort();
    expect(ids(await list(`?q=${paidOrder.order_number.toLowerCase()}`))).toEqual([
      paidOrder.order_id,
    ]);
    expect(ids(await list('?q=bob@example.test'))).toEqual([bob]);
    expect(ids(await list('?q=stone'))).toEqual([bob]);
    // A name matches from the start of one of its words, as typed.
    expect(ids(await list('?q=BOB%20st'))).toEqual([bob]);
    expect(ids(await list('?q=tone'))).toEqual([]);
    expect(ids(await list('?q=stone%20bob'))).toEqual([]);
    expect(ids(await list(`?q=${encodeURIComponent('100%')}`))).toEqual([old]);
    expect(ids(await list(`?q=${encodeURIComponent('1%')}`))).toEqual([]);
    expect(ids(await list('?status=on_hold'))).toEqual([bob]);
    expect(ids(await list('?payment_status=refunded&type=fulfillment'))).toEqual([old]);
    expect((await list('?time=last_30_days')).data.map((o) => o.id)).not.toContain(old);
    const from = new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() - 35 * 86_400_000).toISOString().slice(0, 10);
    expect(ids(await list(`?time=custom&from=${from}&to=${to}`))).toEqual([old]);
    const sorted = await list('?order_by=created_at:asc');
    expect(sorted.data[0]?.id).toBe(old);
    const bad = await call(seller, 'GET', '/seller/orders?status=shipped');
    expect(bad.statusCode).toBe(400);
  });

  it('holds, resumes and refuses an illegal change with 409 and the reason', async () => {
    const id = await seedOrder({ email: 'dan@example.test', name: 'Dan' });
    const held = await call(seller, 'POST', `/seller/orders/${id}/status`, { status: 'on_hold' });
    expect(held.statusCode, held.body).toBe(200);
    expect(body<Detail>(held).data).toMatchObject({
      status: 'on_hold',
      fulfillment_status: 'on_hold',
      allowed_actions: ['resume', 'cancel'],
    });
    const refused = await call(seller, 'POST', `/seller/orders/${id}/status`, {
      status: 'completed',
    });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toMatch(/cannot be set to completed/);
    const resumed = await call(seller, 'POST', `/seller/orders/${id}/status`, {
      status: 'processing',
    });
    expect(body<Detail>(resumed).data.status).toBe('processing');
    const timeline = (await detail(id)).timeline.filter((e) => e.kind === 'status_changed');
    expect(timeline.map((e) => `${e.detail.event}:${e.actor.kind}`)).toEqual([
      'hold:seller',
      'resume:seller',
    ]);
  });

  it('edits the address until production, re-validating it', async () => {
    const id = await seedOrder({ email: 'erin@example.test', name: 'Erin' });
    const wrong = await call(seller, 'PUT', `/seller/orders/${id}/address`, {
      ...ADDRESS,
      postcode: 'ABC',
    });
    expect(wrong.statusCode).toBe(422);
    expect(body(wrong).errors?.postcode).toBeDefined();
    const saved = await call(seller, 'PUT', `/seller/orders/${id}/address`, {
      ...ADDRESS,
      name: 'Erin New',
      line1: '2 Elm St',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body<Detail>(saved).data.shipping_address.line1).toBe('2 Elm St');
    expect((await list('?q=erin new')).data.map((o) => o.id)).toEqual([id]);
    await t.app.db.query("UPDATE order_items SET status = 'processing' WHERE order_id = $1", [id]);
    const late = await call(seller, 'PUT', `/seller/orders/${id}/address`, ADDRESS);
    expect(late.statusCode).toBe(409);
  });

  it('adds notes and runs bulk actions with one result per id', async () => {
    const a = await seedOrder({ email: 'f1@example.test', name: 'F1' });
    const b = await seedOrder({ email: 'f2@example.test', name: 'F2', status: 'cancelled' });
    const noted = await call(seller, 'POST', `/seller/orders/${a}/notes`, { note: 'Gift wrap' });
    expect(body<Detail>(noted).data.timeline.at(-1)).toMatchObject({
      kind: 'note',
      detail: { note: 'Gift wrap' },
    });
    const bulk = await call(seller, 'POST', '/seller/orders/bulk-action', {
      action: 'cancel',
      ids: [a, b, 999_999],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const { results } = body<{
      results: { id: number; ok: boolean; status?: string; message?: string }[];
    }>(bulk).data;
    expect(results.map((r) => [r.id, r.ok, r.status ?? null])).toEqual([
      [a, true, 'cancelled'],
      [b, false, null],
      [999_999, false, null],
    ]);
    expect((await detail(a)).payment_status).toBe('refunded');
  });

  it('ships through the operator route, shows tracking to seller and buyer', async () => {
    const id = paidOrder.order_id;
    const notAdmin = await call(seller, 'POST', `/admin/orders/${id}/ship`, {
      carrier: 'UPS',
      tracking_number: '1Z999',
    });
    expect(notAdmin.statusCode).toBe(403);
    const found = await call(admin, 'GET', `/admin/orders/by-number/${paidOrder.order_number}`);
    expect(body<{ id: number }>(found).data.id).toBe(id);
    const shipped = await call(admin, 'POST', `/admin/orders/${id}/ship`, {
      carrier: 'UPS',
      tracking_number: '1Z999AA10123456784',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(body<{ fulfillment_status: string; status: string }>(shipped).data).toMatchObject({
      fulfillment_status: 'fulfilled',
      status: 'completed',
    });
    const again = await call(admin, 'POST', `/admin/orders/${id}/ship`, {
      carrier: 'UPS',
      tracking_number: '1Z999',
    });
    expect(again.statusCode).toBe(409);
    const order = await detail(id);
    expect(order.shipments[0]).toMatchObject({
      carrier: 'UPS',
      tracking_number: '1Z999AA10123456784',
      tracking_url: expect.stringContaining('ups.com'),
    });
    expect(order.address_editable).toBe(false);
    expect(order.allowed_actions).toEqual(['request_reprint']);
    expect(order.timeline.map((e) => `${e.kind}:${e.actor.kind}`).slice(-2)).toEqual([
      'status_changed:platform',
      'shipped:platform',
    ]);
    expect((await list('?q=1z999aa10123456784')).data.map((o) => o.id)).toEqual([id]);
    const lookup = await t.app.inject({
      method: 'GET',
      url: `/public/orders/lookup?number=${paidOrder.order_number}&email=ada@example.test`,
    });
    expect(body<{ shipments: { tracking_number: string }[] }>(lookup).data.shipments).toEqual([
      expect.objectContaining({ tracking_number: '1Z999AA10123456784' }),
    ]);
    const page = await t.app.inject({
      method: 'GET',
      url: `/s/order-shop/order-status?number=${paidOrder.order_number}&email=ada@example.test`,
    });
    expect(page.body).toContain('1Z999AA10123456784');
    const reprint = await call(seller, 'POST', `/seller/orders/${id}/reprint`, {
      item_ids: [order.items[0]?.id],
    });
    expect(body<Detail>(reprint).data).toMatchObject({
      status: 'processing',
      fulfillment_status: 'processing',
    });
  });

  it('cancels a paid storefront order with a refund that undoes its sale in the ledger', async () => {
    const sale = await storeWithCampaign(t.app, seller, 'refund-orders', 30);
    const order = await checkoutOrder(t.app, 'refund-orders', sale);
    const cancelled = await call(seller, 'POST', `/seller/orders/${order.order_id}/status`, {
      status: 'cancelled',
    });
    expect(body<Detail>(cancelled).data).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      fulfillment_status: 'cancelled',
    });
    const entries = await t.app.db.query<{ type: string; status: string }>(
      'SELECT type, status FROM ledger_entries WHERE order_id = $1 ORDER BY id',
      [order.order_id],
    );
    expect(entries.map((e) => `${e.type}:${e.status}`)).toContain('sale:cancelled');
    expect(entries.map((e) => e.type)).toContain('refund');
  });

  it('exports the filtered list as CSV, streamed in batches', async () => {
    for (let i = 0; i < 12; i += 1)
      await seedOrder({ email: `bulk${i}@example.test`, name: '=cmd' });
    const response = await call(seller, 'GET', '/seller/orders/export.csv?q=%3Dcmd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="orders_/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^order_number,created_at,status/);
    expect(lines).toHaveLength(13);
    expect(lines[1]).toContain(",'=cmd,");
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
  });

  it('keeps a team member without get_orders out, and one with it in', async () => {
    const none = await memberSession(t.app, sellerId, 'orders-none@example.test', []);
    expect((await call(none, 'GET', '/seller/orders')).statusCode).toBe(403);
    const reader = await memberSession(t.app, sellerId, 'orders-reader@example.test', [
      'get_orders',
    ]);
    expect((await list('', reader)).data.length).toBeGreaterThan(0);
    const id = await seedOrder({ email: 'g@example.test', name: 'G' });
    await call(reader, 'POST', `/seller/orders/${id}/status`, { status: 'on_hold' });
    expect((await detail(id)).timeline.at(-1)?.actor.kind).toBe('team_member');
  });

  it('limits a session signed in for some stores to their orders', async () => {
    const loose = await seedOrder({ email: 'nostore@example.test', name: 'No store', store: null });
    const signedIn = await call(admin, 'POST', '/auth/login-as-seller', {
      seller_id: sellerId,
      store_ids: [storeId],
    });
    const scoped = body<{ access_token: string }>(signedIn).data.access_token;
    const ids = (await list('?per_page=100', scoped)).data.map((o) => o.id);
    expect(ids).toContain(paidOrder.order_id);
    expect(ids).not.toContain(loose);
    expect((await call(scoped, 'GET', `/seller/orders/${loose}`)).statusCode).toBe(404);
  });
});
