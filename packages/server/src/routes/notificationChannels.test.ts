import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  campaignOf,
  createTestApp,
  createUser,
  dropTestSchema,
  login,
  newTestSchema,
  type TestApp,
} from '../../test/helpers.js';
import { buildApp } from '../app.js';
import type { ServerConfig } from '../config.js';
import { sendRepeatAlerts } from '../notifications/notifyOrderEvent.js';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A receiver on 127.0.0.1 answering each path with the statuses queued for it, then 200. */
async function startReceiver() {
  const received: Received[] = [];
  const plans = new Map<string, number[]>();
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: text });
      const status = plans.get(path)?.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    failNext: (path: string, statuses: number[]) => plans.set(path, [...statuses]),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The check a receiver makes: Standard Webhooks, with node's own HMAC. */
function verified(message: Received, secret: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${message.headers['webhook-id']}.${message.headers['webhook-timestamp']}.${message.body}`;
  const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
  return String(message.headers['webhook-signature']).split(' ').includes(expected);
}

interface DeliveryAnswer {
  id: number;
  message_id: string;
  event: string;
  status: string;
  test: boolean;
  attempts: Array<{ status_code: number | null; error: string | null }>;
}

const FAST_RETRIES = [0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5];

describe.each(BACKENDS)('notification channels on %s', (backend) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let seller: string;
  let other: string;

  const call = (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const deliveries = async (channelId: number) =>
    body<DeliveryAnswer[]>(
      await call(seller, 'GET', `/seller/notification-channels/${channelId}/deliveries`),
    ).data;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp(backend, {
      allowPrivateWebhooks: true,
      jobPollingSeconds: 0.5,
      webhookRetrySeconds: FAST_RETRIES,
    });
    await createUser(t.app, { email: 'alerts@example.test' });
    await createUser(t.app, { email: 'nosy@example.test' });
    seller = await login(t.app, 'alerts@example.test');
    other = await login(t.app, 'nosy@example.test');
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('creates a custom webhook with a whsec_ secret shown once, and lists it masked', async () => {
    const created = await call(seller, 'POST', '/seller/notification-channels', {
      type: 'webhook',
      url: `${receiver.base}/hooks/secret-path?token=abc`,
      events: ['order.created', 'order.changed.status', 'order.created'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, secret } = body<{ id: number; secret: string }>(created).data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);

    const listed = body<Array<Record<string, unknown>>>(
      await call(seller, 'GET', '/seller/notification-channels'),
    ).data;
    const channel = listed.find((c) => c.id === id);
    expect(channel).toMatchObject({
      type: 'webhook',
      name: 'Webhook',
      events: ['order.created', 'order.changed.status'],
      signed: true,
      repeat_alert: 'disabled',
    });
    expect(JSON.stringify(listed)).not.toContain('secret-path');
    expect(JSON.stringify(listed)).not.toContain(secret);

    // Another seller sees nothing of it.
    expect(body<unknown[]>(await call(other, 'GET', '/seller/notification-channels')).data).toEqual(
      [],
    );
    expect(
      (await call(other, 'PUT', `/seller/notification-channels/${id}`, { name: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await call(other, 'GET', `/seller/notification-channels/${id}/deliveries`)).statusCode,
    ).toBe(404);
    expect((await call(other, 'DELETE', `/seller/notification-channels/${id}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses bad input: no events, a Telegram channel without a chat, a non-http address', async () => {
    const noEvents = await call(seller, 'POST', '/seller/notification-channels', {
      type: 'slack',
      url: 'https://hooks.slack.com/services/T/B/x',
      events: [],
    });
    expect(noEvents.statusCode).toBe(400);
    const telegram = await call(seller, 'POST', '/seller/notification-channels', {
      type: 'telegram',
      url: 'https://api.telegram.org/bot1:abc',
      events: ['order.created'],
    });
    expect(telegram.statusCode).toBe(400);
    expect(body(telegram).errors?.chat_id).toBeDefined();
    const ftp = await call(seller, 'POST', '/seller/notification-channels', {
      type: 'discord',
      url: 'ftp://example.com/x',
      events: ['order.created'],
    });
    expect(ftp.statusCode).toBe(400);
  });

  it('delivers a signed event through a receiver failing 3 times: 4 attempts, one delivered', async () => {
    const created = await call(seller, 'POST', '/seller/notification-channels', {
      type: 'webhook',
      url: `${receiver.base}/flaky`,
      events: ['order.created'],
    });
    const { id, secret } = body<{ id: number; secret: string }>(created).data;
    receiver.failNext('/flaky', [500, 503, 429]);
    const test = await call(seller, 'POST', `/seller/notification-channels/${id}/test`);
    expect(test.statusCode, test.body).toBe(200);
    expect(body<DeliveryAnswer>(test).data).toMatchObject({ status: 'pending', test: true });

    await vi.waitFor(
      async () => {
        expect((await deliveries(id))[0]?.status).toBe('delivered');
      },
      { timeout: 30_000, interval: 250 },
    );
    const [delivery] = await deliveries(id);
    expect(delivery?.attempts.map((a) => a.status_code)).toEqual([500, 503, 429, 200]);
    expect(delivery?.attempts[0]?.error).toBe('Answered 500');
    const hits = receiver.received.filter((r) => r.path === '/flaky');
    expect(hits).toHaveLength(4);
    // Every attempt is the same message, signed afresh.
    expect(new Set(hits.map((h) => h.headers['webhook-id']))).toEqual(
      new Set([delivery?.message_id]),
    );
    for (const hit of hits) expect(verified(hit, secret)).toBe(true);
    expect(verified({ ...hits[0]!, body: `${hits[0]?.body} ` }, secret)).toBe(false);
    expect(JSON.parse(hits[3]?.body ?? '{}')).toMatchObject({
      type: 'test',
      data: { order_number: 'PL000000' },
    });

    // Redelivering sends the same message id once more.
    const again = await call(
      seller,
      'POST',
      `/seller/notification-channels/deliveries/${delivery?.id}/redeliver`,
    );
    expect(again.statusCode, again.body).toBe(200);
    await vi.waitFor(
      async () => {
        const [after] = await deliveries(id);
        expect(after?.status).toBe('delivered');
        expect(after?.attempts).toHaveLength(5);
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(receiver.received.filter((r) => r.path === '/flaky').at(-1)?.headers['webhook-id']).toBe(
      delivery?.message_id,
    );
    const foreign = await call(
      other,
      'POST',
      `/seller/notification-channels/deliveries/${delivery?.id}/redeliver`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('gives up after the last attempt of the schedule and records every one', async () => {
    const created = await call(seller, 'POST', '/seller/notification-channels', {
      type: 'webhook',
      url: `${receiver.base}/down`,
      events: ['order.created'],
    });
    const { id } = body<{ id: number }>(created).data;
    receiver.failNext('/down', Array(20).fill(500));
    await call(seller, 'POST', `/seller/notification-channels/${id}/test`);
    await vi.waitFor(
      async () => {
        expect((await deliveries(id))[0]?.status).toBe('failed');
      },
      { timeout: 40_000, interval: 250 },
    );
    expect((await deliveries(id))[0]?.attempts).toHaveLength(FAST_RETRIES.length);
  });

  it('posts order.created in each chat format when a buyer pays at the storefront', async () => {
    const forType = async (type: string, path: string, extra: object = {}) =>
      body<{ id: number }>(
        await call(seller, 'POST', '/seller/notification-channels', {
          type,
          url: `${receiver.base}${path}`,
          events: ['order.created'],
          ...extra,
        }),
      ).data.id;
    const signed = body<{ id: number; secret: string }>(
      await call(seller, 'POST', '/seller/notification-channels', {
        type: 'webhook',
        url: `${receiver.base}/all-events`,
        events: ['order.created', 'order.changed.status', 'order.changed.tracking'],
      }),
    ).data;
    const discord = await forType('discord', '/discord');
    await forType('slack', '/slack');
    await forType('ms_teams', '/teams');
    await forType('telegram', '/tg/bot123:abc', { chat_id: '-1001' });
    const statusOnly = body<{ id: number }>(
      await call(seller, 'POST', '/seller/notification-channels', {
        type: 'slack',
        url: `${receiver.base}/status-only`,
        events: ['order.changed.status'],
      }),
    ).data.id;
    // A switched-off channel gets nothing.
    const off = await forType('discord', '/off');
    await call(seller, 'PUT', `/seller/notification-channels/${off}`, { enabled: false });

    const campaign = await campaignOf(t.app, seller, 'Alert Tee');
    const store = body<{ id: number }>(
      await call(seller, 'POST', '/seller/stores', {
        name: 'Alert Shop',
        slug: 'alert-shop',
        currency: 'USD',
      }),
    ).data;
    await call(seller, 'PUT', `/seller/stores/${store.id}/campaigns`, {
      campaign_ids: [campaign.id],
    });
    await t.app.db.query(
      "UPDATE campaigns SET status = 'active', slug = 'alert-tee' WHERE id = $1",
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
      url: '/public/stores/alert-shop/checkouts',
      payload: {
        items: [
          {
            campaign_id: campaign.id,
            product_id: campaign.products[0]?.id,
            color: variant?.color_name,
            size: variant?.size,
            quantity: 1,
          },
        ],
        email: 'buyer@example.test',
        shipping_address: {
          name: 'Ada Buyer',
          line1: '1 Main St',
          city: 'Springfield',
          state: 'IL',
          postcode: '62701',
          country: 'US',
        },
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const checkoutId = body<{ checkout_id: string }>(checkout).data.checkout_id;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/public/checkouts/${checkoutId}/pay`,
      payload: { gateway: 'test', card_number: '4242 4242 4242 4242' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderNumber = body<{ order_number: string }>(paid).data.order_number;

    await vi.waitFor(
      () => {
        const paths = receiver.received.map((r) => r.path);
        for (const path of ['/discord', '/slack', '/teams', '/tg/bot123:abc/sendMessage']) {
          expect(paths).toContain(path);
        }
      },
      { timeout: 20_000, interval: 250 },
    );
    const sent = (path: string) =>
      JSON.parse(receiver.received.find((r) => r.path === path)?.body ?? '{}');
    expect(sent('/discord').content).toBe(`New order: ${orderNumber}`);
    expect(sent('/discord').embeds[0].fields[0]).toMatchObject({
      name: 'Order',
      value: orderNumber,
    });
    expect(sent('/slack')).toMatchObject({ text: `New order: ${orderNumber}` });
    expect(sent('/slack').blocks).toHaveLength(2);
    expect(sent('/teams')).toMatchObject({
      '@type': 'MessageCard',
      title: `New order: ${orderNumber}`,
    });
    expect(sent('/tg/bot123:abc/sendMessage')).toMatchObject({
      chat_id: '-1001',
      parse_mode: 'HTML',
    });
    const paths = receiver.received.map((r) => r.path);
    expect(paths).not.toContain('/status-only');
    expect(paths).not.toContain('/off');
    expect((await deliveries(discord))[0]).toMatchObject({ event: 'order.created', test: false });
    expect(await deliveries(statusOnly)).toEqual([]);

    // The operator ships it: the status change and the tracking number follow, signed.
    await createUser(t.app, { email: 'operator@example.test', isAdmin: true });
    const operator = await login(t.app, 'operator@example.test');
    const orderId = body<{ order_id: number }>(paid).data.order_id;
    const shipped = await call(operator, 'POST', `/admin/orders/${orderId}/ship`, {
      carrier: 'USPS',
      tracking_number: '9400100000000000000001',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    await vi.waitFor(
      () => {
        expect(receiver.received.filter((r) => r.path === '/all-events')).toHaveLength(3);
      },
      { timeout: 20_000, interval: 250 },
    );
    const hooks = receiver.received.filter((r) => r.path === '/all-events');
    for (const hook of hooks) expect(verified(hook, signed.secret)).toBe(true);
    const payloads = hooks.map((h) => JSON.parse(h.body));
    expect(payloads.map((p) => p.type).sort()).toEqual([
      'order.changed.status',
      'order.changed.tracking',
      'order.created',
    ]);
    expect(payloads.find((p) => p.type === 'order.changed.tracking').data).toMatchObject({
      order_number: orderNumber,
      carrier: 'USPS',
      tracking_number: '9400100000000000000001',
    });
    expect(payloads.find((p) => p.type === 'order.changed.status').data).toMatchObject({
      previous_status: 'processing',
    });
    // A status-only Slack channel got the status change, still nothing else.
    expect((await deliveries(statusOnly)).map((d) => d.event)).toEqual(['order.changed.status']);
  });
  it('repeats the alert of an order on hold once per interval of the channel option', async () => {
    const repeating = body<{ id: number }>(
      await call(seller, 'POST', '/seller/notification-channels', {
        type: 'slack',
        url: `${receiver.base}/repeat`,
        events: ['order.changed.status'],
        repeat_alert: 'hourly',
      }),
    ).data.id;
    const [owner] = await t.app.db.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'alerts@example.test'",
    );
    const [held] = await t.app.db.query<{ id: number; updated_at: Date }>(
      `INSERT INTO orders (seller_id, order_number, status, payment_status, email, shipping_address,
         currency, subtotal, shipping, discount, tip, processing_fee, total)
       VALUES ($1, 'PL' || nextval('order_number_seq'), 'on_hold', 'paid', 'held@example.test',
         '{"name":"Held Buyer","line1":"1 A St","city":"X","postcode":"1","country":"US"}',
         'USD', 1000, 0, 0, 0, 0, 1000) RETURNING id, updated_at`,
      [owner?.id],
    );
    const since = held?.updated_at.getTime() ?? Date.now();
    const minutes = (n: number) => new Date(since + n * 60_000);
    const repeats = async () =>
      (await deliveries(repeating)).filter((d) => d.event === 'order.changed.status').length;

    expect(await sendRepeatAlerts(t.app.db, t.app.jobs, minutes(30))).toBe(0);
    expect(await sendRepeatAlerts(t.app.db, t.app.jobs, minutes(61))).toBe(1);
    expect(await sendRepeatAlerts(t.app.db, t.app.jobs, minutes(90))).toBe(0);
    expect(await sendRepeatAlerts(t.app.db, t.app.jobs, minutes(122))).toBe(1);
    expect(await repeats()).toBe(2);
    await vi.waitFor(
      () => {
        expect(receiver.received.filter((r) => r.path === '/repeat')).toHaveLength(2);
      },
      { timeout: 20_000, interval: 250 },
    );
    const sent = JSON.parse(receiver.received.find((r) => r.path === '/repeat')?.body ?? '{}');
    expect(sent.text).toContain('Order status changed');
    // Handled: once off hold, nothing repeats.
    await t.app.db.query("UPDATE orders SET status = 'processing' WHERE id = $1", [held?.id]);
    expect(await sendRepeatAlerts(t.app.db, t.app.jobs, minutes(400))).toBe(0);
  });
});

describe.each(BACKENDS)('notification channel addresses on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      resolveHost: async (host) =>
        host === 'inside.example.com'
          ? [{ address: '10.0.0.5', family: 4 }]
          : [{ address: '93.184.216.34', family: 4 }],
    });
    await createUser(t.app, { email: 'private@example.test' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses private and loopback targets unless the server allows them', async () => {
    const token = await login(t.app, 'private@example.test');
    const add = (url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/seller/notification-channels',
        headers: bearer(token),
        payload: { type: 'webhook', url, events: ['order.created'] },
      });
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://[::1]/x',
      'http://192.168.1.10/x',
      'https://inside.example.com/hook',
    ]) {
      const refused = await add(url);
      expect(refused.statusCode, url).toBe(422);
      expect(body(refused).errors?.url?.[0]).toMatch(/private or local network/);
    }
    expect((await add('https://hooks.example.com/in')).statusCode).toBe(200);
  });
});

describe.each(BACKENDS)('webhook delivery across a restart on %s', (backend) => {
  let dir: string;
  let schema: string | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  afterAll(async () => {
    await receiver?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    if (schema) await dropTestSchema(schema);
  });

  it('delivers on the next server the retry the first one scheduled', async () => {
    receiver = await startReceiver();
    dir = await mkdtemp(join(tmpdir(), 'printloom-webhooks-'));
    schema = backend === 'pg' ? newTestSchema() : undefined;
    const config: ServerConfig = {
      secret: 'test-secret',
      jobPollingSeconds: 0.5,
      allowPrivateWebhooks: true,
      webhookRetrySeconds: [0, 3, 3],
      ...(schema
        ? { databaseUrl: process.env.DATABASE_URL, dbSchema: schema }
        : { dataDir: join(dir, 'data') }),
    };
    receiver.failNext('/restart', [500]);
    const deliveriesOf = async (app: FastifyInstance, token: string, id: number) =>
      body<DeliveryAnswer[]>(
        await app.inject({
          method: 'GET',
          url: `/seller/notification-channels/${id}/deliveries`,
          headers: bearer(token),
        }),
      ).data;

    const before = await buildApp(config);
    let channelId = 0;
    try {
      await createUser(before, { email: 'restart@example.test' });
      const token = await login(before, 'restart@example.test');
      const created = await before.inject({
        method: 'POST',
        url: '/seller/notification-channels',
        headers: bearer(token),
        payload: { type: 'webhook', url: `${receiver.base}/restart`, events: ['order.created'] },
      });
      channelId = body<{ id: number }>(created).data.id;
      await before.inject({
        method: 'POST',
        url: `/seller/notification-channels/${channelId}/test`,
        headers: bearer(token),
      });
      await vi.waitFor(
        async () => {
          expect((await deliveriesOf(before, token, channelId))[0]?.attempts).toHaveLength(1);
        },
        { timeout: 20_000, interval: 200 },
      );
    } finally {
      await before.close();
    }

    const after = await buildApp(config);
    try {
      const token = await login(after, 'restart@example.test');
      await vi.waitFor(
        async () => {
          expect((await deliveriesOf(after, token, channelId))[0]?.status).toBe('delivered');
        },
        { timeout: 30_000, interval: 250 },
      );
      const [delivery] = await deliveriesOf(after, token, channelId);
      expect(delivery?.attempts.map((a) => a.status_code)).toEqual([500, 200]);
      expect(receiver.received.filter((r) => r.path === '/restart')).toHaveLength(2);
    } finally {
      await after.close();
    }
  });
});
