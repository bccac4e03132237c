import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';

describe.each(BACKENDS)('store settings on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let other: string;
  let storeId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const seller = await createUser(t.app, {
      email: 'store@example.test',
      tags: ['email marketing'],
    });
    await createUser(t.app, { email: 'store-other@example.test', tags: ['email marketing'] });
    token = await login(t.app, 'store@example.test');
    other = await login(t.app, 'store-other@example.test');
    const [store] = await t.app.db.query<{ id: number }>(
      "INSERT INTO stores (seller_id, name, base_url) VALUES ($1, 'Shop', 'https://shop.invalid') RETURNING id",
      [seller.id],
    );
    storeId = store?.id ?? 0;
    await t.app.db.query(
      "INSERT INTO coupons (seller_id, store_id, code, name) VALUES ($1, $2, 'SPRING10', 'Spring'), ($1, $2, 'BLACKFRIDAY', 'BF')",
      [seller.id, storeId],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the Klaviyo key and sends it back masked, to the owner only', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/seller/stores/${storeId}/klaviyo`,
      headers: bearer(token),
      payload: { private_key: 'pk_abcdef123456', list_id: 'L1' },
    });
    expect(body(put).data).toEqual({
      store_id: storeId,
      private_key: { key: '***********3456' },
      list_id: 'L1',
      last_synced_at: null,
      last_sync_message: null,
    });
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/seller/stores/${storeId}/klaviyo`,
      headers: bearer(other),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('searches coupons and sets the store coupon', async () => {
    const found = body<Array<{ code: string; id: number }>>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/coupons?q=spring',
        headers: bearer(token),
      }),
    ).data;
    expect(found.map((c) => c.code)).toEqual(['SPRING10']);
    const set = await t.app.inject({
      method: 'PUT',
      url: `/seller/stores/${storeId}/coupon-config`,
      headers: bearer(token),
      payload: { coupon_id: found[0]?.id },
    });
    expect(set.statusCode).toBe(200);
    expect(
      body<unknown[]>(
        await t.app.inject({ method: 'GET', url: '/seller/coupons', headers: bearer(other) }),
      ).data,
    ).toEqual([]);
  });

  it('adds, lists, changes, checks and deletes an email sender', async () => {
    const created = body<{
      id: number;
      status: string;
      address: string;
      verify_record: { host: string; value: string } | null;
    }>(
      await t.app.inject({
        method: 'POST',
        url: '/seller/email-marketing/senders',
        headers: bearer(token),
        payload: { store_domain_id: storeId, username: 'hello', name: 'Shop' },
      }),
    ).data;
    expect(created.status).toBe('pending');
    expect(created.address).toBe('hello@shop.invalid');
    expect(created.verify_record).toEqual({
      host: 'shop.invalid',
      value: expect.stringMatching(/^printloom-verify=[0-9a-f]+$/),
    });
    const list = body<{ data: unknown[]; per_page: number }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/email-marketing/senders',
        headers: bearer(token),
      }),
    ).data;
    expect(list).toMatchObject({ per_page: 15 });
    expect(list.data).toHaveLength(1);
    const status = await t.app.inject({
      method: 'GET',
      url: `/seller/email-marketing/senders/${created.id}/status`,
      headers: bearer(token),
    });
    expect(body(status).data).toEqual({ id: created.id, status: 'pending' });
    expect(body(status).message).toMatch(
      /^Add a TXT record "printloom-verify=[0-9a-f]+" to shop\.invalid/,
    );
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/seller/email-marketing/senders/${created.id}`,
      headers: bearer(token),
      payload: { store_domain_id: storeId, username: 'news', name: 'Shop News' },
    });
    expect(body(patched).data).toMatchObject({ username: 'news', name: 'Shop News' });
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/seller/email-marketing/senders/${created.id}`,
      headers: bearer(other),
    });
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign).message).toBe('Sender not found');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/seller/email-marketing/senders/${created.id}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('prices each print space beyond the main one at 5', async () => {
    const [template] = await t.app.db.query<{ id: number }>(
      `INSERT INTO product_templates (name, print_spaces) VALUES ('Two sided',
       '[{"name":"front","width":100,"height":100,"isMain":true},{"name":"back","width":100,"height":100},{"name":"sleeve","width":10,"height":10}]')
       RETURNING id`,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/calc-extra-print-cost-products',
      headers: bearer(token),
      payload: {
        products: [
          { id: 7, template_id: template?.id, print_spaces: ['front'] },
          {
            id: 8,
            template_id: template?.id,
            print_spaces: ['front', 'back', 'sleeve', 'nowhere'],
          },
        ],
      },
    });
    expect(body(response).data).toEqual([
      { id: 7, extra_print_cost: 0 },
      { id: 8, extra_print_cost: 10 },
    ]);
  });
});
