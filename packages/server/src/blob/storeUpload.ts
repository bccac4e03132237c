/**
 * Files that arrive through the server — a multipart `/upload`, or a PUT to one of its own
 * signed addresses (the local store, and anonymous uploads in either store) — are checked by
 * their bytes and written under a key no other file has: the uploads row is made first (its key
 * is unique) and the object is written only if none exists (`wx` on disk, `If-None-Match: *` on
 * S3). A signed address is spent by its first successful PUT; anonymous uploads count against
 * their client address's hourly allowance.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerSettings } from '../config.js';
import type { Db } from '../db/Db.js';
import { conflict, forbidden, httpError, unprocessable } from '../http/errors.js';
import {
  claimUploadPut,
  clientBytesLastHour,
  deleteUpload,
  insertStoredUpload,
  lockClientAddress,
  lockUploadForPut,
} from '../sql/uploads.js';
import { removeBlob, writeNewBlob } from './blobStore.js';
import { bytesMatchType, FILE_TYPE_MESSAGES, typeOfName } from './fileTypes.js';
import { BucketError, deleteObject, putNewObject } from './s3Objects.js';
import { PUBLIC_OWNER, takeUploadKey } from './uploadKeys.js';

export const STORE_MESSAGES = {
  addressUsed: 'The upload address has already been used.',
  keyTaken: 'A file is already stored at this address.',
  uploadFailed: 'Upload file failed',
} as const;

/** 20 MB, 512 KB: the allowance as a person reads it. */
function readableBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Math.round(mb * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function publicAllowanceMessage(bytesPerHour: number): string {
  return `Uploads without an account are limited to ${readableBytes(bytesPerHour)} per hour from one address; please try again later.`;
}

export interface UploadStoreEnv {
  db: Db;
  settings: ServerSettings;
  blobDir: string;
  log: FastifyBaseLogger;
}

/** The file's type by its name, once its bytes are known to be of that type and size. */
export function checkedType(settings: ServerSettings, name: string, bytes: Buffer): string {
  const type = typeOfName(name);
  if (!type) throw unprocessable(FILE_TYPE_MESSAGES.notAllowed);
  if (bytes.length === 0) throw unprocessable(FILE_TYPE_MESSAGES.empty);
  if (bytes.length > settings.uploadMaxBytes) throw httpError(413, FILE_TYPE_MESSAGES.tooLarge);
  if (!bytesMatchType(type, bytes)) throw unprocessable(FILE_TYPE_MESSAGES.mismatch);
  return type;
}

/** Writes a new object; false when the key already holds one. */
async function writeNewObject(
  env: UploadStoreEnv,
  key: string,
  bytes: Buffer,
  type: string,
): Promise<boolean> {
  const s3 = env.settings.s3;
  if (!s3) return writeNewBlob(env.blobDir, key, bytes);
  try {
    return await putNewObject(s3, key, bytes, type);
  } catch (error) {
    if (!(error instanceof BucketError)) throw error;
    env.log.error({ err: error, key }, 'bucket upload failed');
    throw httpError(502, STORE_MESSAGES.uploadFailed);
  }
}

/** Removes a stored object from whichever store holds it. */
export async function removeStoredObject(env: UploadStoreEnv, key: string): Promise<void> {
  const s3 = env.settings.s3;
  if (s3) await deleteObject(s3, key);
  else await removeBlob(env.blobDir, key);
}

/** A new file through the server (multipart `/upload`): checked, named, written. Returns its key. */
export async function storeNewUpload(
  env: UploadStoreEnv,
  file: { owner: number; folder: string; fileName: string; bytes: Buffer },
): Promise<string> {
  const type = checkedType(env.settings, file.fileName, file.bytes);
  return takeUploadKey(file, async (key) => {
    const recorded = await insertStoredUpload(env.db, {
      sellerId: file.owner === PUBLIC_OWNER ? null : file.owner,
      filePath: key,
      contentType: type,
      size: file.bytes.length,
    });
    if (!recorded) return false;
    let written = false;
    try {
      written = await writeNewObject(env, key, file.bytes, type);
    } finally {
      if (!written) await deleteUpload(env.db, key);
    }
    return written;
  });
}

/**
 * The one use of a signed PUT address of the server's: checks the bytes, spends the address
 * (a second PUT is refused, also one racing the first), keeps anonymous uploads within their
 * address's hourly allowance, then writes the file.
 */
export async function storeSignedPut(
  env: UploadStoreEnv,
  put: { owner: number; key: string; bytes: Buffer },
): Promise<void> {
  const type = checkedType(env.settings, put.key, put.bytes);
  await env.db.transaction(async (tx) => {
    const reserved = await lockUploadForPut(tx, put.key);
    if (reserved?.put_used_at) throw forbidden(STORE_MESSAGES.addressUsed);
    const address = reserved?.client_address;
    if (address) {
      await lockClientAddress(tx, address);
      const stored = await clientBytesLastHour(tx, address);
      const allowance = env.settings.publicUploadBytesPerHour;
      if (stored + put.bytes.length > allowance) {
        throw httpError(429, publicAllowanceMessage(allowance));
      }
    }
    await claimUploadPut(tx, {
      sellerId: put.owner === PUBLIC_OWNER ? null : put.owner,
      filePath: put.key,
      contentType: type,
      size: put.bytes.length,
    });
  });
  let written: boolean;
  try {
    written = await writeNewObject(env, put.key, put.bytes, type);
  } catch (error) {
    // Nothing was stored: the address may be tried again.
    await deleteUpload(env.db, put.key);
    throw error;
  }
  if (!written) throw conflict(STORE_MESSAGES.keyTaken);
}
