import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PRINT_TYPES, variantSizes } from '@printloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  campaignOf,
  createTestApp,
  createUser,
  dropTestSchema,
  login,
  newTestSchema,
  type TestApp,
} from '../../test/helpers.js';
import { createPgDb } from '../db/createPgDb.js';
import { createPgliteDb } from '../db/createPgliteDb.js';
import type { Db } from '../db/Db.js';
import { migrate } from '../db/migrate.js';
import { seedCatalog } from '../demo/seedCatalog.js';
import { insertTemplate, templateDetails } from '../sql/templates.js';

interface Variant {
  id: number;
  size: string;
  color: { name: string; hex_code: string };
  base_cost: number;
  weight_grams: number;
  sku: string;
}

interface Template {
  id: number;
  name: string;
  sku?: string;
  full_printed: number;
  base_cost: number;
  description: string | null;
  description_format: string;
  print_spaces: Array<{
    id: string;
    name: string;
    width: number;
    height: number;
    printType?: number;
  }>;
  sizes: string[];
  variants: Variant[];
  shipping: { currency: string; rates: Array<{ scope: string; first_item: number }> } | null;
  size_chart: { unit: string; columns: string[]; rows: Array<{ size: string }> } | null;
}

interface CampaignAnswer {
  id: number;
  slug: string | null;
  niche: string | null;
  products: Array<{
    id: number;
    template_id: number;
    options: { color: string[]; size?: string[] };
    colors: Array<{ name: string; hex_code: string }>;
    sizes: string[];
    variants: Variant[];
  }>;
}

const white = { name: 'White', hex_code: '#FFFFFF' };
const black = { name: 'Black', hex_code: '#111111' };

