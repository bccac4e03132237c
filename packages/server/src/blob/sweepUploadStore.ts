import { deleteUpload, forgetUnusedReservations, unusedPublicUploads } from '../sql/uploads.js';
import { BucketError } from './s3Objects.js';
import { removeStoredObject, type UploadStoreEnv } from './storeUpload.js';
import { sweepUploads } from './uploadChecks.js';

/**
 * Anonymous uploads no request has named for this long are removed: an upload address without an
 * account is for attaching a file to something (a form, an order), not for hosting files.
 */
export const PUBLIC_UPLOAD_UNUSED_SECONDS = 24 * 3600;
/** Uploads looked at per kind and run; the next run (a minute later) goes on. */
const SWEEP_BATCH = 100;

export interface UploadSweep {
  /** Bucket uploads refused after their address expired (bytes not of their type, replaced …). */
  refused: number;
  /** Anonymous uploads removed because nobody used them. */
  removedUnused: number;
  /** Reservations of the local store whose address expired unused, forgotten. */
  forgotten: number;
}

/**
 * One pass of the upload sweep (the `uploads.sweep` background job, every minute): checks the
 * bucket uploads whose address expired (blob/uploadChecks.ts), removes anonymous uploads nobody
 * used, and forgets reservations that never got their bytes.
 */
export async function sweepUploadStore(env: UploadStoreEnv): Promise<UploadSweep> {
  const s3 = env.settings.s3;
  const refused = s3
    ? await sweepUploads({ db: env.db, s3, maxBytes: env.settings.uploadMaxBytes, log: env.log })
    : 0;
  // In a bucket, addresses that expired unused are forgotten by sweepUploads (nothing arrived).
  const forgotten = s3 ? 0 : await forgetUnusedReservations(env.db, SWEEP_BATCH);
  let removedUnused = 0;
  for (const key of await unusedPublicUploads(env.db, PUBLIC_UPLOAD_UNUSED_SECONDS, SWEEP_BATCH)) {
    try {
      await removeStoredObject(env, key);
    } catch (error) {
      if (!(error instanceof BucketError)) throw error;
      env.log.error({ err: error, key }, 'upload sweep: bucket unavailable');
      break;
    }
    await deleteUpload(env.db, key);
    removedUnused++;
  }
  if (refused + removedUnused + forgotten > 0) {
    env.log.info({ refused, removedUnused, forgotten }, 'upload sweep');
  }
  return { refused, removedUnused, forgotten };
}
