import {
  API_PATHS,
  BULK_MESSAGES,
  BulkAllAnswer,
  BulkAllBody,
  BulkJobSummary,
  BulkMultiSpaceListQuery,
  BulkMultiSpaceRow,
  BulkRemoveAnswer,
  BulkRowIdBody,
  BulkRowIdsBody,
  CreateBulkJobAnswer,
  CreateBulkJobBody,
  IdParams,
  MarkRowInvalidBody,
  PendingBulkQuery,
  PendingBulkRecord,
  pageInfo,
  paginated,
  RowResultAnswer,
  SaveProcessedRowBody,
  TemplateCampaign,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { listRange } from '../http/listRange.js';
import { defineRoute } from '../http/route.js';
import {
  bulkJobSummary,
  bulkRowView,
  claimRows,
  completeRow,
  createBulkJob,
  failRow,
  listBulkRows,
  lockLeasedRow,
  originCampaign,
  removeRows,
  rowsByIds,
  setRowsStatus,
  UnknownProductError,
} from '../sql/bulk.js';

export const LEASE_MESSAGES = {
  stale: 'This row is no longer leased to you; nothing was changed.',
  notRetryable: 'Only failed or stopped rows can be retried.',
} as const;

const tags = ['bulk-v3'];

export async function registerBulkV3Routes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const base = { tags, permission: 'update_campaign', notForDesigners: true } as const;

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: API_PATHS.bulkV3Jobs,
    summary: 'Create a multi-space bulk job from a template campaign and rows',
    body: CreateBulkJobBody,
    response: CreateBulkJobAnswer,
    handler: async ({ auth, body }) => {
      const job = await db.transaction(async (tx) => createBulkJob(tx, auth.sellerId, body));
      if (!job) throw notFound(BULK_MESSAGES.campaignNotFound);
      return { data: job };
    },
  });
  defineRoute(app, {
    ...base,
    permission: 'get_campaigns',
    method: 'GET',
    url: API_PATHS.bulkV3Job,
    summary: 'A multi-space bulk job with its row count per status',
    params: IdParams,
    response: BulkJobSummary,
    handler: async ({ auth, params }) => {
      const job = await bulkJobSummary(db, auth.sellerId, params.id);
      if (!job) throw notFound();
      return { data: job };
    },
  });
  defineRoute(app, {
    ...base,
    permission: 'get_campaigns',
    method: 'GET',
    url: API_PATHS.bulkV3Campaigns,
    summary: 'Bulk multi-space rows (list query of spec §3)',
    query: BulkMultiSpaceListQuery,
    response: paginated(BulkMultiSpaceRow),
    handler: async ({ auth, query }) => {
      const { rows, total } = await listBulkRows(
        db,
        auth.sellerId,
        query,
        listRange(query, auth.seller.utc_offset),
      );
      return {
        data: { data: rows.map(bulkRowView), ...pageInfo(total, query.page, query.per_page) },
      };
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: API_PATHS.bulkV3Pending,
    summary: 'Claim up to `take` rows as leases (FOR UPDATE SKIP LOCKED)',
    query: PendingBulkQuery,
    response: z.array(PendingBulkRecord),
    handler: async ({ auth, query }) => {
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
          origins.set(
            row.template_campaign_id,
            await originCampaign(db, auth.sellerId, row.template_campaign_id),
          );
        }
        data.push({
          id: row.id,
          bulk_id: row.bulk_id,
          campaign_id: row.campaign_id,
          campaign_name: row.campaign_name,
          template_campaign_id: row.template_campaign_id,
          template_campaign: origins.get(row.template_campaign_id) ?? null,
          type: row.type as 'regular_multi_space',
          designs: row.designs,
          lease_token: row.lease_token ?? '',
          lease_expires_at: row.lease_expires_at?.toISOString(),
        });
      }
      return { data, message: data.length === 0 ? BULK_MESSAGES.noPendingRecord : undefined };
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: API_PATHS.bulkV3Origin,
    summary: 'The template campaign of a bulk job, with products',
    params: IdParams,
    response: TemplateCampaign,
    handler: async ({ auth, params }) => {
      const origin = await originCampaign(db, auth.sellerId, params.id);
      if (!origin) throw notFound(BULK_MESSAGES.campaignNotFound);
      return { data: origin };
    },
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: API_PATHS.bulkV3SaveProcessedRow,
    summary: 'Save a processed row: campaign, designs and mockups in one transaction',
    body: SaveProcessedRowBody,
    response: RowResultAnswer,
    handler: async ({ auth, body }) => {
      const outcome = await db
        .transaction(async (tx) => {
          const lease = await lockLeasedRow(tx, auth.sellerId, body.id, body.leaseToken);
          if (!lease.ok) return lease;
          const campaignId = await completeRow(tx, lease.row, {
            designs: body.designs,
            designs3D: body.designs3D,
            worker: {
              deviceId: body.deviceId,
              sessionId: body.sessionId,
              ipAddress: body.ipAddress,
            },
          });
          return { ok: true as const, campaignId };
        })
        .catch((error: unknown) => {
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
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: API_PATHS.bulkV3MarkRowInvalid,
    summary: 'Mark a leased row failed with the validator message',
    body: MarkRowInvalidBody,
    response: RowResultAnswer,
    handler: async ({ auth, body }) => {
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
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: API_PATHS.bulkV3Retry,
    summary: 'Put a failed or stopped row back in the queue',
    body: BulkRowIdBody,
    response: BulkMultiSpaceRow,
    handler: async ({ auth, body }) => {
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
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: API_PATHS.bulkV3Remove,
    summary: 'Remove rows',
    body: BulkRowIdsBody,
    response: BulkRemoveAnswer,
    handler: async ({ auth, body }) => ({
      data: { ids: await removeRows(db, auth.sellerId, body.ids) },
    }),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: API_PATHS.bulkV3Start,
    summary: 'Start stopped rows',
    body: BulkRowIdsBody,
    response: z.array(BulkMultiSpaceRow),
    handler: async ({ auth, body }) => {
      await setRowsStatus(db, auth.sellerId, body.ids, ['stopped'], 'pending');
      return { data: (await rowsByIds(db, auth.sellerId, body.ids)).map(bulkRowView) };
    },
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: API_PATHS.bulkV3Stop,
    summary: 'Stop pending or processing rows (their leases end)',
    body: BulkRowIdsBody,
    response: z.array(BulkMultiSpaceRow),
    handler: async ({ auth, body }) => {
      await setRowsStatus(db, auth.sellerId, body.ids, ['pending', 'processing'], 'stopped');
      return { data: (await rowsByIds(db, auth.sellerId, body.ids)).map(bulkRowView) };
    },
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: API_PATHS.bulkV3StartAll,
    summary: 'Start every stopped row',
    body: BulkAllBody.nullish(),
    response: BulkAllAnswer,
    handler: async ({ auth, body }) => ({
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
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: API_PATHS.bulkV3StopAll,
    summary: 'Stop every pending or processing row',
    body: BulkAllBody.nullish(),
    response: BulkAllAnswer,
    handler: async ({ auth, body }) => ({
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
