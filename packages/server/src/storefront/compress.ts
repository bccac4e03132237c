/**
 * Compression of the storefront's answers (its HTML pages and its script): a buyer on a phone
 * pays for every byte before the first paint. Brotli when the browser accepts it, else gzip, else
 * the text as it is. Pages are compressed per answer at a fast level (a product page of about
 * 10 KB takes well under a millisecond); the script, the same bytes for every buyer, once at the
 * highest level.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with for an `Accept-Encoding` header (q=0 refuses one). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** Below this many bytes compression saves less than its header costs. */
const MIN_BYTES = 1024;

export function compress(text: string | Buffer, encoding: Encoding, best = false): Buffer {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  return encoding === 'br'
    ? brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzipSync(bytes, { level: best ? 9 : 6 });
}

/** What to send for a text answer: its bytes and the `Content-Encoding`, if any. */
export function encodedBody(
  text: string,
  acceptEncoding: string | string[] | undefined,
): { body: string | Buffer; encoding: Encoding | null } {
  const encoding = acceptedEncoding(acceptEncoding);
  if (!encoding || Buffer.byteLength(text) < MIN_BYTES) return { body: text, encoding: null };
  return { body: compress(text, encoding), encoding };
}

/**
 * A fixed text (the storefront script) held in every form it is sent in, compressed once, with
 * a version (a hash of the text) for a cache-busting address.
 */
export interface StaticText {
  version: string;
  plain: string;
  br: Buffer;
  gzip: Buffer;
}

export function staticText(text: string): StaticText {
  return {
    version: createHash('sha256').update(text).digest('hex').slice(0, 12),
    plain: text,
    br: compress(text, 'br', true),
    gzip: compress(text, 'gzip', true),
  };
}
