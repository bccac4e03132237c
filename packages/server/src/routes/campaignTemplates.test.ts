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

interface CampaignView {
  id: number;
  name: string;
  slug: string | null;
  status: string;
  product_type: string;
  thumb_url: string | null;
  products: Array<{
    id: number;
    template_id: number;
    price?: number;
    options: Record<string, string[]>;
    designs: Array<{ print_space: string; file_url: string | null }>;
    mockups: Array<{ print_space: string; file_url: string }>;
  }>;
}

/** Save a campaign as a template, list templates, start campaigns from one. */
describe.each(BACKENDS)('campaign templates on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let sellerId: number;
  let templateIds: number[];

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    as: string = token,
  ) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

  /** A designed campaign on two product templates, with colours and prices. */
  const designedCampaign = async (name: string) => {
    const made = body<CampaignView>(
      await call('POST', '/seller/campaign', {
        name,
        slug: 'cat-tee',
        products: templateIds.map((id, i) => ({ template_id: id, price: 21.5 + i })),
      }),
    ).data;
    const saved = await call('PUT', `/seller/campaign/${made.id}`, {
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
    });
    expect(saved.statusCode).toBe(200);
    return body<CampaignView>(saved).data;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'templates@example.test' })).id;
    token = await login(t.app, 'templates@example.test');
    await createUser(t.app, { email: 'templates-other@example.test' });
    otherToken = await login(t.app, 'templates-other@example.test');
    templateIds = body<{ data: Array<{ id: number }> }>(
      await call('GET', '/seller/product-templates?per_page=2'),
    )
      .data.data.slice(0, 2)
      .map((tpl) => tpl.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('saves a campaign as a template that lists apart and copies products, prices and designs', async () => {
    const source = await designedCampaign('Cat tee');
    const saved = await call('POST', `/seller/campaign/${source.id}/save-as-template`, {
      name: 'Cat starter',
    });
    expect(saved.statusCode).toBe(200);
    const template = body<CampaignView>(saved).data;
    expect(template).toMatchObject({
      name: 'Cat starter',
      slug: 'cat-tee-template',
      status: 'draft',
      product_type: 'campaign_template',
    });
    expect(template.products.map((p) => [p.template_id, p.price])).toEqual(
      source.products.map((p) => [p.template_id, p.price]),
    );
    expect(template.products.every((p) => p.designs.length === 1 && p.mockups.length === 1)).toBe(
      true,
    );
    expect(template.thumb_url).toBe(source.thumb_url);

    const templates = body<{ data: Array<{ id: number }> }>(
      await call('GET', '/seller/campaign?product_type=campaign_template'),
    ).data.data;
    expect(templates.map((c) => c.id)).toEqual([template.id]);
    const campaigns = body<{ data: Array<{ id: number }> }>(
      await call('GET', '/seller/campaign?product_type=campaign'),
    ).data.data;
    expect(campaigns.map((c) => c.id)).not.toContain(template.id);
  });

  it('starts a draft campaign from a template, named and slugged as asked or after it', async () => {
    const source = await designedCampaign('Dog tee');
    const template = body<CampaignView>(
      await call('POST', `/seller/campaign/${source.id}/save-as-template`, {}),
    ).data;
    expect(template.name).toBe('Dog tee');

    const used = await call('POST', `/seller/campaign/template/${template.id}/use`, {
      name: 'Dog tee for fall',
      slug: 'dog-fall',
    });
    expect(used.statusCode).toBe(200);
    const made = body<CampaignView>(used).data;
    expect(made).toMatchObject({
      name: 'Dog tee for fall',
      slug: 'dog-fall',
      status: 'draft',
      product_type: 'campaign',
    });
    expect(made.products.map((p) => [p.template_id, p.price, p.options])).toEqual(
      template.products.map((p) => [p.template_id, p.price, p.options]),
    );
    expect(made.products.flatMap((p) => p.designs.map((d) => d.file_url))).toEqual(
      template.products.flatMap((p) => p.designs.map((d) => d.file_url)),
    );

    const again = body<CampaignView>(
      await call('POST', `/seller/campaign/template/${template.id}/use`, {}),
    ).data;
    const third = body<CampaignView>(
      await call('POST', `/seller/campaign/template/${template.id}/use`, {}),
    ).data;
    expect([again.name, again.slug, third.slug]).toEqual(['Dog tee', 'dog-tee', 'dog-tee-2']);
  });

  it('refuses to use a campaign that is not a template', async () => {
    const source = await designedCampaign('Plain tee');
    const response = await call('POST', `/seller/campaign/template/${source.id}/use`, {});
    expect(response.statusCode).toBe(404);
    expect(body(response).message).toBe('Template not found');
  });

  it("answers 404 for another seller's campaign or template", async () => {
    const source = await designedCampaign('Private tee');
    const template = body<CampaignView>(
      await call('POST', `/seller/campaign/${source.id}/save-as-template`, {}),
    ).data;
    const save = await call(
      'POST',
      `/seller/campaign/${source.id}/save-as-template`,
      {},
      otherToken,
    );
    expect(save.statusCode).toBe(404);
    const use = await call('POST', `/seller/campaign/template/${template.id}/use`, {}, otherToken);
    expect(use.statusCode).toBe(404);
  });

  it('needs update_campaign', async () => {
    const source = await designedCampaign('Team tee');
    const reader = await memberSession(t.app, sellerId, 'templates-reader@example.test', [
      'get_campaigns',
    ]);
    const response = await call(
      'POST',
      `/seller/campaign/${source.id}/save-as-template`,
      {},
      reader,
    );
    expect(response.statusCode).toBe(403);
  });

  it('refuses a bad slug with its message', async () => {
    const source = await designedCampaign('Slug tee');
    const template = body<CampaignView>(
      await call('POST', `/seller/campaign/${source.id}/save-as-template`, {}),
    ).data;
    const response = await call('POST', `/seller/campaign/template/${template.id}/use`, {
      slug: 'Not A Slug',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Slug may hold lowercase letters, digits and dashes');
  });
});
