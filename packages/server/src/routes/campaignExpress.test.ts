import { createCanvas } from '@napi-rs/canvas';
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

async function png(width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2e7d32';
  ctx.fillRect(0, 0, width, height);
  return canvas.encode('png');
}

interface Launch {
  id: number;
  stage: string;
  status: string;
  slug: string;
  campaign_id: number | null;
  campaign_slug: string | null;
  campaign_status: string | null;
  message: string | null;
  source_name: string | null;
  artwork_url: string | null;
}

/**
 * Campaign express: a template and an uploaded artwork become a campaign that goes on sale once
 * the bulk worker saved its designs and mockups. The worker's calls are made here as the
 * regular worker makes them (next-job, create-campaign, save-designs).
 */
describe.each(BACKENDS)('campaign express on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let sellerId: number;
  let template: { id: number; products: Array<{ id: number; template_id: number }> };
  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'express@example.test' })).id;
    token = await login(t.app, 'express@example.test');
    const source = await campaignOf(t.app, token, 'Dog tee');
    // A design on the template's product, as a template saved from a finished campaign has.
    await t.app.db.query(
      `INSERT INTO designs (campaign_id, product_id, print_space, file_url, option)
       VALUES ($1, $2, 'front', '/files/old.png', 'print')`,
      [source.id, source.products[0]?.id],
    );
    const saved = await t.app.inject({
      method: 'POST',
      url: `/seller/campaign/${source.id}/save-as-template`,
      headers: bearer(token),
      payload: {},
    });
    template = body<typeof template>(saved).data;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(bytes: Buffer, as = token, name = 'art.png'): Promise<string> {
    const signed = body<{ preSignedUrl: string; fileUrl: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/pre-signed-url',
        headers: bearer(as),
        payload: { fileName: name, filePath: 'artwork', contentType: 'image/png' },
      }),
    ).data;
    const put = await t.app.inject({
      method: 'PUT',
      url: signed.preSignedUrl,
      headers: { 'content-type': 'image/png' },
      payload: bytes,
    });
    expect(put.statusCode).toBeLessThan(300);
    return signed.fileUrl;
  }

  const launch = (payload: Record<string, unknown>, as = token) =>
    t.app.inject({ method: 'POST', url: '/seller/campaign/express', headers: bearer(as), payload });

  const get = async (id: number) =>
    body<Launch>(
      await t.app.inject({
        method: 'GET',
        url: `/seller/campaign/express/${id}`,
        headers: bearer(token),
      }),
    ).data;

  /** What the regular worker does with the job it is handed: the campaign, then its pictures. */
  async function work(jobId: number, artwork: string) {
    const next = body<{ job: { id: number; campaign_name: string } | null }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/campaign/bulk/next-job?sessionId=tab-x&deviceId=d&ipAddress=1.2.3.4',
        headers: bearer(token),
      }),
    ).data;
    expect(next.job?.id).toBe(jobId);
    const created = body<{
      new_campaign: { id: number; status: string; products: Array<{ id: number }> };
    }>(
      await t.app.inject({
        method: 'POST',
        url: '/seller/campaign/bulk/create-campaign',
        headers: bearer(token),
        payload: {
          campaign_id: template.id,
          design_info: { name: next.job?.campaign_name, slug: 'worker-slug', file_url: artwork },
          uploaded_at: 1,
          bulk_id: jobId,
        },
      }),
    ).data.new_campaign;
    // Made, but not on sale before its pictures exist.
    expect(created.status).toBe('draft');
    expect((await get(jobId)).stage).toBe('rendering');
    const productId = created.products[0]?.id;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk/save-designs',
      headers: bearer(token),
      payload: {
        campaignId: created.id,
        storage: 's3',
        bulk_id: jobId,
        data: {
          designs: [
            {
              print_space: 'front',
              product_id: productId,
              campaign_id: created.id,
              file_url: '/files/new.png',
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
    return created;
  }

  it('queues a launch, makes the campaign with the slug and price asked, and puts it on sale when drawn', async () => {
    const artwork = await upload(await png(1200, 1500));
    const productId = template.products[0]?.id;
    const started = await launch({
      source_campaign_id: template.id,
      artwork_url: artwork,
      name: 'Happy Dog Tee',
      slug: 'happy-dog',
      prices: [{ product_id: productId, price: 24.5 }],
    });
    expect(started.statusCode).toBe(200);
    const queued = body<Launch>(started).data;
    expect(queued).toMatchObject({
      stage: 'queued',
      slug: 'happy-dog',
      campaign_id: null,
      source_name: 'Dog tee',
      artwork_url: artwork,
    });

    // The slug is reserved while the launch waits.
    const again = await launch({
      source_campaign_id: template.id,
      artwork_url: artwork,
      name: 'Other',
      slug: 'happy-dog',
    });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('This slug is already used by another of your campaigns.');

    const created = await work(queued.id, artwork);
    const done = await get(queued.id);
    expect(done).toMatchObject({
      stage: 'launched',
      campaign_id: created.id,
      campaign_slug: 'happy-dog',
      campaign_status: 'active',
      message: null,
    });
    const [campaign] = await t.app.db.query<{ product_type: string; launched_at: Date | null }>(
      'SELECT product_type, launched_at FROM campaigns WHERE id = $1',
      [created.id],
    );
    expect(campaign?.product_type).toBe('campaign_express');
    expect(campaign?.launched_at).not.toBeNull();
    const [product] = await t.app.db.query<{ price: string }>(
      'SELECT price FROM products WHERE campaign_id = $1',
      [created.id],
    );
    expect(Number(product?.price)).toBe(24.5);

    // The list shows it, newest first; the taken slug is refused now as a campaign's.
    const listed = body<{ data: Launch[]; total: number }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/campaign/express',
        headers: bearer(token),
      }),
    ).data;
    expect(listed.data[0]?.id).toBe(queued.id);
    const taken = await launch({
      source_campaign_id: template.id,
      artwork_url: artwork,
      name: 'Other',
      slug: 'happy-dog',
    });
    expect(taken.statusCode).toBe(409);
  });

  it('chooses a free slug from the name when none is asked', async () => {
    const artwork = await upload(await png(800, 800));
    const first = body<Launch>(
      await launch({ source_campaign_id: template.id, artwork_url: artwork, name: 'Happy Dog' }),
    ).data;
    expect(first.slug).toBe('happy-dog-2');
  });

  it('refuses a missing template, an unusable artwork and a price for another product with clear 4xx', async () => {
    const artwork = await upload(await png(800, 800));
    const missing = await launch({
      source_campaign_id: 999_999,
      artwork_url: artwork,
      name: 'X',
    });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe('Template not found');

    const other = await createUser(t.app, { email: 'express-other@example.test' });
    const otherToken = await login(t.app, 'express-other@example.test');
    const foreign = await launch(
      { source_campaign_id: template.id, artwork_url: artwork, name: 'X' },
      otherToken,
    );
    expect(foreign.statusCode).toBe(404);
    // Another seller's upload is not an artwork of this seller.
    const theirs = await upload(await png(800, 800), otherToken);
    const borrowed = await launch({
      source_campaign_id: template.id,
      artwork_url: theirs,
      name: 'X',
    });
    expect(borrowed.statusCode).toBe(422);
    expect(body(borrowed).message).toBe(
      'Upload the artwork file first: only your own uploads can be used.',
    );
    expect(other.id).not.toBe(sellerId);

    const tiny = await launch({
      source_campaign_id: template.id,
      artwork_url: await upload(await png(40, 40)),
      name: 'X',
    });
    expect(tiny.statusCode).toBe(422);
    expect(body(tiny).message).toBe(
      'The artwork is too small: it needs at least 100 pixels on its shorter side.',
    );
    const stray = await launch({
      source_campaign_id: template.id,
      artwork_url: artwork,
      name: 'X',
      prices: [{ product_id: 424242, price: 10 }],
    });
    expect(stray.statusCode).toBe(422);
    expect(body(stray).message).toBe('Product #424242 is not a product of this template.');
    const badPrice = await launch({
      source_campaign_id: template.id,
      artwork_url: artwork,
      name: 'X',
      prices: [{ product_id: template.products[0]?.id, price: 10.123 }],
    });
    expect(badPrice.statusCode).toBe(400);

    const noDesign = await campaignOf(t.app, token, 'Bare');
    const bare = await launch({ source_campaign_id: noDesign.id, artwork_url: artwork, name: 'X' });
    expect(bare.statusCode).toBe(422);
    expect(body(bare).message).toBe('Original campaign has no design');
  });

  it('leaves the campaign a draft and says why when a launch check refuses it; a failed launch can be retried', async () => {
    const artwork = await upload(await png(800, 800));
    const queued = body<Launch>(
      await launch({ source_campaign_id: template.id, artwork_url: artwork, name: 'Blocked one' }),
    ).data;
    // Two express launches wait: the older one is handed out first; it is stopped here.
    const next = body<{ job: { id: number } | null }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/campaign/bulk/next-job?sessionId=tab-y&deviceId=d&ipAddress=1.2.3.4',
        headers: bearer(token),
      }),
    ).data;
    // The launch of the free-slug test above is older, so it was handed out.
    expect(next.job?.id).not.toBe(queued.id);
    await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk/stop',
      headers: bearer(token),
      payload: { ids: [next.job?.id] },
    });
    // The template turns personalised while the launch waits: its products no longer match.
    await t.app.db.query('UPDATE campaigns SET personalized = 1 WHERE id = $1', [template.id]);
    await work(queued.id, artwork);
    const drafted = await get(queued.id);
    expect(drafted.stage).toBe('draft');
    expect(drafted.campaign_status).toBe('draft');
    expect(drafted.message).toMatch(/^Saved as a draft, not launched: /);
    await t.app.db.query('UPDATE campaigns SET personalized = 0 WHERE id = $1', [template.id]);

    const stopped = await get(next.job?.id ?? 0);
    expect(stopped.stage).toBe('stopped');
    const retried = await t.app.inject({
      method: 'POST',
      url: `/seller/campaign/express/${stopped.id}/retry`,
      headers: bearer(token),
    });
    expect(body<Launch>(retried).data.stage).toBe('queued');
    const twice = await t.app.inject({
      method: 'POST',
      url: `/seller/campaign/express/${stopped.id}/retry`,
      headers: bearer(token),
    });
    expect(twice.statusCode).toBe(409);
  });

  it('hands an express launch to a worker before older rows of a bulk import', async () => {
    // Only the two jobs below wait.
    await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk/stop-all',
      headers: bearer(token),
    });
    const [older] = await t.app.db.query<{ id: number }>(
      `INSERT INTO bulk_regular_jobs (seller_id, template_campaign_id, campaign_name, designs)
       VALUES ($1, $2, 'Imported row', '[{"new_url":"/files/x.png"}]') RETURNING id`,
      [sellerId, template.id],
    );
    const artwork = await upload(await png(800, 800));
    await launch({ source_campaign_id: template.id, artwork_url: artwork, name: 'Waiting seller' });
    const next = body<{ job: { id: number } | null }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/campaign/bulk/next-job?sessionId=tab-z&deviceId=d&ipAddress=1.2.3.4',
        headers: bearer(token),
      }),
    ).data;
    expect(next.job?.id).not.toBe(Number(older?.id));
    expect((await get(next.job?.id ?? 0)).stage).toBe('rendering');
  });

  it('needs update_campaign to launch and get_campaigns to read', async () => {
    const member = await memberSession(t.app, sellerId, 'express-reader@example.test', [
      'get_campaigns',
    ]);
    const refused = await launch(
      { source_campaign_id: template.id, artwork_url: 'x', name: 'X' },
      member,
    );
    expect(refused.statusCode).toBe(403);
    const read = await t.app.inject({
      method: 'GET',
      url: '/seller/campaign/express',
      headers: bearer(member),
    });
    expect(read.statusCode).toBe(200);
    const other = await login(t.app, 'express-other@example.test');
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/seller/campaign/express/${body<{ data: Launch[] }>(read).data.data[0]?.id}`,
      headers: bearer(other),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
