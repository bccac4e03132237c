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

interface Claimed {
  id: number;
  lease_token: string;
  template_campaign: {
    products: Array<{ id: number; template_mockups: Array<{ id: number; print_space: string }> }>;
  };
}

describe.each(BACKENDS)('bulk multi-space leases on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let other: string;
  let template: { id: number; products: Array<{ id: number }> };
  beforeAll(async () => {
    t = await createTestApp(backend);
    await createUser(t.app, { email: 'bulk@example.test' });
    await createUser(t.app, { email: 'bulk-other@example.test' });
    await createUser(t.app, { email: 'bulk-designer@example.test', roles: ['designer'] });
    token = await login(t.app, 'bulk@example.test');
    other = await login(t.app, 'bulk-other@example.test');
    template = await campaignOf(t.app, token, 'Template');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function job(rows: number): Promise<number> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/jobs',
      headers: bearer(token),
      payload: {
        template_campaign_id: template.id,
        rows: Array.from({ length: rows }, (_, i) => ({
          campaign_name: `Row ${i}`,
          designs: [{ new_url: `/files/d${i}.png`, print_space: 'front' }],
        })),
      },
    });
    expect(response.statusCode).toBe(200);
    return body<{ id: number }>(response).data.id;
  }
  const claim = async (take: number, who = token) =>
    body<Claimed[]>(
      await t.app.inject({
        method: 'GET',
        url: `/seller/campaign/bulk-v3/pending?type=regular_multi_space&take=${take}`,
        headers: bearer(who),
      }),
    ).data;
  const save = (row: Claimed, leaseToken = row.lease_token, who = token) => {
    const product = row.template_campaign.products[0];
    const mockup = product?.template_mockups[0];
    return t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/save-processed-row',
      headers: bearer(who),
      payload: {
        id: row.id,
        leaseToken,
        designs: [
          {
            print_space: 'front',
            product_id: product?.id,
            file_url: `/files/out-${row.id}.png`,
            option: 'print',
          },
        ],
        designs3D: [
          {
            file_url: `/files/mock-${row.id}.jpg`,
            mockup_id: mockup?.id,
            product_id: product?.id,
            print_space: 'front',
          },
        ],
        deviceId: 'dev',
        sessionId: 'tab',
        ipAddress: '203.0.113.9',
      },
    });
  };
  const status = async (id: number) =>
    (
      await t.app.db.query<{ status: string; campaign_id: number | null; message: string | null }>(
        'SELECT status, campaign_id, message FROM bulk_rows WHERE id = $1',
        [id],
      )
    )[0];

  it('claims rows as leases once, saves a row into a campaign exactly once', async () => {
    await job(3);
    const first = await claim(2);
    expect(first).toHaveLength(2);
    expect(new Set(first.map((r) => r.lease_token)).size).toBe(2);
    const second = await claim(5);
    expect(second.map((r) => r.id)).not.toContain(first[0]?.id);
    expect(await claim(1, other)).toEqual([]);
    const row = first[0] as Claimed;
    const saved = await save(row);
    expect(body(saved).data).toMatchObject({ id: row.id, status: 'completed' });
    const campaignId = (await status(row.id))?.campaign_id;
    const campaign = body<{
      name: string;
      slug: string | null;
      products: Array<{ designs: unknown[]; mockups: unknown[] }>;
    }>(
      await t.app.inject({
        method: 'GET',
        url: `/seller/campaign/${campaignId}`,
        headers: bearer(token),
      }),
    ).data;
    expect(campaign.name).toBe('Row 0');
    expect(campaign.slug).toBe('row-0');
    expect(campaign.products[0]?.designs).toHaveLength(1);
    expect(campaign.products[0]?.mockups).toHaveLength(1);
    const again = await save(row);
    expect(again.statusCode).toBe(409);
    const [count] = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM campaigns WHERE bulk_source = $1',
      [`bulk_row:${row.id}`],
    );
    expect(count?.n).toBe(1);
  });

  it('returns a row with an expired lease to the queue; the old token then gets 409 and changes nothing', async () => {
    await t.app.db.query(
      "UPDATE bulk_rows SET status = 'stopped' WHERE status IN ('pending', 'processing')",
    );
    await job(1);
    const [row] = await claim(1);
    expect(await claim(1)).toEqual([]);
    await t.app.db.query(
      "UPDATE bulk_rows SET lease_expires_at = now() - interval '1 second' WHERE id = $1",
      [row?.id],
    );
    const [again] = await claim(1);
    expect(again?.id).toBe(row?.id);
    expect(again?.lease_token).not.toBe(row?.lease_token);
    const stale = await save(row as Claimed);
    expect(stale.statusCode).toBe(409);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/mark-row-invalid',
      headers: bearer(token),
      payload: { id: row?.id, leaseToken: row?.lease_token, message: 'Designs is invalid' },
    });
    expect(invalid.statusCode).toBe(409);
    expect(await status(row?.id ?? 0)).toMatchObject({ status: 'processing', campaign_id: null });
    const foreign = await save(again as Claimed, again?.lease_token, other);
    expect(foreign.statusCode).toBe(404);
    expect((await save(again as Claimed)).statusCode).toBe(200);
  });

  it('marks a row invalid with its message, retries, stops and starts rows', async () => {
    await job(2);
    const [row] = await claim(1);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/mark-row-invalid',
      headers: bearer(token),
      payload: { id: row?.id, leaseToken: row?.lease_token, message: 'Empty valid design' },
    });
    expect(body(invalid).data).toMatchObject({ status: 'failed' });
    expect(await status(row?.id ?? 0)).toMatchObject({
      status: 'failed',
      message: 'Empty valid design',
    });
    const retried = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/retry',
      headers: bearer(token),
      payload: { id: row?.id },
    });
    expect(body<{ status: string }>(retried).data.status).toBe('pending');
    const stopped = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/stop',
      headers: bearer(token),
      payload: { ids: [row?.id] },
    });
    expect(body<Array<{ status: string }>>(stopped).data[0]?.status).toBe('stopped');
    const stopAll = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/stop-all',
      headers: bearer(token),
      payload: {},
    });
    expect(body<{ updated: number }>(stopAll).data.updated).toBeGreaterThan(0);
    expect(await claim(5)).toEqual([]);
    const startAll = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/start-all',
      headers: bearer(token),
    });
    expect(body<{ updated: number }>(startAll).data.updated).toBeGreaterThan(0);
    const removed = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/remove',
      headers: bearer(token),
      payload: { ids: [row?.id] },
    });
    expect(body(removed).data).toEqual({ ids: [row?.id] });
    const list = body<{ data: Array<{ id: number; status: string }>; total: number }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/campaign/bulk-v3/campaigns?status=pending&per_page=100',
        headers: bearer(token),
      }),
    ).data;
    expect(list.data.every((r) => r.status === 'pending')).toBe(true);
    expect(list.data.map((r) => r.id)).not.toContain(row?.id);
  });

  it('fails a row whose worker never finished it after 3 claims; a retry gives 3 more', async () => {
    await createUser(t.app, { email: 'bulk-attempts@example.test' });
    const owner = await login(t.app, 'bulk-attempts@example.test');
    const own = await campaignOf(t.app, owner, 'Attempts template');
    const created = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/jobs',
      headers: bearer(owner),
      payload: {
        template_campaign_id: own.id,
        rows: [{ campaign_name: 'Hangs', designs: [{ new_url: '/files/x.png' }] }],
      },
    });
    expect(created.statusCode).toBe(200);
    const claimAs = async () =>
      body<Array<Claimed & { attempts: number }>>(
        await t.app.inject({
          method: 'GET',
          url: '/seller/campaign/bulk-v3/pending?type=regular_multi_space&take=1',
          headers: bearer(owner),
        }),
      ).data;
    const expire = (id: number) =>
      t.app.db.query(
        "UPDATE bulk_rows SET lease_expires_at = now() - interval '1 second' WHERE id = $1",
        [id],
      );
    const seen: number[] = [];
    let id = 0;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [row] = await claimAs();
      if (!row) throw new Error(`No row on attempt ${attempt}`);
      id = row.id;
      seen.push(row.attempts);
      // The worker dies with the row: its lease runs out.
      await expire(row.id);
    }
    // Each claim tells the worker which attempt it is, so the last one can say why it failed.
    expect(seen).toEqual([1, 2, 3]);
    expect(await claimAs()).toEqual([]);
    expect(await status(id)).toMatchObject({
      status: 'failed',
      message: 'Failed after 3 attempts: no worker finished it in time',
    });
    const retried = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/retry',
      headers: bearer(owner),
      payload: { id },
    });
    expect(retried.statusCode).toBe(200);
    expect((await claimAs()).map((row) => [row.id, row.attempts])).toEqual([[id, 1]]);
  });

  it('gives the origin campaign with products and keeps designers out of bulk', async () => {
    const origin = await t.app.inject({
      method: 'GET',
      url: `/seller/campaign/bulk-v3/origin/${template.id}`,
      headers: bearer(token),
    });
    expect(body<{ products: unknown[] }>(origin).data.products).toHaveLength(1);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/seller/campaign/bulk-v3/origin/${template.id}`,
          headers: bearer(other),
        })
      ).statusCode,
    ).toBe(404);
    const designer = await login(t.app, 'bulk-designer@example.test');
    const pending = await t.app.inject({
      method: 'GET',
      url: '/seller/campaign/bulk-v3/pending?take=1',
      headers: bearer(designer),
    });
    expect(pending.statusCode).toBe(403);
  });
});

describe.each(BACKENDS)('bulk regular jobs on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let sellerId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'regular@example.test' })).id;
    token = await login(t.app, 'regular@example.test');
  });
  afterAll(async () => {
    await t?.close();
  });
  const next = async () =>
    body<{ pending: boolean; created: boolean; reason: string | null; job: { id: number } | null }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/campaign/bulk/next-job?sessionId=tab-1&deviceId=d&ipAddress=1.2.3.4&processId=p',
        headers: bearer(token),
      }),
    ).data;

  it('hands out a job, creates its campaign once, saves designs and enforces the limits', async () => {
    const template = await campaignOf(t.app, token, 'Regular template');
    await t.app.db.query(
      "INSERT INTO bulk_regular_jobs (seller_id, template_campaign_id, campaign_name, designs) VALUES ($1, $2, 'First', '[{\"new_url\":\"/files/a.png\"}]'), ($1, $2, 'Second', '[]')",
      [sellerId, template.id],
    );
    const first = await next();
    expect(first).toMatchObject({ pending: true, created: false, reason: null });
    const createBody = {
      campaign_id: template.id,
      design_info: { name: 'First', slug: 'first', file_url: '/files/a.png' },
      uploaded_at: 1,
      bulk_id: first.job?.id,
    };
    const created = body<{ new_campaign: { id: number; products: Array<{ id: number }> } }>(
      await t.app.inject({
        method: 'POST',
        url: '/seller/campaign/bulk/create-campaign',
        headers: bearer(token),
        payload: createBody,
      }),
    ).data.new_campaign;
    const twice = body<{ new_campaign: { id: number } }>(
      await t.app.inject({
        method: 'POST',
        url: '/seller/campaign/bulk/create-campaign',
        headers: bearer(token),
        payload: createBody,
      }),
    ).data.new_campaign;
    expect(twice.id).toBe(created.id);
    expect(await next()).toMatchObject({ pending: true, created: true });
    const log = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk/log',
      headers: bearer(token),
      payload: { bulk_id: first.job?.id, log: 'Cannot load designs' },
    });
    expect(log.statusCode).toBe(200);
    const productId = created.products[0]?.id;
    const templateProductId = template.products[0]?.id;
    const stray = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk/save-designs',
      headers: bearer(token),
      payload: {
        campaignId: created.id,
        storage: 's3',
        bulk_id: first.job?.id,
        data: {
          designs: [
            {
              print_space: 'front',
              product_id: templateProductId,
              campaign_id: created.id,
              file_url: '/files/a.png',
              option: 'print',
            },
          ],
          mockups: [],
        },
      },
    });
    expect(stray.statusCode).toBe(422);
    expect(body(stray).message).toBe(
      `Product ${templateProductId} is not a product of campaign ${created.id}`,
    );
    expect((await next()).created).toBe(true);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk/save-designs',
      headers: bearer(token),
      payload: {
        campaignId: created.id,
        storage: 's3',
        bulk_id: first.job?.id,
        data: {
          designs: [
            {
              print_space: 'front',
              product_id: productId,
              campaign_id: created.id,
              file_url: '/files/a.png',
              option: 'print',
            },
          ],
          mockups: [
            {
              mockup_id: 1,
              product_id: productId,
              campaign_id: created.id,
              print_space: 'front',
              is_default_mockup: '1',
              file_url: '/files/m.jpg',
            },
          ],
        },
      },
    });
    expect(saved.statusCode).toBe(200);

    await t.app.db.query('UPDATE users SET campaign_limit_per_minute = 1 WHERE id = $1', [
      sellerId,
    ]);
    expect((await next()).reason).toBe('limit_campaign_per_minute');
    await t.app.db.query('UPDATE users SET campaign_limit_per_day = 1 WHERE id = $1', [sellerId]);
    expect((await next()).reason).toBe('limit_campaign_per_day');
    await t.app.db.query('UPDATE users SET bulk_processing = false WHERE id = $1', [sellerId]);
    expect(await next()).toMatchObject({ pending: false, reason: 'bulk_not_processing' });
  });

  it('fails a job its worker could not render after 3 hand-outs, with the last reason', async () => {
    const ownerId = (await createUser(t.app, { email: 'regular-attempts@example.test' })).id;
    const owner = await login(t.app, 'regular-attempts@example.test');
    const template = await campaignOf(t.app, owner, 'Attempts template');
    const [job] = await t.app.db.query<{ id: number }>(
      'INSERT INTO bulk_regular_jobs (seller_id, template_campaign_id, campaign_name, designs) VALUES ($1, $2, \'Broken\', \'[{"new_url":"https://cdn.test/gone.png"}]\') RETURNING id',
      [ownerId, template.id],
    );
    const jobId = Number(job?.id);
    const nextAs = async () =>
      body<{ pending: boolean; job: { id: number } | null }>(
        await t.app.inject({
          method: 'GET',
          url: '/seller/campaign/bulk/next-job?sessionId=tab-9&deviceId=d&ipAddress=1.2.3.4&processId=p',
          headers: bearer(owner),
        }),
      ).data;
    const reason = 'Cannot load designs: Could not fetch https://cdn.test/gone.png: HTTP 404';
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await nextAs()).job?.id).toBe(jobId);
      const logged = await t.app.inject({
        method: 'POST',
        url: '/seller/campaign/bulk/log',
        headers: bearer(owner),
        payload: { bulk_id: jobId, log: reason },
      });
      expect(logged.statusCode).toBe(200);
    }
    expect(await nextAs()).toMatchObject({ pending: false, job: null });
    const listed = async () =>
      body<{ data: Array<{ id: number; status: string; message: string | null }> }>(
        await t.app.inject({
          method: 'GET',
          url: '/seller/campaign/bulk/jobs?per_page=100',
          headers: bearer(owner),
        }),
      ).data.data.find((row) => Number(row.id) === jobId);
    expect(await listed()).toMatchObject({
      status: 'failed',
      message: `Failed after 3 attempts: ${reason}`,
    });
    const retried = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk/retry',
      headers: bearer(owner),
      payload: { id: jobId },
    });
    expect(retried.statusCode).toBe(200);
    expect((await nextAs()).job?.id).toBe(jobId);
  });

  it('fails a job whose template can never work, and keeps one whose problem may pass', async () => {
    const ownerId = (await createUser(t.app, { email: 'regular-fatal@example.test' })).id;
    const owner = await login(t.app, 'regular-fatal@example.test');
    const template = await campaignOf(t.app, owner, 'Template without design');
    const ids = (
      await t.app.db.query<{ id: number }>(
        "INSERT INTO bulk_regular_jobs (seller_id, template_campaign_id, campaign_name) VALUES ($1, $2, 'Fatal'), ($1, $2, 'Passing') RETURNING id",
        [ownerId, template.id],
      )
    ).map((row) => Number(row.id));
    const log = (bulkId: number | undefined, text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/seller/campaign/bulk/log',
        headers: bearer(owner),
        payload: { bulk_id: bulkId, log: text },
      });
    expect((await log(ids[0], 'Original campaign has no design')).statusCode).toBe(200);
    expect((await log(ids[1], 'Cannot load designs')).statusCode).toBe(200);
    const jobs = body<{ data: Array<{ id: number; status: string; message: string | null }> }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/campaign/bulk/jobs?per_page=100',
        headers: bearer(owner),
      }),
    ).data.data;
    const byId = new Map(jobs.map((job) => [Number(job.id), job]));
    expect(byId.get(ids[0] ?? 0)).toMatchObject({
      status: 'failed',
      message: 'Original campaign has no design',
    });
    expect(byId.get(ids[1] ?? 0)).toMatchObject({
      status: 'pending',
      message: 'Cannot load designs',
    });
  });
});
