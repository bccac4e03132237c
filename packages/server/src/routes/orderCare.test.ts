import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  memberSession,
  type TestApp,
} from '../../test/helpers.js';
import { insertOrder } from '../../test/orderFixtures.js';

interface RequestAnswer {
  id: number;
  order_number: string;
  status: string;
  order_status: string;
  payment_status: string;
}

describe.each(BACKENDS)('cancel requests and invalid addresses on %s', (backend) => {
  let t: TestApp;
  let seller: string;
  let sellerId: number;
  let other: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = seller) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const ask = (number: string, email: string, reason?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/public/orders/cancel-request',
      payload: { number, email, ...(reason ? { reason } : {}) },
    });
  const timeline = async (orderId: number) =>
    (
      await t.app.db.query<{ kind: string; actor_kind: string }>(
        'SELECT kind, actor_kind FROM order_events WHERE order_id = $1 ORDER BY id',
        [orderId],
      )
    ).map((e) => `${e.kind}:${e.actor_kind}`);

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'care@example.test' })).id;
    await createUser(t.app, { email: 'care-rival@example.test' });
    seller = await login(t.app, 'care@example.test');
    other = await login(t.app, 'care-rival@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes a buyer’s request once, and the seller approves it: the order is cancelled', async () => {
    const order = await insertOrder(t.app.db, { sellerId, email: 'ann@example.test' });
    expect((await ask(order.order_number, 'nobody@example.test')).statusCode).toBe(404);
    const sent = await ask(order.order_number.toLowerCase(), 'ANN@example.test', 'Wrong size');
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await ask(order.order_number, 'ann@example.test')).statusCode).toBe(409);

    const list = body<{ data: RequestAnswer[] }>(
      await call('GET', '/seller/cancel-requests?status=pending'),
    ).data.data;
    expect(list.map((r) => r.order_number)).toEqual([order.order_number]);
    const id = list[0]?.id ?? 0;
    expect(
      (await call('POST', `/seller/cancel-requests/${id}/approve`, {}, other)).statusCode,
    ).toBe(404);
    const approved = await call('POST', `/seller/cancel-requests/${id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(body<RequestAnswer>(approved).data).toMatchObject({
      status: 'approved',
      order_status: 'cancelled',
      payment_status: 'refunded',
    });
    expect((await call('POST', `/seller/cancel-requests/${id}/refuse`, {})).statusCode).toBe(409);
    expect(await timeline(order.id)).toEqual(['cancel_requested:buyer', 'status_changed:seller']);
    // A cancelled order takes no new request.
    expect((await ask(order.order_number, 'ann@example.test')).statusCode).toBe(409);
  });

  it('refuses a request and keeps the order; an order in production cannot be cancelled', async () => {
    const order = await insertOrder(t.app.db, { sellerId, email: 'bob@example.test' });
    await ask(order.order_number, 'bob@example.test');
    const [request] = body<{ data: RequestAnswer[] }>(
      await call('GET', `/seller/cancel-requests?q=${order.order_number}`),
    ).data.data;
    const refused = await call('POST', `/seller/cancel-requests/${request?.id}/refuse`, {
      note: 'Already printed',
    });
    expect(body<RequestAnswer>(refused).data).toMatchObject({
      status: 'refused',
      order_status: 'processing',
    });
    expect(await timeline(order.id)).toEqual(['cancel_requested:buyer', 'cancel_refused:seller']);

    const started = await insertOrder(t.app.db, { sellerId, email: 'cy@example.test' });
    await t.app.db.query(
      `INSERT INTO order_items (order_id, seller_id, name, color, size, quantity, price, base_cost, status)
       VALUES ($1, $2, 'Tee', 'Black', 'M', 1, 2500, 900, 'processing')`,
      [started.id, sellerId],
    );
    const late = await ask(started.order_number, 'cy@example.test');
    expect(late.statusCode).toBe(409);
    expect(body(late).message).toBe('This order can no longer be cancelled');
  });

  it('lists orders held for their address and releases one with a corrected address', async () => {
    const held = await insertOrder(t.app.db, {
      sellerId,
      email: 'dee@example.test',
      addressInvalid: true,
    });
    await t.app.db.query(
      `UPDATE orders SET shipping_address = shipping_address || '{"state": "Narnia"}' WHERE id = $1`,
      [held.id],
    );
    const list = body<{ data: { id: number; problems: { field: string }[] }[] }>(
      await call('GET', '/seller/invalid-addresses'),
    ).data.data;
    expect(list.map((o) => [o.id, o.problems.map((p) => p.field)])).toEqual([[held.id, ['state']]]);

    const address = {
      name: 'Dee',
      line1: '5 Elm St',
      city: 'Springfield',
      state: 'Narnia',
      postcode: '62701',
      country: 'US',
    };
    const still = await call('PUT', `/seller/invalid-addresses/${held.id}`, address);
    expect(still.statusCode).toBe(422);
    expect(body(still).errors?.state).toBeDefined();
    const fixed = await call('PUT', `/seller/invalid-addresses/${held.id}`, {
      ...address,
      state: 'illinois',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(
      body<{ shipping_address: { state: string }; problems: unknown[] }>(fixed).data,
    ).toMatchObject({ shipping_address: { state: 'IL' }, problems: [] });
    expect(
      body<{ data: unknown[] }>(await call('GET', '/seller/invalid-addresses')).data.data,
    ).toEqual([]);
    expect((await call('PUT', `/seller/invalid-addresses/${held.id}`, address)).statusCode).toBe(
      422,
    );
    const again = await call('PUT', `/seller/invalid-addresses/${held.id}`, {
      ...address,
      state: 'IL',
    });
    expect(again.statusCode).toBe(409);
    expect(await timeline(held.id)).toEqual(['address_changed:seller']);
  });

  it('needs get_orders', async () => {
    const member = await memberSession(t.app, sellerId, 'care-helper@example.test', [
      'get_campaigns',
    ]);
    expect((await call('GET', '/seller/cancel-requests', undefined, member)).statusCode).toBe(403);
    expect((await call('GET', '/seller/invalid-addresses', undefined, member)).statusCode).toBe(
      403,
    );
  });
});
