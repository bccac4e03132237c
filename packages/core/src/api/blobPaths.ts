import { pathPrefix } from './routes/API.js';
import { uploads } from './routes/uploads.js';

/**
 * Where the API's local blob store takes signed PUTs and serves stored files: the fixed parts of
 * the route table's two blob routes. The server mounts them; the dev proxy of the dashboard
 * forwards them (see `apiPathPrefixes`).
 */
export const BLOB_PUT_PREFIX = pathPrefix(uploads.blobPut);
export const BLOB_FILE_PREFIX = pathPrefix(uploads.blobGet);
