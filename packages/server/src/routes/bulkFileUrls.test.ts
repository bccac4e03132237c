import { readFile } from 'node:fs/promises';
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
import { splitStatements } from '../db/migrate.js';

interface CampaignView {
  id: number;
  name: string;
  thumb_url: string | null;
  products: Array<{
    default_mockup_id: number | null;
    designs: Array<{ file_url: string | null }>;
    mockups: Array<{ id: number; file_url: string }>;
  }>;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Bulk workers answer the keys of their uploads (`filePath`); the campaigns they make must show
 * their files like any other campaign: full addresses in the campaign and in the list.
 */
describe.each(BACKENDS)('files of bulk-made campaigns on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let sellerId: number;
  let template: { id: number; products: Array<{ id: number; template_id: number }> };

  const campaign = async (id: number) =>
    body<CampaignView>(
      await t.app.inject({ method: 'GET', url: `/seller/campaign/${id}`, headers: bearer(token) }),
    ).data;
  const listed = async (id: number) =>
    body<{ data: CampaignView[] }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/campaign?per_page=50',
        headers: bearer(token),
      }),
    ).data.data.find((c) => c.id === id);
  /** Uploads a PNG as a worker does and answers its key, the `filePath` workers send back. */
  const uploadKey = async (name: string) => {
    const signed = body<{ filePath: string; preSignedUrl: string; fileUrl: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/pre-signed-url',
        headers: bearer(token),
        payload: { fileName: `${name}.png`, filePath: 'bulk', contentType: 'image/png' },
      }),
    ).data;
    const put = await t.app.inject({
      method: 'PUT',
      url: signed.preSignedUrl,
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(put.statusCode).toBe(200);
    expect(signed.filePath).not.toMatch(/^\//);
    return signed;
  };
  const opens = async (url: string | null | undefined) =>
    url ? (await t.app.inject({ method: 'GET', url })).statusCode : 0;
  const mockupTemplateOf = async (productTemplateId: number) =>
    (
      await t.app.db.query<{ id: number }>(
        'SELECT id FROM mockup_templates WHERE template_id = $1 ORDER BY id LIMIT 1',
        [productTemplateId],
      )
    )[0]?.id;

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'bulk-files@example.test' })).id;
    token = await login(t.app, 'bulk-files@example.test');
    template = await campaignOf(t.app, token, 'Template');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores the multi-space save as addresses the campaign, the list and the files answer', async () => {
    const design = await uploadKey('design');
    const mockup = await uploadKey('mockup');
    await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/jobs',
      headers: bearer(token),
      payload: {
        template_campaign_id: template.id,
        rows: [
          {
            campaign_name: 'Bulk row',
            designs: [{ new_url: design.fileUrl, print_space: 'front' }],
          },
        ],
      },
    });
    const [row] = body<
      Array<{
        id: number;
        lease_token: string;
        template_campaign: {
          products: Array<{ id: number; template_mockups: Array<{ id: number }> }>;
        };
      }>
    >(
      await t.app.inject({
        method: 'GET',
        url: '/seller/campaign/bulk-v3/pending?type=regular_multi_space&take=1',
        headers: bearer(token),
      }),
    ).data;
    const product = row?.template_campaign.products[0];
    const saved = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-v3/save-processed-row',
      headers: bearer(token),
      payload: {
        id: row?.id,
        leaseToken: row?.lease_token,
        designs: [
          {
            print_space: 'front',
            product_id: product?.id,
            file_url: design.filePath,
            option: 'print',
          },
        ],
        designs3D: [
          {
            file_url: mockup.filePath,
            mockup_id: product?.template_mockups[0]?.id,
            product_id: product?.id,
            print_space: 'front',
          },
        ],
        deviceId: 'dev',
        sessionId: 'tab',
        ipAddress: '203.0.113.9',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = body<{ campaign_id: number }>(saved).data.campaign_id;

    const made = await campaign(id);
    expect(made.products[0]?.designs[0]?.file_url).toBe(design.fileUrl);
    expect(made.products[0]?.mockups[0]?.file_url).toBe(mockup.fileUrl);
    expect(made.thumb_url).toBe(mockup.fileUrl);
    expect((await listed(id))?.thumb_url).toBe(mockup.fileUrl);
    expect(await opens(made.products[0]?.designs[0]?.file_url)).toBe(200);
    expect(await opens(made.thumb_url)).toBe(200);
  });

  it('stores the regular save as addresses, with the default mockup as the thumbnail', async () => {
    const design = await uploadKey('regular-design');
    const mockup = await uploadKey('regular-mockup');
    await t.app.db.query(
      `INSERT INTO bulk_regular_jobs (seller_id, template_campaign_id, campaign_name, designs)
       VALUES ($1, $2, 'Regular row', $3)`,
      [sellerId, template.id, JSON.stringify([{ new_url: design.fileUrl }])],
    );
    const job = body<{ job: { id: number } }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/campaign/bulk/next-job?sessionId=tab-1&deviceId=d&ipAddress=1.2.3.4&processId=p',
        headers: bearer(token),
      }),
    ).data.job;
    const created = body<{ new_campaign: { id: number; products: Array<{ id: number }> } }>(
      await t.app.inject({
        method: 'POST',
        url: '/seller/campaign/bulk/create-campaign',
        headers: bearer(token),
        payload: {
          campaign_id: template.id,
          design_info: { name: 'Regular row', slug: 'regular-row', file_url: design.filePath },
          uploaded_at: 1,
          bulk_id: job.id,
        },
      }),
    ).data.new_campaign;
    const productId = created.products[0]?.id;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk/save-designs',
      headers: bearer(token),
      payload: {
        campaignId: created.id,
        storage: 's3',
        bulk_id: job.id,
        data: {
          designs: [
            {
              print_space: 'front',
              product_id: productId,
              campaign_id: created.id,
              file_url: design.filePath,
              option: 'print',
            },
          ],
          mockups: [
            {
              mockup_id: await mockupTemplateOf(template.products[0]?.template_id ?? 0),
              product_id: productId,
              campaign_id: created.id,
              print_space: 'front',
              is_default_mockup: '1',
              file_url: mockup.filePath,
            },
          ],
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const made = await campaign(created.id);
    expect(made.products[0]?.designs[0]?.file_url).toBe(design.fileUrl);
    expect(made.products[0]?.mockups[0]?.file_url).toBe(mockup.fileUrl);
    expect(made.products[0]?.default_mockup_id).toBe(made.products[0]?.mockups[0]?.id);
    expect((await listed(created.id))?.thumb_url).toBe(mockup.fileUrl);
    expect(await opens((await listed(created.id))?.thumb_url)).toBe(200);
  });

  it('migration 011 turns keys saved before into addresses', async () => {
    const design = await uploadKey('old-design');
    const made = await campaignOf(t.app, token, 'Saved before the fix');
    const productId = made.products[0]?.id;
    await t.app.db.query(
      "UPDATE campaigns SET bulk_source = 'bulk_row:0', thumb_url = $2 WHERE id = $1",
      [made.id, design.filePath],
    );
    await t.app.db.query(
      `INSERT INTO designs (campaign_id, product_id, print_space, file_url, option)
       VALUES ($1, $2, 'front', $3, 'print')`,
      [made.id, productId, design.filePath],
    );
    const before = await campaign(made.id);
    expect(before.products[0]?.designs[0]?.file_url).toBe(design.filePath);

    const sql = await readFile(
      new URL('../../migrations/011_bulk_file_urls.sql', import.meta.url),
      'utf8',
    );
    for (const statement of splitStatements(sql)) await t.app.db.query(statement);

    const after = await campaign(made.id);
    expect(after.products[0]?.designs[0]?.file_url).toBe(design.fileUrl);
    expect((await listed(made.id))?.thumb_url).toBe(design.fileUrl);
    expect(await opens(after.products[0]?.designs[0]?.file_url)).toBe(200);
  });
});
