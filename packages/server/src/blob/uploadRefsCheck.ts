import type { FastifyInstance, FastifyRequest } from 'fastify';
import { markUploadsUsed } from '../sql/uploads.js';
import { checkUploads, uploadKeysIn } from './uploadChecks.js';

/**
 * What runs before the handler of a route whose contract says its body names stored files
 * (`uploadRefs`): with a bucket, every object the body names has its first bytes checked
 * (uploadChecks.ts); in either store the files are marked used, which keeps anonymous uploads
 * from the sweep (the `uploads.sweep` background job, src/jobs).
 */
export function uploadRefsCheck(app: FastifyInstance): (request: FastifyRequest) => Promise<void> {
  const s3 = app.config.s3;
  return async (request) => {
    if (!request.body || typeof request.body !== 'object' || Buffer.isBuffer(request.body)) return;
    const keys = uploadKeysIn(request.body, s3);
    if (keys.size === 0) return;
    if (s3) {
      await checkUploads(
        { db: app.db, s3, maxBytes: app.config.uploadMaxBytes, log: request.log },
        keys,
      );
    }
    await markUploadsUsed(app.db, [...keys.keys()]);
  };
}
