import { createNodeCanvas, encodePng, imageSize } from '@printloom/renderer/node';
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
import { paidOrder, storeWithCampaign } from '../../test/storefrontOrder.js';
import { readBlob, writeBlob } from '../blob/blobStore.js';
import { designSource } from '../orders/printFiles.js';
import { insertGrant } from '../sql/sessions.js';

interface Detail {
  status: string;
  fulfillment_status: string;
  items: { id: number; status: string; print_files: { print_space: string; file_url: string }[] }[];
  timeline: { kind: string }[];
}

describe.each(BACKENDS)('order production on %s', (backend) => {
  let t: TestApp;
  let seller: string;
  let admin: string;
  let sellerId: number;

  const call = (as: string, method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url, headers: bearer(as) });
  const detail = async (id: number) =>
    body<Detail>(await call(seller, 'GET', `/seller/orders/${id}`)).data;

  beforeAll(async () => {
    t = await createTestApp(backend, { jobPollingSeconds: 0.5 });
    sellerId = (await createUser(t.app, { email: 'prod-seller@example.test' })).id;
    await createUser(t.app, { email: 'prod-admin@example.test', isAdmin: true });
    seller = await login(t.app, 'prod-seller@example.test');
    admin = await login(t.app, 'prod-admin@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The product's front print space as its template gave it, and a design on it. */
  async function designProduct(productId: number, campaignId: number) {
    const [product] = await t.app.db.query<{ print_spaces: string }>(
      'SELECT print_spaces FROM products WHERE id = $1',
      [productId],
    );
    const spaces = JSON.parse(product?.print_spaces ?? '[]') as {
      name: string;
      width: number;
      height: number;
    }[];
    const space = spaces[0];
    if (!space) throw new Error('no print space');
    const design = {
      printSpace: { ...space, id: `1_${space.name}` },
      background: '#ff0000',
      objects: [
        {
          type: 'text',
          id: 't1',
          left: space.width / 2,
          top: space.height / 2,
          width: space.width / 2,
          height: space.height / 10,
          text: 'Hello',
        },
      ],
    };
    await t.app.db.query(
      `INSERT INTO designs (campaign_id, product_id, print_space, design_json, option)
       VALUES ($1, $2, $3, $4, 'print')`,
      [campaignId, productId, space.name, JSON.stringify(design)],
    );
    return space;
  }

  it('renders a paid order’s print files at the template’s print size', async () => {
    const sale = await storeWithCampaign(t.app, seller, 'prod-shop');
    const space = await designProduct(sale.product.id, sale.campaignId);
    const order = await paidOrder(t.app, 'prod-shop', sale);

    const refused = await call(seller, 'POST', `/admin/orders/${order.order_id}/production`);
    expect(refused.statusCode).toBe(403);

    const started = await call(admin, 'POST', `/admin/orders/${order.order_id}/production`);
    expect(started.statusCode, started.body).toBe(200);
    expect(body<{ status: string }>(started).data.status).toBe('processing');

    const done = await vi.waitFor(
      async () => {
        const d = await detail(order.order_id);
        expect(d.items[0]?.print_files).toHaveLength(1);
        return d;
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(done.fulfillment_status).toBe('processing');
    expect(done.items[0]?.status).toBe('processing');
    const file = done.items[0]?.print_files[0];
    expect(file?.print_space).toBe(space.name);
    expect(file?.file_url).toMatch(new RegExp(`^/files/s${sellerId}/orders/${order.order_id}/`));
    const png = await readBlob(t.app.blobDir, (file?.file_url ?? '').replace('/files/', ''));
    expect(png).not.toBeNull();
    expect(imageSize(png ?? new Uint8Array())).toMatchObject({
      format: 'png',
      width: Math.round(space.width),
      height: Math.round(space.height),
    });
    expect(done.timeline.map((e) => e.kind)).toContain('print_files');
    // The file is served to the seller like any stored file.
    const served = await call(seller, 'GET', file?.file_url ?? '');
    expect(served.statusCode).toBe(200);

    const twice = await call(admin, 'POST', `/admin/orders/${order.order_id}/production`);
    expect(twice.statusCode).toBe(409);
  }, 60_000);

  it('renders a line cross-sold from another seller’s campaign with that owner’s artwork', async () => {
    await createUser(t.app, { email: 'prod-owner@example.test' });
    const owner = await login(t.app, 'prod-owner@example.test');
    const [ownerRow] = await t.app.db.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'prod-owner@example.test'",
    );
    const ownerId = Number(ownerRow?.id);
    const sale = await storeWithCampaign(t.app, owner, 'prod-owner-shop');
    const space = await designProduct(sale.product.id, sale.campaignId);
    // The owner's design draws an image of the owner's own uploads.
    const art = `s${ownerId}/uploads/art.png`;
    await writeBlob(t.app.blobDir, art, await encodePng(createNodeCanvas(40, 50) as never));
    await t.app.db.query(
      `UPDATE designs SET design_json = jsonb_set(design_json::jsonb, '{objects}',
          (design_json::jsonb -> 'objects') || $2::jsonb)::text
        WHERE product_id = $1`,
      [
        sale.product.id,
        JSON.stringify([
          {
            type: 'image',
            id: 'i1',
            left: 10,
            top: 10,
            width: 40,
            height: 50,
            src: `/files/${art}`,
          },
        ]),
      ],
    );
    await storeWithCampaign(t.app, seller, 'prod-lister');
    const [store] = await t.app.db.query<{ id: number }>(
      "SELECT id FROM stores WHERE slug = 'prod-lister'",
    );
    const put = (as: string, url: string, payload?: object) =>
      t.app.inject({ method: 'PUT', url, headers: bearer(as), ...(payload ? { payload } : {}) });
    const opened = await put(owner, `/seller/campaigns/${sale.campaignId}/cross-selling`, {
      enabled: true,
      commission_percent: 10,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const listed = await put(
      seller,
      `/seller/stores/${store?.id}/cross-selling/${sale.campaignId}`,
    );
    expect(listed.statusCode, listed.body).toBe(200);

    const order = await paidOrder(t.app, 'prod-lister', sale);
    const started = await call(admin, 'POST', `/admin/orders/${order.order_id}/production`);
    expect(started.statusCode, started.body).toBe(200);
    expect(body<{ status: string }>(started).data.status).toBe('processing');
    const done = await vi.waitFor(
      async () => {
        const d = await detail(order.order_id);
        expect(d.items[0]?.print_files).toHaveLength(1);
        return d;
      },
      { timeout: 30_000, interval: 250 },
    );
    const file = done.items[0]?.print_files[0];
    expect(file?.print_space).toBe(space.name);
    const png = await readBlob(t.app.blobDir, (file?.file_url ?? '').replace('/files/', ''));
    expect(imageSize(png ?? new Uint8Array())).toMatchObject({
      width: Math.round(space.width),
      height: Math.round(space.height),
    });
  }, 60_000);

  it('sends an order whose item has no usable design to designing', async () => {
    const sale = await storeWithCampaign(t.app, seller, 'prod-plain');
    const order = await paidOrder(t.app, 'prod-plain', sale);
    const answer = await call(admin, 'POST', `/admin/orders/${order.order_id}/production`);
    expect(answer.statusCode, answer.body).toBe(200);
    const d = await detail(order.order_id);
    expect(d.status).toBe('designing');
    expect(d.fulfillment_status).toBe('designing');
    expect(d.items[0]?.status).toBe('designing');
    expect(d.items[0]?.print_files).toEqual([]);
  });

  it('runs SEN Design: queue, one claim at a time, designer file, hand back to production', async () => {
    const sale = await storeWithCampaign(t.app, seller, 'sen-shop');
    const order = await paidOrder(t.app, 'sen-shop', sale);
    await call(admin, 'POST', `/admin/orders/${order.order_id}/production`);
    const member = async (email: string, role: string, permissions: string[]) => {
      const user = await createUser(t.app, { email });
      await insertGrant(t.app.db, { sellerId, memberId: user.id, role, permissions });
      return switchedTo(t.app, await login(t.app, email), sellerId);
    };
    const ann = await member('sen-ann@example.test', 'designer', ['update_campaign']);
    const bob = await member('sen-bob@example.test', 'designer', ['update_campaign']);
    const staff = await member('sen-staff@example.test', 'staff', ['update_campaign']);
    const send = (as: string, url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(as), ...(payload ? { payload } : {}) });

    expect((await call(staff, 'GET', '/seller/sen-design')).statusCode).toBe(403);
    const queue = body<{ item_id: number; order_id: number; print_spaces: string[] }[]>(
      await call(ann, 'GET', '/seller/sen-design'),
    ).data;
    const waiting = queue.find((q) => q.order_id === order.order_id);
    expect(waiting?.print_spaces.length).toBeGreaterThan(0);
    const itemId = waiting?.item_id ?? 0;
    const space = waiting?.print_spaces[0] ?? '';
    const base = `/seller/sen-design/${itemId}`;

    const claimed = await send(ann, `${base}/claim`);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(body<{ claimed_by_me: boolean }>(claimed).data.claimed_by_me).toBe(true);
    const taken = await send(bob, `${base}/claim`);
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message).toMatch(/sen-ann/);
    expect((await send(ann, `${base}/hand-back`)).statusCode).toBe(409);

    const key = `s${sellerId}/sen/${itemId}.png`;
    await writeBlob(t.app.blobDir, key, await encodePng(createNodeCanvas(40, 50) as never));
    expect(
      (await send(bob, `${base}/file`, { print_space: space, file_url: `/files/${key}` }))
        .statusCode,
    ).toBe(409);
    const foreign = await send(ann, `${base}/file`, {
      print_space: space,
      file_url: '/files/s999999/x.png',
    });
    expect(foreign.statusCode).toBe(422);
    const saved = await send(ann, `${base}/file`, {
      print_space: space,
      file_url: `/files/${key}`,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body<{ files: unknown[] }>(saved).data.files).toEqual([
      { print_space: space, file_url: `/files/${key}` },
    ]);

    const back = await send(ann, `${base}/hand-back`);
    expect(back.statusCode, back.body).toBe(200);
    expect(body<{ status: string }>(back).data.status).toBe('processing');
    const d = await vi.waitFor(
      async () => {
        const fresh = await detail(order.order_id);
        expect(fresh.timeline.map((e) => e.kind)).toContain('print_files');
        return fresh;
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(d.fulfillment_status).toBe('processing');
    expect(d.items[0]?.status).toBe('processing');
    expect(d.items[0]?.print_files).toEqual([{ print_space: space, file_url: `/files/${key}` }]);
    const after = body<{ order_id: number }[]>(await call(ann, 'GET', '/seller/sen-design')).data;
    expect(after.some((q) => q.order_id === order.order_id)).toBe(false);
  }, 60_000);

  it('never lets a design read files outside the seller’s stored files', () => {
    expect(() => designSource('/etc/passwd', sellerId, '/blobs')).toThrow();
    expect(() => designSource('/files/s999999/x.png', sellerId, '/blobs')).toThrow();
    expect(() => designSource('/files/../x.png', sellerId, '/blobs')).toThrow();
    expect(designSource(`/files/s${sellerId}/a.png`, sellerId, '/blobs')).toBe(
      `/blobs/s${sellerId}/a.png`,
    );
    expect(designSource('https://cdn.example.test/a.png', sellerId, '/blobs')).toBe(
      'https://cdn.example.test/a.png',
    );
  });
});
