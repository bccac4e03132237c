import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

export { BLOB_FILE_PREFIX, BLOB_PUT_PREFIX } from '@printloom/core';

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

/**
 * Writes a file that must not exist yet (the file system refuses atomically: `wx`). False when a
 * file is already stored under the key.
 */
export async function writeNewBlob(root: string, key: string, bytes: Buffer): Promise<boolean> {
  const path = blobPath(root, key);
  await mkdir(dirname(path), { recursive: true });
  try {
    await writeFile(path, bytes, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Removes a stored file; one already gone is fine. */
export async function removeBlob(root: string, key: string): Promise<void> {
  await rm(blobPath(root, key), { force: true });
}

export async function readBlob(root: string, key: string): Promise<Buffer | null> {
  try {
    return await readFile(blobPath(root, key));
  } catch {
    return null;
  }
}
