import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PrintSpaceDesign } from '@printloom/core';
import { robotoFontFile } from '@printloom/renderer/fonts';
import { renderDesignCanvas } from '@printloom/renderer/node';
import opentype from 'opentype.js';
import sharp from 'sharp';
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
import { withResolvedSources } from '../orders/printFiles.js';

const require = createRequire(import.meta.url);
const robotoFaces = join(
  dirname(require.resolve('roboto-fontface/package.json')),
  'fonts',
  'roboto',
);
const TTF = readFileSync(robotoFontFile());
const WOFF = readFileSync(join(robotoFaces, 'Roboto-Bold.woff'));
const WOFF2 = readFileSync(join(robotoFaces, 'Roboto-RegularItalic.woff2'));
const BLACK_WOFF2 = readFileSync(join(robotoFaces, 'Roboto-Black.woff2'));

/**
 * A small OTF with CFF outlines ('OTTO'), made here: every letter is a solid block, so text
 * drawn with it covers far more of a print than Roboto does.
 */
function blockOtf(): Buffer {
  const block = (advance: number) => {
    const path = new opentype.Path();
    path.moveTo(50, 0);
    path.lineTo(advance - 50, 0);
    path.lineTo(advance - 50, 700);
    path.lineTo(50, 700);
    path.close();
    return path;
  };
  const glyphs = [
    new opentype.Glyph({ name: '.notdef', advanceWidth: 600, path: new opentype.Path() }),
    new opentype.Glyph({
      name: 'space',
      unicode: 32,
      advanceWidth: 300,
      path: new opentype.Path(),
    }),
  ];
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz') {
    glyphs.push(
      new opentype.Glyph({
        name: letter,
        unicode: letter.charCodeAt(0),
        advanceWidth: 700,
        path: block(700),
      }),
    );
  }
  const font = new opentype.Font({
    familyName: 'Printloom Blocks',
    styleName: 'Regular',
    unitsPerEm: 1000,
    ascender: 800,
    descender: -200,
    glyphs,
  });
  return Buffer.from(font.toArrayBuffer());
}
const OTF = blockOtf();

interface Part {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart body with one `file` part per file. */
function multipart(parts: readonly Part[]) {
  const boundary = '----printloom-personalized';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.name}"\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#e11d48' } })
    .png()
    .toBuffer();

interface FontAnswer {
  id: number;
  family: string;
  full_name: string;
  format: string;
  file_url: string;
}
interface GroupAnswer {
  id: number;
  name: string;
  clipart_count: number;
  cover_url: string | null;
}
interface ClipartAnswer {
  id: number;
  name: string;
  file_url: string;
  width: number;
  height: number;
}

describe.each(BACKENDS)('personalisation library on %s', (backend) => {
  let t: TestApp;
  let sellerId: number;
  let seller: string;
  let rival: string;
  let untagged: string;

  const call = (
    as: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const send = (as: string, url: string, parts: readonly Part[]) => {
    const form = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(as), ...form.headers },
      payload: form.payload,
    });
  };
  const uploadFont = (name: string, bytes: Buffer, as = seller) =>
    send(as, '/seller/personalized/fonts', [{ name, bytes }]);

  beforeAll(async () => {
    t = await createTestApp(backend);
    sellerId = (await createUser(t.app, { email: 'maker@example.test', tags: ['pb'] })).id;
    await createUser(t.app, { email: 'rival@example.test', tags: ['personalized'] });
    await createUser(t.app, { email: 'plain@example.test' });
    seller = await login(t.app, 'maker@example.test');
    rival = await login(t.app, 'rival@example.test');
    untagged = await login(t.app, 'plain@example.test');
  });
  afterAll(() => t.close());

