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

interface ExportFile {
  format: string;
  campaigns: Array<{
    source_id: string;
    name: string;
    products: Array<{
      template_id: number;
      price: number | null;
      options?: Record<string, string[]>;
      designs: Array<{ print_space: string; file_url: string | null }>;
      mockups: Array<{ file_url: string; is_default: boolean }>;
    }>;
  }>;
}

interface ImportAnswer {
  results: Array<{
    index: number;
    source_id: string | null;
    status: string;
    campaign_id: number | null;
    message: string | null;
  }>;
  created: number;
  skipped: number;
  failed: number;
}

interface CampaignView {
  id: number;
  name: string;
  status: string;
  products: Array<{
    id: number;
    template_id: number;
    price?: number;
    designs: Array<{ file_url: string | null }>;
    mockups: Array<{ file_url: string }>;
  }>;
}

/** Export campaigns as JSON and import them back as drafts, once per source. */
describe.each(BACKENDS)('campaign export and import on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let sellerId: number;
  let templateIds: number[];

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

  const designedCampaign = async (name: string, as = token) => {
    const made = body<CampaignView>(
      await call(
        'POST',
        '/seller/campaign',
        {
          name,
          products: templateIds.map((id, i) => ({ template_id: id, price: 18 + i })),
        },
        as,
      ),
    ).data;
    await call(
      'PUT',
      `/seller/campaign/${made.id}`,
      {
        designs: made.products.map((p) => ({
          product_id: p.id,
          print_space: 'front',
          file_url: `/files/design-${p.id}.png`,
        })),
        mockups: made.products.map((p) => ({
          product_id: p.id,
          print_space: 'front',
          file_url: `/files/mockup-${p.id}.jpg`,
          is_default: true,
        })),
      },
      as,
    );
    return made;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'import@example.test' })).id;
    token = await login(t.app, 'import@example.test');
    await createUser(t.app, { email: 'import-other@example.test' });
    otherToken = await login(t.app, 'import-other@example.test');
    templateIds = body<{ data: Array<{ id: number }> }>(
      await call('GET', '/seller/product-templates?per_page=2'),
    )
      .data.data.slice(0, 2)
      .map((tpl) => tpl.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('exports a campaign with its products, prices, designs and mockups', async () => {
    const made = await designedCampaign('Export tee');
    const response = await call('GET', `/seller/campaign/${made.id}/export`);
    expect(response.statusCode).toBe(200);
    const file = body<ExportFile>(response).data;
    expect(file.format).toBe('printloom.campaigns.v1');
    const [entry] = file.campaigns;
    expect(entry?.source_id).toBe(`campaign:${made.id}`);
    expect(entry?.products.map((p) => [p.template_id, p.price])).toEqual([
      [templateIds[0], 18],
      [templateIds[1], 19],
    ]);
    expect(entry?.products[0]?.designs[0]?.file_url).toMatch(/design-\d+\.png$/);
    expect(entry?.products[0]?.mockups[0]?.is_default).toBe(true);
  });

  it('imports an export into another account as drafts, and a second import makes no duplicates', async () => {
    const a = await designedCampaign('Moon tee');
    const b = await designedCampaign('Sun tee');
    const file = body<ExportFile>(
      await call('GET', `/seller/campaign/export?ids=${a.id},${b.id}`),
    ).data;
    expect(file.campaigns.map((c) => c.name).sort()).toEqual(['Moon tee', 'Sun tee']);

    const first = await call('POST', '/seller/campaign/import', file, otherToken);
    expect(first.statusCode).toBe(200);
    const answer = body<ImportAnswer>(first).data;
    expect([answer.created, answer.skipped, answer.failed]).toEqual([2, 0, 0]);
    const createdId = answer.results[0]?.campaign_id ?? 0;
    const imported = body<CampaignView>(
      await call('GET', `/seller/campaign/${createdId}`, undefined, otherToken),
    ).data;
    expect(imported.status).toBe('draft');
    expect(imported.products.map((p) => p.price)).toEqual([18, 19]);
    expect(imported.products.every((p) => p.designs.length === 1 && p.mockups.length === 1)).toBe(
      true,
    );

    const again = body<ImportAnswer>(
      await call('POST', '/seller/campaign/import', file, otherToken),
    ).data;
    expect([again.created, again.skipped, again.failed]).toEqual([0, 2, 0]);
    expect(again.results.map((r) => r.message)).toEqual(['Already imported', 'Already imported']);
    expect(again.results.map((r) => r.campaign_id)).toEqual(
      answer.results.map((r) => r.campaign_id),
    );
    const list = body<{ total: number }>(
      await call('GET', '/seller/campaign?q=tee', undefined, otherToken),
    ).data;
    expect(list.total).toBe(2);
  });

  it('reports each bad entry on its own and imports the rest', async () => {
    const made = await designedCampaign('Star tee');
    const file = body<ExportFile>(await call('GET', `/seller/campaign/${made.id}/export`)).data;
    const good = { ...file.campaigns[0], source_id: 'shop-x:1' };
    const answer = body<ImportAnswer>(
      await call('POST', '/seller/campaign/import', {
        format: file.format,
        campaigns: [
          { ...good, source_id: 'shop-x:2', name: '' },
          { ...good, source_id: 'shop-x:3', products: [{ template_id: 999999 }] },
          good,
        ],
      }),
    ).data;
    expect(answer.results.map((r) => [r.status, r.message])).toEqual([
      ['failed', 'name: Campaign name is required'],
      ['failed', 'Product template 999999 does not exist'],
      ['created', null],
    ]);
  });

  it('refuses a file that is not a campaign export', async () => {
    const response = await call('POST', '/seller/campaign/import', {
      format: 'something-else',
      campaigns: [{}],
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Not a campaign export');
  });

  it("never exports another seller's campaign", async () => {
    const made = await designedCampaign('Hidden tee');
    const one = await call('GET', `/seller/campaign/${made.id}/export`, undefined, otherToken);
    expect(one.statusCode).toBe(404);
    const list = body<ExportFile>(
      await call('GET', `/seller/campaign/export?ids=${made.id}`, undefined, otherToken),
    ).data;
    expect(list.campaigns).toEqual([]);
  });

  it('exports with get_campaigns and imports only with update_campaign', async () => {
    const made = await designedCampaign('Team tee');
    const reader = await memberSession(t.app, sellerId, 'import-reader@example.test', [
      'get_campaigns',
    ]);
    const file = await call('GET', `/seller/campaign/${made.id}/export`, undefined, reader);
    expect(file.statusCode).toBe(200);
    const refused = await call(
      'POST',
      '/seller/campaign/import',
      body(file).data as object,
      reader,
    );
    expect(refused.statusCode).toBe(403);
  });
});
