/**
 * The background run of an AI design tool (`ai_design_jobs`, migration 042): reads the seller's
 * upload, runs the tool, stores the result as a new upload of the seller's under `ai-design/`
 * (an upload like any other) and records it on the row. Progress is written as the
 * tool reports it, at most every 5 points. A tool's failure is the row's `failed` status with
 * its reason; it is not retried (the same input fails the same way).
 */
import { basename, extname } from 'node:path';
import { upscaleTargetWidth } from '@printloom/core';
import { z } from 'zod';
import { readBlob } from '../blob/blobStore.js';
import { readObject } from '../blob/s3Objects.js';
import { storeNewUpload } from '../blob/storeUpload.js';
import type { ServerSettings } from '../config.js';
import { defineJob } from '../jobs/defineJob.js';
import { failAiJob, finishAiJob, getAiJob, setAiJobProgress, startAiJob } from '../sql/aiDesign.js';
import { removeImageBackground } from './removeBackground.js';
import { upscaleImage } from './upscale.js';

/** The bytes of a stored upload, from the bucket or the local blob store. */
export async function readUpload(
  settings: ServerSettings,
  blobDir: string,
  key: string,
): Promise<Buffer | null> {
  return settings.s3 ? readObject(settings.s3, key) : readBlob(blobDir, key);
}

/** The result's file name: the input's name with what was done to it. */
export function resultName(inputPath: string, tool: 'remove_background' | 'upscale'): string {
  const base = basename(inputPath, extname(inputPath)) || 'image';
  return `${base}-${tool === 'upscale' ? 'upscaled' : 'cutout'}.png`;
}

export const aiDesignJob = defineJob({
  name: 'ai-design.run',
  payload: z.object({
    jobId: z.number().int().positive(),
    sellerId: z.number().int().positive(),
  }),
  retry: { limit: 0, delaySeconds: 0 },
  expireInSeconds: 900,
  concurrency: 1,
  handler: async ({ jobId, sellerId }, { db, settings, blobDir, log }) => {
    const row = await getAiJob(db, sellerId, jobId);
    if (!row || !(await startAiJob(db, sellerId, jobId))) return;
    let reported = 0;
    const onProgress = async (fraction: number) => {
      const percent = Math.floor(5 + fraction * 90);
      if (percent - reported < 5) return;
      reported = percent;
      await setAiJobProgress(db, sellerId, jobId, percent);
    };
    try {
      const input = await readUpload(settings, blobDir, row.input_path);
      if (!input) throw new Error('The input file is no longer stored.');
      const started = performance.now();
      const result =
        row.tool === 'upscale'
          ? await upscaleImage(input, {
              targetWidth: upscaleTargetWidth(row.input_width, row.print_width_in),
              onProgress,
            })
          : await removeImageBackground(input, { onProgress });
      const key = await storeNewUpload(
        { db, settings, blobDir, log },
        {
          owner: sellerId,
          folder: 'ai-design',
          fileName: resultName(row.input_path, row.tool),
          bytes: result.png,
        },
      );
      await finishAiJob(db, sellerId, jobId, {
        path: key,
        width: result.width,
        height: result.height,
      });
      log.info(
        { jobId, tool: row.tool, ms: Math.round(performance.now() - started), key },
        'ai design tool done',
      );
    } catch (error) {
      const message =
        typeof error === 'object' && error !== null && 'message' in error
          ? String((error as { message: unknown }).message)
          : String(error);
      log.error({ err: error, jobId }, 'ai design tool failed');
      await failAiJob(db, sellerId, jobId, message || 'The tool failed.');
    }
  },
});
