import { API, pathWith } from '@printloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  body,
  campaignOf,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';

/** A design whose objects are not design objects: valid JSON, wrong content. */
const WRONG = JSON.stringify({
  printSpace: { id: '1_front', name: 'front', width: 100, height: 100 },
  objects: [{ type: 'video', id: 'v' }],
});

describe('design JSON is a print space design (core design schema)', () => {
  let t: TestApp;
  let token: string;
  let campaign: { id: number; products: Array<{ id: number }> };
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await createUser(t.app, { email: 'design-json@example.test' });
    token = await login(t.app, 'design-json@example.test');
    campaign = await campaignOf(t.app, token);
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (method: 'PUT' | 'POST', url: string, payload: object) =>
    t.app.inject({ method, url, headers: bearer(token), payload });
  const design = (designJson: string) => ({
    print_space: 'front',
    product_id: campaign.products[0]?.id,
    file_url: '/files/d.png',
    design_json: designJson,
    option: 'print',
  });

  it('refuses a campaign save whose design JSON is not JSON or not a design, naming the field', async () => {
    const url = pathWith(API.campaigns.update.path, { id: campaign.id });
    const broken = await send('PUT', url, { designs: [design('{broken')] });
    expect(broken.statusCode).toBe(400);
    expect(body(broken).errors?.['designs.0.design_json']).toEqual(['Must be valid JSON text']);
    const wrong = await send('PUT', url, { designs: [design(WRONG)] });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(body(wrong).errors ?? {})).toEqual([
      expect.stringMatching(/^designs\.0\.design_json\.objects\.0/),
    ]);
    const saved = await t.app.db.query('SELECT 1 FROM designs WHERE campaign_id = $1', [
      campaign.id,
    ]);
    expect(saved).toHaveLength(0);
  });

  it('refuses the same in a processed bulk row and in saved regular bulk designs', async () => {
    const row = await send('POST', API.bulkV3.saveProcessedRow.path, {
      id: 1,
      leaseToken: 'lease',
      designs: [design('[]')],
      designs3D: [{ file_url: '/files/m.jpg', mockup_id: 1, product_id: 1, print_space: 'front' }],
    });
    expect(row.statusCode).toBe(400);
    expect(Object.keys(body(row).errors ?? {})[0]).toMatch(/^designs\.0\.design_json/);
    const regular = await send('POST', API.bulkRegular.saveDesigns.path, {
      campaignId: campaign.id,
      storage: 's3',
      bulk_id: 1,
      data: { designs: [{ ...design(WRONG), campaign_id: campaign.id }], mockups: [] },
    });
    expect(regular.statusCode).toBe(400);
    expect(Object.keys(body(regular).errors ?? {})[0]).toMatch(
      /^data\.designs\.0\.design_json\.objects\.0/,
    );
  });
});
