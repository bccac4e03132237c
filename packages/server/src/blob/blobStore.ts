import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { API, pathPrefix } from '@printloom/core';

/** Where the local blob store takes signed PUTs and serves stored files (the route table's). */
export const BLOB_PUT_PREFIX = pathPrefix(API.uploads.blobPut);
export const BLOB_FILE_PREFIX = pathPrefix(API.uploads.blobGet);

export type SignedMethod = 'PUT';

/** What a signature covers: method, key, expiry and the content type if one was bound. */
function payload(method: SignedMethod, key: string, expires: number, contentType: string): string {
  return `${method}\n${key}\n${expires}\n${contentType}`;
}

export function sign(
  secret: string,
  method: SignedMethod,
  key: string,
  expires: number,
  contentType = '',
): string {
  return createHmac('sha256', secret)
    .update(payload(method, key, expires, contentType))
    .digest('base64url');
}

export type SignatureCheck = 'ok' | 'expired' | 'invalid';

export function checkSignature(
  secret: string,
  method: SignedMethod,
  key: string,
  expires: number,
  contentType: string,
  signature: string,
  nowSeconds: number,
): SignatureCheck {
  const expected = Buffer.from(sign(secret, method, key, expires, contentType));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return nowSeconds > expires ? 'expired' : 'ok';
}

/** Keys start with the owning seller: `s{sellerId}/...`. */
export function keyOwner(key: string): number | null {
  const match = /^s(\d+)\//.exec(key);
  return match ? Number(match[1]) : null;
}

/** A key resolved inside the store; '..' or absolute keys never leave it. */
export function blobPath(root: string, key: string): string {
  const path = normalize(join(root, key));
  if (!path.startsWith(normalize(root) + sep)) throw new Error('Key escapes the blob store');
  return path;
}

export async function writeBlob(root: string, key: string, bytes: Buffer): Promise<void> {
  const path = blobPath(root, key);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
}

export async function readBlob(root: string, key: string): Promise<Buffer | null> {
  try {
    return await readFile(blobPath(root, key));
  } catch {
    return null;
  }
}
