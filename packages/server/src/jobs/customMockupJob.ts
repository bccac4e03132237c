/**
 * The worker of bulk custom mockup jobs (spec §2 /bulk-campaigns/custom/mockup/{id?}): it runs
 * in the server (`printloom serve` starts the job runner; no tab or CLI worker is needed) and
 * draws the job's rows one after the other: the seller's photo with the campaign's design
 * contained and centred in the marked print area (the renderer's drawMockup, as the custom
 * mockup page draws its preview), JPEG at most MOCKUP_MAX_SIZE on its long side, stored under
 * the campaign (`s{seller}/p/{campaign}/custom_{row}.jpg`) and added to its mockups.
 *
 * A row whose campaign was deleted, has no design file, or whose picture cannot be read fails
 * with the reason and the others go on. Files are read as print files read them
 * (orders/printFiles.ts designSource): only the seller's own stored files or http(s)/data
 * addresses, never a path of this machine.
 */
import {
  BLOB_FILE_PREFIX,
  CUSTOM_MOCKUP_JOB_MESSAGES,
  MOCKUP_MAX_SIZE,
  mockupOutputSize,
  normalizeError,
} from '@printloom/core';
import { z } from 'zod';
import { writeBlob } from '../blob/blobStore.js';
import { designSource } from '../orders/printFiles.js';
import {
  type ClaimedMockupRow,
  claimCustomMockupRow,
  completeCustomMockupRow,
  failCustomMockupRow,
} from '../sql/customMockupJobs.js';
import { defineJob } from './defineJob.js';

/** The blob key of a row's picture. */
export const customMockupKey = (sellerId: number, campaignId: number, rowId: number) =>
  `s${sellerId}/p/${campaignId}/custom_${rowId}.jpg`;

async function drawRow(
  row: ClaimedMockupRow & { mockup: NonNullable<ClaimedMockupRow['mockup']> },
  design: NonNullable<ClaimedMockupRow['design']>,
  sellerId: number,
  blobDir: string,
): Promise<Buffer> {
  const node = await import('@printloom/renderer/node');
  const { customMockupLayers, drawMockup } = await import('@printloom/renderer');
  const photo = await node.loadImageFrom(designSource(row.mockup.file_url, sellerId, blobDir));
  const art = await node.loadImageFrom(designSource(design.file_url, sellerId, blobDir));
  const layers = customMockupLayers(row.mockup, photo);
  const out = mockupOutputSize(layers, { maxSize: MOCKUP_MAX_SIZE });
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(out.width, out.height);
  drawMockup(canvas.getContext('2d'), layers, art, { ...out, createCanvas: node.createNodeCanvas });
  return node.encodeCanvas(canvas, 'jpeg');
}

export const customMockupJob = defineJob({
  name: 'bulk.custom-mockup',
  payload: z.object({
    jobId: z.number().int().positive(),
    sellerId: z.number().int().positive(),
  }),
  // Rows fail on their own; a run that throws (the database went away) is tried again and
  // finds the rows still pending.
  retry: { limit: 2, delaySeconds: 10, backoff: true },
  expireInSeconds: 1800,
  handler: async ({ jobId, sellerId }, { db, blobDir, log, signal }) => {
    let drawn = 0;
    let failed = 0;
    for (;;) {
      if (signal.aborted) return;
      const row = await claimCustomMockupRow(db, sellerId, jobId);
      if (!row) break;
      const fail = async (reason: string) => {
        failed += 1;
        await failCustomMockupRow(db, row.id, reason);
      };
      if (!row.campaign_live) {
        await fail(CUSTOM_MOCKUP_JOB_MESSAGES.campaignGone);
        continue;
      }
      if (!row.mockup) {
        await fail(CUSTOM_MOCKUP_JOB_MESSAGES.mockupNotFound);
        continue;
      }
      if (!row.design) {
        await fail(CUSTOM_MOCKUP_JOB_MESSAGES.noDesign);
        continue;
      }
      const design = row.design;
      try {
        const jpeg = await drawRow({ ...row, mockup: row.mockup }, design, sellerId, blobDir);
        const key = customMockupKey(sellerId, row.campaign_id, row.id);
        await writeBlob(blobDir, key, jpeg);
        await db.transaction((tx) =>
          completeCustomMockupRow(
            tx,
            {
              id: row.id,
              campaign_id: row.campaign_id,
              product_id: design.product_id,
              print_space: design.print_space,
            },
            `${BLOB_FILE_PREFIX}${key}`,
          ),
        );
        drawn += 1;
      } catch (error) {
        log.warn({ err: error, jobId, row: row.id }, 'custom mockup row failed');
        await fail(`Cannot draw the mockup: ${normalizeError(error).message}`);
      }
    }
    log.info({ jobId, drawn, failed }, 'custom mockup job drawn');
  },
});
