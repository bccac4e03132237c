import { csvLine, FULFILLMENT_CSV_COLUMNS, parseCsv } from '@printloom/core';
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

interface ImportAnswer {
  created: number;
  skipped: number;
  errors: { row: number; message: string }[];
}

/** A multipart body with one `file` part. */
function multipart(csv: string, field = 'file') {
  const boundary = '----printloom-test-boundary';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="orders.csv"\r\n` +
    `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(BACKENDS)('fulfillment import on %s', (backend) => {
  let t: TestApp;
  let seller: string;
  let sellerId: number;
  let sku: string;

  const upload = (csv: string, as = seller) => {
    const form = multipart(csv);
    return t.app.inject({
      method: 'POST',
      url: '/seller/fulfillment/orders/import',
      headers: { ...bearer(as), ...form.headers },
      payload: form.payload,
    });
  };
  const row = (i: number, overrides: Partial<Record<string, string>> = {}) => {
    const values: Record<string, string> = {
      marketplace: ['ebay', 'etsy', 'poshmark', 'tiktok', 'amazon'][i % 5] ?? 'etsy',
      external_order_id: `EXT-${i}`,
      email: `buyer${i}@example.test`,
      name: `Buyer ${i}`,
      line1: `${i} Main St`,
      line2: '',
      city: 'Springfield',
      state: 'IL',
      postcode: '62701',
      country: 'US',
      sku,
      quantity: String((i % 3) + 1),
      ...overrides,
    };
    return csvLine(FULFILLMENT_CSV_COLUMNS.map((c) => values[c] ?? ''));
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'channels@example.test' })).id;
    seller = await login(t.app, 'channels@example.test');
    await campaignOf(t.app, seller, 'Channel tee');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers a template whose example SKU is one of the seller’s products', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/seller/fulfillment/template.csv',
      headers: bearer(seller),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, example] = parseCsv(response.body);
    expect(header).toEqual([...FULFILLMENT_CSV_COLUMNS]);
    sku = example?.[10] ?? '';
    expect(sku).toMatch(/^P\d+-.+-.+$/);
    // The template itself imports.
    const once = body<ImportAnswer>(await upload(response.body)).data;
    expect(once).toMatchObject({ created: 1, errors: [] });
  });

  it('imports 1,000 rows with 10 bad ones: 990 orders, 10 errors by row, nothing twice', async () => {
    const bad = new Map<number, Partial<Record<string, string>>>([
      [7, { quantity: '0' }],
      [99, { marketplace: 'shopify' }],
      [150, { sku: 'P999999-Black-M' }],
      [301, { email: 'not-an-email' }],
      [420, { country: 'USA' }],
      [555, { external_order_id: '' }],
      [640, { sku: 'nonsense' }],
      [777, { city: '' }],
      [812, { quantity: 'ten' }],
      [999, { sku: sku.replace(/-[^-]+$/, '-XXXXL') }],
    ]);
    let csv = csvLine(FULFILLMENT_CSV_COLUMNS);
    for (let i = 0; i < 1000; i += 1) csv += row(i, bad.get(i));
    const started = Date.now();
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(200);
    const answer = body<ImportAnswer>(response).data;
    expect(answer.created).toBe(990);
    expect(answer.errors.map((e) => e.row)).toEqual([...bad.keys()].map((i) => i + 2));
    expect(answer.errors[0]?.message).toContain('Quantity must be at least 1');
    expect(answer.errors[2]?.message).toBe('No product 999999 in your campaigns');
    expect(answer.errors[9]?.message).toContain('has no size XXXXL');
    expect(Date.now() - started).toBeLessThan(60_000);

    const again = body<ImportAnswer>(await upload(csv)).data;
    expect(again.created).toBe(0);
    expect(again.skipped).toBe(990);
    const [count] = await t.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE seller_id = $1 AND order_type = 'fulfillment'",
      [sellerId],
    );
    expect(count?.n).toBe(991);
    const [items] = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM order_items WHERE seller_id = $1',
      [sellerId],
    );
    expect(items?.n).toBe(991);
  });

  it('keeps an order of several rows whole: a bad line stops the whole order', async () => {
    let csv = csvLine(FULFILLMENT_CSV_COLUMNS);
    csv += row(5000, { external_order_id: 'MULTI-1', marketplace: 'amazon' });
    csv += row(5000, { external_order_id: 'MULTI-1', marketplace: 'amazon', quantity: '-1' });
    csv += row(5001, { external_order_id: 'MULTI-2', marketplace: 'amazon' });
    csv += row(5001, { external_order_id: 'MULTI-2', marketplace: 'amazon', quantity: '2' });
    const answer = body<ImportAnswer>(await upload(csv)).data;
    expect(answer.created).toBe(1);
    expect(answer.errors.map((e) => e.row)).toEqual([2, 3]);
    expect(answer.errors[0]?.message).toBe('Not imported: order MULTI-1 has errors on row 3');
    const list = body<{
      data: { external_order_id: string; items_count: number; total: number }[];
    }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/fulfillment/orders?q=MULTI',
        headers: bearer(seller),
      }),
    ).data.data;
    expect(list.map((o) => [o.external_order_id, o.items_count])).toEqual([['MULTI-2', 2]]);
    expect(list[0]?.total).toBeGreaterThan(0);
  });

  it('refuses a request without a file, and a member without get_orders', async () => {
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/seller/fulfillment/orders/import',
      headers: { ...bearer(seller), ...multipart('x', 'other').headers },
      payload: multipart('x', 'other').payload,
    });
    expect(noFile.statusCode).toBe(422);
    const member = await memberSession(t.app, sellerId, 'packer@example.test', ['get_campaigns']);
    expect((await upload('marketplace\n', member)).statusCode).toBe(403);
  });
});

