import { z } from 'zod';
import type { Queryable } from '../db/Db.js';
import { runEmailCampaign } from '../marketing/campaignMail.js';
import { dueEmailCampaigns } from '../sql/emailCampaigns.js';
import { defineJob, type JobQueue } from './defineJob.js';

/**
 * Sends one email campaign (marketing/campaignMail.ts). Enqueued by the send route (now, or at
 * send_at) and by the sweep below. A run stopped by the server stopping fails, so pg-boss runs it
 * again; the recipient rows make sure nobody gets the mail twice.
 */
export const emailCampaignSendJob = defineJob({
  name: 'email.campaign.send',
  payload: z.object({ campaignId: z.number().int().positive() }),
  retry: { limit: 10, delaySeconds: 15, backoff: true, maxDelaySeconds: 600 },
  expireInSeconds: 6 * 3600,
  concurrency: 2,
  handler: async ({ campaignId }, { db, settings, log, signal }) => {
    const result = await runEmailCampaign(db, settings, log, campaignId, { signal });
    if (result.state === 'stopped') throw new Error('Campaign send stopped; it resumes');
    if (result.state === 'no_transport') {
      throw new Error('No email gateway for this store and no SMTP_URL');
    }
  },
});

/**
 * Once a minute: campaigns due (scheduled in the past) or still sending after a server stopped
 * are handed to the send job, one queued job per campaign.
 */
export const emailCampaignSweepJob = defineJob({
  name: 'email.campaign.sweep',
  payload: z.object({}),
  schedule: { cron: '* * * * *', payload: {} },
  policy: 'stately',
  retry: { limit: 0, delaySeconds: 0 },
  expireInSeconds: 120,
  handler: async (_payload, { db, jobs }) => {
    await enqueueDueEmailCampaigns(db, jobs);
  },
});

/**
 * Hands due and unfinished campaigns to the send job. Also called once when the server starts,
 * so a send cut off by a crash resumes at once rather than at the next sweep (the dead run's
 * pg-boss job stays active until it expires; its claims are released by the new run).
 */
export async function enqueueDueEmailCampaigns(db: Queryable, jobs: JobQueue): Promise<number> {
  const due = await dueEmailCampaigns(db, 100);
  for (const campaignId of due) {
    await jobs.enqueue(
      db,
      emailCampaignSendJob,
      { campaignId },
      { singletonKey: `email-campaign:${campaignId}` },
    );
  }
  return due.length;
}
