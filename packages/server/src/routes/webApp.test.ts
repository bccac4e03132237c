import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionMarkerOf } from '../http/authContext.js';
import { IMMUTABLE_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL, registerWebApp } from './webApp.js';

const INDEX = `<!doctype html><title>Seller Dashboard</title>${'<!-- padding -->'.repeat(40)}`;
const ENTRY = `console.log("dashboard");${' '.repeat(2000)}`;
const ENTRY_PATH = '/assets/index-dstbEyH7.js';

/** A dist directory as `vite build` writes it: each text file with its .br and .gz beside it. */
async function writeDist(dir: string): Promise<void> {
  const files: Record<string, string> = {
    'index.html': INDEX,
    [ENTRY_PATH.slice(1)]: ENTRY,
    'fonts/Roboto.ttf': 'not really a font'.repeat(100),
  };
  await mkdir(join(dir, 'assets'));
  await mkdir(join(dir, 'fonts'));
  for (const [name, text] of Object.entries(files)) {
    await writeFile(join(dir, name), text);
    await writeFile(join(dir, `${name}.br`), brotliCompressSync(text));
    await writeFile(join(dir, `${name}.gz`), gzipSync(text));
  }
}

describe('the dashboard as the server sends it', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'printloom-web-'));
    await writeDist(dir);
    app = Fastify();
    await app.register(fastifyCookie);
    expect(await registerWebApp(app, dir)).toBe(true);
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends index.html brotli-compressed and revalidated on every load', async () => {
    for (const url of ['/', '/campaigns/edit/12']) {
      const answer = await app.inject({
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
      expect(answer.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(INDEX);
    }
  });

  it('gives a page load whose session cookie lacks its marker the marker, and only then', async () => {
    const marker = sessionMarkerOf('token-1');
    const page = (cookie?: string) =>
      app.inject({
        url: '/orders',
        headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      });
    const setMarker = (answer: Awaited<ReturnType<typeof page>>) =>
      answer.cookies.find((c) => c.name === 'auth_session')?.value;
    expect(setMarker(await page('auth_token=token-1'))).toBe(marker);
    expect(setMarker(await page('auth_token=token-1; auth_session=another'))).toBe(marker);
    expect(setMarker(await page(`auth_token=token-1; auth_session=${marker}`))).toBeUndefined();
    expect(setMarker(await page())).toBeUndefined();
    const asset = await app.inject({ url: ENTRY_PATH, headers: { cookie: 'auth_token=token-1' } });
    expect(asset.cookies).toEqual([]);
  });

  it('caches a hashed asset for a year as immutable, gzip for a browser without brotli', async () => {
    const answer = await app.inject({
      url: ENTRY_PATH,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toContain('javascript');
    expect(answer.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(gunzipSync(answer.rawPayload).toString()).toBe(ENTRY);
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    const answer = await app.inject({
      url: ENTRY_PATH,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(ENTRY);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
  });

  it('revalidates files whose names carry no hash', async () => {
    const answer = await app.inject({
      url: '/fonts/Roboto.ttf',
      headers: { 'accept-encoding': 'br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
  });

  it('answers a missing asset with the JSON 404, not index.html', async () => {
    const answer = await app.inject({
      url: '/assets/gone-00000000.js',
      headers: { accept: '*/*', 'accept-encoding': 'br' },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ success: false, message: 'Not found.' });
  });
});
