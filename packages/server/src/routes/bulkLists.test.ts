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

interface RegularRow {
  id: number;
  campaign_name: string;
  status: string;
  message: string | null;
  designs: string | null;
  prefix: string | null;
}
interface Page<T> {
  data: T[];
  total: number;
  last_page: number;
}

describe.each(BACKENDS)('bulk lists, job progress, stores and site config on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let other: string;
  let sellerId: number;
  let template: { id: number };
  beforeAll(async () => {
    t = await createTestApp(backend, { previewDomain: 'preview.example.test' });
    sellerId = (await createUser(t.app, { email: 'lists@example.test' })).id;
    await createUser(t.app, { email: 'lists-other@example.test' });
    token = await login(t.app, 'lists@example.test');
    other = await login(t.app, 'lists-other@example.test');
    template = await campaignOf(t.app, token, 'List template');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async <T>(url: string, who = token) =>
    t.app.inject({ method: 'GET', url, headers: bearer(who) }).then((r) => ({
      status: r.statusCode,
      ...body<T>(r),
    }));
  const post = async <T>(url: string, payload?: unknown, who = token) =>
    t.app
      .inject({ method: 'POST', url, headers: bearer(who), ...(payload ? { payload } : {}) })
      .then((r) => ({ status: r.statusCode, ...body<T>(r) }));

  async function multiSpaceJob(rows: number): Promise<number> {
    const answer = await post<{ id: number }>('/seller/campaign/bulk-v3/jobs', {
      template_campaign_id: template.id,
      rows: Array.from({ length: rows }, (_, i) => ({
        campaign_name: `Job row ${i}`,
        designs: [{ new_url: `/files/j${i}.png` }],
      })),
    });
    expect(answer.status).toBe(200);
    return answer.data.id;
  }

  it('lists the rows of one job with bulk_id and counts them per status', async () => {
    const first = await multiSpaceJob(3);
    const second = await multiSpaceJob(2);
    const rows = await get<Page<{ bulk_id: number; id: number }>>(
      `/seller/campaign/bulk-v3/campaigns?bulk_id=${second}&per_page=100`,
    );
    expect(rows.data.total).toBe(2);
    expect(rows.data.data.every((row) => row.bulk_id === second)).toBe(true);
    const [stopMe] = rows.data.data;
    await post('/seller/campaign/bulk-v3/stop', { ids: [stopMe?.id] });
    const summary = await get<{
      total: number;
      counts: Record<string, number>;
      template_campaign_name: string;
    }>(`/seller/campaign/bulk-v3/jobs/${second}`);
    expect(summary.data).toMatchObject({
      total: 2,
      counts: { pending: 1, stopped: 1 },
      template_campaign_name: 'List template',
    });
    expect((await get(`/seller/campaign/bulk-v3/jobs/${first}`, other)).status).toBe(404);
    expect((await get('/seller/campaign/bulk-v3/campaigns?bulk_id=abc')).status).toBe(400);
  });

  it('creates a job held stopped when asked, so no worker takes a row before it starts', async () => {
    const answer = await post<{ id: number }>('/seller/campaign/bulk-v3/jobs', {
      template_campaign_id: template.id,
      start: false,
      rows: [{ campaign_name: 'Held', designs: [{ new_url: '/files/held.png' }] }],
    });
    const summary = await get<{ counts: Record<string, number> }>(
      `/seller/campaign/bulk-v3/jobs/${answer.data.id}`,
    );
    expect(summary.data.counts).toEqual({ stopped: 1 });
  });

  it('creates regular jobs, lists them with the §3 query and acts on them', async () => {
    const created = await post<{ ids: number[] }>('/seller/campaign/bulk/jobs', {
      template_campaign_id: template.id,
      prefix: 'Summer',
      rows: [
        { campaign_name: 'Alpha shirt', new_url: '/files/a.png' },
        { campaign_name: 'Beta shirt', new_url: '/files/b.png' },
        { campaign_name: 'Gamma mug', new_url: '/files/c.png' },
      ],
    });
    expect(created.status).toBe(200);
    const ids = created.data.ids;
    expect(ids).toHaveLength(3);
    const refused = await post('/seller/campaign/bulk/jobs', {
      template_campaign_id: template.id,
      rows: [{ campaign_name: 'No art', new_url: '' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('Design url is invalid');
    const foreign = await post(
      '/seller/campaign/bulk/jobs',
      {
        template_campaign_id: template.id,
        rows: [{ campaign_name: 'Not mine', new_url: '/files/x.png' }],
      },
      other,
    );
    expect(foreign).toMatchObject({ status: 404, message: 'Campaign not found' });

    const shirts = await get<Page<RegularRow>>(
      '/seller/campaign/bulk/jobs?q=shirt&order_by=id:asc',
    );
    expect(shirts.data.data.map((row) => row.campaign_name)).toEqual(['Alpha shirt', 'Beta shirt']);
    expect(shirts.data.data[0]).toMatchObject({
      status: 'pending',
      prefix: 'Summer',
      designs: '[{"new_url":"/files/a.png"}]',
    });
    const paged = await get<Page<RegularRow>>('/seller/campaign/bulk/jobs?per_page=2&page=2');
    expect(paged.data).toMatchObject({ total: 3, last_page: 2 });
    expect(paged.data.data).toHaveLength(1);
    expect((await get('/seller/campaign/bulk/jobs?time=today')).data).toMatchObject({ total: 3 });
    expect((await get('/seller/campaign/bulk/jobs?time=last_month')).data).toMatchObject({
      total: 0,
    });

    const [alpha = 0, beta = 0, gamma = 0] = ids;
    const stopped = await post<RegularRow[]>('/seller/campaign/bulk/stop', { ids: [alpha, beta] });
    expect(stopped.data.map((row) => row.status)).toEqual(['stopped', 'stopped']);
    const started = await post<RegularRow[]>('/seller/campaign/bulk/start', { ids: [alpha] });
    expect(started.data[0]?.status).toBe('pending');
    const retried = await post<RegularRow>('/seller/campaign/bulk/retry', { id: beta });
    expect(retried.data.status).toBe('pending');
    const notAgain = await post('/seller/campaign/bulk/retry', { id: beta });
    expect(notAgain.status).toBe(409);

    await t.app.db.query(
      'INSERT INTO bulk_logs (seller_id, bulk_id, log) VALUES ($1, $2, $3), ($1, $2, $4)',
      [sellerId, gamma, 'Campaign fetch failed', 'Cannot load designs'],
    );
    const failing = await get<Page<RegularRow>>('/seller/campaign/bulk/jobs?q=gamma');
    expect(failing.data.data[0]?.message).toBe('Cannot load designs');

    const stopAll = await post<{ updated: number }>('/seller/campaign/bulk/stop-all');
    expect(stopAll.data.updated).toBe(3);
    const onlyStopped = await get<Page<RegularRow>>('/seller/campaign/bulk/jobs?status=stopped');
    expect(onlyStopped.data.total).toBe(3);
    const startAll = await post<{ updated: number }>('/seller/campaign/bulk/start-all');
    expect(startAll.data.updated).toBe(3);
    expect((await post('/seller/campaign/bulk/stop-all', undefined, other)).data).toEqual({
      updated: 0,
    });

    const removed = await post<{ ids: number[] }>('/seller/campaign/bulk/remove', {
      ids: [gamma],
    });
    expect(removed.data.ids).toEqual([gamma]);
    expect((await get<Page<RegularRow>>('/seller/campaign/bulk/jobs')).data.total).toBe(2);
  });

  it("gives the seller's stores and the site config", async () => {
    expect((await get<unknown[]>('/seller/stores')).data).toEqual([]);
    await t.app.db.query(
      "INSERT INTO stores (seller_id, name, base_url) VALUES ($1, 'Main', 'https://shop.example.test'), ($1, 'Second', NULL)",
      [sellerId],
    );
    const stores = await get<Array<{ name: string; base_url: string | null }>>('/seller/stores');
    expect(stores.data.map((store) => store.name)).toEqual(['Main', 'Second']);
    expect(stores.data[0]?.base_url).toBe('https://shop.example.test');
    expect((await get<unknown[]>('/seller/stores', other)).data).toEqual([]);
    const config = await t.app.inject({ method: 'GET', url: '/public/site-config' });
    expect(body(config).data).toEqual({
      preview_domain: 'preview.example.test',
      market_place_domain: 'printloom.test',
      // The site settings checkout totals use (none set for this server).
      settings: { processing_fee: 0, processing_fee_min: 0, compare_price_rate: 0 },
    });
  });
});
