import { uploadFileName } from '@printloom/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BACKENDS,
  bearer,
  body,
  botChecked,
  campaignOf,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../test/helpers.js';
import { sweepUploadStore } from '../blob/sweepUploadStore.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes the server takes for a PNG of exactly `size` bytes (it checks the signature). */
const png = (size: number, fill = 0) =>
  Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - PNG_SIGNATURE.length, fill)]);

const FILE_BYTES = 400;
const ALLOWANCE = 1024;
const RATE = 3;

interface Signed {
  filePath: string;
  preSignedUrl: string;
  fileUrl: string;
}

describe.each(BACKENDS)('upload names, single use and anonymous limits on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let templateId: number;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      publicUploadRateLimit: RATE,
      publicUploadBytesPerHour: ALLOWANCE,
    });
    await createUser(t.app, { email: 'names@example.test' });
    token = await login(t.app, 'names@example.test');
    templateId = (await campaignOf(t.app, token)).products[0]!.template_id;
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  async function presign(options: {
    token?: string;
    address?: string;
    fileName?: string;
  }): Promise<{ status: number; data: Signed; message: string | undefined }> {
    const response = await t.app.inject({
      method: 'POST',
      url: options.token ? '/pre-signed-url' : '/public/pre-signed-url',
      headers: options.token ? bearer(options.token) : await botChecked(t.app),
      remoteAddress: options.address ?? '127.0.0.1',
      payload: {
        fileName: options.fileName ?? 'art.png',
        filePath: 'art',
        contentType: 'image/png',
      },
    });
    const answer = body<Signed>(response);
    return { status: response.statusCode, data: answer.data, message: answer.message };
  }

  const put = (signed: Signed, bytes: Buffer) =>
    t.app.inject({
      method: 'PUT',
      url: signed.preSignedUrl,
      headers: { 'content-type': 'image/png' },
      payload: bytes,
    });

  const read = async (signed: Signed) => {
    const response = await t.app.inject({ method: 'GET', url: signed.fileUrl });
    return response.statusCode === 200 ? response.rawPayload : null;
  };

  it('gives a file uploaded at the same moment under the same name a key of its own', async () => {
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now);
    let first: Signed;
    let second: Signed;
    try {
      first = (await presign({ token })).data;
      second = (await presign({ token })).data;
    } finally {
      vi.mocked(Date.now).mockRestore();
    }
    // The spec's short name when it is free, another short name when it is taken.
    expect(first.filePath.endsWith(`/art/${uploadFileName('art.png', now)}`)).toBe(true);
    expect(second.filePath).toMatch(/\/art\/[0-9a-f]{6}\.png$/);
    expect(second.filePath).not.toBe(first.filePath);
    expect((await put(first, png(FILE_BYTES, 1))).statusCode).toBe(200);
    expect((await put(second, png(FILE_BYTES, 2))).statusCode).toBe(200);
    expect((await read(first))?.equals(png(FILE_BYTES, 1))).toBe(true);
    expect((await read(second))?.equals(png(FILE_BYTES, 2))).toBe(true);
  });

  it('never overwrites a stored file when a multipart upload meets a taken name', async () => {
    const now = Date.now();
    const upload = async (fill: number) => {
      const boundary = '----names';
      const response = await t.app.inject({
        method: 'POST',
        url: '/upload',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          png(FILE_BYTES, fill),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      expect(response.statusCode).toBe(200);
      return body<Signed>(response).data;
    };
    vi.spyOn(Date, 'now').mockReturnValue(now);
    let first: Signed;
    let second: Signed;
    try {
      first = await upload(3);
      second = await upload(4);
    } finally {
      vi.mocked(Date.now).mockRestore();
    }
    expect(second.filePath).not.toBe(first.filePath);
    expect((await read(first))?.equals(png(FILE_BYTES, 3))).toBe(true);
    expect((await read(second))?.equals(png(FILE_BYTES, 4))).toBe(true);
  });

  it('takes one PUT per signed address, even two at once', async () => {
    const signed = (await presign({ token })).data;
    const [a, b] = await Promise.all([
      put(signed, png(FILE_BYTES, 5)),
      put(signed, png(FILE_BYTES, 6)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const stored = await read(signed);
    const winner = a.statusCode === 200 ? 5 : 6;
    expect(stored?.equals(png(FILE_BYTES, winner))).toBe(true);

    const again = await put(signed, png(FILE_BYTES, 7));
    expect(again.statusCode).toBe(403);
    expect(body(again).message).toBe('The upload address has already been used.');
    expect((await read(signed))?.equals(png(FILE_BYTES, winner))).toBe(true);
  });

  it('lets a refused PUT be tried again with the right file', async () => {
    const signed = (await presign({ token })).data;
    expect((await put(signed, Buffer.from('<html>not a png</html>'))).statusCode).toBe(422);
    expect((await put(signed, png(FILE_BYTES, 8))).statusCode).toBe(200);
  });

  it('rate-limits anonymous upload addresses per client address', async () => {
    const address = '198.51.100.7';
    for (let i = 0; i < RATE; i += 1) expect((await presign({ address })).status).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/public/pre-signed-url',
      remoteAddress: address,
      payload: { fileName: 'art.png' },
    });
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message).toMatch(
      /^Too many upload requests, please try again in \d+ seconds\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await presign({ address: '198.51.100.8' })).status).toBe(200);
  });

  it('caps the bytes one address stores anonymously per hour', async () => {
    const address = '198.51.100.20';
    const first = (await presign({ address })).data;
    const second = (await presign({ address })).data;
    const third = (await presign({ address })).data;
    expect(first.filePath).toMatch(/^s0\/public\/art\/[0-9a-f]{6}\.png$/);
    expect((await put(first, png(FILE_BYTES))).statusCode).toBe(200);
    expect((await put(second, png(FILE_BYTES))).statusCode).toBe(200);
    const over = await put(third, png(FILE_BYTES));
    expect(over.statusCode).toBe(429);
    expect(body(over).message).toBe(
      'Uploads without an account are limited to 1 KB per hour from one address; please try again later.',
    );
    expect(await read(third)).toBeNull();
    // A seller's own uploads are not counted against anyone's allowance.
    for (let i = 0; i < 3; i += 1) {
      const signed = (await presign({ token, address })).data;
      expect((await put(signed, png(FILE_BYTES))).statusCode).toBe(200);
    }
  });

  it('sweeps anonymous uploads nobody used, and keeps the ones a request named', async () => {
    const unused = (await presign({ address: '198.51.100.30' })).data;
    const used = (await presign({ address: '198.51.100.31' })).data;
    expect((await put(unused, png(FILE_BYTES))).statusCode).toBe(200);
    expect((await put(used, png(FILE_BYTES))).statusCode).toBe(200);
    const campaign = await t.app.inject({
      method: 'POST',
      url: '/seller/campaign',
      headers: bearer(token),
      payload: {
        name: 'Uses an anonymous upload',
        artwork_url: `http://localhost:3000${used.fileUrl}`,
        products: [{ template_id: templateId }],
      },
    });
    expect(campaign.statusCode).toBe(200);
    await t.app.db.query(
      `UPDATE uploads SET created_at = now() - interval '25 hours' WHERE file_path = ANY($1::text[])`,
      [[unused.filePath, used.filePath]],
    );
    const sweep = await sweepUploadStore({
      db: t.app.db,
      settings: t.app.config,
      blobDir: t.app.blobDir,
      log: t.app.log,
    });
    expect(sweep.removedUnused).toBe(1);
    expect(await read(unused)).toBeNull();
    expect(await read(used)).not.toBeNull();
  });

  it('forgets reservations whose address expired unused', async () => {
    const signed = (await presign({ token })).data;
    await t.app.db.query(
      `UPDATE uploads SET put_expires_at = now() - interval '1 minute' WHERE file_path = $1`,
      [signed.filePath],
    );
    const sweep = await sweepUploadStore({
      db: t.app.db,
      settings: t.app.config,
      blobDir: t.app.blobDir,
      log: t.app.log,
    });
    expect(sweep.forgotten).toBeGreaterThanOrEqual(1);
    expect(
      await t.app.db.query('SELECT 1 FROM uploads WHERE file_path = $1', [signed.filePath]),
    ).toHaveLength(0);
  });
});
