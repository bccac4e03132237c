import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
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
import { isBlockedAddress, SafeFetchError, safeFetch } from '../http/safeFetch.js';
import { createImageResizer, ImageRefusedError } from '../images/createImageResizer.js';

async function png(width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#1565c0';
  ctx.fillRect(0, 0, width, height);
  return canvas.encode('png');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A PNG whose header announces 20000 × 20000 RGB pixels (1.2 GB decoded) but whose data holds
 * only the first rows: decoding it would allocate the whole canvas before finding out, so the
 * only safe answer comes from the header.
 */
function pngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const firstRows = deflateSync(Buffer.alloc((side * 3 + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', firstRows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real HTTP server on every loopback address; it records each request it sees. */
async function startLoopbackServer(): Promise<{
  server: Server;
  port: number;
  seen: Array<{ url: string; host: string }>;
}> {
  const seen: Array<{ url: string; host: string }> = [];
  const image = await png(40, 20);
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', host: req.headers.host ?? '' });
    if (req.url === '/redirect') {
      res.writeHead(302, { location: '/secret' }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png' }).end(image);
  });
  // '::' takes IPv4 too (dual stack), so 127.0.0.1, ::1 and 0.0.0.0 all reach it.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '::', ipv6Only: false }, resolve);
  });
  return { server, port: (server.address() as AddressInfo).port, seen };
}

const REFUSED = 'This address cannot be fetched.';
const UNAVAILABLE = 'The image could not be fetched.';

describe('address checks', () => {
  it('refuses loopback, private, link-local, unique-local, CGNAT, multicast, reserved and unspecified addresses in every spelling', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::7f00:1',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '2001:db8::1',
      '2002:7f00:1::1',
      '2001::1',
      'not-an-address',
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
  });

  it('lets public addresses through, mapped and NAT64 forms included', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ]) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
  });
});

describe('safeFetch', () => {
  let loop: Awaited<ReturnType<typeof startLoopbackServer>>;
  beforeAll(async () => {
    loop = await startLoopbackServer();
  });
  afterAll(async () => {
    await new Promise((resolve) => loop.server.close(resolve));
  });

  it('resolves a name once and connects to exactly the checked address', async () => {
    const resolve = vi.fn(async () => [{ address: '127.0.0.1', family: 4 as const }]);
    const before = loop.seen.length;
    // Trusted (the own bucket) skips the range check but not the pinning: the system resolver
    // does not know this name, so the request can only arrive through the resolved address.
    const bytes = await safeFetch(new URL(`http://cdn.example.test:${loop.port}/a.png`), {
      maxBytes: 1024 * 1024,
      timeoutMs: 5_000,
      resolve,
      trusted: true,
    });
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(loop.seen.slice(before)).toEqual([
      { url: '/a.png', host: `cdn.example.test:${loop.port}` },
    ]);
  });

  it('never connects to a second answer of a rebinding name', async () => {
    // The first answer is public (and unreachable from here); the loopback one must not be used.
    const resolve = vi.fn(async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '127.0.0.1', family: 4 as const },
    ]);
    const before = loop.seen.length;
    const failure = await safeFetch(new URL(`http://rebind.example.test:${loop.port}/`), {
      maxBytes: 1024,
      timeoutMs: 500,
      resolve,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SafeFetchError);
    expect((failure as SafeFetchError).kind).toBe('unavailable');
    expect(loop.seen.length).toBe(before);
  });

  it('does not follow redirects', async () => {
    const before = loop.seen.length;
    const failure = await safeFetch(new URL(`http://127.0.0.1:${loop.port}/redirect`), {
      maxBytes: 1024,
      timeoutMs: 5_000,
      trusted: true,
    }).catch((error: unknown) => error);
    expect((failure as SafeFetchError).kind).toBe('unavailable');
    expect(loop.seen.slice(before).map((s) => s.url)).toEqual(['/redirect']);
  });

  it('gives a refused name and a closed port the same failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const kinds = await Promise.all([
      safeFetch(new URL(`http://inside.example.test:${loop.port}/`), {
        maxBytes: 1024,
        timeoutMs: 5_000,
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      }).catch((error: SafeFetchError) => error.kind),
      safeFetch(new URL(`http://127.0.0.1:${closedPort}/`), {
        maxBytes: 1024,
        timeoutMs: 5_000,
        trusted: true,
      }).catch((error: SafeFetchError) => error.kind),
    ]);
    expect(kinds).toEqual(['unavailable', 'unavailable']);
  });
});

describe('image resizer', () => {
  const resizer = () =>
    createImageResizer({ maxPixels: 50_000_000, concurrency: 2, webpQuality: 90 });

  it('refuses a bomb from its header without decoding it', async () => {
    const r = resizer();
    const decode = vi.spyOn(r.decodes, 'run');
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(300_000);
    const failure = await r.toWebp(bomb, { w: 100 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImageRefusedError);
    expect((failure as ImageRefusedError).kind).toBe('tooLarge');
    expect(decode).not.toHaveBeenCalled();
  });

  it('still fits a normal image inside the box as webp', async () => {
    const out = await resizer().toWebp(await png(400, 200), { w: 160, h: 200 });
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 160, 80]);
  });

  it('refuses bytes that are no image', async () => {
    const failure = await resizer()
      .toWebp(Buffer.from('<html>hello</html>'), {})
      .catch((error: unknown) => error);
    expect((failure as ImageRefusedError).kind).toBe('notImage');
  });
});

