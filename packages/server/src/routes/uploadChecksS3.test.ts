import { createCanvas } from '@napi-rs/canvas';
import { uploadFileName } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../test/fakeS3.js';
import {
  BACKENDS,
  bearer,
  body,
  botChecked,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';
import { sweepUploads, uploadKeysIn } from '../blob/uploadChecks.js';

const MAX_BYTES = 4096;
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

async function smallPng(size = 4): Promise<Buffer> {
  return createCanvas(size, size).encode('png');
}

describe.each(BACKENDS)('uploads straight to an S3-compatible bucket (%s)', (backend) => {
  let bucket: FakeS3;
  let t: TestApp;
  let token: string;
  let sellerId: number;
  let templateId: number;

  beforeAll(async () => {
    bucket = await startFakeS3();
    t = await createTestApp(backend, {
      uploadMaxBytes: MAX_BYTES,
      s3: {
        endpoint: bucket.endpoint,
        bucket: bucket.bucket,
        region: 'us-east-1',
        accessKeyId: bucket.accessKeyId,
        secretAccessKey: 'fake-secret',
        forcePathStyle: true,
      },
    });
    sellerId = (await createUser(t.app, { email: 'bucket@example.test' })).id;
    token = await login(t.app, 'bucket@example.test');
    const templates = body<{ data: Array<{ id: number }> }>(
      await t.app.inject({
        method: 'GET',
        url: '/seller/product-templates',
        headers: bearer(token),
      }),
    ).data.data;
    templateId = templates[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
  });
  beforeEach(() => {
    bucket.requests.length = 0;
  });

  async function presign(fileName: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/pre-signed-url',
      headers: bearer(token),
      payload: { fileName, filePath: 'art' },
    });
    expect(response.statusCode).toBe(200);
    return body<{ filePath: string; preSignedUrl: string; fileUrl: string }>(response).data;
  }

  async function put(preSignedUrl: string, bytes: Buffer) {
    const response = await fetch(preSignedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(bytes),
    });
    expect(response.status).toBe(200);
  }

  function createCampaign(artworkUrl: string) {
    return t.app.inject({
      method: 'POST',
      url: '/seller/campaign',
      headers: bearer(token),
      payload: {
        name: 'Bucket art',
        artwork_url: artworkUrl,
        products: [{ template_id: templateId }],
      },
    });
  }

  const checks = () =>
    bucket.requests.filter((r) => r.method === 'GET' && r.range === 'bytes=0-15');

  function expire(filePath: string) {
    return t.app.db.query(
      `UPDATE uploads SET put_expires_at = now() - interval '1 minute',
         verified_at = verified_at - interval '2 minutes' WHERE file_path = $1`,
      [filePath],
    );
  }

  const env = () => ({
    db: t.app.db,
    s3: t.app.config.s3!,
    maxBytes: MAX_BYTES,
    log: t.app.log,
  });

  it('refuses an HTML file named .png when a campaign uses it, and deletes it from the bucket', async () => {
    const signed = await presign('logo.png');
    await put(signed.preSignedUrl, HTML);
    expect(bucket.objects.has(signed.filePath)).toBe(true);

    const response = await createCampaign(signed.fileUrl);
    expect(response.statusCode).toBe(422);
    expect(body(response)).toMatchObject({
      success: false,
      message: 'The file content does not match its type.',
      errors: { artwork_url: ['The file content does not match its type.'] },
    });
    expect(bucket.objects.has(signed.filePath)).toBe(false);
    const campaigns = body<{ total: number }>(
      await t.app.inject({ method: 'GET', url: '/seller/campaign', headers: bearer(token) }),
    ).data;
    expect(campaigns.total).toBe(0);
  });

  it('accepts a real PNG after reading only its first bytes', async () => {
    const signed = await presign('logo.png');
    await put(signed.preSignedUrl, await smallPng());
    const response = await createCampaign(signed.fileUrl);
    expect(response.statusCode).toBe(200);
    expect(body<{ artwork_url: string }>(response).data.artwork_url).toBe(signed.fileUrl);
    expect(checks().map((r) => r.key)).toEqual([signed.filePath]);
    expect(bucket.objects.has(signed.filePath)).toBe(true);
  });

  it('checks again while the upload address could still overwrite the file', async () => {
    const signed = await presign('art.png');
    await put(signed.preSignedUrl, await smallPng());
    expect((await createCampaign(signed.fileUrl)).statusCode).toBe(200);
    // The same signed address still works: the seller swaps the picture for something else.
    await put(signed.preSignedUrl, HTML);
    const again = await createCampaign(signed.fileUrl);
    expect(again.statusCode).toBe(422);
    expect(bucket.objects.has(signed.filePath)).toBe(false);
  });

  it('stops reading an upload once it was checked after its address expired', async () => {
    const signed = await presign('final.png');
    await put(signed.preSignedUrl, await smallPng());
    await expire(signed.filePath);
    expect((await createCampaign(signed.fileUrl)).statusCode).toBe(200);
    expect((await createCampaign(signed.fileUrl)).statusCode).toBe(200);
    expect(checks()).toHaveLength(1);
  });

  it('sweeps files swapped after their last use once the address has expired', async () => {
    const signed = await presign('swap.png');
    await put(signed.preSignedUrl, await smallPng());
    expect((await createCampaign(signed.fileUrl)).statusCode).toBe(200);
    await put(signed.preSignedUrl, HTML);
    await expire(signed.filePath);
    expect(await sweepUploads(env())).toBe(1);
    expect(bucket.objects.has(signed.filePath)).toBe(false);
    expect(
      await t.app.db.query('SELECT 1 FROM uploads WHERE file_path = $1', [signed.filePath]),
    ).toHaveLength(0);
  });

  it('refuses a file that was never uploaded, and forgets it once its address expired', async () => {
    const signed = await presign('missing.png');
    const response = await createCampaign(signed.fileUrl);
    expect(response.statusCode).toBe(422);
    expect(body(response).message).toBe('The file has not been uploaded yet.');
    await expire(signed.filePath);
    expect(await sweepUploads(env())).toBe(0);
    expect(
      await t.app.db.query('SELECT 1 FROM uploads WHERE file_path = $1', [signed.filePath]),
    ).toHaveLength(0);
  });

  it('reads the bucket only for routes whose contract says their body names files', async () => {
    const signed = await presign('elsewhere.png');
    await put(signed.preSignedUrl, HTML);
    const tracked = await t.app.inject({
      method: 'POST',
      url: '/seller/utm-campaign/track',
      headers: bearer(token),
      payload: { utm_campaign: signed.filePath },
    });
    expect(tracked.statusCode).toBe(200);
    expect(checks()).toHaveLength(0);
    expect(bucket.objects.has(signed.filePath)).toBe(true);
    expect((await createCampaign(signed.filePath)).statusCode).toBe(422);
    expect(checks()).toHaveLength(1);
  });

  it('refuses and deletes a file over the upload size limit', async () => {
    const signed = await presign('big.png');
    const png = await smallPng();
    await put(signed.preSignedUrl, Buffer.concat([png, Buffer.alloc(MAX_BYTES)]));
    const response = await createCampaign(signed.fileUrl);
    expect(response.statusCode).toBe(413);
    expect(body(response).message).toBe('The file is too large.');
    expect(bucket.objects.has(signed.filePath)).toBe(false);
  });

  it('refuses a file PUT a second time to its address after the first was accepted', async () => {
    const signed = await presign('twice.png');
    await put(signed.preSignedUrl, await smallPng());
    expect((await createCampaign(signed.fileUrl)).statusCode).toBe(200);
    // S3 takes the second PUT (a presigned URL works until it expires); the server does not.
    await put(signed.preSignedUrl, await smallPng(6));
    const again = await createCampaign(signed.fileUrl);
    expect(again.statusCode).toBe(422);
    expect(body(again).message).toBe(
      'The file was replaced after it was uploaded; please upload it again.',
    );
    expect(bucket.objects.has(signed.filePath)).toBe(false);
  });

  it('writes a multipart upload under a new key when the bucket already holds its name', async () => {
    const now = Date.now();
    const taken = `s${sellerId}/logo/${uploadFileName('logo.png', now)}`;
    const theirs = await smallPng(5);
    bucket.objects.set(taken, { bytes: theirs, contentType: 'image/png', etag: '"theirs"' });
    const boundary = '----taken';
    vi.spyOn(Date, 'now').mockReturnValue(now);
    let response: Awaited<ReturnType<typeof t.app.inject>>;
    try {
      response = await t.app.inject({
        method: 'POST',
        url: '/upload',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nlogo\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          await smallPng(),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    } finally {
      vi.mocked(Date.now).mockRestore();
    }
    expect(response.statusCode).toBe(200);
    const stored = body<{ filePath: string }>(response).data.filePath;
    expect(stored).toMatch(new RegExp(`^s${sellerId}/logo/[0-9a-f]{6}\\.png$`));
    expect(stored).not.toBe(taken);
    expect(bucket.objects.get(taken)?.bytes.equals(theirs)).toBe(true);
    expect(bucket.objects.get(stored)?.bytes.equals(await smallPng())).toBe(true);
  });

  it('takes anonymous uploads through the server into the bucket, once per address', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/public/pre-signed-url',
      headers: await botChecked(t.app),
      payload: { fileName: 'guest.png', contentType: 'image/png' },
    });
    expect(response.statusCode).toBe(200);
    const signed = body<{ filePath: string; preSignedUrl: string; fileUrl: string }>(response).data;
    expect(signed.preSignedUrl.startsWith('/blob/s0/public/')).toBe(true);
    expect(signed.fileUrl).toBe(`${bucket.endpoint}/${bucket.bucket}/${signed.filePath}`);
    const bytes = await smallPng();
    const putOnce = () =>
      t.app.inject({
        method: 'PUT',
        url: signed.preSignedUrl,
        headers: { 'content-type': 'image/png' },
        payload: bytes,
      });
    expect((await putOnce()).statusCode).toBe(200);
    expect(bucket.objects.get(signed.filePath)?.bytes.equals(bytes)).toBe(true);
    expect((await putOnce()).statusCode).toBe(403);
  });

  it('finds the file by its bare key too, as bulk rows and saved designs name it', async () => {
    const signed = await presign('key.png');
    await put(signed.preSignedUrl, HTML);
    const response = await createCampaign(signed.filePath);
    expect(response.statusCode).toBe(422);
    expect(bucket.objects.has(signed.filePath)).toBe(false);
  });
});

