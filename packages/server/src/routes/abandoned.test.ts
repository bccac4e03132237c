import { TEST_CARDS } from '@printloom/core';
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
import { abandonedRecoveryJob } from '../jobs/abandonedRecoveryJob.js';
import type { JobContext } from '../jobs/defineJob.js';

interface AbandonedAnswer {
  id: string;
  email: string;
  emails: { number: number }[];
  recovered: boolean;
}

describe.each(BACKENDS)('abandoned checkouts on %s', (backend) => {
  let t: TestApp;
  let seller: string;
  let sellerId: number;
  let line: { campaign_id: number; product_id: number; color: string; size: string };

  const call = (method: 'GET' | 'PUT', url: string, payload?: object, as = seller) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const address = {
    name: 'Ada',
    line1: '1 St',
    city: 'Austin',
    state: 'TX',
    postcode: '73301',
    country: 'US',
  };
  const checkout = async (email: string, quantity = 1) => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/public/stores/left-shop/checkouts',
      payload: { items: [{ ...line, quantity }], email, shipping_address: address },
    });
    expect(created.statusCode, created.body).toBe(200);
    return body<{ checkout_id: string }>(created).data.checkout_id;
  };
  const age = (id: string, minutes: number) =>
    t.app.db.query(
      'UPDATE checkouts SET created_at = now() - make_interval(mins => $2::int) WHERE id = $1',
      [id, minutes],
    );
  const runJob = () =>
    abandonedRecoveryJob.handler({}, {
      db: t.app.db,
      log: t.app.log,
      settings: t.app.config,
    } as unknown as JobContext);
  const outbox = (to: string) =>
    t.app.db.query<{ subject: string; body: string }>(
      'SELECT subject, body FROM outbox WHERE to_address = $1 ORDER BY id',
      [to],
    );
  const list = async (query = '') =>
    body<{ data: AbandonedAnswer[] }>(await call('GET', `/seller/abandoned-orders${query}`)).data
      .data;

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'left@example.test' })).id;
    seller = await login(t.app, 'left@example.test');
    const campaign = await campaignOf(t.app, seller, 'Left Tee');
    const made = await t.app.inject({
      method: 'POST',
      url: '/seller/stores',
      headers: bearer(seller),
      payload: { name: 'Left Shop', slug: 'left-shop' },
    });
    const storeId = body<{ id: number }>(made).data.id;
    await t.app.inject({
      method: 'PUT',
      url: `/seller/stores/${storeId}/campaigns`,
      headers: bearer(seller),
      payload: { campaign_ids: [campaign.id] },
    });
    await t.app.db.query("UPDATE campaigns SET status = 'active' WHERE id = $1", [campaign.id]);
    const [product] = await t.app.db.query<{ id: number; color: string; size: string }>(
      `SELECT p.id, v.color_name AS color, v.size FROM products p
         JOIN template_variants v ON v.template_id = p.template_id AND v.color_name = p.options->'color'->>0
        WHERE p.campaign_id = $1 ORDER BY v.position, v.id LIMIT 1`,
      [campaign.id],
    );
    line = {
      campaign_id: campaign.id,
      product_id: Number(product?.id),
      color: product?.color ?? '',
      size: product?.size ?? '',
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a schedule per seller, checked', async () => {
    const initial = body<{ enabled: boolean; delay1_minutes: number }>(
      await call('GET', '/seller/abandoned-orders/settings'),
    ).data;
    expect(initial).toMatchObject({ enabled: false, delay1_minutes: 60 });
    const bad = await call('PUT', '/seller/abandoned-orders/settings', {
      enabled: true,
      delay1_minutes: 120,
      delay2_minutes: 60,
      delay3_minutes: 4320,
    });
    expect(bad.statusCode).toBe(400);
    const saved = await call('PUT', '/seller/abandoned-orders/settings', {
      enabled: true,
      delay1_minutes: 60,
      delay2_minutes: 1440,
      delay3_minutes: 4320,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('lists left checkouts, sends emails 1 to 3 on schedule with a restoring link, once each', async () => {
    const left = await checkout('gone@example.test', 2);
    const fresh = await checkout('fresh@example.test');
    // A buyer who submitted twice and paid the second checkout left nothing.
    const first = await checkout('payer@example.test');
    await age(first, 90);
    const second = await checkout('payer@example.test');
    const paid = await t.app.inject({
      method: 'POST',
      url: `/public/checkouts/${second}/pay`,
      payload: { gateway: 'test', card_number: TEST_CARDS.approve },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await age(left, 61);
    await age(fresh, 10);

    expect((await list()).map((c) => c.email)).toEqual(['gone@example.test']);
    await runJob();
    await runJob();
    let mails = await outbox('gone@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('You left something in your cart at Left Shop');
    const link = /https?:\/\/\S+\/cart\?restore=[0-9a-f-]+/.exec(mails[0]?.body ?? '');
    expect(link?.[0]).toContain(left);
    // The buyer who paid gets no reminder of the cart they left (their order's confirmation,
    // sent by its own job, may be there already).
    const toPayer = (await outbox('payer@example.test')).map((m) => m.subject);
    expect(
      toPayer.filter((subject) => !/^Your order PL\d+ at Left Shop is confirmed$/.test(subject)),
    ).toEqual([]);
    expect(await outbox('fresh@example.test')).toHaveLength(0);

    await age(left, 1441);
    await runJob();
    await age(left, 4321);
    await runJob();
    await runJob();
    mails = await outbox('gone@example.test');
    expect(mails.map((m) => m.subject)).toEqual([
      'You left something in your cart at Left Shop',
      'Your cart at Left Shop is still waiting',
      'Last reminder: your cart at Left Shop',
    ]);
    const [row] = await list();
    expect(row?.emails.map((e) => e.number)).toEqual([1, 2, 3]);
    expect(row?.recovered).toBe(false);

    // The link (the store's own address) fills the cart with the checkout's items.
    const target = new URL(link?.[0] ?? '');
    const cart = await t.app.inject({
      method: 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { host: target.host },
    });
    expect(cart.statusCode).toBe(200);
    const data = /<script type="application\/json" id="restore-data">(.*?)<\/script>/.exec(
      cart.body,
    );
    const lines = JSON.parse(data?.[1] ?? '[]') as { product_id: number; quantity: number }[];
    expect(lines).toEqual([expect.objectContaining({ product_id: line.product_id, quantity: 2 })]);
    const bogus = await t.app.inject({ method: 'GET', url: '/s/left-shop/cart?restore=nope' });
    expect(bogus.statusCode).toBe(200);
    expect(bogus.body).not.toContain('restore-data');

    // The buyer comes back and pays: the checkout counts as recovered.
    const back = await checkout('gone@example.test', 2);
    await t.app.inject({
      method: 'POST',
      url: `/public/checkouts/${back}/pay`,
      payload: { gateway: 'test', card_number: TEST_CARDS.approve },
    });
    const recovered = await list('?recovered=yes');
    expect(recovered.map((c) => [c.id, c.recovered])).toEqual([[left, true]]);
    expect(await list('?recovered=no')).toEqual([]);
  });

  it('needs get_orders', async () => {
    const member = await memberSession(t.app, sellerId, 'left-helper@example.test', [
      'get_campaigns',
    ]);
    expect((await call('GET', '/seller/abandoned-orders', undefined, member)).statusCode).toBe(403);
  });
});
