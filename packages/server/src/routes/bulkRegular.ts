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
  pageInfo,
  REGULAR_WORKER_FATAL_LOGS,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { storedFileUrl } from '../blob/fileUrl.js';
import type { AuthContext } from '../http/authContext.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { listRange } from '../http/listRange.js';
import { registerGroup } from '../http/registerGroup.js';
import {
  createRegularJobs,
  listRegularJobs,
  type RegularJobRow,
  regularJobsByIds,
  regularJobView,
  removeRegularJobs,
  setRegularJobsStatus,
} from '../sql/bulkRegular.js';
import { copyCampaign, getCampaignFull, getCampaignRow } from '../sql/campaigns.js';

export const REGULAR_JOB_MESSAGES = {
  notRetryable: 'Only failed, stopped or processing jobs can be retried.',
} as const;

/** A bulk_regular_jobs row as `SELECT *` reads it (no last log message). */
type JobRow = Omit<RegularJobRow, 'message'>;

function jobView(row: JobRow) {
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
  };
}

export async function registerBulkRegularRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
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
      const [counts] = await db.query<{ day: number; minute: number }>(
        `SELECT count(*) FILTER (WHERE created_at > now() - interval '1 day')::int AS day,
                count(*) FILTER (WHERE created_at > now() - interval '1 minute')::int AS minute
         FROM campaigns WHERE seller_id = $1 AND bulk_source LIKE 'bulk_regular:%'`,
        [auth.sellerId],
      );
      if ((counts?.day ?? 0) >= auth.seller.campaign_limit_per_day)
        return none('limit_campaign_per_day');
      if ((counts?.minute ?? 0) >= auth.seller.campaign_limit_per_minute)
        return none('limit_campaign_per_minute');
      const [job] = await db.query<JobRow>(
        `UPDATE bulk_regular_jobs j SET status = 'processing', session_id = $2
         FROM (SELECT id FROM bulk_regular_jobs
               WHERE seller_id = $1 AND (status = 'pending' OR (status = 'processing' AND session_id = $2))
               ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) c
         WHERE j.id = c.id RETURNING j.*`,
        [auth.sellerId, query.sessionId],
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
      const id = await db.transaction(async (tx) => {
        const [job] = await tx.query<JobRow>(
          'SELECT * FROM bulk_regular_jobs WHERE id = $1 AND seller_id = $2 FOR UPDATE',
          [body.bulk_id, auth.sellerId],
        );
        if (!job) return null;
        // Asked twice (a retried request), it answers with the campaign made the first time.
        if (job.campaign_id !== null) return job.campaign_id;
        if (!(await getCampaignRow(tx, auth.sellerId, body.campaign_id))) return null;
        const created = await copyCampaign(tx, auth.sellerId, body.campaign_id, {
          name: body.design_info.name,
          slug: body.design_info.slug,
          collection: body.design_info.collection ?? null,
          artworkUrl: fileUrl(body.design_info.file_url),
          source: `bulk_regular:${job.id}`,
        });
        await tx.query(
          'UPDATE bulk_regular_jobs SET campaign_id = $2, new_products = $3 WHERE id = $1',
          [job.id, created.id, created.productIds.size],
        );
        return created.id;
      });
      if (id === null) throw notFound(BULK_MESSAGES.campaignNotFound);
      const campaign = await getCampaignFull(db, auth.sellerId, id);
      if (!campaign) throw notFound(BULK_MESSAGES.campaignNotFound);
      return { data: { new_campaign: campaign } };
    },
    log: async ({ auth, body, request }) => {
      const [job] = await db.query(
        'SELECT id FROM bulk_regular_jobs WHERE id = $1 AND seller_id = $2',
        [body.bulk_id, auth.sellerId],
      );
      if (!job) throw notFound();
      await db.query('INSERT INTO bulk_logs (seller_id, bulk_id, log) VALUES ($1, $2, $3)', [
        auth.sellerId,
        body.bulk_id,
        body.log,
      ]);
      if (REGULAR_WORKER_FATAL_LOGS.includes(body.log)) {
        await db.query(
          `UPDATE bulk_regular_jobs SET status = 'failed', session_id = NULL
           WHERE id = $1 AND status IN ('pending', 'processing')`,
          [body.bulk_id],
        );
      }
      request.log.info({ bulkId: body.bulk_id, log: body.log }, 'bulk worker log');
      return { data: null };
    },
    saveDesigns: async ({ auth, body }) => {
      const saved = await db.transaction(async (tx) => {
        const [job] = await tx.query<JobRow>(
          'SELECT * FROM bulk_regular_jobs WHERE id = $1 AND seller_id = $2 AND campaign_id = $3 FOR UPDATE',
          [body.bulk_id, auth.sellerId, body.campaignId],
        );
        if (!job) return false;
        if (job.status === 'completed') return true;
        const products = new Set(
          (
            await tx.query<{ id: number }>('SELECT id FROM products WHERE campaign_id = $1', [
              body.campaignId,
            ])
          ).map((p) => p.id),
        );
        // A design or mockup for a product outside the job's campaign is a worker bug: refuse the
        // whole save (nothing is written) instead of completing the job without it.
        const stray = [...body.data.designs, ...body.data.mockups].find(
          (item) => !products.has(item.product_id) || item.campaign_id !== body.campaignId,
        );
        if (stray) {
          throw unprocessable(
            `Product ${stray.product_id} is not a product of campaign ${body.campaignId}`,
          );
        }
        for (const d of body.data.designs) {
          await tx.query(
            `INSERT INTO designs (campaign_id, product_id, print_space, design_json, file_url, option)
             VALUES ($1, $2, $3, $4, $5, $6)`,
            [
              body.campaignId,
              d.product_id,
              d.print_space,
              d.design_json ?? null,
              fileUrl(d.file_url),
              d.option,
            ],
          );
        }
        let thumb: string | null = null;
        for (const m of body.data.mockups) {
          const isDefault = m.is_default_mockup === '1';
          const [mockup] = await tx.query<{ id: number }>(
            `INSERT INTO mockups (campaign_id, product_id, mockup_template_id, print_space, file_url, is_default)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [
              body.campaignId,
              m.product_id,
              m.mockup_id,
              m.print_space,
              fileUrl(m.file_url),
              isDefault,
            ],
          );
          // As the editor's save does: a default mockup is its product's picture, and the
          // first one the campaign's thumbnail in the list.
          if (isDefault && mockup) {
            await tx.query('UPDATE products SET default_mockup_id = $2 WHERE id = $1', [
              m.product_id,
              mockup.id,
            ]);
            thumb ??= fileUrl(m.file_url);
          }
        }
        if (thumb !== null) {
          await tx.query('UPDATE campaigns SET thumb_url = $2 WHERE id = $1', [
            body.campaignId,
            thumb,
          ]);
        }
        await tx.query("UPDATE bulk_regular_jobs SET status = 'completed' WHERE id = $1", [job.id]);
        return true;
      });
      if (!saved) throw notFound(BULK_MESSAGES.campaignNotFound);
      return { data: null };
    },
    // The seller's list of regular jobs and its row actions (spec §3 bulk list query, §4).
    jobs: async ({ auth, query }) => {
      const { rows, total } = await listRegularJobs(
        db,
        auth.sellerId,
        query,
        listRange(query, auth.seller.utc_offset),
      );
      return {
        data: { data: rows.map(regularJobView), ...pageInfo(total, query.page, query.per_page) },
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
