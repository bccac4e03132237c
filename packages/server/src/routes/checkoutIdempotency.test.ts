import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  campaignOf,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';
import type { TestGateway } from '../payments/testGateway.js';

describe.each(BACKENDS)('paying one checkout many times at once on %s', (backend) => {
  let t: TestApp;
  let checkoutId: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await createUser(t.app, { email: 'idem@example.test' });
    const token = await login(t.app, 'idem@example.test');
    const campaign = await campaignOf(t.app, token, 'Once Only');
    const store = await t.app.inject({
      method: 'POST',
      url: '/seller/stores',
      headers: bearer(token),
      payload: { name: 'Once', slug: 'once-shop' },
    });
    const storeId = body<{ id: number }>(store).data.id;
    await t.app.inject({
      method: 'PUT',
      url: `/seller/stores/${storeId}/campaigns`,
      headers: bearer(token),
      payload: { campaign_ids: [campaign.id] },
    });
    await t.app.db.query("UPDATE campaigns SET status = 'active' WHERE id = $1", [campaign.id]);
    const [product] = await t.app.db.query<{ id: number; color: string; size: string }>(
      `SELECT p.id, v.color_name AS color, v.size FROM products p
         JOIN template_variants v ON v.template_id = p.template_id AND v.color_name = p.options->'color'->>0
        WHERE p.campaign_id = $1 ORDER BY v.position, v.id LIMIT 1`,
      [campaign.id],
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/public/stores/once-shop/checkouts',
      payload: {
        items: [
          {
            campaign_id: campaign.id,
            product_id: product?.id,
            color: product?.color,
            size: product?.size,
            quantity: 1,
          },
        ],
        email: 'buyer@example.test',
        shipping_address: {
          name: 'B',
          line1: '1 St',
          city: 'Austin',
          state: 'TX',
          postcode: '73301',
          country: 'US',
        },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    checkoutId = body<{ checkout_id: string }>(created).data.checkout_id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes one order and one charge from 20 concurrent pay calls', async () => {
    const gateway = t.app.paymentGateways.get('test') as TestGateway;
    const before = gateway.charges;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/public/checkouts/${checkoutId}/pay`,
          payload: { gateway: 'test', card_number: '4242424242424242' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const numbers = new Set(
      answers.map((a) => body<{ order_number: string }>(a).data.order_number),
    );
    expect(numbers.size).toBe(1);
    const orders = await t.app.db.query('SELECT id FROM orders WHERE checkout_id = $1', [
      checkoutId,
    ]);
    expect(orders).toHaveLength(1);
    const payments = await t.app.db.query(
      "SELECT id FROM payments WHERE checkout_id = $1 AND status = 'paid'",
      [checkoutId],
    );
    expect(payments).toHaveLength(1);
    expect(gateway.charges - before).toBe(1);
  });
});