  it('adds TTF, WOFF and WOFF2 fonts named from the font file, and serves them', async () => {
    const ttf = await uploadFont('Brand.ttf', TTF);
    expect(ttf.statusCode, ttf.body).toBe(200);
    expect(body<FontAnswer>(ttf).data).toMatchObject({
      family: 'Roboto',
      full_name: 'Roboto',
      format: 'ttf',
    });
    const woff = await uploadFont('bold.woff', WOFF);
    expect(body<FontAnswer>(woff).data).toMatchObject({ full_name: 'Roboto Bold', format: 'woff' });
    const woff2 = await uploadFont('italic.WOFF2', WOFF2);
    expect(body<FontAnswer>(woff2).data).toMatchObject({
      full_name: 'Roboto Italic',
      format: 'woff2',
    });

    const list = body<FontAnswer[]>(await call(seller, 'GET', '/seller/personalized/fonts')).data;
    expect(list.map((f) => f.full_name)).toEqual(['Roboto Italic', 'Roboto Bold', 'Roboto']);
    const file = await t.app.inject({ method: 'GET', url: list[2]?.file_url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('font/ttf');
    expect(file.rawPayload.equals(TTF)).toBe(true);
    expect(list[2]?.file_url).toContain(`/files/s${sellerId}/fonts/`);
  });

  it('adds an OTF font with CFF outlines and draws print text with it', async () => {
    expect(OTF.subarray(0, 4).toString('latin1')).toBe('OTTO');
    const answer = await uploadFont('Blocks.otf', OTF);
    expect(answer.statusCode, answer.body).toBe(200);
    const font = body<FontAnswer>(answer).data;
    expect(font).toMatchObject({ family: 'Printloom Blocks', format: 'otf' });
    const file = await t.app.inject({ method: 'GET', url: font.file_url });
    expect(file.headers['content-type']).toBe('font/otf');
    expect(file.rawPayload.equals(OTF)).toBe(true);
    const design = (fontUrl?: string) =>
      PrintSpaceDesign.parse({
        printSpace: { id: '1_front', name: 'front', width: 800, height: 200 },
        objects: [
          {
            type: 'text',
            id: 't',
            text: 'Hello Alex',
            left: 400,
            top: 100,
            width: 700,
            height: 140,
            ...(fontUrl ? { fontUrl } : {}),
          },
        ],
      });
    const ink = async (d: PrintSpaceDesign) => {
      const canvas = await renderDesignCanvas(withResolvedSources(d, sellerId, t.app.blobDir), {
        width: 800,
      });
      const data = canvas.getContext('2d').getImageData(0, 0, 800, 200).data;
      let inked = 0;
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 128) inked++;
      return inked;
    };
    const regular = await ink(design());
    const blocks = await ink(design(font.file_url));
    expect(regular).toBeGreaterThan(1000);
    // Solid blocks ink well over twice what Roboto's letter strokes do.
    expect(blocks).toBeGreaterThan(regular * 2);
    await call(seller, 'DELETE', `/seller/personalized/fonts/${font.id}`);
  });

  it("draws a print file's text with the seller's uploaded font", async () => {
    const font = body<FontAnswer>(await uploadFont('Heavy.woff2', BLACK_WOFF2)).data;
    const design = (fontUrl?: string) =>
      PrintSpaceDesign.parse({
        printSpace: { id: '1_front', name: 'front', width: 800, height: 200 },
        objects: [
          {
            type: 'text',
            id: 't',
            text: 'Hello Alex',
            left: 400,
            top: 100,
            width: 700,
            height: 140,
            ...(fontUrl ? { fontUrl } : {}),
          },
        ],
      });
    const ink = async (d: PrintSpaceDesign) => {
      const canvas = await renderDesignCanvas(withResolvedSources(d, sellerId, t.app.blobDir), {
        width: 800,
      });
      const data = canvas.getContext('2d').getImageData(0, 0, 800, 200).data;
      let inked = 0;
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 128) inked++;
      return inked;
    };
    const regular = await ink(design());
    const heavy = await ink(design(font.file_url));
    expect(regular).toBeGreaterThan(1000);
    // Roboto Black covers far more of the print than the default Roboto Regular.
    expect(heavy).toBeGreaterThan(regular * 1.3);
    await call(seller, 'DELETE', `/seller/personalized/fonts/${font.id}`);
  });

