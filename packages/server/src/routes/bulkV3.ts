import { API, BULK_MESSAGES, cappedPageInfo } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { storedFileUrl } from '../blob/fileUrl.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { listRange } from '../http/listRange.js';
import { registerGroup } from '../http/registerGroup.js';
import {
  bulkJobSummary,
  bulkRowView,
  claimRows,
  createBulkJob,
  failRow,
  listBulkRows,
  lockLeasedRow,
  originCampaign,
  releaseRow,
  removeRows,
  rowCampaignName,
  rowsByIds,
  saveRow,
  setRowsStatus,
  UnknownProductError,
} from '../sql/bulk.js';

export const LEASE_MESSAGES = {
  stale: 'This row is no longer leased to you; nothing was changed.',
  notRetryable: 'Only failed or stopped rows can be retried.',
} as const;

/** A claimed row's key in the claim memo (http/workerCache.ts). */
const claimKey = (sellerId: number, id: number, leaseToken: string) =>
  `${sellerId}:${id}:${leaseToken}`;

export async function registerBulkV3Routes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  registerGroup(app, API.bulkV3, {
    createJob: async ({ auth, body }) => {
      const job = await db.transaction(async (tx) => createBulkJob(tx, auth.sellerId, body));
      if (!job) throw notFound(BULK_MESSAGES.campaignNotFound);
      return { data: job };
    },
    job: async ({ auth, params }) => {
      const job = await bulkJobSummary(db, auth.sellerId, params.id);
      if (!job) throw notFound();
      return { data: job };
    },
    rows: async ({ auth, query }) => {
      const { rows, counted } = await listBulkRows(
        db,
        auth.sellerId,
        query,
        listRange(query, auth.seller.utc_offset),
      );
      return {
        data: {
          data: rows.map(bulkRowView),
          ...cappedPageInfo(counted, query.page, query.per_page),
        },
      };
    },
    pending: async ({ auth, query }) => {
      const rows = await claimRows(
        db,
        auth.sellerId,
        query.type,
        query.take,
        app.config.bulkLeaseSeconds,
      );
      const origins = new Map<number, Awaited<ReturnType<typeof originCampaign>>>();
      const data = [];
      for (const row of rows) {
        if (!origins.has(row.template_campaign_id)) {
          // Every claim of a job hands out its template campaign: read once per few seconds
          // (http/workerCache.ts), afresh after any change made through this server.
          origins.set(
            row.template_campaign_id,
            await app.workerCaches.origins.get(`${auth.sellerId}:${row.template_campaign_id}`, () =>
              originCampaign(db, auth.sellerId, row.template_campaign_id),
            ),
          );
        }
        const origin = origins.get(row.template_campaign_id);
        if (origin && row.lease_token) {
          app.workerCaches.claims.remember(claimKey(auth.sellerId, row.id, row.lease_token), {
            templateCampaignId: row.template_campaign_id,
            name: rowCampaignName(row.campaign_name, origin.name, row.id),
          });
        }
        data.push({
          id: row.id,
          bulk_id: row.bulk_id,
          campaign_id: row.campaign_id,
          campaign_name: row.campaign_name,
          template_campaign_id: row.template_campaign_id,
          template_campaign: origin ?? null,
          type: row.type as 'regular_multi_space',
          designs: row.designs,
          lease_token: row.lease_token ?? '',
          lease_expires_at: row.lease_expires_at?.toISOString(),
          attempts: row.attempts,
        });
      }
      return { data, message: data.length === 0 ? BULK_MESSAGES.noPendingRecord : undefined };
    },
    origin: async ({ auth, params }) => {
      const origin = await originCampaign(db, auth.sellerId, params.id);
      if (!origin) throw notFound(BULK_MESSAGES.campaignNotFound);
      return { data: origin };
    },
    saveProcessedRow: async ({ auth, body }) => {
      // Workers send the keys of their uploads; the campaign keeps addresses, as the editor's.
      const fileUrl = (value: string) => storedFileUrl(app.config.s3, value);
      const outcome = await saveRow(
        db,
        auth.sellerId,
        {
          id: body.id,
          leaseToken: body.leaseToken,
          designs: body.designs.map((d) => ({ ...d, file_url: fileUrl(d.file_url) })),
          designs3D: body.designs3D.map((m) => ({ ...m, file_url: fileUrl(m.file_url) })),
          worker: { deviceId: body.deviceId, sessionId: body.sessionId, ipAddress: body.ipAddress },
        },
        app.workerCaches.claims.take(claimKey(auth.sellerId, body.id, body.leaseToken)),
      ).catch((error: unknown) => {
        if (error instanceof UnknownProductError) throw unprocessable(error.message);
        throw error;
      });
      if (!outcome.ok) {
        if (outcome.reason === 'not_found') throw notFound();
        throw conflict(LEASE_MESSAGES.stale);
      }
      return {
        data: { id: body.id, status: 'completed' as const, campaign_id: outcome.campaignId },
      };
    },
    markRowInvalid: async ({ auth, body }) => {
      const outcome = await db.transaction(async (tx) => {
        const lease = await lockLeasedRow(tx, auth.sellerId, body.id, body.leaseToken);
        if (lease.ok) await failRow(tx, body.id, body.message);
        return lease;
      });
      if (!outcome.ok) {
        if (outcome.reason === 'not_found') throw notFound();
        throw conflict(LEASE_MESSAGES.stale);
      }
      return { data: { id: body.id, status: 'failed' as const, campaign_id: null } };
    },
    release: async ({ auth, body }) => {
      const released = await releaseRow(db, auth.sellerId, body.id, body.leaseToken);
      if (!released.ok) {
        if (released.reason === 'not_found') throw notFound();
        throw conflict(LEASE_MESSAGES.stale);
      }
      return { data: { id: body.id, status: 'pending' as const } };
    },
    retry: async ({ auth, body }) => {
      const [row] = await setRowsStatus(
        db,
        auth.sellerId,
        [body.id],
        ['failed', 'stopped'],
        'pending',
      );
      if (row) return { data: bulkRowView(row) };
      const [existing] = await rowsByIds(db, auth.sellerId, [body.id]);
      if (!existing) throw notFound();
      throw conflict(LEASE_MESSAGES.notRetryable);
    },
    remove: async ({ auth, body }) => ({
      data: { ids: await removeRows(db, auth.sellerId, body.ids) },
    }),
    start: async ({ auth, body }) => {
      await setRowsStatus(db, auth.sellerId, body.ids, ['stopped'], 'pending');
      return { data: (await rowsByIds(db, auth.sellerId, body.ids)).map(bulkRowView) };
    },
    stop: async ({ auth, body }) => {
      await setRowsStatus(db, auth.sellerId, body.ids, ['pending', 'processing'], 'stopped');
      return { data: (await rowsByIds(db, auth.sellerId, body.ids)).map(bulkRowView) };
    },
    startAll: async ({ auth, body }) => ({
      data: {
        updated: (
          await setRowsStatus(
            db,
            auth.sellerId,
            null,
            ['stopped'],
            'pending',
            body?.type ?? undefined,
          )
        ).length,
      },
    }),
    stopAll: async ({ auth, body }) => ({
      data: {
        updated: (
          await setRowsStatus(
            db,
            auth.sellerId,
            null,
            ['pending', 'processing'],
            'stopped',
            body?.type ?? undefined,
          )
        ).length,
      },
    }),
  });
}
