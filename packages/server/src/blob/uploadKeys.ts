import { uploadFileName } from '@printloom/core';
import { httpError } from '../http/errors.js';

/** Anonymous uploads (no session) are kept apart from every seller's files, under `s0/public/`. */
export const PUBLIC_OWNER = 0;
/** Where anonymous uploads live: the sweep removes the ones nobody used. */
export const PUBLIC_UPLOAD_PREFIX = 's0/public/';
/**
 * Names tried for one upload. Stored names are 6 hex characters (spec §5), 16.7 million of them:
 * a folder of a few thousand files meets a taken name now and then (the 3,416th upload of one
 * folder did), and each further try is a fresh hash.
 */
export const MAX_UPLOAD_KEY_ATTEMPTS = 8;

export const UPLOAD_KEY_MESSAGE = 'Could not find a free name for the file, please try again.';

/** `s{owner}/{folder}/{6-hex name}{ext}`; anonymous uploads under `s0/public/{folder}/…`. */
export function uploadKey(owner: number, folder: string, fileName: string, time: number): string {
  const scope = owner === PUBLIC_OWNER ? `s${owner}/public` : `s${owner}`;
  return [scope, folder, uploadFileName(fileName, time)].filter((p) => p !== '').join('/');
}

export const isPublicUploadKey = (key: string): boolean => key.startsWith(PUBLIC_UPLOAD_PREFIX);

/**
 * The key of a new upload: the spec's short name, or — when it is taken — the name of a moment
 * later, never an existing key. `take` claims a key atomically and answers whether it was free
 * (the uploads table's unique key, the file system's exclusive create, S3's conditional write),
 * so two uploads racing for one name cannot both get it.
 */
export async function takeUploadKey(
  name: { owner: number; folder: string; fileName: string },
  take: (key: string) => Promise<boolean>,
  now: number = Date.now(),
): Promise<string> {
  for (let attempt = 0; attempt < MAX_UPLOAD_KEY_ATTEMPTS; attempt++) {
    const key = uploadKey(name.owner, name.folder, name.fileName, now + attempt);
    if (await take(key)) return key;
  }
  throw httpError(503, UPLOAD_KEY_MESSAGE);
}