describe.each(BACKENDS)('the product line on %s', (backend) => {
  let t: TestApp;
  let a: string;
  let b: string;
  let teeId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await createUser(t.app, { email: 'a@example.test' });
    await createUser(t.app, { email: 'b@example.test' });
    a = await login(t.app, 'a@example.test');
    b = await login(t.app, 'b@example.test');
    teeId = await insertTemplate(t.app.db, {
      name: 'Line Tee',
      sku: 'line-tee',
      description: '<p>Soft <b>cotton</b>.</p><script>alert(1)</script>',
      description_format: 'html',
      options: { color: ['White', 'Black'] },
      colors: [white, black],
      print_spaces: [
        { name: 'front', width: 4200, height: 4800, isMain: true },
        { name: 'back', width: 4200, height: 4800 },
        { name: 'sleeve', width: 1200, height: 1200 },
      ],
      mockups: [],
      variants: [
        ['S', white, 1150],
        ['M', white, 1150],
        ['2XL', white, 1350],
        ['S', black, 1150],
        ['M', black, 1150],
        ['2XL', black, 1350],
      ].map(([size, color, cost]) => ({
        size: size as string,
        color: color as typeof white,
        base_cost: cost as number,
        weight_grams: size === '2XL' ? 210 : 180,
        sku: `LT-${(color as typeof white).name}-${size}`,
      })),
      shipping: {
        name: 'Apparel',
        currency: 'USD',
        rates: [
          { scope: 'US', first_item: 475, additional_item: 200 },
          { scope: '150', first_item: 899, additional_item: 300 },
          { scope: '*', first_item: 1199, additional_item: 400 },
        ],
      },
      size_chart: {
        unit: 'in',
        columns: ['Chest width', 'Body length'],
        rows: [
          { size: 'S', values: [18, 28] },
          { size: 'M', values: [20, 29] },
          { size: '2XL', values: [26, 32] },
        ],
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const getTemplate = async (id: number) =>
    body<Template>(
      await t.app.inject({
        method: 'GET',
        url: `/seller/product-templates/${id}`,
        headers: bearer(a),
      }),
    ).data;

  it('answers a template with its print spaces, variants, shipping and size chart', async () => {
    const tee = await getTemplate(teeId);
    expect(tee.print_spaces.map((s) => s.id)).toEqual([
      `${teeId}_front`,
      `${teeId}_back`,
      `${teeId}_sleeve`,
    ]);
    expect(tee.sizes).toEqual(['S', 'M', '2XL']);
    expect(tee.variants).toHaveLength(6);
    expect(tee.variants.find((v) => v.sku === 'LT-Black-2XL')).toMatchObject({
      size: '2XL',
      color: black,
      base_cost: 1350,
      weight_grams: 210,
    });
    expect(tee.base_cost).toBe(11.5);
    expect(tee.shipping).toEqual({
      name: 'Apparel',
      currency: 'USD',
      rates: [
        { scope: 'US', first_item: 475, additional_item: 200 },
        { scope: '150', first_item: 899, additional_item: 300 },
        { scope: '*', first_item: 1199, additional_item: 400 },
      ],
    });
    expect(tee.size_chart?.rows.map((r) => r.size)).toEqual(['S', 'M', '2XL']);
    expect(tee.description_format).toBe('html');
    expect(tee.description).toContain('<b>cotton</b>');
    expect(tee.description).not.toContain('script');
  });

  it('lists templates with their variants, and every seeded template can be shipped', async () => {
    const list = body<{ data: Template[] }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/product-templates?per_page=100',
        headers: bearer(a),
      }),
    ).data.data;
    expect(list.find((x) => x.id === teeId)?.variants).toHaveLength(6);
    for (const template of list) {
      expect(template.variants.length, template.name).toBeGreaterThan(0);
      expect(
        template.shipping?.rates.map((r) => r.scope),
        template.name,
      ).toContain('*');
    }
  });

  it("answers a campaign's slug and its products' colours, sizes and variants", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign',
      headers: bearer(a),
      payload: {
        name: 'Night Owl',
        slug: 'night-owl',
        niche: 'pet_products',
        products: [
          { template_id: teeId, options: { color: ['Black'], size: ['M', '2XL'] } },
          { template_id: teeId },
        ],
      },
    });
    expect(created.statusCode).toBe(200);
    const id = body<CampaignAnswer>(created).data.id;
    const got = body<CampaignAnswer>(
      await t.app.inject({ method: 'GET', url: `/seller/campaign/${id}`, headers: bearer(a) }),
    ).data;
    expect(got).toMatchObject({ slug: 'night-owl', niche: 'pet_products' });
    const [narrow, full] = got.products;
    expect(narrow?.colors).toEqual([black]);
    expect(narrow?.sizes).toEqual(['M', '2XL']);
    expect(narrow?.variants.map((v) => v.sku)).toEqual(['LT-Black-M', 'LT-Black-2XL']);
    expect(full?.colors).toEqual([white, black]);
    expect(full?.sizes).toEqual(['S', 'M', '2XL']);
    expect(full?.variants).toHaveLength(6);
  });

  it('sets, changes and clears a niche, and filters the campaign list by it', async () => {
    const home = await campaignOf(t.app, b, 'Cozy Cabin');
    const pets = await campaignOf(t.app, b, 'Good Dog');
    await campaignOf(t.app, b, 'No Niche');
    const put = (id: number, niche: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: `/seller/campaign/${id}`,
        headers: bearer(b),
        payload: { niche },
      });
    expect((await put(home.id, 'home_decor')).statusCode).toBe(200);
    expect((await put(pets.id, 'pet_products')).statusCode).toBe(200);
    const listed = async (query: string) =>
      body<{ data: Array<{ name: string; niche: string | null }>; total: number }>(
        await t.app.inject({ method: 'GET', url: `/seller/campaign${query}`, headers: bearer(b) }),
      ).data;
    expect((await listed('?niche=home_decor')).data.map((c) => c.name)).toEqual(['Cozy Cabin']);
    expect((await listed('?niche=pet_products')).data).toEqual([
      expect.objectContaining({ name: 'Good Dog', niche: 'pet_products' }),
    ]);
    expect((await listed('?niche=jewelry')).total).toBe(0);
    expect((await listed('')).total).toBe(3);
    // A rename leaves the niche alone; null clears it.
    await t.app.inject({
      method: 'PUT',
      url: `/seller/campaign/${home.id}`,
      headers: bearer(b),
      payload: { name: 'Cozy Cabin 2' },
    });
    expect((await listed('?niche=home_decor')).data.map((c) => c.name)).toEqual(['Cozy Cabin 2']);
    await put(home.id, null);
    expect((await listed('?niche=home_decor')).total).toBe(0);
    // Another seller's niche filter never shows b's campaigns.
    const other = await t.app.inject({
      method: 'GET',
      url: '/seller/campaign?niche=pet_products',
      headers: bearer(a),
    });
    expect(body<{ data: Array<{ name: string }> }>(other).data.data.map((c) => c.name)).toEqual([
      'Night Owl',
    ]);
  });

  it('refuses a niche that is not one of the 19 with 400', async () => {
    const campaign = await campaignOf(t.app, b, 'Odd');
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/seller/campaign/${campaign.id}`,
      headers: bearer(b),
      payload: { niche: 'Home Decor' },
    });
    expect(bad.statusCode).toBe(400);
    const badList = await t.app.inject({
      method: 'GET',
      url: '/seller/campaign?niche=gadgets',
      headers: bearer(b),
    });
    expect(badList.statusCode).toBe(400);
  });
});

describe.each(BACKENDS)('migration 017 on %s', (backend) => {
  let db: Db;
  let schema: string | undefined;
  beforeAll(async () => {
    if (backend === 'pg') {
      schema = newTestSchema();
      db = await createPgDb({ connectionString: process.env.DATABASE_URL ?? '', schema });
    } else {
      db = await createPgliteDb();
    }
  });
  afterAll(async () => {
    await db?.close();
    if (schema) await dropTestSchema(schema);
  });

  it('gives existing templates variants from their colours at their base cost, and shipping', async () => {
    await migrate(db, { before: '017' });
    await db.query(
      `INSERT INTO product_templates (id, name, base_cost, options, colors, print_spaces) VALUES
       (1, 'Old Tee', 7.5, '{"color":["White","Heather Grey"]}',
        '[{"name":"White","hex_code":"#FFFFFF"},{"name":"Heather Grey","hex_code":"#B5B5B5"}]',
        '[{"name":"front","width":4200,"height":4800}]'),
       (2, 'Old Mug', 9.5, '{"color":[]}', '[]', '[{"name":"wrap","width":2700,"height":1100}]')`,
    );
    await db.query(
      `INSERT INTO users (id, name, email, password_hash) VALUES (1, 'Old', 'old@example.test', 'x')`,
    );
    await db.query(`INSERT INTO campaigns (id, seller_id, name) VALUES (1, 1, 'Old campaign')`);
    await migrate(db);
    const variants = await db.query<{
      template_id: number;
      size: string;
      color_name: string;
      color_hex: string;
      base_cost: number;
    }>(
      'SELECT template_id, size, color_name, color_hex, base_cost FROM template_variants ORDER BY template_id, position',
    );
    expect(variants).toEqual([
      {
        template_id: 1,
        size: 'One size',
        color_name: 'White',
        color_hex: '#FFFFFF',
        base_cost: 750,
      },
      {
        template_id: 1,
        size: 'One size',
        color_name: 'Heather Grey',
        color_hex: '#B5B5B5',
        base_cost: 750,
      },
      {
        template_id: 2,
        size: 'One size',
        color_name: 'White',
        color_hex: '#FFFFFF',
        base_cost: 950,
      },
    ]);
    const rates = await db.query<{ template_id: number; scope: string }>(
      `SELECT p.template_id, r.scope FROM shipping_profiles p JOIN shipping_rates r ON r.profile_id = p.id
       ORDER BY p.template_id`,
    );
    for (const templateId of [1, 2]) {
      const scopes = rates.filter((r) => r.template_id === templateId).map((r) => r.scope);
      expect(scopes.sort()).toEqual(['*', '150', 'CA', 'US']);
    }
    const [campaign] = await db.query<{ niche: string | null }>(
      'SELECT niche FROM campaigns WHERE id = 1',
    );
    expect(campaign?.niche).toBeNull();
  });
});

describe.each(BACKENDS)('the demo catalogue on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let templates: Template[];
  beforeAll(async () => {
    t = await createTestApp(backend);
    await createUser(t.app, { email: 'demo@example.test' });
    token = await login(t.app, 'demo@example.test');
    templates = body<{ data: Template[] }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/product-templates?per_page=100',
        headers: bearer(token),
      }),
    ).data.data;
  });
  afterAll(async () => {
    await t?.close();
  });

  const named = (name: string) => {
    const found = templates.find((x) => x.name === name);
    if (!found) throw new Error(`No template ${name} in ${templates.map((x) => x.name)}`);
    return found;
  };
  const costOf = (template: Template, size: string) =>
    new Set(template.variants.filter((v) => v.size === size).map((v) => v.base_cost));

  it('sells T-shirts and hoodies printed front and back in S to 3XL, dearer in 2XL and 3XL', async () => {
    for (const name of ['Classic T-shirt', 'Pullover Hoodie']) {
      const garment = named(name);
      expect(garment.print_spaces.map((s) => s.name)).toEqual(['front', 'back']);
      const full = body<Template & { mockups: Array<{ print_space: string }> }>(
        await t.app.inject({
          method: 'GET',
          url: `/seller/product-templates/${garment.id}`,
          headers: bearer(token),
        }),
      ).data;
      expect(full.mockups.map((m) => m.print_space).sort()).toEqual(['back', 'front']);
      expect(garment.sizes).toEqual(['S', 'M', 'L', 'XL', '2XL', '3XL']);
      const colours = new Set(garment.variants.map((v) => v.color.name));
      expect(colours.size).toBeGreaterThanOrEqual(4);
      expect(garment.variants).toHaveLength(colours.size * 6);
      const [m] = [...costOf(garment, 'M')];
      const [xxl] = [...costOf(garment, '2XL')];
      const [xxxl] = [...costOf(garment, '3XL')];
      expect(costOf(garment, 'S')).toEqual(new Set([m]));
      expect(xxl).toBeGreaterThan(m ?? 0);
      expect(xxxl).toBeGreaterThan(xxl ?? 0);
      expect(new Set(garment.variants.map((v) => v.sku)).size).toBe(garment.variants.length);
      expect(garment.size_chart?.rows.map((r) => r.size)).toEqual(garment.sizes);
      expect(garment.description_format).toBe('html');
      expect(garment.base_cost).toBe((m ?? 0) / 100);
    }
  });

  it('sells a tote, posters in three sizes, mugs of 11 and 15 oz in 2D and 3D and a bottle', async () => {
    expect(named('Canvas Tote Bag').variants.length).toBeGreaterThan(0);
    const poster = named('Framed Poster');
    expect(poster.sizes).toEqual(['12 × 18 in', '18 × 24 in', '24 × 36 in']);
    const posterCosts = poster.sizes.map((size) => [...costOf(poster, size)][0] ?? 0);
    expect(posterCosts).toEqual([...posterCosts].sort((x, y) => x - y));
    expect(new Set(posterCosts).size).toBe(3);
    expect(named('Ceramic Mug 11oz').sizes).toEqual(['11 oz']);
    expect(named('Ceramic Mug 15oz').sizes).toEqual(['15 oz']);
    expect(named('Ceramic Mug 11oz (3D)').sizes).toEqual(['11 oz']);
    expect(named('Ceramic Mug 15oz (3D)').sizes).toEqual(['15 oz']);
    expect([...costOf(named('Ceramic Mug 15oz'), '15 oz')][0]).toBeGreaterThan(
      [...costOf(named('Ceramic Mug 11oz'), '11 oz')][0] ?? 0,
    );
    expect(named('Steel Water Bottle (3D)').variants.length).toBeGreaterThan(0);
  });

  it('sells an all-over-print T-shirt: print type 3 front and back, shaped crops, dearer than the tee', async () => {
    const aop = named('All-Over Print T-shirt');
    expect(aop.full_printed).toBe(PRINT_TYPES.aop);
    expect(aop.sku).toBe('tshirt-aop');
    expect(aop.print_spaces.map((s) => [s.name, s.printType])).toEqual([
      ['front', PRINT_TYPES.aop],
      ['back', PRINT_TYPES.aop],
    ]);
    // A whole-shirt panel at 150 DPI: more than 30 inches wide.
    for (const space of aop.print_spaces) expect(space.width).toBeGreaterThanOrEqual(30 * 150);
    expect(aop.sizes).toEqual(['S', 'M', 'L', 'XL', '2XL', '3XL']);
    expect(new Set(aop.variants.map((v) => v.color.name))).toEqual(new Set(['White']));
    const tee = named('Classic T-shirt');
    for (const size of aop.sizes) {
      expect([...costOf(aop, size)][0]).toBeGreaterThan([...costOf(tee, size)][0] ?? 0);
    }
    expect(aop.description).toMatch(/sublimation/);
    expect(aop.size_chart?.rows.map((r) => r.size)).toEqual(aop.sizes);
    expect(aop.shipping).toEqual(tee.shipping);
    // No other product of the catalogue is all-over print, so the AOP editor offers exactly it.
    expect(templates.filter((x) => x.full_printed === PRINT_TYPES.aop).map((x) => x.name)).toEqual([
      'All-Over Print T-shirt',
    ]);
    const full = body<
      Template & { mockups: Array<{ print_space: string; cropImg?: string | null }> }
    >(
      await t.app.inject({
        method: 'GET',
        url: `/seller/product-templates/${aop.id}`,
        headers: bearer(token),
      }),
    ).data;
    expect(full.mockups.map((m) => m.print_space).sort()).toEqual(['back', 'front']);
    // The crop is the shirt's shape: ink on the chest, none in the corners beside the sleeves.
    for (const mockup of full.mockups) {
      const file = await t.app.inject({ method: 'GET', url: mockup.cropImg ?? '' });
      expect(file.statusCode, mockup.cropImg ?? 'no crop').toBe(200);
      const crop = await loadImage(file.rawPayload);
      const canvas = createCanvas(crop.width, crop.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(crop, 0, 0);
      const alphaAt = (x: number, y: number) => ctx.getImageData(x, y, 1, 1).data[3];
      expect(alphaAt(crop.width / 2, crop.height / 2)).toBe(255);
      expect(alphaAt(2, crop.height - 3)).toBe(0);
      expect(alphaAt(crop.width - 3, crop.height - 3)).toBe(0);
    }
  });

  it('ships every product to the US, Canada, Europe and the rest of the world', async () => {
    for (const template of templates) {
      expect(template.shipping?.rates.map((r) => r.scope).sort(), template.name).toEqual([
        '*',
        '150',
        'CA',
        'US',
      ]);
    }
    const poster = named('Framed Poster').shipping?.rates.find((r) => r.scope === 'US');
    const mug = named('Ceramic Mug 11oz').shipping?.rates.find((r) => r.scope === 'US');
    expect(poster?.first_item).toBeGreaterThan(mug?.first_item ?? 0);
  });
});

describe('a catalogue seeded before the product line', () => {
  let db: Db;
  let blobDir: string;
  beforeAll(async () => {
    db = await createPgliteDb();
    blobDir = await mkdtemp(join(tmpdir(), 'catalog-upgrade-'));
  });
  afterAll(async () => {
    await db?.close();
    await rm(blobDir, { recursive: true, force: true });
  });

  it('gets back print spaces, sizes, costs, shipping and the new templates, once', async () => {
    await migrate(db, { before: '017' });
    await db.query(
      `INSERT INTO product_templates (id, name, sku, base_cost, options, colors, print_spaces) VALUES
       (101, 'Classic T-shirt', 'tshirt', 7.5, '{"color":["White","Black"]}',
        '[{"name":"White","hex_code":"#FFFFFF"},{"name":"Black","hex_code":"#111111"}]',
        '[{"name":"front","width":4200,"height":4800,"isMain":true}]')`,
    );
    await db.query(
      `INSERT INTO mockup_templates (template_id, name, print_space, layers)
       VALUES (101, 'Classic T-shirt', 'front', '{"mockupType":"2d"}')`,
    );
    await migrate(db);
    await seedCatalog(db, blobDir);
    const details = await templateDetails(db, [101, 106, 203]);
    const tee = details.variants.get(101) ?? [];
    expect(variantSizes(tee)).toEqual(['S', 'M', 'L', 'XL', '2XL', '3XL']);
    expect(details.variants.get(106)?.[0]?.size).toBe('15 oz');
    expect(details.variants.get(203)?.[0]?.size).toBe('15 oz');
    expect(details.shipping.get(101)?.name).toBe('Apparel');
    const [row] = await db.query<{ print_spaces: Array<{ name: string }> }>(
      'SELECT print_spaces FROM product_templates WHERE id = 101',
    );
    expect(row?.print_spaces.map((s) => s.name)).toEqual(['front', 'back']);
    const mockups = await db.query<{ print_space: string }>(
      'SELECT print_space FROM mockup_templates WHERE template_id = 101 ORDER BY id',
    );
    expect(mockups.map((m) => m.print_space)).toEqual(['front', 'back']);
    // The all-over-print T-shirt arrives as print type 3 on the product and on both its sides.
    const [aop] = await db.query<{
      full_printed: number;
      print_spaces: Array<{ name: string; printType: number }>;
    }>('SELECT full_printed, print_spaces FROM product_templates WHERE id = 107');
    expect(aop?.full_printed).toBe(PRINT_TYPES.aop);
    expect(aop?.print_spaces.map((s) => [s.name, s.printType])).toEqual([
      ['front', PRINT_TYPES.aop],
      ['back', PRINT_TYPES.aop],
    ]);
    // A second start changes nothing.
    const ids = tee.map((v) => v.id);
    await seedCatalog(db, blobDir);
    const again = await templateDetails(db, [101]);
    expect(again.variants.get(101)?.map((v) => v.id)).toEqual(ids);
    const after = await db.query('SELECT id FROM mockup_templates WHERE template_id = 101');
    expect(after).toHaveLength(2);
  });
});
