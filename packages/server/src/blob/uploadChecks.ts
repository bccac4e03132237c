/**
 * "Images are checked by their bytes, not their name" for uploads that go straight to an
 * S3-compatible bucket, which the server never sees arrive. Each such upload is recorded when
 * its signed PUT is handed out; the first time a request names it (a campaign's artwork, a bulk
 * row's design, a saved mockup …) its first bytes are read with one ranged GET and must be what
 * its extension says. An object that is not — or is empty, or over the upload size limit — is
 * deleted from the bucket and the request is refused. Because the signed PUT can overwrite the
 * object until it expires, an upload stays unsettled and is checked on each use until then, and
 * a sweep checks every upload once more after its address has expired.
 *
 * An address is meant for one upload. S3 cannot make a presigned URL single-use: the bucket
 * accepts every PUT to it until `X-Amz-Expires` (a conditional write, `If-None-Match: *`, would
 * refuse the second one, but only when the uploader sends that header itself, and the dashboard
 * and CLI uploads do not). So the server records the object's ETag when it first accepts its bytes
 * and refuses to accept different bytes under that key again: an object whose ETag changed was
 * PUT a second time, and is deleted and refused like a file of the wrong type.
 */
import type { FieldErrors } from '@printloom/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/Db.js';
import { httpError, unprocessable } from '../http/errors.js';
import {
  deleteUpload,
  expiredUnsettledUploads,
  markUploadVerified,
  type UnsettledUpload,
  unsettledUploads,
} from '../sql/uploads.js';
import { bytesMatchType, FILE_TYPE_MESSAGES, typeOfName } from './fileTypes.js';
import { BucketError, deleteObject, readObjectHead } from './s3Objects.js';
import { objectUrl, type S3Config } from './s3Presign.js';

export const UPLOAD_CHECK_MESSAGES = {
  notUploaded: 'The file has not been uploaded yet.',
  bucketDown: 'Could not check the uploaded file, please try again.',
  replaced: 'The file was replaced after it was uploaded; please upload it again.',
} as const;

