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
  thumb_url: string | null;
  products: Array<{
    id: number;
    template_id: number;
    price?: number;
    default_mockup_id: number | null;
    designs: Array<{ print_space: string; file_url: string | null; design_json: string | null }>;
    mockups: Array<{ id: number; print_space: string; file_url: string }>;
  }>;
}

interface ListView {
  data: Array<{ id: number; name: string; status: string }>;
  total: number;
}

interface BulkResults {
  results: Array<{ id: number; ok: boolean; status?: string; message?: string }>;
}

/** Launch, deactivate, duplicate and delete one campaign or several, as a seller sees them. */
describe.each(BACKENDS)('campaign actions on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let sellerId: number;
  let templateIds: number[];

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const get = async (id: number) =>
    body<CampaignView>(await call('GET', `/seller/campaign/${id}`)).data;
  const list = async (query = '') =>
    body<ListView>(await call('GET', `/seller/campaign?per_page=100${query}`)).data;

  /** A campaign on two templates; with `designed`, each product has a front design and mockup. */
  const campaign = async (name: string, designed: boolean) => {
    const created = await call('POST', '/seller/campaign', {
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      products: templateIds.map((id, i) => ({ template_id: id, price: 19.99 + i })),
    });
    expect(created.statusCode).toBe(200);
    const made = body<CampaignView>(created).data;
    if (!designed) return made;
    const saved = await call('PUT', `/seller/campaign/${made.id}`, {
      designs: made.products.map((p) => ({
        product_id: p.id,
        print_space: 'front',
        file_url: `/files/design-${p.id}.png`,
        design_json: null,
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
    sellerId = (await createUser(t.app, { email: 'actions@example.test' })).id;
    token = await login(t.app, 'actions@example.test');
    await createUser(t.app, { email: 'other-seller@example.test' });
    otherToken = await login(t.app, 'other-seller@example.test');
    const templates = body<{ data: Array<{ id: number }> }>(
      await call('GET', '/seller/product-templates?per_page=2'),
    ).data.data;
    templateIds = templates.slice(0, 2).map((tpl) => tpl.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('launches a designed campaign and deactivates it; the list shows each status', async () => {
    const made = await campaign('Launch me', true);
    const launched = await call('POST', `/seller/campaign/${made.id}/launch`);
    expect(launched.statusCode).toBe(200);
    expect(body<CampaignView>(launched).data.status).toBe('active');
    expect((await list('&status=active')).data.map((c) => c.id)).toContain(made.id);

    const deactivated = await call('POST', `/seller/campaign/${made.id}/deactivate`);
    expect(deactivated.statusCode).toBe(200);
    expect((await get(made.id)).status).toBe('inactive');
    expect((await list('&status=inactive')).data.map((c) => c.id)).toContain(made.id);
  });

  it("refuses to launch when the products' personalized differs from the campaign's (spec §5)", async () => {
    const made = await campaign('Name mug', true);
    const [first] = made.products;
    await t.app.db.query('UPDATE campaigns SET personalized = 0 WHERE id = $1', [made.id]);
    await t.app.db.query('UPDATE products SET personalized = 1 WHERE id = $1', [first?.id]);
    const refused = await call('POST', `/seller/campaign/${made.id}/launch`);
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe(
      "Campaign's personalized should be matched with products's personalized.",
    );
    expect((await get(made.id)).status).toBe('draft');
    // A handmade product is made by hand either way: it is left out of the rule.
    await t.app.db.query('UPDATE products SET full_printed = 5 WHERE id = $1', [first?.id]);
    expect((await call('POST', `/seller/campaign/${made.id}/launch`)).statusCode).toBe(200);
  });

  it('leaves a blocked campaign blocked: no launch, no deactivate', async () => {
    const made = await campaign('Blocked tee', true);
    // Blocking is the platform's decision (no seller route sets it).
    await t.app.db.query("UPDATE campaigns SET status = 'blocked' WHERE id = $1", [made.id]);
    for (const action of ['launch', 'deactivate']) {
      const response = await call('POST', `/seller/campaign/${made.id}/${action}`);
      expect(response.statusCode).toBe(409);
      expect(body(response).message).toBe(
        'This campaign is blocked; it cannot be launched or deactivated.',
      );
    }
    expect((await get(made.id)).status).toBe('blocked');
  });

  it('refuses to launch a campaign whose products have no design, naming them', async () => {
    const made = await campaign('Bare campaign', false);
    const response = await call('POST', `/seller/campaign/${made.id}/launch`);
    expect(response.statusCode).toBe(422);
    expect(body(response).message).toMatch(/^Add a design to .+ before launching\.$/);
    expect((await get(made.id)).status).toBe('draft');
  });

  it('duplicates products, prices, designs and mockups into a new draft with a free slug', async () => {
    const source = await campaign('Summer Tee', true);
    await call('POST', `/seller/campaign/${source.id}/launch`);
    const first = await call('POST', `/seller/campaign/${source.id}/duplicate`);
    expect(first.statusCode).toBe(200);
    const copy = body<CampaignView>(first).data;
    expect(copy.id).not.toBe(source.id);
    expect(copy.name).toBe('Summer Tee (copy)');
    expect(copy.status).toBe('draft');
    expect(copy.slug).toBe('summer-tee-copy');
    expect(copy.products.map((p) => [p.template_id, Number(p.price)])).toEqual(
      source.products.map((p) => [p.template_id, Number(p.price)]),
    );
    expect(copy.products.map((p) => p.designs.map((d) => d.file_url))).toEqual(
      source.products.map((p) => p.designs.map((d) => d.file_url)),
    );
    expect(copy.products.map((p) => p.mockups.map((m) => m.file_url))).toEqual(
      source.products.map((p) => p.mockups.map((m) => m.file_url)),
    );
    // The copy's products point at the copy's own mockups, not the source's.
    for (const product of copy.products) {
      expect(product.default_mockup_id).toBe(product.mockups[0]?.id);
    }
    expect(copy.thumb_url).toBe(source.thumb_url);
    // The source is untouched and a second copy gets another slug.
    expect((await get(source.id)).status).toBe('active');
    const second = body<CampaignView>(
      await call('POST', `/seller/campaign/${source.id}/duplicate`),
    ).data;
    expect(second.slug).toBe('summer-tee-copy-2');
    // The copy is launchable as it is: it carries every design.
    expect((await call('POST', `/seller/campaign/${copy.id}/launch`)).statusCode).toBe(200);
  });

  it('deletes a campaign: it leaves the list and every lookup, and cannot be acted on', async () => {
    const made = await campaign('Delete me', false);
    const deleted = await call('DELETE', `/seller/campaign/${made.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(body<{ id: number }>(deleted).data.id).toBe(made.id);
    expect((await list()).data.map((c) => c.id)).not.toContain(made.id);
    expect((await call('GET', `/seller/campaign/${made.id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/seller/campaign/${made.id}`, { name: 'Back' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/seller/campaign/${made.id}/duplicate`)).statusCode).toBe(404);
    expect((await call('DELETE', `/seller/campaign/${made.id}`)).statusCode).toBe(404);
    const bulk = await call('POST', '/seller/campaign/bulk-v3/jobs', {
      template_campaign_id: made.id,
      rows: [{ designs: [{ new_url: '/files/a.png', print_space: 'front' }] }],
    });
    expect(bulk.statusCode).toBe(404);
  });

  it('takes a deleted campaign out of the stores that listed it; it cannot be listed again', async () => {
    const made = await campaign('Store tee', false);
    const kept = await campaign('Store mug', false);
    const created = await call('POST', '/seller/stores', {
      name: 'Delete Shop',
      slug: 'delete-shop',
    });
    expect(created.statusCode, created.body).toBe(200);
    const storeId = body<{ id: number }>(created).data.id;
    const listed = await call('PUT', `/seller/stores/${storeId}/campaigns`, {
      campaign_ids: [made.id, kept.id],
    });
    expect(listed.statusCode, listed.body).toBe(200);

    expect((await call('DELETE', `/seller/campaign/${made.id}`)).statusCode).toBe(200);
    const store = body<{ campaign_ids: number[] }>(
      await call('GET', `/seller/stores/${storeId}`),
    ).data;
    expect(store.campaign_ids).toEqual([kept.id]);
    const again = await call('PUT', `/seller/stores/${storeId}/campaigns`, {
      campaign_ids: [made.id, kept.id],
    });
    expect(again.statusCode).toBe(422);
    expect((await call('GET', `/seller/campaign/${made.id}/stores`)).statusCode).toBe(404);
  });

  it('refuses to delete the template of a bulk job with rows still to make, then allows it', async () => {
    const template = await campaign('Bulk template', true);
    const job = await call('POST', '/seller/campaign/bulk-v3/jobs', {
      template_campaign_id: template.id,
      start: false,
      rows: [1, 2].map((i) => ({
        campaign_name: `Row ${i}`,
        designs: [{ new_url: `/files/${i}.png`, print_space: 'front' }],
      })),
    });
    expect(job.statusCode).toBe(200);
    const refused = await call('DELETE', `/seller/campaign/${template.id}`);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe(
      'This campaign is the template of a bulk job with 2 rows still to make; stop or finish the job first.',
    );
    expect((await get(template.id)).name).toBe('Bulk template');

    const rows = await t.app.db.query<{ id: number }>(
      'SELECT id FROM bulk_rows WHERE template_campaign_id = $1',
      [template.id],
    );
    const removed = await call('POST', '/seller/campaign/bulk-v3/remove', {
      ids: rows.map((r) => Number(r.id)),
    });
    expect(removed.statusCode).toBe(200);
    expect((await call('DELETE', `/seller/campaign/${template.id}`)).statusCode).toBe(200);
  });

  it("never touches another seller's campaign", async () => {
    const mine = await campaign('Not yours', true);
    const other = (url: string, method: 'POST' | 'DELETE' = 'POST') =>
      t.app.inject({ method, url, headers: bearer(otherToken) });
    expect((await other(`/seller/campaign/${mine.id}/launch`)).statusCode).toBe(404);
    expect((await other(`/seller/campaign/${mine.id}/deactivate`)).statusCode).toBe(404);
    expect((await other(`/seller/campaign/${mine.id}/duplicate`)).statusCode).toBe(404);
    expect((await other(`/seller/campaign/${mine.id}`, 'DELETE')).statusCode).toBe(404);
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign/bulk-action',
      headers: bearer(otherToken),
      payload: { action: 'delete', ids: [mine.id] },
    });
    expect(body<BulkResults>(bulk).data.results).toEqual([
      { id: mine.id, ok: false, message: 'Campaign not found' },
    ]);
    expect((await get(mine.id)).status).toBe('draft');
  });

  it('runs a bulk action id by id: one failure does not stop the others', async () => {
    const designed = await campaign('Bulk designed', true);
    const bare = await campaign('Bulk bare', false);
    const launched = await call('POST', '/seller/campaign/bulk-action', {
      action: 'launch',
      ids: [designed.id, bare.id, 999_999],
    });
    expect(launched.statusCode).toBe(200);
    const results = body<BulkResults>(launched).data.results;
    expect(results.map((r) => [r.id, r.ok, r.status])).toEqual([
      [designed.id, true, 'active'],
      [bare.id, false, undefined],
      [999_999, false, undefined],
    ]);
    expect(results[1]?.message).toMatch(/before launching/);
    expect(body(launched).message).toBe('1 of 3 campaigns done');

    const deactivated = body<BulkResults>(
      await call('POST', '/seller/campaign/bulk-action', {
        action: 'deactivate',
        ids: [designed.id, bare.id],
      }),
    ).data.results;
    expect(deactivated.every((r) => r.ok && r.status === 'inactive')).toBe(true);

    const deleted = body<BulkResults>(
      await call('POST', '/seller/campaign/bulk-action', {
        action: 'delete',
        ids: [designed.id, bare.id],
      }),
    ).data.results;
    expect(deleted).toEqual([
      { id: designed.id, ok: true },
      { id: bare.id, ok: true },
    ]);
    const ids = (await list()).data.map((c) => c.id);
    expect(ids).not.toContain(designed.id);
    expect(ids).not.toContain(bare.id);
  });

  it('refuses a bulk action without ids, with repeated ids or an unknown action', async () => {
    for (const payload of [
      { action: 'delete', ids: [] },
      { action: 'delete', ids: [1, 1] },
      { action: 'archive', ids: [1] },
    ]) {
      expect((await call('POST', '/seller/campaign/bulk-action', payload)).statusCode).toBe(400);
    }
  });

  it('lets a team member with update_campaign act, and refuses one with get_campaigns only', async () => {
    const made = await campaign('Team campaign', false);
    const editor = await memberSession(t.app, sellerId, 'editor-member@example.test', [
      'get_campaigns',
      'update_campaign',
    ]);
    const reader = await memberSession(t.app, sellerId, 'reader-member@example.test', [
      'get_campaigns',
    ]);
    const as = (session: string) =>
      t.app.inject({
        method: 'POST',
        url: `/seller/campaign/${made.id}/duplicate`,
        headers: bearer(session),
      });
    expect((await as(reader)).statusCode).toBe(403);
    expect((await as(editor)).statusCode).toBe(200);
  });
});
