import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, encodedBody, staticText } from './compress.js';

describe('storefront compression', () => {
  it('picks brotli, then gzip, from what the browser accepts', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding(['deflate', 'gzip'])).toBe('gzip');
  });

  it('compresses a page the browser can read back, and leaves a short one alone', () => {
    const page = `<!doctype html><p>${'Cat Lovers Tee '.repeat(400)}</p>`;
    const br = encodedBody(page, 'br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString()).toBe(page);
    expect((br.body as Buffer).length).toBeLessThan(page.length / 10);
    const gz = encodedBody(page, 'gzip');
    expect(gunzipSync(gz.body as Buffer).toString()).toBe(page);
    expect(encodedBody(page, undefined)).toEqual({ body: page, encoding: null });
    expect(encodedBody('<p>short</p>', 'br')).toEqual({ body: '<p>short</p>', encoding: null });
  });

  it('holds a fixed text compressed once, versioned by its content', () => {
    const a = staticText('console.log("a");'.repeat(100));
    expect(brotliDecompressSync(a.br).toString()).toBe(a.plain);
    expect(gunzipSync(a.gzip).toString()).toBe(a.plain);
    expect(a.version).toMatch(/^[0-9a-f]{12}$/);
    expect(staticText('other').version).not.toBe(a.version);
  });
});
