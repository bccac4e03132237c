import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API, IMAGE_PRESETS, type ImageProxyQuery } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { BLOB_FILE_PREFIX, readBlob } from '../blob/blobStore.js';
import { imageTypeOfBytes } from '../blob/fileTypes.js';
import { objectUrl } from '../blob/s3Presign.js';
import { forbidden, httpError, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { SafeFetchError, safeFetch } from '../http/safeFetch.js';
import { createImageResizer, ImageRefusedError } from '../images/createImageResizer.js';

export { isBlockedAddress } from '../http/safeFetch.js';

/** Limits of the image proxy: source bytes, decoded pixels (50 MP) and fetch time. */
export const IMAGE_PROXY_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGE_PROXY_MAX_PIXELS = 50_000_000;
export const IMAGE_PROXY_TIMEOUT_MS = 10_000;
/** webp quality of the spec's image presets (§9). */
export const IMAGE_PROXY_WEBP_QUALITY = 90;
/** Decodes at once: each may hold up to ~200 MB (50 MP × 4 bytes) on 2 cores. */
export const IMAGE_PROXY_DECODE_CONCURRENCY = 2;

export const IMAGE_PROXY_MESSAGES = {
  blocked: 'This address cannot be fetched.',
  fetchFailed: 'The image could not be fetched.',
  notImage: 'The address is not an image.',
  tooLarge: 'The image is too large.',
} as const;

/**
 * Answers of a failed fetch. An address literal the URL itself names is refused as such (403):
 * nothing was looked up or contacted, so the answer tells the caller nothing new. Everything
 * that touched DNS or the network — a name resolving to a refused address included — is the one
 * 502, so the proxy cannot tell anyone which internal hosts and ports exist.
 */
function fetchFailure(error: unknown): Error {
  if (!(error instanceof SafeFetchError)) return error as Error;
  if (error.kind === 'refusedLiteral') return forbidden(IMAGE_PROXY_MESSAGES.blocked);
  if (error.kind === 'tooLarge') return httpError(413, IMAGE_PROXY_MESSAGES.tooLarge);
  return httpError(502, IMAGE_PROXY_MESSAGES.fetchFailed);
}

function imageFailure(error: unknown): Error {
  if (!(error instanceof ImageRefusedError)) return error as Error;
  return error.kind === 'tooLarge'
    ? httpError(413, IMAGE_PROXY_MESSAGES.tooLarge)
    : unprocessable(IMAGE_PROXY_MESSAGES.notImage);
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
  const resizer = createImageResizer({
    maxPixels: IMAGE_PROXY_MAX_PIXELS,
    concurrency: IMAGE_PROXY_DECODE_CONCURRENCY,
    webpQuality: IMAGE_PROXY_WEBP_QUALITY,
  });
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
          source = await safeFetch(url, {
            maxBytes: IMAGE_PROXY_MAX_BYTES,
            timeoutMs: IMAGE_PROXY_TIMEOUT_MS,
            resolve: app.config.resolveHost,
            trusted: trustedOrigins.has(url.origin),
          }).catch((error: unknown) => {
            if (error instanceof SafeFetchError) {
              request.log.info({ reason: error.kind, detail: error.message }, 'image not fetched');
            }
            throw fetchFailure(error);
          });
        }
        const resized = original
          ? originalImage(source)
          : await resizer.toWebp(source, { w, h }).catch((error: unknown) => {
              throw imageFailure(error);
            });
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
