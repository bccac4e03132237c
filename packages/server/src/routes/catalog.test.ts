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

describe.each(BACKENDS)('catalog and campaigns on %s', (backend) => {
  let t: TestApp;
  let a: string;
  let b: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await createUser(t.app, { email: 'a@example.test' });
    await createUser(t.app, { email: 'b@example.test' });
    a = await login(t.app, 'a@example.test');
    b = await login(t.app, 'b@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists templates with print spaces at DPI 300 / minDPI 150 and their mockups', async () => {
    const templates = body<{
      data: Array<{
        id: number;
        print_spaces: Array<{ id: string; name: string; DPI: number; minDPI: number }>;
        mockups: unknown[];
      }>;
    }>(await t.app.inject({ method: 'GET', url: '/seller/product-templates', headers: bearer(a) }))
      .data.data;
    expect(templates.length).toBeGreaterThan(0);
    const first = templates[0];
    expect(first?.print_spaces[0]).toMatchObject({ DPI: 300, minDPI: 150 });
    expect(first?.print_spaces[0]?.id).toBe(`${first?.id}_${first?.print_spaces[0]?.name}`);
    expect(first?.mockups.length).toBeGreaterThan(0);
  });

  it('creates, reads and updates a campaign with products and designs', async () => {
    const created = await campaignOf(t.app, a, 'Cat Tee');
    expect(created.products).toHaveLength(1);
    const productId = created.products[0]?.id;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/seller/campaign/${created.id}`,
      headers: bearer(a),
      payload: {
        name: 'Cat Tee 2',
        status: 'active',
        designs: [
          {
            product_id: productId,
            print_space: 'front',
            file_url: '/files/x.png',
            option: 'print',
          },
        ],
      },
    });
    expect(updated.statusCode).toBe(200);
    const got = body<{
      name: string;
      status: string;
      designs: Array<{ file_url: string }>;
      products: Array<{ designs: unknown[] }>;
    }>(
      await t.app.inject({
        method: 'GET',
        url: `/seller/campaign/${created.id}`,
        headers: bearer(a),
      }),
    ).data;
    expect(got).toMatchObject({ name: 'Cat Tee 2', status: 'active' });
    expect(got.designs.map((d) => d.file_url)).toEqual(['/files/x.png']);
    expect(got.products[0]?.designs).toHaveLength(1);
  });

  it("gives seller B 404 on seller A's campaign, for reading and for writing", async () => {
    const campaign = await campaignOf(t.app, a, 'Private');
    const read = await t.app.inject({
      method: 'GET',
      url: `/seller/campaign/${campaign.id}`,
      headers: bearer(b),
    });
    expect(read.statusCode).toBe(404);
    const write = await t.app.inject({
      method: 'PUT',
      url: `/seller/campaign/${campaign.id}`,
      headers: bearer(b),
      payload: { name: 'Mine now' },
    });
    expect(write.statusCode).toBe(404);
    const list = body<{ data: Array<{ id: number }> }>(
      await t.app.inject({ method: 'GET', url: '/seller/campaign', headers: bearer(b) }),
    ).data.data;
    expect(list.map((c) => c.id)).not.toContain(campaign.id);
  });

  it('lists 15 per page newest first by default, and filters by q and status', async () => {
    for (let i = 0; i < 17; i += 1) await campaignOf(t.app, b, `Bulk ${i}`);
    const page = body<{
      data: Array<{ id: number; name: string }>;
      per_page: number;
      total: number;
      last_page: number;
    }>(await t.app.inject({ method: 'GET', url: '/seller/campaign', headers: bearer(b) })).data;
    expect(page).toMatchObject({ per_page: 15, total: 17, last_page: 2 });
    const ids = page.data.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const search = body<{ data: Array<{ name: string }> }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/campaign?q=Bulk%201&order_by=name:asc',
        headers: bearer(b),
      }),
    ).data.data;
    expect(search.map((c) => c.name)).toEqual([
      'Bulk 1',
      'Bulk 10',
      'Bulk 11',
      'Bulk 12',
      'Bulk 13',
      'Bulk 14',
      'Bulk 15',
      'Bulk 16',
    ]);
    const active = body<{ total: number }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/campaign?status=active',
        headers: bearer(b),
      }),
    ).data;
    expect(active.total).toBe(0);
    const today = body<{ total: number }>(
      await t.app.inject({ method: 'GET', url: '/seller/campaign?time=today', headers: bearer(b) }),
    ).data;
    expect(today.total).toBe(17);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/seller/campaign?order_by=password:asc',
      headers: bearer(b),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a campaign on a template that does not exist with 422', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign',
      headers: bearer(a),
      payload: { name: 'x', products: [{ template_id: 999999 }] },
    });
    expect(response.statusCode).toBe(422);
  });
});