describe.each(BACKENDS)('paying fulfillment orders on %s', (backend) => {
  let t: TestApp;
  let seller: string;
  let sellerId: number;
  let template = '';

  const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  /** Imports `count` one-item orders under `prefix`; their ids and totals, in import order. */
  const importOrders = async (prefix: string, count: number) => {
    const [header, example = []] = parseCsv(template);
    const at = (name: string) => header?.indexOf(name) ?? -1;
    let csv = `${csvLine(header ?? [])}\n`;
    for (let i = 0; i < count; i += 1) {
      const line = [...example];
      line[at('external_order_id')] = `${prefix}-${i}`;
      line[at('quantity')] = '1';
      csv += `${csvLine(line)}\n`;
    }
    const form = multipart(csv);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/seller/fulfillment/orders/import',
      headers: { ...bearer(seller), ...form.headers },
      payload: form.payload,
    });
    expect(body<ImportAnswer>(imported).data.created).toBe(count);
    const list = body<{
      data: { id: number; total: number; payment_status: string; status: string }[];
    }>(await call(seller, 'GET', `/seller/fulfillment/orders?q=${prefix}&per_page=100`)).data.data;
    return list;
  };
  const available = async () =>
    body<{ available: number }>(await call(seller, 'GET', '/seller/balance')).data.available;

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'payer@example.test', balance: 100 })).id;
    seller = await login(t.app, 'payer@example.test');
    await campaignOf(t.app, seller, 'Paid tee');
    template = (await call(seller, 'GET', '/seller/fulfillment/template.csv')).body;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('charges each order its total once, from the available balance, and starts production', async () => {
    const orders = await importOrders('PAY', 2);
    const charge = orders.reduce((sum, o) => sum + o.total, 0);
    expect(charge).toBeGreaterThan(0);
    expect(charge).toBeLessThanOrEqual(10_000);
    const ids = orders.map((o) => o.id);
    const paid = await call(seller, 'POST', '/seller/fulfillment/orders/pay', { order_ids: ids });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(body(paid).data).toEqual({ paid: 2, charged: charge, available: 10_000 - charge });
    expect(body(paid).message).toBe('2 orders paid');
    expect(await available()).toBe(10_000 - charge);
    const listed = body<{ data: { id: number; payment_status: string; status: string }[] }>(
      await call(seller, 'GET', '/seller/fulfillment/orders?q=PAY'),
    ).data.data;
    expect(listed.map((o) => [o.payment_status, o.status])).toEqual([
      ['paid', 'processing'],
      ['paid', 'processing'],
    ]);
    // Again: nothing more is charged.
    const again = await call(seller, 'POST', '/seller/fulfillment/orders/pay', { order_ids: ids });
    expect(body(again).data).toMatchObject({ paid: 0, charged: 0 });
    expect(await available()).toBe(10_000 - charge);
    const entries = body<{ data: { type: string; amount: number; description: string }[] }>(
      await call(seller, 'GET', '/seller/transactions?type=fulfill'),
    ).data.data;
    expect(entries).toHaveLength(2);
    expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(-charge);
    expect(entries[0]?.description).toMatch(/^Fulfillment PL\d+$/);
  });

  it('charges nothing when the balance does not cover every chosen order', async () => {
    const before = await available();
    const orders = await importOrders('BIG', 8);
    const charge = orders.reduce((sum, o) => sum + o.total, 0);
    expect(charge).toBeGreaterThan(before);
    const refused = await call(seller, 'POST', '/seller/fulfillment/orders/pay', {
      order_ids: orders.map((o) => o.id),
    });
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe(
      `These orders cost $${(charge / 100).toFixed(2)}; your available balance is $${(before / 100).toFixed(2)}. Top up or choose fewer orders.`,
    );
    expect(await available()).toBe(before);
    const listed = body<{ data: { payment_status: string }[] }>(
      await call(seller, 'GET', '/seller/fulfillment/orders?q=BIG&per_page=100'),
    ).data.data;
    expect(listed.every((o) => o.payment_status === 'unpaid')).toBe(true);
  });

  it('pays only the seller’s own fulfillment orders, for members who may spend', async () => {
    const [order] = await importOrders('OWN', 1);
    await createUser(t.app, { email: 'stranger@example.test', balance: 100 });
    const stranger = await login(t.app, 'stranger@example.test');
    const foreign = await call(stranger, 'POST', '/seller/fulfillment/orders/pay', {
      order_ids: [order?.id],
    });
    expect(foreign.statusCode).toBe(404);
    const viewer = await memberSession(t.app, sellerId, 'viewer@example.test', ['get_orders']);
    const denied = await call(viewer, 'POST', '/seller/fulfillment/orders/pay', {
      order_ids: [order?.id],
    });
    expect(denied.statusCode).toBe(403);
    const empty = await call(seller, 'POST', '/seller/fulfillment/orders/pay', { order_ids: [] });
    expect(empty.statusCode).toBe(400);
  });
});
