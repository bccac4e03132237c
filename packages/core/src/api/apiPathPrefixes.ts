import { BLOB_FILE_PREFIX, BLOB_PUT_PREFIX } from './blobPaths.js';
import { API_PATHS } from './paths.js';

/** Every path the API answers, as the API's own tables write them. */
export function apiPaths(): readonly string[] {
  return [...Object.values(API_PATHS), BLOB_PUT_PREFIX, BLOB_FILE_PREFIX];
}

/**
 * The first segments of the API's paths ('auth', 'seller', 'files', …), sorted and without
 * repeats: what a dev proxy or a web server needs to tell an API request from a dashboard page.
 * Page routes share some of them (/auth/login is a page, /auth/seller/login an endpoint), so
 * the caller still decides by method and Accept header.
 */
export function apiPathPrefixes(paths: Iterable<string> = apiPaths()): string[] {
  const segments = new Set<string>();
  for (const path of paths) {
    const first = path.split('/')[1] ?? '';
    if (first === '' || first.startsWith(':') || first.includes('*')) {
      throw new Error(`API path ${path} has no fixed first segment`);
    }
    segments.add(first);
  }
  return [...segments].sort();
}
