import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  body,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';

interface Received {
  method: string;
  url: URL;
  contentType: string | undefined;
  bytes: Buffer;
}

describe('uploads to an S3-compatible bucket', () => {
  let bucket: Server;
  let endpoint: string;
  const received: Received[] = [];
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // A stand-in bucket that records what it is sent; the signature itself is checked against
    // AWS's published vector in s3Presign.test.ts.
    bucket = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          method: req.method ?? '',
          url: new URL(req.url ?? '/', 'http://bucket'),
          contentType: req.headers['content-type'],
          bytes: Buffer.concat(chunks),
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((done) => bucket.listen(0, '127.0.0.1', done));
    endpoint = `http://127.0.0.1:${(bucket.address() as AddressInfo).port}`;
    t = await createTestApp('pglite', {
      s3: {
        endpoint,
        bucket: 'media',
        region: 'us-east-1',
        accessKeyId: 'AK',
        secretAccessKey: 'SK',
        forcePathStyle: true,
      },
    });
    await createUser(t.app, { email: 's3@example.test' });
    token = await login(t.app, 's3@example.test');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((done) => bucket.close(done));
  });

  it('hands out a signed bucket PUT with the content type bound, and the object address', async () => {
    const signed = body<{ filePath: string; preSignedUrl: string; fileUrl: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/pre-signed-url',
        headers: bearer(token),
        payload: { fileName: 'a.png', filePath: 'p/3', contentType: 'image/png' },
      }),
    ).data;
    const url = new URL(signed.preSignedUrl);
    expect(url.origin + url.pathname).toBe(`${endpoint}/media/${signed.filePath}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBe(900);
    expect(signed.fileUrl).toBe(`${endpoint}/media/${signed.filePath}`);
  });

  it('sends a /files/ address (saved before, or by migration 011) on to the bucket', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/files/s1/bulk/abc123.png' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${endpoint}/media/s1/bulk/abc123.png`);
  });

  it('passes a multipart upload on to the bucket after checking its bytes', async () => {
    const canvas = createCanvas(8, 8);
    const png = await canvas.encode('png');
    const boundary = '----s3';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/upload',
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(200);
    const put = received.at(-1);
    expect(put?.method).toBe('PUT');
    expect(put?.contentType).toBe('image/png');
    expect(put?.bytes.equals(png)).toBe(true);
    expect(body<{ fileUrl: string }>(response).data.fileUrl).toBe(
      `${endpoint}${put?.url.pathname}`,
    );
  });
});
