import { describe, expect, it } from 'vitest';
import { apiPathPrefixes, apiPaths } from './apiPathPrefixes.js';
import { BLOB_FILE_PREFIX, BLOB_PUT_PREFIX } from './blobPaths.js';
import { API, routeList } from './routes/API.js';

describe('apiPathPrefixes', () => {
  it('gives the first segment of every API path once, sorted', () => {
    const prefixes = apiPathPrefixes();
    expect(prefixes).toEqual([...new Set(prefixes)].sort());
    for (const path of [
      ...routeList().map((entry) => entry.contract.path),
      BLOB_PUT_PREFIX,
      BLOB_FILE_PREFIX,
    ]) {
      expect(prefixes).toContain(path.split('/')[1]);
    }
    expect(prefixes).toEqual(expect.arrayContaining(['auth', 'seller', 'blob', 'files']));
  });

  it('leaves out dashboard pages that share no segment with the API', () => {
    expect(apiPathPrefixes()).not.toContain('orders');
    expect(apiPathPrefixes()).not.toContain('campaigns');
  });

  it('refuses a path whose first segment is a parameter', () => {
    expect(apiPathPrefixes(['/seller/x', '/seller/y'])).toEqual(['seller']);
    expect(() => apiPathPrefixes(['/:id/x'])).toThrow('no fixed first segment');
    expect(apiPaths()).toContain(API.auth.me.path);
  });
});
