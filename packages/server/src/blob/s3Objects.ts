import { presignS3, type S3Config } from './s3Presign.js';

/** How long the server waits for the bucket on one request. */
const BUCKET_TIMEOUT_MS = 10_000;
/** Lifetime of the signed addresses the server uses itself: one request, right away. */
const OWN_REQUEST_TTL_SECONDS = 60;

/** The bucket did not answer as S3 does (down, refused our key, unexpected status). */
export class BucketError extends Error {
  override readonly name = 'BucketError';
}

export interface ObjectHead {
  /** The first bytes of the object (fewer when it is shorter). */
  bytes: Buffer;
  /** Its whole size in bytes. */
  size: number;
}

function signed(config: S3Config, method: 'GET' | 'DELETE', key: string): string {
  return presignS3(config, {
    method,
    key,
    expiresIn: OWN_REQUEST_TTL_SECONDS,
    now: new Date(),
  });
}

/**
 * The first `count` bytes and the size of an object, by one ranged GET; null when the object
 * does not exist. A bucket that ignores Range answers 200 with the whole body: only the first
 * bytes are read and the stream is dropped.
 */
export async function readObjectHead(
  config: S3Config,
  key: string,
  count = 16,
): Promise<ObjectHead | null> {
  let response: Response;
  try {
    response = await fetch(signed(config, 'GET', key), {
      headers: { range: `bytes=0-${count - 1}` },
      signal: AbortSignal.timeout(BUCKET_TIMEOUT_MS),
    });
  } catch (error) {
    throw new BucketError(`bucket GET ${key} failed: ${(error as Error).message}`);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  // An empty object has no byte 0: S3 answers 416 to the range.
  if (response.status === 416) {
    await response.body?.cancel();
    return { bytes: Buffer.alloc(0), size: 0 };
  }
  if (response.status !== 200 && response.status !== 206) {
    await response.body?.cancel();
    throw new BucketError(`bucket GET ${key} answered ${response.status}`);
  }
  const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
  const length = response.headers.get('content-length');
  const bytes = await firstBytes(response, count);
  const size =
    total !== undefined
      ? Number(total)
      : response.status === 200 && length !== null
        ? Number(length)
        : Number.NaN;
  if (!Number.isFinite(size)) throw new BucketError(`bucket GET ${key} gave no object size`);
  return { bytes, size };
}

async function firstBytes(response: Response, count: number): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Buffer[] = [];
  let read = 0;
  try {
    while (read < count) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(Buffer.from(value));
      read += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, count);
}

/** Deletes an object; deleting one that is already gone succeeds, as in S3. */
export async function deleteObject(config: S3Config, key: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(signed(config, 'DELETE', key), {
      method: 'DELETE',
      signal: AbortSignal.timeout(BUCKET_TIMEOUT_MS),
    });
  } catch (error) {
    throw new BucketError(`bucket DELETE ${key} failed: ${(error as Error).message}`);
  }
  await response.body?.cancel();
  if (!response.ok && response.status !== 404) {
    throw new BucketError(`bucket DELETE ${key} answered ${response.status}`);
  }
}