/** Bytes read from the start of an object: enough for every signature (WebP needs 12). */
const HEAD_BYTES = 16;
/** Strings longer than this are not addresses; JSON text up to the body limit is looked into. */
const MAX_ADDRESS_LENGTH = 2048;
const MAX_DEPTH = 8;
/** Keys checked per request at most; a body naming more is refused rather than stalling. */
export const MAX_UPLOADS_PER_REQUEST = 500;
const KEY_PATTERN = /^s\d+\/[^\s?#]+$/;

/** Stored files of the local store are read at `/files/{key}`, on whatever host serves the API. */
const LOCAL_FILE_ADDRESS = /^(?:https?:\/\/[^/?#]+)?\/files\//;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What addresses of stored files start with: the bucket's public URL and its own, or the local
 * store's `/files/`.
 */
function addressPrefixes(s3: S3Config | undefined): RegExp[] {
  if (!s3) return [LOCAL_FILE_ADDRESS];
  const own = objectUrl({ ...s3, publicUrl: undefined }, 'k').slice(0, -1);
  const pub = objectUrl(s3, 'k').slice(0, -1);
  return [...new Set([pub, own])].map((prefix) => new RegExp(`^${escapeRegExp(prefix)}`));
}

function keyOf(value: string, prefixes: readonly RegExp[]): string | null {
  if (KEY_PATTERN.test(value)) return value;
  for (const prefix of prefixes) {
    const match = prefix.exec(value);
    if (!match) continue;
    const rest = value.slice(match[0].length).split(/[?#]/)[0] ?? '';
    try {
      const key = rest.split('/').map(decodeURIComponent).join('/');
      return KEY_PATTERN.test(key) ? key : null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Every stored file a request body names — as its address (the bucket's, or the local store's
 * `/files/…` when `s3` is undefined) or as its bare key, also inside JSON text fields (bulk
 * `designs`) — with the field path it was found at.
 */
export function uploadKeysIn(body: unknown, s3: S3Config | undefined): Map<string, string> {
  const prefixes = addressPrefixes(s3);
  const found = new Map<string, string>();
  const visit = (value: unknown, path: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (typeof value === 'string') {
      if (value.length <= MAX_ADDRESS_LENGTH) {
        const key = keyOf(value, prefixes);
        if (key && !found.has(key)) found.set(key, path || 'file');
      }
      const first = value.trimStart()[0];
      if (first === '[' || first === '{') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(value);
        } catch {
          return;
        }
        visit(parsed, path, depth + 1);
      }
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        visit(item, path ? `${path}.${i}` : String(i), depth + 1);
      });
      return;
    }
    if (value && typeof value === 'object') {
      for (const [name, item] of Object.entries(value))
        visit(item, path ? `${path}.${name}` : name, depth + 1);
    }
  };
  visit(body, '', 0);
  return found;
}

export interface UploadCheckEnv {
  db: Db;
  s3: S3Config;
  maxBytes: number;
  log: FastifyBaseLogger;
}

type Verdict =
  | { ok: true; size: number; etag: string | null }
  | { ok: false; status: number; message: string; remove: boolean };

/** Whether the object under an upload's key is the one upload it may be. */
async function judge(env: UploadCheckEnv, row: UnsettledUpload): Promise<Verdict> {
  const key = row.file_path;
  const head = await readObjectHead(env.s3, key, HEAD_BYTES);
  if (!head)
    return { ok: false, status: 422, message: UPLOAD_CHECK_MESSAGES.notUploaded, remove: false };
  if (head.size === 0)
    return { ok: false, status: 422, message: FILE_TYPE_MESSAGES.empty, remove: true };
  if (head.size > env.maxBytes)
    return { ok: false, status: 413, message: FILE_TYPE_MESSAGES.tooLarge, remove: true };
  const type = typeOfName(key);
  if (!type || !bytesMatchType(type, head.bytes))
    return { ok: false, status: 422, message: FILE_TYPE_MESSAGES.mismatch, remove: true };
  // Accepted once with other bytes: the address was used a second time.
  if (row.etag !== null && head.etag !== row.etag)
    return { ok: false, status: 422, message: UPLOAD_CHECK_MESSAGES.replaced, remove: true };
  return { ok: true, size: head.size, etag: head.etag };
}

async function removeObject(env: UploadCheckEnv, key: string): Promise<void> {
  await deleteObject(env.s3, key);
  await deleteUpload(env.db, key);
}

/**
 * Checks the unsettled uploads among `keys` (key → field path); throws the first refusal as a
 * 4xx with the field it came from, after deleting every object that failed.
 */
export async function checkUploads(env: UploadCheckEnv, keys: Map<string, string>): Promise<void> {
  if (keys.size === 0) return;
  if (keys.size > MAX_UPLOADS_PER_REQUEST) {
    throw unprocessable(`A request may name at most ${MAX_UPLOADS_PER_REQUEST} uploaded files.`);
  }
  const rows = await unsettledUploads(env.db, [...keys.keys()]);
  const errors: FieldErrors = {};
  let first: { status: number; message: string } | null = null;
  for (const row of rows) {
    let verdict: Verdict;
    try {
      verdict = await judge(env, row);
      if (verdict.ok) {
        await markUploadVerified(env.db, row.file_path, verdict.size, verdict.etag);
        continue;
      }
      if (verdict.remove) {
        env.log.warn({ key: row.file_path, reason: verdict.message }, 'refused an uploaded object');
        await removeObject(env, row.file_path);
      }
    } catch (error) {
      if (!(error instanceof BucketError)) throw error;
      env.log.error({ err: error, key: row.file_path }, 'upload check failed');
      throw httpError(502, UPLOAD_CHECK_MESSAGES.bucketDown);
    }
    const field = keys.get(row.file_path) ?? 'file';
    errors[field] = [...(errors[field] ?? []), verdict.message];
    first ??= { status: verdict.status, message: verdict.message };
  }
  if (first) throw httpError(first.status, first.message, errors);
}

/**
 * Checks uploads whose signed PUT has expired and were not checked since (their bytes are now
 * final): bad objects are deleted, objects that never arrived are forgotten. Returns how many
 * were refused.
 */
export async function sweepUploads(env: UploadCheckEnv, limit = 100): Promise<number> {
  const rows: UnsettledUpload[] = await expiredUnsettledUploads(env.db, limit);
  let refused = 0;
  for (const row of rows) {
    try {
      const verdict = await judge(env, row);
      if (verdict.ok) {
        await markUploadVerified(env.db, row.file_path, verdict.size, verdict.etag);
      } else if (verdict.remove) {
        refused++;
        env.log.warn({ key: row.file_path, reason: verdict.message }, 'removed an uploaded object');
        await removeObject(env, row.file_path);
      } else {
        // The address expired and nothing arrived (or the object is gone): nothing to check.
        await deleteUpload(env.db, row.file_path);
      }
    } catch (error) {
      if (!(error instanceof BucketError)) throw error;
      env.log.error({ err: error, key: row.file_path }, 'upload sweep: bucket unavailable');
      break;
    }
  }
  return refused;
}
