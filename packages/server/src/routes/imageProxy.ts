import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { API, IMAGE_PRESETS, type ImageProxyQuery } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { BLOB_FILE_PREFIX, readBlob } from '../blob/blobStore.js';
import { imageTypeOfBytes } from '../blob/fileTypes.js';
import { objectUrl } from '../blob/s3Presign.js';
import { forbidden, httpError, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';

/** Limits of the image proxy: source bytes, decoded pixels (50 MP) and fetch time. */
export const IMAGE_PROXY_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGE_PROXY_MAX_PIXELS = 50_000_000;
export const IMAGE_PROXY_TIMEOUT_MS = 10_000;
/** webp quality of the spec's image presets (§9). */
export const IMAGE_PROXY_WEBP_QUALITY = 90;

export const IMAGE_PROXY_MESSAGES = {
  blocked: 'This address cannot be fetched.',
  fetchFailed: 'The image could not be fetched.',
  notImage: 'The address is not an image.',
  tooLarge: 'The image is too large.',
} as const;

/** Loopback, private, link-local, CGNAT, unspecified and multicast ranges are never fetched. */
export function isBlockedAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  const lower = address.toLowerCase();
  if (lower.startsWith('::ffff:')) return isBlockedAddress(lower.slice(7));
  return (
    lower === '::' ||
    lower === '::1' ||
    lower.startsWith('fe8') ||
    lower.startsWith('fe9') ||
    lower.startsWith('fea') ||
    lower.startsWith('feb') ||
    lower.startsWith('fc') ||
    lower.startsWith('fd') ||
    lower.startsWith('ff')
  );
}

async function fetchLimited(url: URL, trusted: boolean): Promise<Buffer> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw httpError(502, IMAGE_PROXY_MESSAGES.fetchFailed);
  }
  if (!trusted && (addresses.length === 0 || addresses.some(isBlockedAddress))) {
    throw forbidden(IMAGE_PROXY_MESSAGES.blocked);
  }
  let response: Response;
  try {
    // Redirects are not followed: a redirect could point at an internal address.
    response = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(IMAGE_PROXY_TIMEOUT_MS),
    });
  } catch {
    throw httpError(502, IMAGE_PROXY_MESSAGES.fetchFailed);
  }
  if (!response.ok || !response.body) throw httpError(502, IMAGE_PROXY_MESSAGES.fetchFailed);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > IMAGE_PROXY_MAX_BYTES) throw httpError(413, IMAGE_PROXY_MESSAGES.tooLarge);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** Fits the image inside w×h (either may be missing) and encodes webp q90. */
export async function resizeToWebp(bytes: Buffer, w?: number, h?: number): Promise<Buffer> {
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(bytes);
  } catch {
    throw unprocessable(IMAGE_PROXY_MESSAGES.notImage);
  }
  if (image.width * image.height > IMAGE_PROXY_MAX_PIXELS) {
    throw httpError(413, IMAGE_PROXY_MESSAGES.tooLarge);
  }
  const scale = Math.min(1, w ? w / image.width : 1, h ? h / image.height : 1);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(image, 0, 0, width, height);
  return canvas.encode('webp', IMAGE_PROXY_WEBP_QUALITY);
}

/**
 * The source bytes unchanged, once they are known to be an image (`original=1`): a bulk worker
 * draws print files from them, where the resized WebP would lose detail.
 */
export function originalImage(bytes: Buffer): Buffer {
  if (!imageTypeOfBytes(bytes)) throw unprocessable(IMAGE_PROXY_MESSAGES.notImage);
  return bytes;
}

export async function registerImageProxy(app: FastifyInstance): Promise<void> {
  const cacheDir = join(app.blobDir, '.img-cache');
  // The configured bucket may sit on a private network (MinIO next to the API): it is the own
  // blob store, so it is exempt from the address check.
  const s3 = app.config.s3;
  const trustedOrigins = new Set(
    s3
      ? [
          new URL(objectUrl(s3, 'x')).origin,
          ...(s3.publicUrl ? [new URL(s3.publicUrl).origin] : []),
        ]
      : [],
  );
  registerGroup(app, API.images, {
    proxy: async ({ request, reply }) => {
      const query = request.query as ImageProxyQuery;
      const url = new URL(query.url);
      // The thumbnail form (spec §7: url, is_thumbnail, token) fits the thumb preset (§9). Its
      // token is accepted and not needed: stored files are public, and no other host gets it.
      const thumbnail = query.is_thumbnail === '1' || query.is_thumbnail === 'true';
      const original = query.original === '1' || query.original === 'true';
      const w = thumbnail ? IMAGE_PRESETS.thumb.width : query.w;
      const h = thumbnail ? IMAGE_PRESETS.thumb.height : query.h;
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw forbidden(IMAGE_PROXY_MESSAGES.blocked);
      const cacheKey = createHash('sha256')
        .update(`${query.url}|${w ?? ''}|${h ?? ''}${original ? '|original' : ''}`)
        .digest('hex');
      const cached = join(cacheDir, `${cacheKey}.${original ? 'original' : 'webp'}`);
      let out: Buffer | null = await readFile(cached).catch(() => null);
      if (!out) {
        let source: Buffer;
        // The own blob store is read from disk; every other host goes through the SSRF check.
        const ownHost = new URL(`${request.protocol}://${request.host}`).host;
        if (url.host === ownHost && url.pathname.startsWith(BLOB_FILE_PREFIX)) {
          const blob = await readBlob(
            app.blobDir,
            decodeURIComponent(url.pathname.slice(BLOB_FILE_PREFIX.length)),
          );
          if (!blob) throw httpError(404, IMAGE_PROXY_MESSAGES.fetchFailed);
          source = blob;
        } else {
          source = await fetchLimited(url, trustedOrigins.has(url.origin));
        }
        const resized = original ? originalImage(source) : await resizeToWebp(source, w, h);
        await mkdir(cacheDir, { recursive: true });
        await writeFile(cached, resized);
        out = resized;
      }
      reply.header(
        'content-type',
        original ? (imageTypeOfBytes(out) ?? 'application/octet-stream') : 'image/webp',
      );
      reply.header('cache-control', 'public, max-age=86400');
      return reply.send(out);
    },
  });
}
