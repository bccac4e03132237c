import { UPLOAD_FILE_REQUIRED_MESSAGE, UPLOAD_NAME_HASH_LENGTH } from './constants.js';
import { fnv1a32 } from './fnv1a.js';

/** The last part of a path the browser gives ('C:\\fakepath\\shirt.png' → 'shirt.png'). */
function baseName(name: string): string {
  const parts = name.split(/[\\/]/);
  return parts[parts.length - 1] ?? '';
}

/**
 * The original extension with its dot ('.png'), lower-cased so 'Photo.PNG' and 'photo.png' store
 * alike; '' when there is none. A leading dot ('.env') is a hidden file's name, not an extension.
 */
export function fileExtension(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return '';
  const extension = base.slice(dot + 1);
  return /^[A-Za-z0-9]+$/.test(extension) ? `.${extension.toLowerCase()}` : '';
}

/**
 * The name an upload is stored under (spec §5): the first 6 hex characters of a hash of the
 * original name and the upload time, plus the original extension: 'shirt.png' → '3fa9c1.png'.
 * The same name at the same millisecond gives the same stored name; the time is a parameter so
 * the rule stays pure.
 */
export function uploadFileName(originalName: string, now: Date | number): string {
  const base = baseName(originalName.trim());
  if (base === '') throw new TypeError(UPLOAD_FILE_REQUIRED_MESSAGE);
  const time = now instanceof Date ? now.getTime() : now;
  if (!Number.isFinite(time))
    throw new RangeError(`Upload time is not a valid time: ${String(now)}`);
  return `${fnv1a32(`${base}${time}`).slice(0, UPLOAD_NAME_HASH_LENGTH)}${fileExtension(base)}`;
}
