import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

interface Job {
  id: number;
  total: number;
  mockup_name: string | null;
  counts: { pending: number; processing: number; completed: number; failed: number };
  rows: {
    id: number;
    campaign_id: number;
    campaign_name: string | null;
    status: string;
    reason: string | null;
    file_url: string | null;
  }[];
}

async function png(width: number, height: number, color: string): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, width, height);
  return canvas.encode('png');
}

/**
 * Bulk custom mockup: the server's background job draws one of the seller's mockup photos with
 * each chosen campaign's design and adds the picture to the campaign's mockups.
 */
describe.each(BACKENDS)('bulk custom mockup on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let sellerId: number;
  let mockupId: number;

  const call = (method: 'GET' | 'POST', url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

  async function upload(bytes: Buffer, name: string): Promise<string> {
    const signed = body<{ preSignedUrl: string; fileUrl: string }>(
      await call('POST', '/pre-signed-url', {
        fileName: name,
        filePath: 'art',
        contentType: 'image/png',
      }),
    ).data;
    await t.app.inject({
      method: 'PUT',
      url: signed.preSignedUrl,
      headers: { 'content-type': 'image/png' },
      payload: bytes,
    });
    return signed.fileUrl;
  }

  /** A campaign of the seller whose product has `designUrl` on its front. */
  async function campaignWith(name: string, designUrl: string | null) {
    const campaign = await campaignOf(t.app, token, name);
    if (designUrl) {
      await t.app.db.query(
        `INSERT INTO designs (campaign_id, product_id, print_space, file_url, option)
         VALUES ($1, $2, 'front', $3, 'print')`,
        [campaign.id, campaign.products[0]?.id, designUrl],
      );
    }
    return campaign;
  }

  const finished = (id: number) =>
    vi.waitFor(
      async () => {
        const job = body<Job>(await call('GET', `/seller/campaign/bulk/custom-mockup/${id}`)).data;
        expect(job.counts.pending + job.counts.processing).toBe(0);
        return job;
      },
      { timeout: 20_000, interval: 200 },
    );

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'cm-bulk@example.test' })).id;
    token = await login(t.app, 'cm-bulk@example.test');
    // A white photo 400 × 300 whose print area is the middle 200 × 100.
    const photo = await upload(await png(400, 300, '#ffffff'), 'photo.png');
    const created = await call('POST', '/seller/custom-mockups', {
      name: 'Tee on a chair',
      file_url: photo,
      width: 400,
      height: 300,
      print_area: { x: 100, y: 100, width: 200, height: 100 },
    });
    expect(created.statusCode, created.body).toBe(200);
    mockupId = body<{ id: number }>(created).data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('draws the mockup with each campaign design, adds it to the campaign, and fails a row without a design', async () => {
    const red = await upload(await png(100, 100, '#ff0000'), 'red.png');
    const first = await campaignWith('Red one', red);
    const second = await campaignWith('Red two', red);
    const bare = await campaignWith('No design', null);
    const started = await call('POST', '/seller/campaign/bulk/custom-mockup', {
      custom_mockup_id: mockupId,
      campaign_ids: [first.id, second.id, bare.id],
    });
    expect(started.statusCode, started.body).toBe(200);
    const job = body<Job>(started).data;
    expect(job).toMatchObject({ total: 3, mockup_name: 'Tee on a chair' });

    const done = await finished(job.id);
    expect(done.counts).toEqual({ pending: 0, processing: 0, completed: 2, failed: 1 });
    expect(done.rows.map((r) => [r.campaign_name, r.status, r.reason])).toEqual([
      ['Red one', 'completed', null],
      ['Red two', 'completed', null],
      ['No design', 'failed', 'This campaign has no design file to place on the mockup.'],
    ]);

    // The picture is the campaign's, at its own address: the photo with the design in the area.
    const url = done.rows[0]?.file_url ?? '';
    expect(url).toMatch(new RegExp(`^/files/s${sellerId}/p/${first.id}/custom_\\d+\\.jpg$`));
    const campaign = body<{ products: { mockups?: { file_url: string }[] }[] }>(
      await call('GET', `/seller/campaign/${first.id}`),
    ).data;
    expect(campaign.products[0]?.mockups?.map((m) => m.file_url)).toContain(url);
    const picture = await loadImage((await t.app.inject({ method: 'GET', url })).rawPayload);
    const canvas = createCanvas(picture.width, picture.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(picture, 0, 0);
    const at = (x: number, y: number) => [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
    const scale = picture.width / 400;
    const centre = at(Math.round(200 * scale), Math.round(150 * scale));
    expect(centre[0]).toBeGreaterThan(200);
    expect(centre[1]).toBeLessThan(60);
    // Outside the print area the photo stays white.
    expect(at(Math.round(20 * scale), Math.round(20 * scale))).toEqual([255, 255, 255]);

    // The failed row is queued again once it has a design, and completes.
    await t.app.db.query(
      `INSERT INTO designs (campaign_id, product_id, print_space, file_url, option)
       VALUES ($1, $2, 'front', $3, 'print')`,
      [bare.id, bare.products[0]?.id, red],
    );
    const retried = await call('POST', `/seller/campaign/bulk/custom-mockup/${job.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect((await finished(job.id)).counts.completed).toBe(3);
    const nothing = await call('POST', `/seller/campaign/bulk/custom-mockup/${job.id}/retry`, {});
    expect(nothing.statusCode).toBe(409);

    const listed = body<Job[]>(await call('GET', '/seller/campaign/bulk/custom-mockup')).data;
    expect(listed[0]).toMatchObject({ id: job.id, total: 3, rows: [] });
  });

  it("refuses another seller's mockup or campaigns, and needs update_campaign", async () => {
    const mine = await campaignWith('Mine', null);
    const missing = await call('POST', '/seller/campaign/bulk/custom-mockup', {
      custom_mockup_id: 999_999,
      campaign_ids: [mine.id],
    });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe('Custom mockup not found');

    await createUser(t.app, { email: 'cm-other@example.test' });
    const other = await login(t.app, 'cm-other@example.test');
    const theirs = await campaignOf(t.app, other, 'Theirs');
    const foreign = await call('POST', '/seller/campaign/bulk/custom-mockup', {
      custom_mockup_id: mockupId,
      campaign_ids: [mine.id, theirs.id],
    });
    expect(foreign.statusCode).toBe(422);
    expect(body(foreign).message).toBe(`Campaign #${theirs.id} not found.`);
    const theirMockup = await call(
      'POST',
      '/seller/campaign/bulk/custom-mockup',
      { custom_mockup_id: mockupId, campaign_ids: [theirs.id] },
      other,
    );
    expect(theirMockup.statusCode).toBe(404);

    const reader = await memberSession(t.app, sellerId, 'cm-reader@example.test', [
      'get_campaigns',
    ]);
    const refused = await call(
      'POST',
      '/seller/campaign/bulk/custom-mockup',
      { custom_mockup_id: mockupId, campaign_ids: [mine.id] },
      reader,
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (await call('GET', '/seller/campaign/bulk/custom-mockup', undefined, reader)).statusCode,
    ).toBe(200);
  });
});
