import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  PutObjectCommand,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { s3Client } from './s3Client.js';

/** The bucket did not answer as S3 does (down, refused our key, unexpected status). */
export class BucketError extends Error {
  override readonly name = 'BucketError';
}

export interface ObjectHead {
  /** The first bytes of the object (fewer when it is shorter). */
  bytes: Buffer;
  /** Its whole size in bytes. */
  size: number;
  /** Its entity tag: changes whenever the object is written again. */
  etag: string | null;
}

const statusOf = (error: unknown): number | undefined =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

function bucketError(action: string, key: string, error: unknown): BucketError {
  const status = statusOf(error);
  return new BucketError(
    status === undefined
      ? `bucket ${action} ${key} failed: ${(error as Error).message}`
      : `bucket ${action} ${key} answered ${status}`,
  );
}

/**
 * The first `count` bytes, the size and the entity tag of an object, by one ranged GET; null when
 * the object does not exist. A bucket that ignores Range answers 200 with the whole body: only the
 * first bytes are read and the stream is dropped.
 */
export async function readObjectHead(
  config: S3Config,
  key: string,
  count = 16,
): Promise<ObjectHead | null> {
  let response: GetObjectCommandOutput;
  try {
    response = await s3Client(config).send(
      new GetObjectCommand({ Bucket: config.bucket, Key: key, Range: `bytes=0-${count - 1}` }),
    );
  } catch (error) {
    const status = statusOf(error);
    if (status === 404) return null;
    // An empty object has no byte 0: S3 answers 416 to the range.
    if (status === 416) return { bytes: Buffer.alloc(0), size: 0, etag: null };
    throw bucketError('GET', key, error);
  }
  const total = /\/(\d+)$/.exec(response.ContentRange ?? '')?.[1];
  // In Node the SDK's body is the response stream.
  const bytes = await firstBytes(response.Body as Readable | undefined, count);
  const size =
    total !== undefined
      ? Number(total)
      : response.ContentRange === undefined && response.ContentLength !== undefined
        ? response.ContentLength
        : Number.NaN;
  if (!Number.isFinite(size)) throw new BucketError(`bucket GET ${key} gave no object size`);
  return { bytes, size, etag: response.ETag ?? null };
}

async function firstBytes(body: Readable | undefined, count: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let read = 0;
  try {
    for await (const chunk of body) {
      const buffer = Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      read += buffer.length;
      if (read >= count) break;
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, count);
}

/** The whole object; null when it does not exist. */
export async function readObject(config: S3Config, key: string): Promise<Buffer | null> {
  let response: GetObjectCommandOutput;
  try {
    response = await s3Client(config).send(
      new GetObjectCommand({ Bucket: config.bucket, Key: key }),
    );
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw bucketError('GET', key, error);
  }
  const body = response.Body as Readable | undefined;
  if (!body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Deletes an object; deleting one that is already gone succeeds, as in S3. */
export async function deleteObject(config: S3Config, key: string): Promise<void> {
  try {
    await s3Client(config).send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
  } catch (error) {
    if (statusOf(error) === 404) return;
    throw bucketError('DELETE', key, error);
  }
}

/**
 * Writes a new object, never over an existing one: the PUT carries `If-None-Match: *` (S3
 * conditional writes), so the bucket itself refuses when the key is taken. Returns false then
 * (412, or 409 while another conditional write of the same key is in flight).
 */
export async function putNewObject(
  config: S3Config,
  key: string,
  bytes: Buffer,
  contentType: string,
): Promise<boolean> {
  try {
    await s3Client(config).send(
      new PutObjectCommand({
        Bucket: config.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        IfNoneMatch: '*',
      }),
    );
    return true;
  } catch (error) {
    const status = statusOf(error);
    if (status === 412 || status === 409) return false;
    throw bucketError('PUT', key, error);
  }
}
