import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
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
import { isBlockedAddress } from './imageProxy.js';

async function png(width = 40, height = 20): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#c62828';
  ctx.fillRect(0, 0, width, height);
  return canvas.encode('png');
}

describe.each(BACKENDS)('uploads on %s', (backend) => {
  let t: TestApp;
  let a: string;
  let b: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await createUser(t.app, { email: 'up-a@example.test' });
    await createUser(t.app, { email: 'up-b@example.test' });
    a = await login(t.app, 'up-a@example.test');
    b = await login(t.app, 'up-b@example.test');
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  async function presign(token: string, fileName = 'shirt.png', filePath = 'p/12') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/pre-signed-url',
      headers: bearer(token),
      payload: { fileName, filePath, contentType: 'image/png' },
    });
    return body<{ filePath: string; preSignedUrl: string; fileUrl: string }>(response).data;
  }

  it('stores a PUT to the signed address and serves it at fileUrl', async () => {
    const signed = await presign(a);
    expect(signed.filePath).toMatch(/^s\d+\/p\/12\/[0-9a-f]{6}\.png$/);
    const bytes = await png();
    const put = await t.app.inject({
      method: 'PUT',
      url: signed.preSignedUrl,
      headers: { 'content-type': 'image/png' },
      payload: bytes,
    });
    expect(put.statusCode).toBe(200);
    const get = await t.app.inject({ method: 'GET', url: signed.fileUrl });
    expect(get.statusCode).toBe(200);
    expect(get.rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a tampered address with 403', async () => {
    const signed = await presign(a);
    const tampered = signed.preSignedUrl.replace('/p/12/', '/p/13/');
    const put = await t.app.inject({
      method: 'PUT',
      url: tampered,
      headers: { 'content-type': 'image/png' },
      payload: await png(),
    });
    expect(put.statusCode).toBe(403);
    const sig = signed.preSignedUrl.replace(/sig=[^&]+/, 'sig=AAAA');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: sig,
          headers: { 'content-type': 'image/png' },
          payload: await png(),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses an expired address with 403', async () => {
    const signed = await presign(a);
    const now = Date.now();
    const spy = vi.spyOn(Date, 'now').mockReturnValue(now + 16 * 60 * 1000);
    try {
      const put = await t.app.inject({
        method: 'PUT',
        url: signed.preSignedUrl,
        headers: { 'content-type': 'image/png' },
        payload: await png(),
      });
      expect(put.statusCode).toBe(403);
      expect(body(put).message).toBe('The upload address has expired.');
    } finally {
      spy.mockRestore();
    }
  });

  it("refuses another seller's address with 403", async () => {
    const signed = await presign(a);
    const put = await t.app.inject({
      method: 'PUT',
      url: signed.preSignedUrl,
      headers: { ...bearer(b), 'content-type': 'image/png' },
      payload: await png(),
    });
    expect(put.statusCode).toBe(403);
  });

  it('checks images by their bytes and refuses types it does not accept', async () => {
    const signed = await presign(a);
    const fake = await t.app.inject({
      method: 'PUT',
      url: signed.preSignedUrl,
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from('<html>not a png</html>'),
    });
    expect(fake.statusCode).toBe(422);
    const html = await t.app.inject({
      method: 'POST',
      url: '/pre-signed-url',
      headers: bearer(a),
      payload: { fileName: 'page.html' },
    });
    expect(html.statusCode).toBe(422);
    const outside = await t.app.inject({
      method: 'POST',
      url: '/pre-signed-url',
      headers: bearer(a),
      payload: { fileName: 'x.png', filePath: '../other' },
    });
    expect(outside.statusCode).toBe(400);
  });

  it('takes a multipart upload', async () => {
    const boundary = '----printloom';
    const file = await png();
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nartwork\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="art.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/upload',
      headers: { ...bearer(a), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(200);
    const { fileUrl } = body<{ fileUrl: string }>(response).data;
    expect(fileUrl).toMatch(/\/artwork\/[0-9a-f]{6}\.png$/);
    expect((await t.app.inject({ method: 'GET', url: fileUrl })).rawPayload.equals(file)).toBe(
      true,
    );
  });

  it('resizes an image of the own blob store to webp and refuses internal addresses', async () => {
    const signed = await presign(a, 'big.png');
    await t.app.inject({
      method: 'PUT',
      url: signed.preSignedUrl,
      headers: { 'content-type': 'image/png' },
      payload: await png(400, 200),
    });
    const url = encodeURIComponent(`http://localhost:80${signed.fileUrl}`);
    const resized = await t.app.inject({
      method: 'GET',
      url: `/img?url=${url}&w=160&h=200`,
      headers: { host: 'localhost:80' },
    });
    expect(resized.statusCode).toBe(200);
    expect(resized.headers['content-type']).toBe('image/webp');
    expect(resized.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    for (const target of [
      'http://127.0.0.1:5432/',
      'http://10.0.0.8/x.png',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x.png',
    ]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: `/img?url=${encodeURIComponent(target)}&w=10`,
      });
      expect(refused.statusCode).toBe(403);
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/img?url=${encodeURIComponent('http://no-such-host.invalid/x.png')}&w=10`,
    });
    expect(unknown.statusCode).toBe(502);
    expect(body(unknown).message).toBe('The image could not be fetched.');
    expect(isBlockedAddress('192.168.1.1')).toBe(true);
    expect(isBlockedAddress('93.184.216.34')).toBe(false);
  });

  it('answers the original bytes unchanged with original=1, and only for images', async () => {
    const signed = await presign(a, 'print.png');
    const bytes = await png(400, 200);
    await t.app.inject({
      method: 'PUT',
      url: signed.preSignedUrl,
      headers: { 'content-type': 'image/png' },
      payload: bytes,
    });
    const url = encodeURIComponent(`http://localhost:80${signed.fileUrl}`);
    for (let ask = 0; ask < 2; ask++) {
      // Asked twice: the second answer comes from the proxy's cache, still the same bytes.
      const original = await t.app.inject({
        method: 'GET',
        url: `/img?url=${url}&original=1&w=10`,
        headers: { host: 'localhost:80' },
      });
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/png');
      expect(original.rawPayload.equals(bytes)).toBe(true);
    }
    const csv = await t.app.inject({
      method: 'POST',
      url: '/pre-signed-url',
      headers: bearer(a),
      payload: { fileName: 'rows.csv', filePath: 'p/12', contentType: 'text/csv' },
    });
    const text = body<{ preSignedUrl: string; fileUrl: string }>(csv).data;
    await t.app.inject({
      method: 'PUT',
      url: text.preSignedUrl,
      headers: { 'content-type': 'text/csv' },
      payload: 'campaign_name,new_url\n',
    });
    const refused = await t.app.inject({
      method: 'GET',
      url: `/img?url=${encodeURIComponent(`http://localhost:80${text.fileUrl}`)}&original=1`,
      headers: { host: 'localhost:80' },
    });
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe('The address is not an image.');
  });

  it('fits the thumbnail form (url, is_thumbnail, token) in the 160 × 200 thumb preset', async () => {
    const signed = await presign(a, 'wide.png');
    await t.app.inject({
      method: 'PUT',
      url: signed.preSignedUrl,
      headers: { 'content-type': 'image/png' },
      payload: await png(800, 400),
    });
    const url = encodeURIComponent(`http://localhost:80${signed.fileUrl}`);
    const thumb = await t.app.inject({
      method: 'GET',
      url: `/img?url=${url}&is_thumbnail=1&token=abc&w=4000`,
      headers: { host: 'localhost:80' },
    });
    expect(thumb.statusCode).toBe(200);
    const image = await loadImage(thumb.rawPayload);
    expect([image.width, image.height]).toEqual([160, 80]);
  });

  it('serves a 3D bake Brotli-encoded to a browser and decompressed to other clients', async () => {
    const url = '/files/s0/templates/mug-3d/model.bake.bin';
    const stored = await readFile(join(t.app.blobDir, 's0/templates/mug-3d/model.bake.bin'));
    const browser = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(browser.statusCode).toBe(200);
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.rawPayload.equals(stored)).toBe(true);
    const plain = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // 8 planes of 16 bits at the bake's size.
    const meta = JSON.parse(
      (await t.app.inject({ method: 'GET', url: url.replace('.bin', '.json') })).body,
    ) as { size: number };
    expect(plain.rawPayload.length).toBe(meta.size * meta.size * 16);
    expect(plain.rawPayload.equals(brotliDecompressSync(stored))).toBe(true);
  });
});
