import { z } from 'zod';
import { sweepUploadStore } from '../blob/sweepUploadStore.js';
import { defineJob } from './defineJob.js';

/**
 * The upload sweep, once a minute across all replicas (blob/sweepUploadStore.ts). A failed run is
 * not retried: the next minute's run does the same work.
 */
export const uploadSweepJob = defineJob({
  name: 'uploads.sweep',
  payload: z.object({}),
  schedule: { cron: '* * * * *', payload: {} },
  policy: 'stately',
  retry: { limit: 0, delaySeconds: 0 },
  expireInSeconds: 300,
  handler: async (_payload, { db, settings, blobDir, log }) => {
    await sweepUploadStore({ db, settings, blobDir, log });
  },
});
