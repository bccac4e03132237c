import { BLOB_FILE_PREFIX } from '@printloom/core';
import { objectUrl, type S3Config } from './s3Presign.js';

/**
 * The address a stored file is shown at: the bucket's public address with S3, else the API's
 * `/files/{key}`. Every file address the API stores or answers is one of these, so the
 * dashboard can put it in an <img> as it is.
 */
export function fileUrlOf(s3: S3Config | undefined, key: string): string {
  return s3 ? objectUrl(s3, key) : `${BLOB_FILE_PREFIX}${key}`;
}

/**
 * A bare blob key (`s12/bulk/ab12cd.png`): what an upload answers as `filePath`, and what bulk
 * workers send back. Anything with a scheme (`https:`, `data:`) or a leading `/` is an address.
 * Migration 011 uses the same test in SQL for rows saved before keys were turned into addresses.
 */
export function isBareFileKey(value: string): boolean {
  return value !== '' && !/^([A-Za-z][A-Za-z0-9+.-]*:|\/)/.test(value);
}

/** What to store for a file a client names: a bare key becomes its address, an address stays. */
export function storedFileUrl(s3: S3Config | undefined, value: string): string {
  return isBareFileKey(value) ? fileUrlOf(s3, value) : value;
}
