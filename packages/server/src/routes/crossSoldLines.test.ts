import { createNodeCanvas, encodePng } from '@printloom/renderer/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  switchedTo,
  type TestApp,
} from '../../test/helpers.js';
import { storeWithCampaign } from '../../test/storefrontOrder.js';
import { writeBlob } from '../blob/blobStore.js';
import { insertGrant } from '../sql/sessions.js';

type Sale = Awaited<ReturnType<typeof storeWithCampaign>>;
interface QueueItem {
  item_id: number;
  order_id: number;
  order_number: string;
  print_spaces: string[];
  cross_sold: boolean;
}
interface Detail {
  status: string;
  items: { id: number; status: string; print_files: { print_space: string; file_url: string }[] }[];
  timeline: { kind: string; actor_kind: string; actor_name: string | null }[];
}

const BUYER = {
  email: 'cross-buyer@example.test',
  name: 'Bea Crossbuyer',
  line1: '77 Privet Lane',
  city: 'Springfield',
  postcode: '65801',
};

/**
 * Lines of a store sold from another seller's campaign (cross-selling): who designs them on SEN
 * Design, and whose SEN points they book.
 */
describe.each(BACKENDS)('cross-sold lines on %s', (backend) => {
  let t: TestApp;
  let store: string;
  let owner: string;
  let third: string;
  let admin: string;
  let storeId: number;
  let ownerId: number;
  let ownerDesigner: string;
  let ownSale: Sale;
  let ownerSale: Sale;

  const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const queue = async (as: string) => {
    const answer = await call(as, 'GET', '/seller/sen-design');
    expect(answer.statusCode, answer.body).toBe(200);
    return { raw: answer.body, items: body<QueueItem[]>(answer).data };
  };
  const detail = async (id: number) =>
    body<Detail>(await call(store, 'GET', `/seller/orders/${id}`)).data;
  const line = (sale: Sale, quantity: number) => ({
    campaign_id: sale.campaignId,
    product_id: sale.product.id,
    color: sale.product.color,
    size: sale.product.size,
    quantity,
  });
  /** A paid order of the store: its own campaign and the owner's, `quantity` units of each. */
  const buyBoth = async (ownQuantity: number, crossQuantity: number) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/public/stores/cross-store/checkouts',
      payload: {
        items: [line(ownSale, ownQuantity), line(ownerSale, crossQuantity)],
        email: BUYER.email,
        shipping_address: {
          name: BUYER.name,
          line1: BUYER.line1,
          city: BUYER.city,
          state: 'MO',
          postcode: BUYER.postcode,
          country: 'US',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/public/checkouts/${body<{ checkout_id: string }>(created).data.checkout_id}/pay`,
      payload: { gateway: 'test', card_number: '4242424242424242' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return body<{ order_id: number; order_number: string }>(paid).data;
  };
  const points = async (sellerId: number) => {
    const rows = await t.app.db.query<{ points: number; idempotency_key: string }>(
      'SELECT points, idempotency_key FROM point_entries WHERE seller_id = $1 ORDER BY id',
      [sellerId],
    );
    return rows.map((r) => ({ key: r.idempotency_key, points: Number(r.points) }));
  };
  const pngAt = async (key: string) => {
    await writeBlob(t.app.blobDir, key, await encodePng(createNodeCanvas(40, 50) as never));
    return `/files/${key}`;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, { jobPollingSeconds: 0.5 });
    storeId = (await createUser(t.app, { email: 'cross-store@example.test' })).id;
    ownerId = (await createUser(t.app, { email: 'cross-owner@example.test' })).id;
    await createUser(t.app, { email: 'cross-third@example.test' });
    await createUser(t.app, { email: 'cross-admin@example.test', isAdmin: true });
    store = await login(t.app, 'cross-store@example.test');
    owner = await login(t.app, 'cross-owner@example.test');
    third = await login(t.app, 'cross-third@example.test');
    admin = await login(t.app, 'cross-admin@example.test');
    const designer = await createUser(t.app, { email: 'cross-owner-designer@example.test' });
    await insertGrant(t.app.db, {
      sellerId: ownerId,
      memberId: designer.id,
      role: 'designer',
      permissions: ['update_campaign'],
    });
    ownerDesigner = await switchedTo(
      t.app,
      await login(t.app, 'cross-owner-designer@example.test'),
      ownerId,
    );
    // Neither campaign has a saved design: both lines need a designer.
    ownSale = await storeWithCampaign(t.app, store, 'cross-store', 20);
    ownerSale = await storeWithCampaign(t.app, owner, 'cross-owner-shop', 30);
    await storeWithCampaign(t.app, third, 'cross-third-shop', 10);
    const [row] = await t.app.db.query<{ id: number }>(
      "SELECT id FROM stores WHERE slug = 'cross-store'",
    );
    const opened = await t.app.inject({
      method: 'PUT',
      url: `/seller/campaigns/${ownerSale.campaignId}/cross-selling`,
      headers: bearer(owner),
      payload: { enabled: true, commission_percent: 10 },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const listed = await t.app.inject({
      method: 'PUT',
      url: `/seller/stores/${row?.id}/cross-selling/${ownerSale.campaignId}`,
      headers: bearer(store),
    });
    expect(listed.statusCode, listed.body).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('sends a cross-sold line to its owner’s designers, without the buyer, and the order to production when both sides handed back', async () => {
    const order = await buyBoth(1, 2);
    const started = await call(admin, 'POST', `/admin/orders/${order.order_id}/production`);
    expect(started.statusCode, started.body).toBe(200);
    expect((await detail(order.order_id)).status).toBe('designing');

    // The store seller's queue has its own line; the owner's has the cross-sold one.
    const storeQueue = (await queue(store)).items.filter((q) => q.order_id === order.order_id);
    expect(storeQueue).toHaveLength(1);
    expect(storeQueue[0]?.cross_sold).toBe(false);
    const ownerQueue = await queue(ownerDesigner);
    const crossLine = ownerQueue.items.find((q) => q.order_id === order.order_id);
    expect(crossLine).toMatchObject({ order_number: order.order_number, cross_sold: true });
    expect(ownerQueue.items.filter((q) => q.order_id === order.order_id)).toHaveLength(1);
    // Nothing of the buyer reaches the owner.
    for (const secret of Object.values(BUYER)) expect(ownerQueue.raw).not.toContain(secret);
    // A third seller sees neither line and cannot touch them.
    expect((await queue(third)).items.some((q) => q.order_id === order.order_id)).toBe(false);
    const crossItem = crossLine?.item_id ?? 0;
    const ownItem = storeQueue[0]?.item_id ?? 0;
    for (const item of [crossItem, ownItem]) {
      expect((await call(third, 'POST', `/seller/sen-design/${item}/claim`)).statusCode).toBe(404);
    }
    // The store seller does not design the owner's line, nor the owner the store's.
    expect((await call(store, 'POST', `/seller/sen-design/${crossItem}/claim`)).statusCode).toBe(
      404,
    );
    expect((await call(owner, 'POST', `/seller/sen-design/${ownItem}/claim`)).statusCode).toBe(404);

    // The store seller finishes first: its lines are done, the order waits on the owner's.
    const ownSpace = storeQueue[0]?.print_spaces[0] ?? '';
    const ownFile = await pngAt(`s${storeId}/sen/${ownItem}.png`);
    expect((await call(store, 'POST', `/seller/sen-design/${ownItem}/claim`)).statusCode).toBe(200);
    const ownSaved = await call(store, 'POST', `/seller/sen-design/${ownItem}/file`, {
      print_space: ownSpace,
      file_url: ownFile,
    });
    expect(ownSaved.statusCode, ownSaved.body).toBe(200);
    const early = await call(store, 'POST', `/seller/sen-design/${ownItem}/hand-back`);
    expect(early.statusCode, early.body).toBe(200);
    expect(body<{ status: string }>(early).data.status).toBe('designing');
    expect(body(early).message).toMatch(/once its other item has its print file/);
    expect((await detail(order.order_id)).status).toBe('designing');

    // The owner's designer claims, uploads one of the owner's files and hands back.
    const base = `/seller/sen-design/${crossItem}`;
    expect((await call(ownerDesigner, 'POST', `${base}/claim`)).statusCode).toBe(200);
    expect((await call(ownerDesigner, 'POST', `${base}/hand-back`)).statusCode).toBe(409);
    const storeFile = await call(ownerDesigner, 'POST', `${base}/file`, {
      print_space: crossLine?.print_spaces[0],
      file_url: await pngAt(`s${storeId}/sen/stolen.png`),
    });
    expect(storeFile.statusCode).toBe(422);
    const crossSpace = crossLine?.print_spaces[0] ?? '';
    const crossFile = await pngAt(`s${ownerId}/sen/${crossItem}.png`);
    const saved = await call(ownerDesigner, 'POST', `${base}/file`, {
      print_space: crossSpace,
      file_url: crossFile,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const back = await call(ownerDesigner, 'POST', `${base}/hand-back`);
    expect(back.statusCode, back.body).toBe(200);
    expect(body<{ status: string }>(back).data.status).toBe('processing');

    const done = await vi.waitFor(
      async () => {
        const fresh = await detail(order.order_id);
        expect(fresh.timeline.map((e) => e.kind)).toContain('print_files');
        return fresh;
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(done.status).toBe('processing');
    const files = Object.fromEntries(done.items.map((i) => [i.id, i.print_files]));
    expect(files[ownItem]).toEqual([{ print_space: ownSpace, file_url: ownFile }]);
    expect(files[crossItem]).toEqual([{ print_space: crossSpace, file_url: crossFile }]);
    // The store's timeline does not name the owner's team member.
    const names = done.timeline.map((e) => e.actor_name);
    expect(names).not.toContain('cross-owner-designer');
    expect((await queue(ownerDesigner)).items.some((q) => q.order_id === order.order_id)).toBe(
      false,
    );
  }, 90_000);

  it('books each line’s SEN points to the seller whose campaign it is, and takes them back on refund', async () => {
    const before = { store: await points(storeId), owner: await points(ownerId) };
    const order = await buyBoth(1, 3);
    const key = `sale:${order.order_id}`;
    const added = (rows: { key: string; points: number }[], from: number) => rows.slice(from);
    expect(added(await points(storeId), before.store.length)).toEqual([{ key, points: 1 }]);
    expect(added(await points(ownerId), before.owner.length)).toEqual([{ key, points: 3 }]);

    const refunded = await call(store, 'POST', `/seller/orders/${order.order_id}/status`, {
      status: 'cancelled',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const reversal = `sale_reversal:${order.order_id}`;
    expect(added(await points(storeId), before.store.length)).toEqual([
      { key, points: 1 },
      { key: reversal, points: -1 },
    ]);
    expect(added(await points(ownerId), before.owner.length)).toEqual([
      { key, points: 3 },
      { key: reversal, points: -3 },
    ]);
  });
});