describe.each(BACKENDS)('GET /img on %s', (backend) => {
  let t: TestApp;
  let loop: Awaited<ReturnType<typeof startLoopbackServer>>;
  let token: string;
  beforeAll(async () => {
    loop = await startLoopbackServer();
    t = await createTestApp(backend, {
      // Names the tests use; anything else is unknown (no DNS leaves the machine).
      resolveHost: async (name) => {
        if (name === 'inside.example.test') return [{ address: '127.0.0.1', family: 4 }];
        throw new Error(`ENOTFOUND ${name}`);
      },
    });
    await createUser(t.app, { email: 'img@example.test' });
    token = await login(t.app, 'img@example.test');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => loop?.server.close(resolve));
  });

  const proxy = (url: string) =>
    t.app.inject({ method: 'GET', url: `/img?url=${encodeURIComponent(url)}&w=10` });

  it('reaches no loopback address, however it is written', async () => {
    const p = loop.port;
    const literals = [
      `http://[::ffff:127.0.0.1]:${p}/a.png`,
      `http://[::ffff:7f00:1]:${p}/a.png`,
      `http://[::1]:${p}/a.png`,
      `http://[::]:${p}/a.png`,
      `http://0.0.0.0:${p}/a.png`,
      `http://127.1:${p}/a.png`,
      `http://2130706433:${p}/a.png`,
      `http://0x7f000001:${p}/a.png`,
      `http://017700000001:${p}/a.png`,
      `http://[64:ff9b::7f00:1]:${p}/a.png`,
    ];
    for (const url of literals) {
      const response = await proxy(url);
      expect([url, response.statusCode, body(response).message]).toEqual([url, 403, REFUSED]);
    }
    // A name is judged by what it resolves to; that answer is the one every network failure gets.
    const named = await proxy(`http://inside.example.test:${p}/a.png`);
    expect([named.statusCode, body(named).message]).toEqual([502, UNAVAILABLE]);
    expect(loop.seen).toEqual([]);
  });

  it('answers a refused name, an open port and a closed port alike', async () => {
    const answers = await Promise.all(
      [
        `http://inside.example.test:${loop.port}/`,
        'http://inside.example.test:1/',
        'http://no-such-host.invalid/x.png',
      ].map(async (url) => {
        const response = await proxy(url);
        return [response.statusCode, body(response).message];
      }),
    );
    expect(answers).toEqual([
      [502, UNAVAILABLE],
      [502, UNAVAILABLE],
      [502, UNAVAILABLE],
    ]);
    expect(loop.seen).toEqual([]);
  });

  it('refuses an image bomb from its header and still resizes a normal image', async () => {
    async function stored(bytes: Buffer, fileName: string): Promise<string> {
      const signed = body<{ preSignedUrl: string; fileUrl: string }>(
        await t.app.inject({
          method: 'POST',
          url: '/pre-signed-url',
          headers: bearer(token),
          payload: { fileName, filePath: 'img', contentType: 'image/png' },
        }),
      ).data;
      const put = await t.app.inject({
        method: 'PUT',
        url: signed.preSignedUrl,
        headers: { 'content-type': 'image/png' },
        payload: bytes,
      });
      expect(put.statusCode).toBe(200);
      return `http://localhost:80${signed.fileUrl}`;
    }
    const bombUrl = await stored(pngBomb(), 'bomb.png');
    // Peak memory of this process: decoding the bomb would add over a gigabyte to it.
    const peakBefore = process.resourceUsage().maxRSS;
    const bomb = await t.app.inject({
      method: 'GET',
      url: `/img?url=${encodeURIComponent(bombUrl)}&w=100`,
      headers: { host: 'localhost:80' },
    });
    expect([bomb.statusCode, body(bomb).message]).toEqual([413, 'The image is too large.']);
    const peakGrowthMb = (process.resourceUsage().maxRSS - peakBefore) / 1024;
    expect(peakGrowthMb).toBeLessThan(300);
    const normal = await t.app.inject({
      method: 'GET',
      url: `/img?url=${encodeURIComponent(await stored(await png(300, 300), 'ok.png'))}&w=100`,
      headers: { host: 'localhost:80' },
    });
    expect(normal.statusCode).toBe(200);
    const meta = await sharp(normal.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 100, 100]);
  });
});

describe('image proxy rate limit', () => {
  it('answers 429 once an address used its budget', async () => {
    const t = await createTestApp('pglite', { imageRateLimit: 2 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/img?url=${encodeURIComponent('http://10.0.0.1/a.png')}`,
        });
        codes.push(response.statusCode);
      }
      expect(codes).toEqual([403, 403, 429]);
    } finally {
      await t.close();
    }
  });
});
