import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  PASSWORD,
  type TestApp,
} from '../../test/helpers.js';
import { seedCatalog } from '../demo/seedCatalog.js';

interface TemplateView {
  id: number;
  name: string;
  colors: Array<{ name: string; hex_code: string }>;
  options: { color: string[] };
  mockups: Array<{
    id: number;
    mockupType: string;
    printArea?: { x: number; y: number; width: number; height: number };
  }>;
}

interface CampaignView {
  id: number;
  thumb_url: string | null;
  products: Array<{
    id: number;
    template_id: number;
    price?: number;
    default_mockup_id: number | null;
    designs: Array<{ print_space: string; design_json: string | null }>;
    mockups: Array<{ print_space: string; file_url: string }>;
  }>;
}

/** What the campaign editor saves: products with prices, designs, then rendered mockups. */
describe.each(BACKENDS)('campaign editor saves on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let templates: TemplateView[];

  const get = async (id: number) =>
    body<CampaignView>(
      await t.app.inject({ method: 'GET', url: `/seller/campaign/${id}`, headers: bearer(token) }),
    ).data;
  const put = (id: number, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/seller/campaign/${id}`,
      headers: bearer(token),
      payload,
    });
  const create = async (templateIds: number[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign',
      headers: bearer(token),
      payload: {
        name: 'Editor campaign',
        products: templateIds.map((id) => ({ template_id: id, price: 19.99 })),
      },
    });
    expect(response.statusCode).toBe(200);
    return body<CampaignView>(response).data;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    await createUser(t.app, { email: 'editor@example.test' });
    token = await login(t.app, 'editor@example.test');
    templates = body<{ data: TemplateView[] }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/product-templates?per_page=50',
        headers: bearer(token),
      }),
    ).data.data;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives every template colour a hex code and every 2D mockup its print area', () => {
    const tshirt = templates.find((tpl) => tpl.name === 'Classic T-shirt');
    expect(tshirt?.colors).toContainEqual({ name: 'Black', hex_code: '#111111' });
    expect(tshirt?.colors.map((c) => c.name)).toEqual(tshirt?.options.color);
    expect(tshirt?.mockups[0]?.printArea).toEqual({ x: 360, y: 250, width: 280, height: 320 });
  });

  it('updates prices, adds and removes products, and drops the designs of a removed one', async () => {
    const [first, second, third] = templates;
    const campaign = await create([first!.id, second!.id]);
    const [kept, dropped] = campaign.products;
    await put(campaign.id, {
      designs: [{ product_id: dropped!.id, print_space: 'front', design_json: null }],
    });
    const response = await put(campaign.id, {
      products: [
        { id: kept!.id, template_id: first!.id, price: 24.5 },
        { template_id: third!.id, price: 12 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const saved = await get(campaign.id);
    expect(saved.products.map((p) => [p.template_id, Number(p.price)])).toEqual([
      [first!.id, 24.5],
      [third!.id, 12],
    ]);
    expect(saved.products[0]?.id).toBe(kept!.id);
    expect(saved.products.flatMap((p) => p.designs)).toHaveLength(0);
  });

  it('refuses a product of another campaign or with another template, changing nothing', async () => {
    const mine = await create([templates[0]!.id]);
    const other = await create([templates[1]!.id]);
    const foreign = await put(mine.id, {
      name: 'Renamed',
      products: [{ id: other.products[0]!.id, template_id: templates[1]!.id }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(body(foreign).message).toMatch(/not in this campaign/);
    const swapped = await put(mine.id, {
      products: [{ id: mine.products[0]!.id, template_id: templates[1]!.id }],
    });
    expect(swapped.statusCode).toBe(422);
    const after = body<{ name: string; products: unknown[] }>(
      await t.app.inject({
        method: 'GET',
        url: `/seller/campaign/${mine.id}`,
        headers: bearer(token),
      }),
    ).data;
    expect(after.name).toBe('Editor campaign');
    expect(after.products).toHaveLength(1);
  });

  it('keeps design JSON byte for byte and one mockup per product, print space and template', async () => {
    const campaign = await create([templates[0]!.id]);
    const product = campaign.products[0]!;
    const mockupTemplate = templates[0]!.mockups[0]!.id;
    const designJson = JSON.stringify({
      printSpace: { id: `${templates[0]!.id}_front`, name: 'front', width: 4200, height: 4800 },
      objects: [
        {
          type: 'text',
          id: 't1',
          text: 'Ünïcode 👍🏽',
          left: 10.125,
          top: 3e-7,
          width: 300,
          height: 100,
        },
      ],
    });
    for (const file of ['/files/m1.jpg', '/files/m2.jpg']) {
      const response = await put(campaign.id, {
        designs: [
          {
            product_id: product.id,
            print_space: 'front',
            design_json: designJson,
            file_url: '/files/d.png',
            option: 'custom',
          },
        ],
        mockups: [
          {
            product_id: product.id,
            print_space: 'front',
            file_url: file,
            mockup_template_id: mockupTemplate,
            is_default: true,
          },
        ],
      });
      expect(response.statusCode).toBe(200);
    }
    const saved = await get(campaign.id);
    const savedProduct = saved.products[0]!;
    expect(savedProduct.designs[0]?.design_json).toBe(designJson);
    expect(savedProduct.mockups.map((m) => m.file_url)).toEqual(['/files/m2.jpg']);
    expect(saved.thumb_url).toBe('/files/m2.jpg');
    expect(savedProduct.default_mockup_id).toBeGreaterThan(0);
  });

  it('refuses a mockup for a product the campaign does not have', async () => {
    const campaign = await create([templates[0]!.id]);
    const other = await create([templates[0]!.id]);
    const response = await put(campaign.id, {
      mockups: [{ product_id: other.products[0]!.id, print_space: 'front', file_url: '/f.jpg' }],
    });
    expect(response.statusCode).toBe(422);
  });

  it('takes an image PUT to its signed address from a seller signed in with the cookie', async () => {
    // The dashboard's upload runs on the page's origin, so the session cookie goes along; the
    // signature authorises the PUT, and the CSRF header rule still holds for API calls.
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/seller/login',
      payload: { email: 'editor@example.test', password: PASSWORD },
    });
    const cookie = login.cookies.find((c) => c.name === 'auth_token');
    expect(cookie).toBeDefined();
    const cookies = { auth_token: cookie?.value ?? '' };
    const signed = body<{ preSignedUrl: string; fileUrl: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/pre-signed-url',
        headers: { 'x-requested-with': 'printloom' },
        cookies,
        payload: { fileName: 'art.png', filePath: 'designs', contentType: 'image/png' },
      }),
    ).data;
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: signed.preSignedUrl,
      headers: { 'content-type': 'image/png' },
      cookies,
      payload: png,
    });
    expect(put.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/seller/campaign/1',
      cookies,
      payload: { name: 'x' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('fills colours and print areas into a catalog seeded before it had them', async () => {
    await t.app.db.query("UPDATE product_templates SET colors = '[]'::jsonb");
    await t.app.db.query("UPDATE mockup_templates SET layers = layers - 'printArea'");
    await seedCatalog(t.app.db, t.app.blobDir);
    const again = body<{ data: TemplateView[] }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/product-templates?per_page=50',
        headers: bearer(token),
      }),
    ).data.data;
    const tshirt = again.find((tpl) => tpl.name === 'Classic T-shirt');
    expect(tshirt?.colors.length).toBe(tshirt?.options.color.length);
    expect(tshirt?.mockups[0]?.printArea?.width).toBe(280);
  });
});
