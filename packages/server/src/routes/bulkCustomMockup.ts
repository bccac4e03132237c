/**
 * Bulk custom mockup (spec §2 /bulk-campaigns/custom/mockup/{id?}): a job draws one of the
 * seller's custom mockups with the design of each chosen campaign. Creating checks the mockup
 * and every campaign at once, then writes the job, its rows and the background job that draws
 * them in one transaction (jobs/customMockupJob.ts).
 */
import { API, CUSTOM_MOCKUP_JOB_MESSAGES } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { customMockupJob } from '../jobs/customMockupJob.js';
import {
  getCustomMockupJob,
  insertCustomMockupJob,
  listCustomMockupJobs,
  missingCampaigns,
  retryCustomMockupRows,
} from '../sql/customMockupJobs.js';
import { getCustomMockup } from '../sql/customMockups.js';
import { insertAudit } from '../sql/sessions.js';

/** Jobs the list answers. */
const LISTED_JOBS = 20;

export async function registerBulkCustomMockupRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const job = async (sellerId: number, id: number) => {
    const found = await getCustomMockupJob(db, sellerId, id);
    if (!found) throw notFound();
    return found;
  };

  registerGroup(app, API.bulkCustomMockup, {
    create: async ({ auth, body }) => {
      if (!(await getCustomMockup(db, auth.sellerId, body.custom_mockup_id))) {
        throw notFound(CUSTOM_MOCKUP_JOB_MESSAGES.mockupNotFound);
      }
      const missing = await missingCampaigns(db, auth.sellerId, body.campaign_ids);
      if (missing.length > 0) {
        const message = CUSTOM_MOCKUP_JOB_MESSAGES.campaignsNotFound(missing);
        throw unprocessable(message, { campaign_ids: [message] });
      }
      const id = await db.transaction(async (tx) => {
        const made = await insertCustomMockupJob(
          tx,
          auth.sellerId,
          body.custom_mockup_id,
          body.campaign_ids,
        );
        await app.jobs.enqueue(tx, customMockupJob, { jobId: made, sellerId: auth.sellerId });
        return made;
      });
      await insertAudit(db, {
        actorId: auth.actorId,
        sellerId: auth.sellerId,
        action: 'bulk_custom_mockup_create',
        detail: { id, mockup: body.custom_mockup_id, campaigns: body.campaign_ids.length },
      });
      return { data: await job(auth.sellerId, id), message: 'Custom mockup job started' };
    },
    list: async ({ auth }) => ({
      data: await listCustomMockupJobs(db, auth.sellerId, LISTED_JOBS),
    }),
    get: async ({ auth, params }) => ({ data: await job(auth.sellerId, params.id) }),
    retry: async ({ auth, params, body }) => {
      await job(auth.sellerId, params.id);
      const moved = await db.transaction(async (tx) => {
        const count = await retryCustomMockupRows(tx, auth.sellerId, params.id, body.row_ids);
        if (count > 0) {
          await app.jobs.enqueue(tx, customMockupJob, {
            jobId: params.id,
            sellerId: auth.sellerId,
          });
        }
        return count;
      });
      if (moved === 0) throw conflict(CUSTOM_MOCKUP_JOB_MESSAGES.nothingToRetry);
      return { data: await job(auth.sellerId, params.id), message: 'Rows queued again' };
    },
  });
}