  it('refuses a file that is not a font, and files that are not font files', async () => {
    const fake = await uploadFont('notes.ttf', Buffer.from('these are my notes, not a font'));
    expect(fake.statusCode).toBe(422);
    expect(body(fake).message).toBe(
      'This file is not a font we can read. Please upload a TTF, OTF, WOFF or WOFF2 file.',
    );
    const truncated = await uploadFont('half.otf', TTF.subarray(0, 400));
    expect(truncated.statusCode).toBe(422);
    const wrongType = await uploadFont('Brand.png', TTF);
    expect(wrongType.statusCode).toBe(422);
    expect(body(wrongType).message).toBe('A font must be a TTF, OTF, WOFF or WOFF2 file.');
    const none = await send(seller, '/seller/personalized/fonts', []);
    expect(none.statusCode).toBe(422);
    const list = body<FontAnswer[]>(await call(seller, 'GET', '/seller/personalized/fonts')).data;
    expect(list).toHaveLength(3);
  });

  it("keeps each seller's fonts to itself", async () => {
    const mine = body<FontAnswer[]>(await call(seller, 'GET', '/seller/personalized/fonts')).data;
    expect(body<FontAnswer[]>(await call(rival, 'GET', '/seller/personalized/fonts')).data).toEqual(
      [],
    );
    const id = mine[0]?.id;
    expect((await call(rival, 'DELETE', `/seller/personalized/fonts/${id}`)).statusCode).toBe(404);
    expect((await call(seller, 'DELETE', `/seller/personalized/fonts/${id}`)).statusCode).toBe(200);
    const after = body<FontAnswer[]>(await call(seller, 'GET', '/seller/personalized/fonts')).data;
    expect(after.map((f) => f.id)).not.toContain(id);
    expect((await call(seller, 'DELETE', `/seller/personalized/fonts/${id}`)).statusCode).toBe(404);
  });

  it('needs the pb or personalized tag and update_campaign', async () => {
    const off = await call(untagged, 'GET', '/seller/personalized/fonts');
    expect(off.statusCode).toBe(403);
    expect(body(off).message).toBe('Personalised products are not enabled for this account.');
    expect((await uploadFont('Brand.ttf', TTF, untagged)).statusCode).toBe(403);
    const viewer = await memberSession(t.app, sellerId, 'viewer@example.test', ['get_campaigns']);
    expect((await call(viewer, 'GET', '/seller/personalized/fonts')).statusCode).toBe(403);
    const editor = await memberSession(t.app, sellerId, 'editor@example.test', ['update_campaign']);
    const listed = await call(editor, 'GET', '/seller/personalized/fonts');
    expect(listed.statusCode).toBe(200);
    expect(body<FontAnswer[]>(listed).data.length).toBeGreaterThan(0);
  });