describe('an unreachable bucket', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    const gone = await startFakeS3();
    await gone.close();
    t = await createTestApp('pglite', {
      s3: {
        endpoint: gone.endpoint,
        bucket: 'media',
        region: 'us-east-1',
        accessKeyId: 'AKFAKE',
        secretAccessKey: 'x',
        forcePathStyle: true,
      },
    });
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 502 with a message to retry, never accepting the file unchecked', async () => {
    await createUser(app, { email: 'down@example.test' });
    const token = await login(app, 'down@example.test');
    const signed = body<{ fileUrl: string }>(
      await app.inject({
        method: 'POST',
        url: '/pre-signed-url',
        headers: bearer(token),
        payload: { fileName: 'a.png' },
      }),
    ).data;
    const response = await app.inject({
      method: 'POST',
      url: '/seller/campaign',
      headers: bearer(token),
      payload: { name: 'x', artwork_url: signed.fileUrl, products: [{ template_id: 1 }] },
    });
    expect(response.statusCode).toBe(502);
    expect(body(response).message).toBe('Could not check the uploaded file, please try again.');
  });
});

describe('uploadKeysIn', () => {
  const s3 = {
    endpoint: 'https://s3.example.test',
    bucket: 'media',
    region: 'us-east-1',
    accessKeyId: 'AK',
    secretAccessKey: 'SK',
    publicUrl: 'https://cdn.example.test/',
  };

  it('finds object addresses, bare keys and addresses inside JSON text, with their field', () => {
    const found = uploadKeysIn(
      {
        artwork_url: 'https://cdn.example.test/s3/art/a_b.png?v=2',
        designs: JSON.stringify([{ new_url: 'https://media.s3.example.test/s3/art/c.png' }]),
        data: [{ file_url: 's3/p/12/1_170.jpg' }],
        other: ['https://elsewhere.test/s3/x.png', 'hello', 's3', '/files/s3/local.png'],
      },
      s3,
    );
    expect([...found]).toEqual([
      ['s3/art/a_b.png', 'artwork_url'],
      ['s3/art/c.png', 'designs.0.new_url'],
      ['s3/p/12/1_170.jpg', 'data.0.file_url'],
    ]);
  });
});
