/**
 * Regular bulk jobs (spec §4 Bulk regular-campaign worker, §8 server reasons). next-job hands a
 * pending job to the asking tab (status pending → processing, session remembered); the tab
 * creates the campaign (create-campaign), renders, then save-designs completes the job. Before
 * handing out a job the seller's limits are checked: bulk processing switched off →
 * bulk_not_processing; campaigns created by bulk in the last day or minute at their limit →
 * limit_campaign_per_day / limit_campaign_per_minute.
 */
import {
  API,
  BULK_MESSAGES,
  type BulkRowIdsBody,
  cappedPageInfo,
  EXPRESS_MESSAGES,
  REGULAR_WORKER_FATAL_LOGS,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { storedFileUrl } from '../blob/fileUrl.js';
import type { AuthContext } from '../http/authContext.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { listRange } from '../http/listRange.js';
import { registerGroup } from '../http/registerGroup.js';
import {
  claimRegularJob,
  createRegularJobCampaign,
  createRegularJobs,
  failRegularJob,
  insertBulkLog,
  isSellerRegularJob,
  listRegularJobs,
  type RegularJobRecord,
  regularBulkCampaignCounts,
  regularJobsByIds,
  regularJobView,
  releaseRegularJob,
  removeRegularJobs,
  saveRegularJobDesigns,
  setRegularJobsStatus,
} from '../sql/bulkRegular.js';
import { lockCampaign, setCampaignStatus } from '../sql/campaignLifecycle.js';
import { getCampaignFull } from '../sql/campaigns.js';
import { LEASE_MESSAGES } from './bulkV3.js';
import { launchRefusal } from './campaignActions.js';

export const REGULAR_JOB_MESSAGES = {
  notRetryable: 'Only failed, stopped or processing jobs can be retried.',
} as const;

function jobView(row: RegularJobRecord) {
  return {
    id: row.id,
    template_campaign_id: row.template_campaign_id,
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    prefix: row.prefix,
    suffix: row.suffix,
    collection: row.collection,
    designs: row.designs,
    created: row.campaign_id !== null,
    pending: row.status === 'pending' || row.status === 'processing',
    reason: null,
    new_products: row.new_products,
    lease_token: row.lease_token,
    lease_expires_at: row.lease_expires_at?.toISOString() ?? null,
  };
}

export async function registerBulkRegularRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  // An express launch goes live with the checks of the launch route (a combo's bundle price).
  const comboFees = {
    processingFee: app.config.processingFee,
    processingFeeMin: app.config.processingFeeMin,
  };
  // Workers send the keys of their uploads; campaigns keep addresses, as the editor saves them.
  const fileUrl = (value: string) => storedFileUrl(app.config.s3, value);

  /** Start or stop chosen jobs: those in a `from` status move to `to`; answers the jobs. */
  const moveJobs =
    (from: string[], to: string) =>
    async ({ auth, body }: { auth: AuthContext; body: BulkRowIdsBody }) => {
      await setRegularJobsStatus(db, auth.sellerId, body.ids, from, to);
      return { data: (await regularJobsByIds(db, auth.sellerId, body.ids)).map(regularJobView) };
    };
  /** Start or stop every job of the seller in a `from` status. */
  const moveAllJobs =
    (from: string[], to: string) =>
    async ({ auth }: { auth: AuthContext }) => ({
      data: {
        updated: (await setRegularJobsStatus(db, auth.sellerId, null, from, to)).length,
      },
    });

  registerGroup(app, API.bulkRegular, {
    nextJob: async ({ auth, query }) => {
      const none = (
        reason:
          | 'bulk_not_processing'
          | 'limit_campaign_per_day'
          | 'limit_campaign_per_minute'
          | null,
      ) => ({
        data: { reload: false, pending: false, created: false, reason, job: null },
      });
      if (!auth.seller.bulk_processing) return none('bulk_not_processing');
      const counts = await regularBulkCampaignCounts(db, auth.sellerId);
      if (counts.day >= auth.seller.campaign_limit_per_day) return none('limit_campaign_per_day');
      if (counts.minute >= auth.seller.campaign_limit_per_minute)
        return none('limit_campaign_per_minute');
      const job = await claimRegularJob(
        db,
        auth.sellerId,
        query.sessionId,
        app.config.bulkLeaseSeconds,
      );
      if (!job) return none(null);
      return {
        data: {
          reload: false,
          pending: true,
          created: job.campaign_id !== null,
          reason: null,
          job: jobView(job),
        },
      };
    },
    createCampaign: async ({ auth, body }) => {
      // Asked twice (a retried request), it answers with the campaign made the first time.
      const stored = {
        ...body,
        design_info: { ...body.design_info, file_url: fileUrl(body.design_info.file_url) },
      };
      const id = await db.transaction((tx) => createRegularJobCampaign(tx, auth.sellerId, stored));
      if (id === null) throw notFound(BULK_MESSAGES.campaignNotFound);
      const campaign = await getCampaignFull(db, auth.sellerId, id);
      if (!campaign) throw notFound(BULK_MESSAGES.campaignNotFound);
      return { data: { new_campaign: campaign } };
    },
    log: async ({ auth, body, request }) => {
      if (!(await isSellerRegularJob(db, auth.sellerId, body.bulk_id))) throw notFound();
      await insertBulkLog(db, auth.sellerId, body.bulk_id, body.log);
      if (REGULAR_WORKER_FATAL_LOGS.includes(body.log)) await failRegularJob(db, body.bulk_id);
      request.log.info({ bulkId: body.bulk_id, log: body.log }, 'bulk worker log');
      return { data: null };
    },
    saveDesigns: async ({ auth, body }) => {
      const stored = {
        ...body,
        data: {
          designs: body.data.designs.map((d) => ({ ...d, file_url: fileUrl(d.file_url) })),
          mockups: body.data.mockups.map((m) => ({ ...m, file_url: fileUrl(m.file_url) })),
        },
      };
      const saved = await db.transaction(async (tx) => {
        const result = await saveRegularJobDesigns(tx, auth.sellerId, stored);
        // An express launch goes on sale with its designs, in the same transaction; when a
        // launch check refuses it, it stays a draft and the job says why.
        if (result.ok && result.launch) {
          const campaign = await lockCampaign(tx, auth.sellerId, body.campaignId);
          const refusal = campaign
            ? await launchRefusal(tx, auth.sellerId, campaign, comboFees)
            : null;
          if (campaign && !refusal) {
            await setCampaignStatus(tx, auth.sellerId, campaign.id, 'active');
          } else if (refusal) {
            await insertBulkLog(
              tx,
              auth.sellerId,
              body.bulk_id,
              EXPRESS_MESSAGES.notLaunched(refusal.message),
            );
          }
        }
        return result;
      });
      if (!saved.ok && saved.reason === 'not_found') throw notFound(BULK_MESSAGES.campaignNotFound);
      // A design or mockup for a product outside the job's campaign is a worker bug: the whole
      // save is refused (nothing is written) instead of completing the job without it.
      if (!saved.ok) {
        throw unprocessable(
          `Product ${saved.productId} is not a product of campaign ${body.campaignId}`,
        );
      }
      return { data: null };
    },
    release: async ({ auth, body }) => {
      const released = await releaseRegularJob(db, auth.sellerId, body.id, body.leaseToken);
      if (!released.ok) {
        if (released.reason === 'not_found') throw notFound();
        throw conflict(LEASE_MESSAGES.stale);
      }
      return { data: { id: body.id, status: 'pending' as const } };
    },
    // The seller's list of regular jobs and its row actions (spec §3 bulk list query, §4).
    jobs: async ({ auth, query }) => {
      const { rows, counted } = await listRegularJobs(
        db,
        auth.sellerId,
        query,
        listRange(query, auth.seller.utc_offset),
      );
      return {
        data: {
          data: rows.map(regularJobView),
          ...cappedPageInfo(counted, query.page, query.per_page),
        },
      };
    },
    createJobs: async ({ auth, body }) => {
      const ids = await db.transaction(async (tx) => createRegularJobs(tx, auth.sellerId, body));
      if (!ids) throw notFound(BULK_MESSAGES.campaignNotFound);
      return { data: { ids } };
    },
    retry: async ({ auth, body }) => {
      const moved = await setRegularJobsStatus(
        db,
        auth.sellerId,
        [body.id],
        ['failed', 'stopped', 'processing'],
        'pending',
      );
      const [row] = await regularJobsByIds(db, auth.sellerId, [body.id]);
      if (!row) throw notFound();
      if (moved.length === 0) throw conflict(REGULAR_JOB_MESSAGES.notRetryable);
      return { data: regularJobView(row) };
    },
    remove: async ({ auth, body }) => ({
      data: { ids: await removeRegularJobs(db, auth.sellerId, body.ids) },
    }),
    start: moveJobs(['stopped'], 'pending'),
    stop: moveJobs(['pending', 'processing'], 'stopped'),
    startAll: moveAllJobs(['stopped'], 'pending'),
    stopAll: moveAllJobs(['pending', 'processing'], 'stopped'),
  });
}
