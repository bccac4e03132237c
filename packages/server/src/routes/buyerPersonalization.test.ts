import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  type PersonalizedValue,
  PrintSpaceDesign,
  type PrintSpaceDesignInput,
  personalizeDesign,
} from '@printloom/core';
import { imageSize, renderDesign } from '@printloom/renderer/node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';
import { storeWithCampaign } from '../../test/storefrontOrder.js';
import { readBlob } from '../blob/blobStore.js';
import { withResolvedSources } from '../orders/printFiles.js';

const require = createRequire(import.meta.url);
const BLACK_WOFF2 = readFileSync(
  join(
    dirname(require.resolve('roboto-fontface/package.json')),
    'fonts',
    'roboto',
    'Roboto-Black.woff2',
  ),
);

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();

/** A multipart body with one `file` part. */
function multipart(name: string, bytes: Buffer) {
  const boundary = '----printloom-buyer';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Raw RGBA pixels of a PNG. */
const pixels = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer();

const ADDRESS = {
  name: 'Bea Buyer',
  line1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  postcode: '73301',
  country: 'US',
};

describe.each(BACKENDS)('buying a personalised product on %s', (backend) => {
  let t: TestApp;
  let seller: string;
  let admin: string;
  let sellerId: number;
  let sale: Awaited<ReturnType<typeof storeWithCampaign>>;
  let plainSale: Awaited<ReturnType<typeof storeWithCampaign>>;
  let design: PrintSpaceDesign;
  let space: { name: string; width: number; height: number };
  let fontId: number;
  let beagleId: number;
  let rivalClipartId: number;
  let productUrl: string;

  const call = (as: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const upload = async (as: string, url: string, name: string, bytes: Buffer) => {
    const form = multipart(name, bytes);
    const answer = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(as), ...form.headers },
      payload: form.payload,
    });
    if (answer.statusCode !== 200) throw new Error(answer.body);
    return answer;
  };
  const checkout = (items: object[]) =>
    t.app.inject({
      method: 'POST',
      url: '/public/stores/name-shop/checkouts',
      payload: { items, email: 'buyer@example.test', shipping_address: ADDRESS },
    });
  const item = (personalization?: object[]) => ({
    campaign_id: sale.campaignId,
    product_id: sale.product.id,
    color: sale.product.color,
    size: sale.product.size,
    quantity: 1,
    ...(personalization ? { personalization } : {}),
  });
  const name = (text: string, extra: object = {}) => ({
    print_space: space.name,
    layer_id: 'name',
    text,
    ...extra,
  });
  const pet = (clipartId: number) => ({
    print_space: space.name,
    layer_id: 'pet',
    clipart_id: clipartId,
  });

  beforeAll(async () => {
    t = await createTestApp(backend, { jobPollingSeconds: 0.5 });
    sellerId = (await createUser(t.app, { email: 'names@example.test', tags: ['pb'] })).id;
    await createUser(t.app, { email: 'rival-names@example.test', tags: ['pb'] });
    await createUser(t.app, { email: 'names-admin@example.test', isAdmin: true });
    seller = await login(t.app, 'names@example.test');
    const rival = await login(t.app, 'rival-names@example.test');
    admin = await login(t.app, 'names-admin@example.test');

    sale = await storeWithCampaign(t.app, seller, 'name-shop');
    plainSale = await storeWithCampaign(t.app, seller, 'plain-shop');
    const [product] = await t.app.db.query<{ print_spaces: string }>(
      'SELECT print_spaces FROM products WHERE id = $1',
      [sale.product.id],
    );
    const spaces = JSON.parse(product?.print_spaces ?? '[]') as (typeof space)[];
    if (!spaces[0]) throw new Error('no print space');
    space = spaces[0];
    const original = `data:image/png;base64,${(await solid(20, 20, '#16a34a')).toString('base64')}`;
    const input: PrintSpaceDesignInput = {
      printSpace: { ...space, id: `1_${space.name}` },
      objects: [
        {
          type: 'text',
          id: 'name',
          text: 'ALEX',
          left: space.width / 2,
          top: space.height / 4,
          width: space.width * 0.8,
          height: space.height / 6,
          fontSize: space.height / 8,
          fill: '#111111',
        },
        {
          type: 'image',
          id: 'pet',
          src: original,
          left: space.width / 2,
          top: (space.height * 2) / 3,
          width: space.width / 3,
          height: space.width / 3,
        },
      ],
    };
    design = PrintSpaceDesign.parse(input);
    for (const productId of [sale.product.id]) {
      await t.app.db.query(
        `INSERT INTO designs (campaign_id, product_id, print_space, design_json, option)
         VALUES ($1, $2, $3, $4, 'print')`,
        [sale.campaignId, productId, space.name, JSON.stringify(design)],
      );
    }
    fontId = body<{ id: number }>(
      await upload(seller, '/seller/personalized/fonts', 'Heavy.woff2', BLACK_WOFF2),
    ).data.id;
    const group = body<{ id: number }>(
      await call(seller, 'POST', '/seller/personalized/clipart-groups', { name: 'Dogs' }),
    ).data;
    beagleId = body<{ added: { id: number }[] }>(
      await upload(
        seller,
        `/seller/personalized/clipart-groups/${group.id}/cliparts`,
        'beagle.png',
        await solid(40, 20, '#2563eb'),
      ),
    ).data.added[0]?.id as number;
    const rivalGroup = body<{ id: number }>(
      await call(rival, 'POST', '/seller/personalized/clipart-groups', { name: 'Cats' }),
    ).data;
    rivalClipartId = body<{ added: { id: number }[] }>(
      await upload(
        rival,
        `/seller/personalized/clipart-groups/${rivalGroup.id}/cliparts`,
        'cat.png',
        await solid(10, 10, '#000000'),
      ),
    ).data.added[0]?.id as number;
    const artwork = await call(seller, 'POST', '/seller/personalized/artworks', {
      campaign_id: sale.campaignId,
      print_space: space.name,
      fields: [
        {
          kind: 'text',
          layer_id: 'name',
          label: 'Your name',
          max_length: 12,
          font_ids: [fontId],
          colors: ['#1d4ed8', '#dc2626'],
        },
        { kind: 'clipart', layer_id: 'pet', label: 'Your dog', group_id: group.id },
      ],
    });
    if (artwork.statusCode !== 200) throw new Error(artwork.body);
    const [campaign] = await t.app.db.query<{ slug: string | null }>(
      'SELECT slug FROM campaigns WHERE id = $1',
      [sale.campaignId],
    );
    productUrl = `/s/name-shop/products/${campaign?.slug || `campaign-${sale.campaignId}`}`;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('shows the artwork’s fields on the product page, with a live preview', async () => {
    const page = await t.app.inject({ method: 'GET', url: productUrl });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('<legend>Personalise it</legend>');
    expect(html).toMatch(/<label for="pf-0">Your name<\/label>/);
    expect(html).toMatch(/id="pf-0"[^>]*maxlength="12"[^>]*placeholder="ALEX"/);
    expect(html).toContain('<option value="">As designed</option>');
    expect(html).toContain(`<option value="${fontId}">Roboto Black</option>`);
    expect(html).toContain('value="#1d4ed8" data-part="color"');
    expect(html).toMatch(
      /<fieldset class="pfield"[^>]*data-kind="clipart"[^>]*><legend>Your dog<\/legend>/,
    );
    expect(html).toMatch(
      new RegExp(`type="radio" name="pf-1" value="${beagleId}"><img [^>]*alt="beagle"`),
    );
    expect(html).not.toContain(`name="pf-1" value="${rivalClipartId}"`);
    expect(html).toMatch(
      /<img id="personal-preview" src="\/public\/stores\/name-shop\/products\/[^"]+\/preview\.png"/,
    );
    // A product that is not personalised has no such fieldset.
    const [plain] = await t.app.db.query<{ slug: string | null }>(
      'SELECT slug FROM campaigns WHERE id = $1',
      [plainSale.campaignId],
    );
    const other = await t.app.inject({
      method: 'GET',
      url: `/s/plain-shop/products/${plain?.slug || `campaign-${plainSale.campaignId}`}`,
    });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('Personalise it');
  });

  it('draws the preview from the buyer’s values with the renderer', async () => {
    const preview = (values?: object[]) =>
      t.app.inject({
        method: 'GET',
        url: `${productUrl.replace(/^\/s\/name-shop/, '/public/stores/name-shop')}/preview.png${
          values ? `?values=${encodeURIComponent(JSON.stringify(values))}` : ''
        }`,
      });
    const plain = await preview();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-type']).toBe('image/png');
    const size = imageSize(plain.rawPayload);
    expect(Math.max(size.width, size.height)).toBe(600);
    // Empty fields keep the seller's design: the same picture as the design drawn as saved.
    const asSaved = await renderDesign(design, { width: size.width });
    expect((await pixels(plain.rawPayload)).equals(await pixels(asSaved))).toBe(true);

    const typed = await preview([
      name('Mia', { font_id: fontId, color: '#dc2626' }),
      pet(beagleId),
    ]);
    expect(typed.statusCode, typed.body).toBe(200);
    expect((await pixels(typed.rawPayload)).equals(await pixels(plain.rawPayload))).toBe(false);

    const foreign = await preview([pet(rivalClipartId)]);
    expect(foreign.statusCode).toBe(422);
    expect(body(foreign).message).toBe('Choose one of the pictures offered for “Your dog”.');
    const broken = await t.app.inject({
      method: 'GET',
      url: `${productUrl.replace(/^\/s\/name-shop/, '/public/stores/name-shop')}/preview.png?values=%7Bnope`,
    });
    expect(broken.statusCode).toBe(422);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `${productUrl.replace(/^\/s\/name-shop/, '/public/stores/name-shop')}/preview.png?values=${'x'.repeat(5000)}`,
    });
    expect(tooLong.statusCode).toBe(400);
    const notPersonal = await t.app.inject({
      method: 'GET',
      url: `/public/stores/plain-shop/products/campaign-${plainSale.campaignId}/preview.png`,
    });
    expect(notPersonal.statusCode).toBe(404);
  });

  it('checks the values before they go in the cart, field by field', async () => {
    const url = `${productUrl.replace(/^\/s\/name-shop/, '/public/stores/name-shop')}/personalization`;
    const missing = await t.app.inject({ method: 'POST', url, payload: { personalization: [] } });
    expect(missing.statusCode).toBe(422);
    expect(body<unknown>(missing)).toMatchObject({
      message: 'Please fill in “Your name”.',
      errors: {
        [`personalization.${space.name}.name`]: ['Please fill in “Your name”.'],
        [`personalization.${space.name}.pet`]: [
          'Choose one of the pictures offered for “Your dog”.',
        ],
      },
    });
    const badColour = await t.app.inject({
      method: 'POST',
      url,
      payload: { personalization: [name('Mia', { color: '#00ff00' }), pet(beagleId)] },
    });
    expect(body(badColour).message).toBe('Choose one of the colours offered for “Your name”.');
    const ok = await t.app.inject({
      method: 'POST',
      url,
      payload: { personalization: [name('Mia', { font_id: fontId }), pet(beagleId)] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body<{ summary: string[] }>(ok).data.summary).toEqual([
      'Your name: Mia (Roboto Black)',
      'Your dog: beagle',
    ]);
  });

  it('refuses a personalised product bought without its values or with wrong ones', async () => {
    const none = await checkout([item()]);
    expect(none.statusCode).toBe(422);
    expect(body<unknown>(none)).toMatchObject({
      message: 'Please fill in “Your name”.',
      errors: { [`items.0.personalization.${space.name}.name`]: ['Please fill in “Your name”.'] },
    });
    const long = await checkout([item([name('Bartholomew Jr.'), pet(beagleId)])]);
    expect(body(long).message).toBe('“Your name” takes at most 12 characters.');
    const font = await checkout([item([name('Mia', { font_id: fontId + 1000 }), pet(beagleId)])]);
    expect(body(font).message).toBe('Choose one of the fonts offered for “Your name”.');
    const cat = await checkout([item([name('Mia'), pet(rivalClipartId)])]);
    expect(body(cat).message).toBe('Choose one of the pictures offered for “Your dog”.');
    const plain = await t.app.inject({
      method: 'POST',
      url: '/public/stores/plain-shop/checkouts',
      payload: {
        items: [
          {
            campaign_id: plainSale.campaignId,
            product_id: plainSale.product.id,
            color: plainSale.product.color,
            size: plainSale.product.size,
            quantity: 1,
            personalization: [name('Mia')],
          },
        ],
        email: 'buyer@example.test',
        shipping_address: ADDRESS,
      },
    });
    expect(plain.statusCode).toBe(422);
    expect(body(plain).message).toBe('This product cannot be personalised.');
  });

  it('keeps the buyer’s text on the order item and prints it in the seller’s font', async () => {
    const created = await checkout([
      item([name(' Mia ', { font_id: fontId, color: '#1D4ED8' }), pet(beagleId)]),
    ]);
    expect(created.statusCode, created.body).toBe(200);
    const checkoutId = body<{ checkout_id: string }>(created).data.checkout_id;
    // A recovery link's cart brings the values back with the item.
    const restored = await t.app.inject({
      method: 'GET',
      url: `/s/name-shop/cart?restore=${checkoutId}`,
    });
    const cart = JSON.parse(
      /<script type="application\/json" id="restore-data">(.*?)<\/script>/s.exec(
        restored.body,
      )?.[1] ?? '[]',
    ) as { personalization?: object[]; details?: string[] }[];
    expect(cart[0]?.personalization).toEqual([
      name('Mia', { font_id: fontId, color: '#1d4ed8' }),
      pet(beagleId),
    ]);
    expect(cart[0]?.details).toEqual([
      'Your name: Mia (Roboto Black, #1d4ed8)',
      'Your dog: beagle',
    ]);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/public/checkouts/${checkoutId}/pay`,
      payload: { gateway: 'test', card_number: '4242424242424242' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = body<{ order_id: number }>(paid).data.order_id;
    // The buyer's confirmation lists the values under the item.
    const thanks = await t.app.inject({
      method: 'GET',
      url: `/s/name-shop/thank-you/${checkoutId}`,
    });
    expect(thanks.body).toContain(
      '<div class="muted">Your name: Mia (Roboto Black, #1d4ed8)</div><div class="muted">Your dog: beagle</div>',
    );

    const detail = async () =>
      body<{
        items: {
          personalization: PersonalizedValue[];
          print_files: { print_space: string; file_url: string }[];
        }[];
      }>(await call(seller, 'GET', `/seller/orders/${orderId}`)).data;
    const kept = (await detail()).items[0]?.personalization ?? [];
    expect(kept).toMatchObject([
      {
        kind: 'text',
        label: 'Your name',
        text: 'Mia',
        font_id: fontId,
        font_name: 'Roboto Black',
        color: '#1d4ed8',
      },
      { kind: 'clipart', label: 'Your dog', clipart_id: beagleId, clipart_name: 'beagle' },
    ]);

    const started = await call(admin, 'POST', `/admin/orders/${orderId}/production`);
    expect(started.statusCode, started.body).toBe(200);
    const files = await vi.waitFor(
      async () => {
        const found = (await detail()).items[0]?.print_files ?? [];
        expect(found).toHaveLength(1);
        return found;
      },
      { timeout: 60_000, interval: 250 },
    );
    const printed = await readBlob(
      t.app.blobDir,
      (files[0]?.file_url ?? '').replace('/files/', ''),
    );
    if (!printed) throw new Error('no print file');
    const { width } = imageSize(printed);
    const draw = (d: PrintSpaceDesign) =>
      renderDesign(withResolvedSources(d, sellerId, t.app.blobDir), { width });

    // The print file is, pixel for pixel, the design with the buyer's text in the uploaded font,
    // the chosen colour and the chosen clipart…
    const expected = await draw(personalizeDesign(design, space.name, kept));
    expect((await pixels(printed)).equals(await pixels(expected))).toBe(true);
    // …and neither the design as the seller saved it nor the same text in the default font.
    expect((await pixels(printed)).equals(await pixels(await draw(design)))).toBe(false);
    const defaultFont = kept.map((v) =>
      v.kind === 'text' ? { ...v, font_id: null, font_name: null, font_url: null } : v,
    );
    const inRoboto = await draw(personalizeDesign(design, space.name, defaultFont));
    expect((await pixels(printed)).equals(await pixels(inRoboto))).toBe(false);
  }, 120_000);
});
