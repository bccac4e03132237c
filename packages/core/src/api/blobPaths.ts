/**
 * Where the API's local blob store takes signed PUTs and serves stored files. The server mounts
 * them; the dev proxy of the dashboard forwards them (see `apiPathPrefixes`).
 */
export const BLOB_PUT_PREFIX = '/blob/';
export const BLOB_FILE_PREFIX = '/files/';
