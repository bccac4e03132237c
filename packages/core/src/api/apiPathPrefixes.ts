import { API_DOCS_PATH, routeList } from './routes/API.js';

/** Every path the API answers, as the route table writes them (`/blob/*` → `/blob/`). */
export function apiPaths(): readonly string[] {
  return [...routeList().map((entry) => entry.contract.path.replace(/\*$/, '')), API_DOCS_PATH];
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