  it('keeps clipart groups with images uploaded in bulk', async () => {
    const created = await call(seller, 'POST', '/seller/personalized/clipart-groups', {
      name: 'Pets',
    });
    expect(created.statusCode, created.body).toBe(200);
    const group = body<GroupAnswer>(created).data;
    expect(group).toMatchObject({ name: 'Pets', clipart_count: 0, cover_url: null });
    const taken = await call(seller, 'POST', '/seller/personalized/clipart-groups', {
      name: 'pets',
    });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message).toBe('You already have a clipart group with this name.');
    const blank = await call(seller, 'POST', '/seller/personalized/clipart-groups', { name: '  ' });
    expect(blank.statusCode).toBe(400);

    const uploaded = await send(
      seller,
      `/seller/personalized/clipart-groups/${group.id}/cliparts`,
      [
        { name: 'cat.png', bytes: await png(40, 30), type: 'image/png' },
        { name: 'dog.png', bytes: await png(12, 64), type: 'image/png' },
        { name: 'notes.txt', bytes: Buffer.from('hello') },
        { name: 'fake.png', bytes: Buffer.from('not really a png') },
      ],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const answer = body<{
      added: ClipartAnswer[];
      refused: { file_name: string; message: string }[];
    }>(uploaded).data;
    expect(answer.added.map((c) => [c.name, c.width, c.height])).toEqual([
      ['cat', 40, 30],
      ['dog', 12, 64],
    ]);
    expect(answer.refused).toEqual([
      { file_name: 'notes.txt', message: 'Only PNG, JPEG, WebP and GIF images can be cliparts.' },
      { file_name: 'fake.png', message: 'This file is not an image we can read.' },
    ]);
    const image = await t.app.inject({ method: 'GET', url: answer.added[0]?.file_url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const groups = body<GroupAnswer[]>(
      await call(seller, 'GET', '/seller/personalized/clipart-groups'),
    ).data;
    expect(groups).toEqual([
      expect.objectContaining({
        name: 'Pets',
        clipart_count: 2,
        cover_url: answer.added[0]?.file_url,
      }),
    ]);
    const listed = body<ClipartAnswer[]>(
      await call(seller, 'GET', `/seller/personalized/clipart-groups/${group.id}/cliparts`),
    ).data;
    expect(listed.map((c) => c.name)).toEqual(['cat', 'dog']);

    const renamed = await call(seller, 'PUT', `/seller/personalized/clipart-groups/${group.id}`, {
      name: 'Pets and friends',
    });
    expect(body<GroupAnswer>(renamed).data.name).toBe('Pets and friends');
    expect(
      (await call(seller, 'DELETE', `/seller/personalized/cliparts/${listed[0]?.id}`)).statusCode,
    ).toBe(200);
    const summary = body<Record<string, number>>(
      await call(seller, 'GET', '/seller/personalized/summary'),
    ).data;
    expect(summary).toEqual({ fonts: 2, clipart_groups: 1, cliparts: 1 });
  });

  it("keeps each seller's clipart groups to itself", async () => {
    const group = body<GroupAnswer>(
      await call(seller, 'POST', '/seller/personalized/clipart-groups', { name: 'Flowers' }),
    ).data;
    const base = `/seller/personalized/clipart-groups/${group.id}`;
    expect((await call(rival, 'GET', `${base}/cliparts`)).statusCode).toBe(404);
    expect((await call(rival, 'PUT', base, { name: 'Mine now' })).statusCode).toBe(404);
    expect(
      (await send(rival, `${base}/cliparts`, [{ name: 'a.png', bytes: await png(4, 4) }]))
        .statusCode,
    ).toBe(404);
    expect((await call(rival, 'DELETE', base)).statusCode).toBe(404);
    // The rival may use the same name for a group of its own.
    expect(
      (await call(rival, 'POST', '/seller/personalized/clipart-groups', { name: 'Flowers' }))
        .statusCode,
    ).toBe(200);
    const added = body<{ added: ClipartAnswer[] }>(
      await send(seller, `${base}/cliparts`, [{ name: 'rose.png', bytes: await png(8, 8) }]),
    ).data.added;
    expect(
      (await call(rival, 'DELETE', `/seller/personalized/cliparts/${added[0]?.id}`)).statusCode,
    ).toBe(404);
    expect((await call(seller, 'DELETE', base)).statusCode).toBe(200);
    expect((await call(seller, 'GET', `${base}/cliparts`)).statusCode).toBe(404);
  });

  it('makes a design personalisable: text and clipart fields checked against its layers', async () => {
    const made = await campaignOf(t.app, seller, 'Name mug');
    const design = {
      printSpace: { id: '1_front', name: 'front', width: 800, height: 400 },
      objects: [
        { type: 'text', id: 'name', text: 'ALEX', left: 400, top: 100, width: 600, height: 120 },
        {
          type: 'image',
          id: 'pet',
          src: '/files/pet.png',
          left: 400,
          top: 300,
          width: 200,
          height: 200,
        },
      ],
    };
    const saved = await call(seller, 'PUT', `/seller/campaign/${made.id}`, {
      designs: made.products.map((p) => ({
        product_id: p.id,
        print_space: 'front',
        file_url: `/files/design-${p.id}.png`,
        design_json: JSON.stringify(design),
      })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const layers = await call(seller, 'GET', `/seller/personalized/campaigns/${made.id}/layers`);
    expect(body(layers).data).toEqual([
      { print_space: 'front', layer_id: 'name', type: 'text', content: 'ALEX' },
      { print_space: 'front', layer_id: 'pet', type: 'image', content: '/files/pet.png' },
    ]);
    expect(
      (await call(rival, 'GET', `/seller/personalized/campaigns/${made.id}/layers`)).statusCode,
    ).toBe(404);

    const font = body<FontAnswer>(await uploadFont('Brand.ttf', TTF)).data;
    const group = body<GroupAnswer>(
      await call(seller, 'POST', '/seller/personalized/clipart-groups', { name: 'Dogs' }),
    ).data;
    const rivalGroup = body<GroupAnswer>(
      await call(rival, 'POST', '/seller/personalized/clipart-groups', { name: 'Cats' }),
    ).data;
    const text = {
      kind: 'text',
      layer_id: 'name',
      label: 'Your name',
      max_length: 12,
      font_ids: [font.id],
      colors: ['#112233', '#ffffff'],
    };
    const clipart = { kind: 'clipart', layer_id: 'pet', label: 'Your dog', group_id: group.id };
    const create = (fields: object[], as = seller) =>
      call(as, 'POST', '/seller/personalized/artworks', {
        campaign_id: made.id,
        print_space: 'front',
        fields,
      });

    const wrongKind = await create([{ ...text, layer_id: 'pet' }]);
    expect(wrongKind.statusCode).toBe(422);
    expect(body(wrongKind).message).toBe('Only a text layer can be a text field.');
    const foreign = await create([{ ...clipart, group_id: rivalGroup.id }]);
    expect(body(foreign).message).toBe('This clipart group is not one of yours.');
    const missing = await create([{ ...text, layer_id: 'nope' }]);
    expect(body(missing).message).toBe('This design has no such layer.');
    const twice = await create([text, { ...text, label: 'Again' }]);
    expect(twice.statusCode).toBe(400);
    expect((await create([text], rival)).statusCode).toBe(404);

    const created = await create([text, clipart]);
    expect(created.statusCode, created.body).toBe(200);
    const artwork = body<{ id: number; campaign_name: string; fields: object[] }>(created).data;
    expect(artwork).toMatchObject({ campaign_name: 'Name mug', fields: [text, clipart] });
    expect((await create([text])).statusCode).toBe(409);
    const [marked] = await t.app.db.query<{ personalized: number }>(
      'SELECT personalized FROM campaigns WHERE id = $1',
      [made.id],
    );
    expect(marked?.personalized).toBe(1);
    // The campaign and its products agree, so it launches (spec §5).
    expect((await call(seller, 'POST', `/seller/campaign/${made.id}/launch`)).statusCode).toBe(200);

    const updated = await call(seller, 'PUT', `/seller/personalized/artworks/${artwork.id}`, {
      fields: [{ ...text, max_length: 8, colors: [] }],
    });
    expect(body<{ fields: object[] }>(updated).data.fields).toEqual([
      { ...text, max_length: 8, colors: [] },
    ]);
    const list = body<{ id: number }[]>(await call(seller, 'GET', '/seller/personalized/artworks'));
    expect(list.data.map((a) => a.id)).toEqual([artwork.id]);
    expect(body<unknown[]>(await call(rival, 'GET', '/seller/personalized/artworks')).data).toEqual(
      [],
    );
    expect(
      (await call(rival, 'PUT', `/seller/personalized/artworks/${artwork.id}`, { fields: [text] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(rival, 'DELETE', `/seller/personalized/artworks/${artwork.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(seller, 'DELETE', `/seller/personalized/artworks/${artwork.id}`)).statusCode,
    ).toBe(200);
    const [unmarked] = await t.app.db.query<{ personalized: number }>(
      'SELECT personalized FROM campaigns WHERE id = $1',
      [made.id],
    );
    expect(unmarked?.personalized).toBe(0);
  });
});
